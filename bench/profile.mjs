// `npm run bench:profile -- [options] <route> [<route> ...]`: what the API spends its CPU on, route by route
// (docs/performance.md). For each route it starts the built API (apps/api/dist/main.js: `npm run build:server` first)
// under `node --cpu-prof` against the database of `npm run bench:catalog-seed` (BENCH_DATABASE_URL, default
// mandi_bench) on BENCH_PORT (default 3290), with a worker beside it (so the health check answers 200), warms it up for
// 3 s, loads the route with autocannon (CONNECTIONS, default 50, for DURATION, default 10 s, --repeat times), stops the
// API with SIGTERM (Nest's shutdown hooks end the process normally, which writes the profile), and prints, from the
// samples taken during the load only (idle ones left out):
//  - the API's CPU time per request (utime + stime from /proc, as bench:catalog prints it; the profiler adds some);
//  - what a request pays for: each sample charged to the innermost part of the API on its stack (the rate-limit guard,
//    the request log, Redis, Prisma, Nest, Fastify, a socket write ...; COMPONENTS below);
//  - self time by module (a package of node_modules, a folder of apps/api, Node's internals, the garbage collector),
//    and inclusive time by module (the module anywhere on the stack);
//  - the functions with the most self time, and with the most inclusive time;
// and writes, in --out (default /tmp/mandi-profile)/<route>, the .cpuprofile (Chrome DevTools or speedscope open it),
// its stacks folded into the collapsed format (one `frame;frame;frame count` a line, as flamegraph.pl, inferno and
// speedscope read it) and flamegraph.svg, drawn by this script (hover a frame for its name and share).
//
// A route is a path: `/api/products`, `/api/products/suggestions?q=tom`, `/api/health`; `:id` in it is replaced, in
// turn, by 20 ids of products the shop shows (`/api/products/:id`), and `:fresh` by a text never asked before
// (`/api/products/suggestions?q=:fresh`: 'tomato' and a number). Or a signed-in write by name: `cart` (5 adds and
// 5 removes a round) or `cod` (a cash-on-delivery order of 3 lines), by 1,000 buyers made for the run through the
// Auth emulator (WRITE_SCENARIOS).
// Options:
//   --no-profile   CPU per request without the profiler (the figures to compare; nothing is written)
//   --rate N       N requests a second in all instead of as many as the API takes (the same load before and after)
//   --repeat N     N loads after the warm-up; prints the median CPU per request and the least (other work on the
//                  machine only ever adds to it, so the least is the nearest to the request's own cost)
//   --syscalls     also counts the API's system calls per request with `perf stat` (needs perf and root): unlike CPU
//                  time, a count that does not move when other work shares the machine
//   --header 'name: value'  sent with every request (e.g. 'accept-encoding: br', as browsers send it)
//   --top N        rows per table (default 25)
//   --out DIR      where the profiles go;  --svg FILE  also writes the (last) route's flame graph to FILE
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { clearRedisPrefix } from '../scripts/lib/services.mjs';
import { startAuthEmulator } from '../scripts/lib/emulator.mjs';
import { appsRoot, benchAppEnv, redisUrl } from './lib/apps.mjs';
import { CART_ROUND_PRODUCTS, cartRequests, codRequests, seedBuyers } from './lib/write-loads.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mandi_bench';
const port = Number(process.env.BENCH_PORT ?? 3290);
const redisPrefix = 'mandi-profile';
const connections = Number(process.env.CONNECTIONS ?? 50);
const duration = Number(process.env.DURATION ?? 10);
const WARMUP_SECONDS = 3;

function parseArguments(argv) {
  const options = {
    profile: true,
    top: 25,
    out: '/tmp/mandi-profile',
    svg: undefined,
    rate: undefined,
    repeat: 1,
    syscalls: false,
    headers: {},
    routes: [],
  };
  for (let i = 0; i < argv.length; i += 1) {
    const argument = argv[i];
    if (argument === '--no-profile') options.profile = false;
    else if (argument === '--top') options.top = Number(argv[(i += 1)]);
    else if (argument === '--out') options.out = argv[(i += 1)];
    else if (argument === '--rate') options.rate = Number(argv[(i += 1)]);
    else if (argument === '--repeat') options.repeat = Number(argv[(i += 1)]);
    else if (argument === '--syscalls') options.syscalls = true;
    else if (argument === '--svg') options.svg = argv[(i += 1)];
    else if (argument === '--header') {
      const [name, ...value] = argv[(i += 1)].split(':');
      options.headers[name.trim().toLowerCase()] = value.join(':').trim();
    } else if (argument.startsWith('/') || argument in WRITE_SCENARIOS) options.routes.push(argument);
    else
      throw new Error(
        `unknown argument ${argument}: give routes as paths (/api/products) or ${Object.keys(WRITE_SCENARIOS).join(', ')}, and --no-profile, --rate N, --repeat N, --syscalls, --header 'name: value', --top N, --out DIR, --svg FILE`,
      );
  }
  if (options.routes.length === 0)
    throw new Error('give at least one route, e.g. npm run bench:profile -- /api/products');
  return options;
}

/** Ids of products the shop shows, for `:id` in a route. */
async function productIds() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch(() => {
    throw new Error(`cannot reach ${databaseUrl}: run npm run bench:catalog-seed first`);
  });
  try {
    const { rows } = await client.query(
      `SELECT id::text FROM products WHERE product_is_shown(unlisted_at, seller_suspended) LIMIT 20`,
    );
    return rows.map(({ id }) => id);
  } finally {
    await client.end();
  }
}

const appEnv = { ...benchAppEnv({ port, databaseUrl, redisPrefix }), WORKER_METRICS_PORT: '0' };

function start(args) {
  // The API's log lines go nowhere, as in the other benches: what they cost to write is still in the profile.
  const child = spawn(process.execPath, args, { cwd: appsRoot, env: appEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk.toString()));
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`${args.at(-1)} exited with ${code}:\n${errors}`);
  });
  return child;
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function waitForHealth(url, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited during startup`);
    const status = await fetch(`${url}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url}/api/health did not answer 200 within 60 s`);
}

/** CPU time (user + system) `pid` has used so far, in µs (/proc/<pid>/stat, 100 ticks a second). */
function cpuMicros(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}

const SYSCALL_EVENTS = [
  'raw_syscalls:sys_enter',
  'syscalls:sys_enter_write',
  'syscalls:sys_enter_writev',
  'syscalls:sys_enter_read',
  'syscalls:sys_enter_epoll_pwait',
  'syscalls:sys_enter_futex',
];

/**
 * Counts the system calls of `pid` (all its threads) with `perf stat` until `stop()`: a count that, unlike CPU time,
 * does not move when other work shares the machine. Needs perf and the kernel's syscall tracepoints (root).
 */
function countSyscalls(pid) {
  const perf = spawn('perf', ['stat', '-x', ',', '-e', SYSCALL_EVENTS.join(','), '-p', String(pid)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  perf.stderr.on('data', (chunk) => (output += chunk.toString()));
  const exited = new Promise((resolve, reject) => {
    perf.once('error', (error) =>
      reject(new Error(`perf stat could not start (${error.message}): leave out --syscalls`)),
    );
    perf.once('exit', resolve);
  });
  return {
    async stop() {
      perf.kill('SIGINT');
      await exited;
      const counts = {};
      for (const line of output.split('\n')) {
        const [value, , event] = line.split(',');
        if (SYSCALL_EVENTS.includes(event)) counts[event] = Number(value);
      }
      if (Object.keys(counts).length === 0) throw new Error(`perf stat counted nothing:\n${output}`);
      return counts;
    },
  };
}

function runLoad(url, requests, seconds, rate) {
  return new Promise((resolve, reject) => {
    const options = { url, connections, duration: seconds, requests, ...(rate ? { overallRate: rate } : {}) };
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

// ---- the profile -------------------------------------------------------------------------------------------------

/** Which module a call frame belongs to: a package, a folder of the API or a lib of ours, Node, or V8's own. */
function moduleOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:'))
    return (
      'node:' +
      url
        .slice(5)
        .replace(/^internal\//, '')
        .split('/')[0]
    );
  const path = url.replace(/^file:\/\//, '');
  const packaged = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  if (packaged) return packaged[1];
  const api = /\/apps\/api\/dist\/([^/]+)\//.exec(path);
  if (api) return `api/${api[1]}`;
  const lib = /\/libs\/([^/]+)\//.exec(path);
  if (lib) return `@mandi/${lib[1]}`;
  return relative(repoRoot, path);
}

/**
 * What a request pays for: each busy sample goes to the innermost frame of its stack that one of these names (Node's
 * own frames and native code count for whoever called them). The first three are system calls seen from JavaScript:
 * a write to a socket is where the kernel's TCP work is paid.
 */
/** @type {[string, RegExp][]} */
const COMPONENTS = [
  ['HTTP: send the response (socket write)', /^writePayload fastify\//],
  ['Redis: send commands (socket write)', /^sendCommand ioredis\/|apps\/api\/dist\/redis\/redis-circuit/],
  ['log: write lines (sonic-boom)', /sonic-boom\//],
  ['log: format lines (pino, pino-http, nestjs-pino)', /pino-http\/|pino\/|nestjs-pino\/|pino-std-serializers\//],
  ['Redis: read replies (ioredis)', /ioredis\/|redis-parser\//],
  ['Redis circuit breaker (cockatiel)', /cockatiel\//],
  ['PostgreSQL: pg driver', / (pg|pg-pool|pg-protocol|pg-types|postgres-array)\//],
  ['Prisma client and query compiler', /@prisma\/|^\(anonymous\) wasm|wasm:/],
  ['rate-limit guard', /apps\/api\/dist\/rate-limit\/|lru-cache\//],
  ['access guard', /apps\/api\/dist\/auth\//],
  ['health check', /apps\/api\/dist\/health\/|@nestjs\/terminus\//],
  ['metrics (onResponse hook)', /apps\/api\/dist\/metrics\/|prom-client\//],
  ['security headers, request id (onRequest hook)', /apps\/api\/dist\/bootstrap\//],
  ['ZodPipe and the contracts', /apps\/api\/dist\/common\/|zod\/|libs\/contracts\//],
  ['the route itself (apps/api/src/<module>, libs/domain)', /apps\/api\/dist\/|libs\/domain\//],
  ['compression (@fastify/compress, node:zlib)', /@fastify\/compress\/|node:zlib/],
  ['@fastify/multipart hooks', /@fastify\/multipart\//],
  ['Nest middleware (@fastify/middie)', /@fastify\/middie\/|@nestjs\/core\/middleware\//],
  ['Nest: router, guards, pipes, response', /@nestjs\/|reflect-metadata\/|rxjs\//],
  ['Fastify: routing, hooks, reply', /fastify\/|find-my-way\/|fast-json-stringify|avvio\//],
  [
    'promise hooks of AsyncLocalStorage',
    /^(promise(Init|Before|After|Resolve)Hook|emitInit\w*|lookupPublicResource|_propagate) /,
  ],
  ['garbage collector', /^\(garbage collector\)/],
  ['V8 (program)', /^\(program\)/],
];
const NODE_ITSELF = 'Node: HTTP parsing, sockets, streams, timers';

function componentOf(frames) {
  for (let i = frames.length - 1; i >= 0; i -= 1) {
    const name = frameName(frames[i]);
    for (const [component, pattern] of COMPONENTS) if (pattern.test(name)) return component;
  }
  return NODE_ITSELF;
}

function frameName(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  if (!url) return name;
  const file = url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\//, '')
    .replace(repoRoot, '');
  return `${name} ${file}:${lineNumber + 1}`;
}

/**
 * The samples of `profile` taken between `from` and `to` (µs of the monotonic clock that both V8's profiler and
 * process.hrtime read), as node ids.
 */
function samplesBetween(profile, from, to) {
  const kept = [];
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    time += profile.timeDeltas[i];
    if (time >= from && time <= to) kept.push(profile.samples[i]);
  }
  return kept;
}

function analyse(profile, samples) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = new Map();
  const stack = (id) => {
    let frames = stackOf.get(id);
    if (!frames) {
      frames = [];
      for (let at = id; at !== undefined; at = parent.get(at)) frames.push(nodes.get(at));
      frames.reverse();
      stackOf.set(id, frames);
    }
    return frames;
  };

  const byComponent = new Map();
  const componentById = new Map();
  const selfByModule = new Map();
  const selfByFunction = new Map();
  const inclusiveByFunction = new Map();
  const inclusiveByModule = new Map();
  const folded = new Map();
  const add = (map, key, module) => {
    const entry = map.get(key) ?? { key, module, samples: 0 };
    entry.samples += 1;
    map.set(key, entry);
  };
  let idle = 0;
  for (const id of samples) {
    // Idle samples are the API waiting for work (the load generator shares the cores): not a cost of a request.
    if (nodes.get(id).callFrame.functionName === '(idle)') {
      idle += 1;
      continue;
    }
    const frames = stack(id).filter((node) => node.callFrame.functionName !== '(root)');
    const leaf = frames.at(-1) ?? nodes.get(id);
    const leafModule = moduleOf(leaf.callFrame.url, leaf.callFrame.functionName);
    let component = componentById.get(id);
    if (component === undefined) componentById.set(id, (component = componentOf(frames.length > 0 ? frames : [leaf])));
    add(byComponent, component, component);
    add(selfByModule, leafModule, leafModule);
    add(selfByFunction, frameName(leaf), leafModule);
    const seenFunctions = new Set();
    const seenModules = new Set();
    for (const node of frames) {
      const name = frameName(node);
      const module = moduleOf(node.callFrame.url, node.callFrame.functionName);
      if (!seenFunctions.has(name)) add(inclusiveByFunction, name, module);
      if (!seenModules.has(module)) add(inclusiveByModule, module, module);
      seenFunctions.add(name);
      seenModules.add(module);
    }
    const line = frames.map(frameName).join(';') || frameName(leaf);
    folded.set(line, (folded.get(line) ?? 0) + 1);
  }
  const sorted = (map) => [...map.values()].sort((a, b) => b.samples - a.samples);
  return {
    total: samples.length - idle,
    idle,
    byComponent: sorted(byComponent),
    selfByModule: sorted(selfByModule),
    selfByFunction: sorted(selfByFunction),
    inclusiveByFunction: sorted(inclusiveByFunction),
    inclusiveByModule: sorted(inclusiveByModule),
    folded,
  };
}

function printTable(title, rows, total, top) {
  console.log(`\n  ${title}`);
  for (const row of rows.slice(0, top)) {
    const share = ((100 * row.samples) / total).toFixed(1).padStart(5);
    console.log(`  ${share} %  ${row.key === row.module ? row.key : `${row.key}  [${row.module}]`}`);
  }
}

// ---- the flame graph -----------------------------------------------------------------------------------------------

const escapeXml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A colour per module, stable from run to run: ours green, node_modules warm, Node and V8 grey-blue. */
function colourOf(module) {
  let hash = 0;
  for (const char of module) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  if (module.startsWith('api/') || module.startsWith('@mandi/')) return `hsl(${100 + (hash % 40)}, 55%, 60%)`;
  if (module.startsWith('node:') || module.startsWith('(')) return `hsl(${200 + (hash % 30)}, 35%, 70%)`;
  return `hsl(${10 + (hash % 40)}, 75%, 62%)`;
}

/**
 * An SVG flame graph of collapsed stacks: the root at the bottom, each frame as wide as its share of the samples,
 * children sorted by name as flamegraph.pl draws them. Frames narrower than a pixel are left out (the file stays
 * small); each frame's title (hover) gives its name and share.
 */
function flameGraphSvg(folded, title, modules) {
  const root = { name: 'all', samples: 0, children: new Map() };
  for (const [line, count] of folded) {
    root.samples += count;
    let at = root;
    for (const name of line.split(';')) {
      let child = at.children.get(name);
      if (!child) at.children.set(name, (child = { name, samples: 0, children: new Map() }));
      child.samples += count;
      at = child;
    }
  }
  const width = 1200;
  const frameHeight = 16;
  const perSample = (width - 20) / Math.max(1, root.samples);
  const rects = [];
  let depthMax = 0;
  const place = (node, x, depth) => {
    const w = node.samples * perSample;
    if (w < 1) return;
    depthMax = Math.max(depthMax, depth);
    rects.push({ node, x, w, depth });
    let childX = x;
    for (const child of [...node.children.values()].sort((a, b) => a.name.localeCompare(b.name))) {
      place(child, childX, depth + 1);
      childX += child.samples * perSample;
    }
  };
  place(root, 10, 0);
  const height = (depthMax + 1) * frameHeight + 50;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Verdana, sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fdfdf6"/>`,
    `<text x="${width / 2}" y="20" text-anchor="middle" font-size="15">${escapeXml(title)}</text>`,
  ];
  for (const { node, x, w, depth } of rects) {
    const y = height - 10 - (depth + 1) * frameHeight;
    const share = ((100 * node.samples) / root.samples).toFixed(2);
    const module = node === root ? '(all)' : (modules.get(node.name) ?? '');
    const label = w > 40 ? escapeXml(node.name.slice(0, Math.floor((w - 6) / 6.5))) : '';
    parts.push(
      `<g><title>${escapeXml(node.name)} (${share} %, ${node.samples} samples)</title>` +
        `<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${frameHeight - 1}" rx="2" fill="${colourOf(module)}"/>` +
        (label ? `<text x="${(x + 3).toFixed(1)}" y="${y + 11}">${label}</text>` : '') +
        `</g>`,
    );
  }
  parts.push('</svg>');
  return parts.join('\n');
}

/**
 * The signed-in writes that can be profiled by name instead of a path (bench/lib/write-loads.mjs): the cart's adds and
 * removes, and cash-on-delivery orders, by buyers made for the run in the bench database (their carts end empty;
 * their orders stay, taking nothing from counted stock, since the products are unlimited ones).
 */
const WRITE_SCENARIOS = {
  cart: { title: `cart: ${CART_ROUND_PRODUCTS} adds + ${CART_ROUND_PRODUCTS} removes`, requests: cartRequests },
  cod: { title: 'POST /api/payment/cod (3 lines)', requests: codRequests },
};

/** Buyers (through the Auth emulator) and 30 unlimited products the shop shows, for {@link WRITE_SCENARIOS}. */
async function writeData() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const buyers = await seedBuyers(client, { count: 1000, runId: `profile-${Date.now().toString(36)}` });
    const { rows: products } = await client.query(
      `SELECT id, price_paise, weight_grams FROM products
        WHERE stock IS NULL AND product_is_shown(unlisted_at, seller_suspended) AND valid_until > now() + interval '1 day'
        ORDER BY id LIMIT 30`,
    );
    return { buyers, products };
  } finally {
    await client.end();
  }
}

/**
 * Empties the buyers' carts: a load that ends stops its connections mid-round, and the lines they had added would
 * make the next load's adds of the same products answer 409 (already in the cart).
 */
async function emptyCarts(buyers) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DELETE FROM cart_items WHERE user_id = ANY($1::int[])`, [buyers.map((buyer) => buyer.userId)]);
  } finally {
    await client.end();
  }
}

/** GET requests for a path; `:id` in it becomes each of `ids` in turn, `:fresh` a text never asked before. */
function readRequests(route, ids, options) {
  if (route.includes(':fresh')) {
    let fresh = 0;
    return [
      {
        method: 'GET',
        path: route.replace(':fresh', 'tomato'),
        headers: options.headers,
        setupRequest: (request) => {
          fresh += 1;
          return { ...request, path: route.replace(':fresh', encodeURIComponent(`tomato ${Date.now()}${fresh}`)) };
        },
      },
    ];
  }
  const paths = route.includes(':id') ? ids.map((id) => route.replace(':id', id)) : [route];
  return paths.map((path) => ({ method: 'GET', path, headers: options.headers }));
}

// ---- one route -----------------------------------------------------------------------------------------------------

async function profileRoute(route, ids, writes, options) {
  const url = `http://127.0.0.1:${port}`;
  const scenario = WRITE_SCENARIOS[route];
  const requests = scenario ? scenario.requests(writes.buyers, writes.products) : readRequests(route, ids, options);
  const slug =
    route
      .replace(/^\/api\//, '')
      .replace(/[^\w]+/g, '-')
      .replace(/^-|-$/g, '') || 'root';
  const directory = join(options.out, slug);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });

  const args = options.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${directory}`, 'apps/api/dist/main.js']
    : ['apps/api/dist/main.js'];
  const api = start(args);
  try {
    await waitForHealth(url, api);
    if (!scenario) {
      const check = await fetch(url + requests[0].path, { headers: options.headers });
      if (check.status !== 200)
        throw new Error(`GET ${requests[0].path} answers ${check.status}: ${(await check.text()).slice(0, 300)}`);
    }
    await runLoad(url, requests, WARMUP_SECONDS, options.rate);
    if (scenario) await emptyCarts(writes.buyers);

    const syscalls = options.syscalls ? countSyscalls(api.pid) : undefined;
    const from = process.hrtime.bigint() / 1000n;
    const runs = [];
    for (let run = 0; run < options.repeat; run += 1) {
      const cpuBefore = cpuMicros(api.pid);
      const result = await runLoad(url, requests, duration, options.rate);
      runs.push({ result, perRequest: (cpuMicros(api.pid) - cpuBefore) / result.requests.total });
      if (scenario) await emptyCarts(writes.buyers);
    }
    const to = process.hrtime.bigint() / 1000n;
    const syscallCounts = syscalls && (await syscalls.stop());
    const total = runs.reduce((sum, { result }) => sum + result.requests.total, 0);
    // Other work on the machine only ever adds CPU to a request (caches, fewer requests per event-loop turn): the
    // least of several runs is the nearest to what the request itself costs, the median says how steady that is.
    const byCost = [...runs].sort((a, b) => a.perRequest - b.perRequest);
    const least = byCost[0];
    const median = byCost[Math.floor(runs.length / 2)];
    const { result } = median;
    const problems = runs.reduce((sum, { result }) => sum + result.non2xx + result.errors + result.timeouts, 0);
    console.log(
      `\n${scenario ? scenario.title : `GET ${route}`}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
        `API CPU ${Math.round(median.perRequest)} µs/request${options.profile ? ' (under the profiler)' : ''}` +
        (runs.length > 1
          ? ` (median; least ${Math.round(least.perRequest)}, runs ${runs.map(({ perRequest }) => Math.round(perRequest)).join(', ')})`
          : '') +
        `, ${total} requests` +
        (problems ? `, ${problems} non-2xx, errors or timeouts` : ''),
    );
    if (syscallCounts) {
      const perRequest = (name) => (syscallCounts[name] / total).toFixed(2);
      console.log(
        `  system calls per request: ${perRequest('raw_syscalls:sys_enter')} in all; write ${perRequest('syscalls:sys_enter_write')}, ` +
          `writev ${perRequest('syscalls:sys_enter_writev')}, read ${perRequest('syscalls:sys_enter_read')}, ` +
          `epoll_wait ${perRequest('syscalls:sys_enter_epoll_pwait')}, futex ${perRequest('syscalls:sys_enter_futex')}`,
      );
    }
    await stop(api);
    if (!options.profile) return;

    const file = readdirSync(directory).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error(`the API wrote no profile in ${directory}`);
    const profile = JSON.parse(readFileSync(join(directory, file), 'utf8'));
    const analysis = analyse(profile, samplesBetween(profile, Number(from), Number(to)));
    console.log(
      `  ${analysis.total} busy samples during the load (${(analysis.total / total).toFixed(2)} per request; ` +
        `${analysis.idle} idle ones left out); shares below are of the busy samples`,
    );
    printTable(
      'What a request pays for (innermost part of the API on the stack)',
      analysis.byComponent,
      analysis.total,
      options.top,
    );
    printTable('Self time by module', analysis.selfByModule, analysis.total, options.top);
    printTable(
      'Inclusive time by module (the module anywhere on the stack)',
      analysis.inclusiveByModule,
      analysis.total,
      options.top,
    );
    printTable('Self time by function', analysis.selfByFunction, analysis.total, options.top);
    printTable('Inclusive time by function', analysis.inclusiveByFunction, analysis.total, options.top);

    const modules = new Map(analysis.inclusiveByFunction.map((row) => [row.key, row.module]));
    const foldedText = [...analysis.folded].map(([line, count]) => `${line} ${count}`).join('\n') + '\n';
    writeFileSync(join(directory, 'stacks.folded'), foldedText);
    const load = `${options.repeat * duration} s at ${connections} connections${options.rate ? `, ${options.rate} requests a second` : ''}`;
    const svg = flameGraphSvg(
      analysis.folded,
      `${scenario ? scenario.title : `GET ${route}`}: the API's CPU during ${load}`,
      modules,
    );
    writeFileSync(join(directory, 'flamegraph.svg'), svg);
    if (options.svg) writeFileSync(options.svg, svg);
    console.log(`\n  wrote ${join(directory, file)}, stacks.folded and flamegraph.svg in ${directory}`);
  } finally {
    await stop(api);
  }
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const ids = options.routes.some((route) => route.includes(':id')) ? await productIds() : [];
  const emulator = options.routes.some((route) => route in WRITE_SCENARIOS) ? await startAuthEmulator() : undefined;
  try {
    const writes = emulator ? await writeData() : undefined;
    await profileRoutes(options, ids, writes);
  } finally {
    await emulator?.stop();
  }
}

async function profileRoutes(options, ids, writes) {
  await clearRedisPrefix(redisUrl, redisPrefix);
  // The worker's heartbeat makes the health check answer 200, as in production; it is not profiled.
  const worker = start(['apps/worker/dist/main.js']);
  try {
    console.log(`${connections} connections, ${WARMUP_SECONDS} s warm-up then ${duration} s per route`);
    for (const route of options.routes) await profileRoute(route, ids, writes, options);
  } finally {
    await stop(worker);
    await clearRedisPrefix(redisUrl, redisPrefix);
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exitCode = 1;
});
