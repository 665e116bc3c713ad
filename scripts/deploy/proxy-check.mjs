#!/usr/bin/env node
// Runs deploy/nginx.conf for real, on this machine, the way the compose stack's `proxy` runs it, and checks that it
// balances over api replicas and survives their restarts (docs/deployment.md, "How the files were checked"):
//
//   node scripts/deploy/proxy-check.mjs     # needs Debian's nginx: apt-get install -y --no-install-recommends nginx
//
// Docker's part is played by this script: a DNS server on loopback that answers `api` with the replicas' addresses,
// as Docker's embedded DNS does, and small HTTP servers on 127.0.0.2, 127.0.0.3 and 127.0.0.4 as the replicas. The
// config is used as written except three addresses: the resolver, the listening port and the api port. Every
// request goes to loopback only, and the script stops everything it started.
import { spawn, spawnSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
if (!NGINX) {
  console.error('nginx is not installed: apt-get install -y --no-install-recommends nginx (Debian 12 has 1.22)');
  process.exit(1);
}

/** A DNS server answering A queries for `name` with the current `addresses`, everything else with NXDOMAIN. */
function startDns(name, addresses) {
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    let offset = 12;
    const labels = [];
    while (query[offset] !== 0) {
      labels.push(query.subarray(offset + 1, offset + 1 + query[offset]).toString());
      offset += query[offset] + 1;
    }
    const questionEnd = offset + 5;
    const type = query.readUInt16BE(offset + 1);
    const answers = labels.join('.').toLowerCase() === name && type === 1 ? addresses.current : [];
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(answers.length > 0 ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records = answers.map((address) => {
      const record = Buffer.alloc(16);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(1, 2); // A
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(600, 6); // Docker's TTL; nginx's `valid` decides how long it keeps the answer
      record.writeUInt16BE(4, 10);
      address.split('.').forEach((part, index) => record.writeUInt8(Number(part), 12 + index));
      return record;
    });
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...records]), peer.port, peer.address);
  });
  return new Promise((resolve) => socket.bind(0, '127.0.0.1', () => resolve(socket)));
}

/** An api replica on `address`:`port` that answers its own name and records what reached it. */
function startReplica(name, address, port, seen) {
  const server = createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk) => (bytes += chunk.length));
    request.on('end', () => {
      seen.push({ replica: name, method: request.method, url: request.url, bytes, headers: request.headers });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ replica: name }));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => resolve(server));
  });
}

const close = (server) => new Promise((resolve) => server.close(() => resolve(undefined)));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await close(server);
  return port;
}

/** Replaces exactly one occurrence, so a changed config fails here instead of checking something else. */
function replaceOnce(text, from, to) {
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`deploy/nginx.conf: expected "${from}" once, found it ${count} times`);
  return text.replace(from, to);
}

const failures = [];
function check(what, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures.push(what);
}

const work = mkdtempSync(join(tmpdir(), 'mandi-proxy-check-'));
chmodSync(work, 0o755);
const seen = [];
const addresses = { current: ['127.0.0.2', '127.0.0.3'] };
const replicas = new Map();
let dns;
let nginx;
try {
  const apiPort = await freePort();
  const proxyPort = await freePort();
  dns = await startDns('api', addresses);
  replicas.set('api-1', await startReplica('api-1', '127.0.0.2', apiPort, seen));
  replicas.set('api-2', await startReplica('api-2', '127.0.0.3', apiPort, seen));

  let site = readFileSync(join(repoRoot, 'deploy/nginx.conf'), 'utf8');
  site = replaceOnce(site, 'resolver 127.0.0.11 ', `resolver 127.0.0.1:${dns.address().port} `);
  site = replaceOnce(site, 'listen 80 default_server;', `listen 127.0.0.1:${proxyPort} default_server;`);
  site = replaceOnce(site, 'http://api:3000;', `http://api:${apiPort};`);
  writeFileSync(join(work, 'default.conf'), site);
  // The official image's nginx.conf in short: the site is included in the http block.
  const temp = (name) => `${name} ${join(work, name)};`;
  writeFileSync(
    join(work, 'nginx.conf'),
    `daemon off; worker_processes 1; pid ${join(work, 'nginx.pid')}; error_log ${join(work, 'error.log')} warn;
${process.getuid?.() === 0 ? 'user root root;' : ''}
events { worker_connections 256; }
http { access_log off; ${temp('client_body_temp_path')} ${temp('proxy_temp_path')} ${temp('fastcgi_temp_path')}
  ${temp('uwsgi_temp_path')} ${temp('scgi_temp_path')} include ${join(work, 'default.conf')}; }
`,
  );
  const tested = spawnSync(NGINX, ['-t', '-p', work, '-c', join(work, 'nginx.conf')], { encoding: 'utf8' });
  check(
    `nginx ${spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr.trim().split('/')[1]} accepts deploy/nginx.conf`,
    tested.status === 0,
    tested.stderr.trim().split('\n').pop(),
  );
  if (tested.status !== 0) throw new Error(tested.stderr);
  nginx = spawn(NGINX, ['-p', work, '-c', join(work, 'nginx.conf')], { stdio: 'inherit' });
  const proxy = `http://127.0.0.1:${proxyPort}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (
      await fetch(`${proxy}/proxy-health`).then(
        (r) => r.status === 204,
        () => false,
      )
    )
      break;
    await sleep(100);
  }

  /** Sends `count` requests one after another; returns how many each replica answered, and the failed statuses. */
  async function send(count, init = {}) {
    const answered = {};
    const failed = [];
    for (let index = 0; index < count; index += 1) {
      const response = await fetch(`${proxy}/api/products?page=${index}`, init);
      if (response.status !== 200) failed.push(response.status);
      else {
        const { replica } = /** @type {{ replica: string }} */ (await response.json());
        answered[replica] = (answered[replica] ?? 0) + 1;
      }
    }
    return { answered, failed };
  }

  check('the proxy answers its own health check', (await fetch(`${proxy}/proxy-health`)).status === 204);

  const spread = await send(60);
  check(
    'spreads 60 requests over both replicas',
    spread.failed.length === 0 && (spread.answered['api-1'] ?? 0) >= 10 && (spread.answered['api-2'] ?? 0) >= 10,
    JSON.stringify(spread.answered),
  );
  const last = seen.at(-1);
  check(
    'passes the client address and the Host on',
    last.headers['x-forwarded-for'] === '127.0.0.1' && last.headers.host === `127.0.0.1:${proxyPort}`,
    `X-Forwarded-For ${last.headers['x-forwarded-for']}, Host ${last.headers.host}`,
  );

  // api-2 stops; Docker's DNS would drop it at once, but nginx still holds the old answer for up to `valid` seconds.
  await close(replicas.get('api-2'));
  replicas.delete('api-2');
  const afterStop = await send(40);
  check(
    'a stopped replica costs no request (nginx tries the other address)',
    afterStop.failed.length === 0,
    JSON.stringify(afterStop),
  );
  const postsBefore = seen.filter((request) => request.method === 'POST').length;
  const posts = await send(20, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"requestId":"x"}',
  });
  const postsSeen = seen.filter((request) => request.method === 'POST').length - postsBefore;
  check(
    'POSTs too, each reaching a replica exactly once',
    posts.failed.length === 0 && postsSeen === 20,
    `${postsSeen} of 20 arrived`,
  );

  // It comes back as a new container with a new address; the DNS now names that one.
  addresses.current = ['127.0.0.2', '127.0.0.4'];
  replicas.set('api-2b', await startReplica('api-2b', '127.0.0.4', apiPort, seen));
  await sleep(6000);
  const afterRestart = await send(60);
  check(
    'a replica restarted with a new address gets requests within 5 s',
    afterRestart.failed.length === 0 &&
      (afterRestart.answered['api-2b'] ?? 0) >= 10 &&
      (afterRestart.answered['api-1'] ?? 0) >= 10,
    JSON.stringify(afterRestart.answered),
  );

  const photos = Buffer.alloc(21 * 1024 * 1024, 1);
  const upload = await fetch(`${proxy}/api/products`, { method: 'POST', body: photos });
  check(
    'lets a 21 MB product form through',
    upload.status === 200 && seen.at(-1).bytes === photos.length,
    `status ${upload.status}`,
  );
  const tooLarge = await fetch(`${proxy}/api/products`, { method: 'POST', body: Buffer.alloc(26 * 1024 * 1024, 1) });
  check('refuses a body over 25 MB itself', tooLarge.status === 413, `status ${tooLarge.status}`);
} catch (error) {
  check('the check ran', false, error instanceof Error ? error.message : String(error));
} finally {
  nginx?.kill('SIGQUIT');
  if (nginx)
    await new Promise((resolve) => (nginx.exitCode === null ? nginx.once('exit', resolve) : resolve(undefined)));
  for (const server of replicas.values()) await close(server);
  dns?.close();
  rmSync(work, { recursive: true, force: true });
}
console.log(failures.length === 0 ? 'proxy check: all passed' : `proxy check: ${failures.length} failed`);
process.exitCode = failures.length === 0 ? 0 : 1;
