// What the benches share: signing in through the emulator, finding the API and worker processes of a running
// `npm start`, sampling their memory, and running and printing autocannon loads.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import autocannon from 'autocannon';

export const baseUrl = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
export const emulatorUrl = process.env.FIREBASE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099';
export const connections = Number(process.env.CONNECTIONS ?? 50);
export const duration = Number(process.env.DURATION ?? 10);
/**
 * RATE caps every load at that many requests a second in all (autocannon's overallRate): how a bench shows what a
 * rate costs and whether the workers keep up with it, instead of how much the API takes for a few seconds.
 */
export const rate = process.env.RATE ? Number(process.env.RATE) : undefined;
export const demoBuyer = { email: 'buyer@mandi.test', password: 'mandi-demo' };

/** Signs an account (the demo buyer by default) in through the emulator's REST API, as the browser SDK does. */
export async function signIn(account = demoBuyer) {
  const url = `${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, returnSecureToken: true }),
  });
  const body = /** @type {any} */ (await response.json());
  if (!response.ok)
    throw new Error(`emulator sign-in of ${account.email} failed: ${JSON.stringify(body.error ?? body)}`);
  return { idToken: body.idToken, uid: body.localId };
}

/** Linux sockets listening on `port`: their inodes, from /proc/net/tcp and tcp6. */
function listeningInodes(port) {
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines;
    try {
      lines = readFileSync(table, 'utf8').trim().split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      const localPort = parseInt(fields[1].split(':').at(-1), 16);
      if (localPort === port && fields[3] === '0A') inodes.add(fields[9]);
    }
  }
  return inodes;
}

function processes() {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
        const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
        return { pid: Number(pid), cmdline, ppid };
      } catch {
        return undefined;
      }
    })
    .filter(Boolean);
}

function ownsSocket(pid, inodes) {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]);
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/** The API is whoever listens on BASE_URL's port; its worker is the worker started by the same parent. */
export function findApps() {
  const port = Number(new URL(baseUrl).port || 80);
  const inodes = listeningInodes(port);
  const all = processes();
  const api = all.find((p) => p.cmdline.includes('apps/api/dist/main.js') && ownsSocket(p.pid, inodes));
  const workers = all.filter((p) => p.cmdline.includes('apps/worker/dist/main.js'));
  const worker = workers.find((p) => api && p.ppid === api.ppid) ?? (workers.length === 1 ? workers[0] : undefined);
  return { api, worker };
}

function memoryKb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return undefined;
  }
}

/**
 * Samples the resident memory of `pids` (process name -> pid, e.g. `{ api, worker }` or startApps' `pids`) every
 * 200 ms; `stop()` returns, by name, the peak seen and the kernel's VmHWM (a name without a pid stays, pid undefined).
 */
export function sampleMemory(pids) {
  const peaks = new Map(Object.entries(pids).map(([name, pid]) => [name, { pid, rss: 0, hwm: 0 }]));
  const sample = () => {
    for (const peak of peaks.values()) {
      const now = peak.pid && memoryKb(peak.pid);
      if (now) Object.assign(peak, { rss: Math.max(peak.rss, now.rss), hwm: now.hwm });
    }
  };
  sample();
  const timer = setInterval(sample, 200);
  return () => {
    clearInterval(timer);
    sample();
    return peaks;
  };
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux, whatever the kernel's HZ). */
const TICKS_PER_SECOND = 100;

/** The `stat` fields of a process after its name (which may hold spaces), or undefined once it is gone. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * CPU time, user and system, that `pid` has used so far, in microseconds; with `children`, also that of its children
 * that have exited and been waited for (PostgreSQL's backends that closed their connection).
 */
function cpuMicros(pid, { children = false } = {}) {
  const fields = statFields(pid);
  if (!fields) return 0;
  // After the name: state is field 3, utime 14, stime 15, cutime 16, cstime 17 (proc(5)), so index 11 to 14 here.
  const ticks = Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0);
  return (ticks * 1e6) / TICKS_PER_SECOND;
}

/**
 * CPU time of `pids` and of every process under them (the worker's Chromium and its renderers), with their waited-for
 * children, in microseconds. A descendant that exited between two reads takes its time with it unless it was waited
 * for, so this can only undercount.
 */
export function treeCpuMicros(pids) {
  const all = processes();
  const tree = new Set(pids);
  for (let grew = true; grew;) {
    grew = false;
    for (const process of all) {
      if (!tree.has(process.pid) && tree.has(process.ppid)) {
        tree.add(process.pid);
        grew = true;
      }
    }
  }
  return [...tree].reduce((sum, pid) => sum + cpuMicros(pid, { children: true }), 0);
}

/** The PostgreSQL server on this machine: its postmaster (the process whose parent is not a postgres process). */
function postgresProcesses() {
  const all = processes().filter((p) => /^(\/\S*\/)?postgres(:| )/.test(p.cmdline));
  const pids = new Set(all.map((p) => p.pid));
  const postmaster = all.find((p) => !pids.has(p.ppid));
  return { postmaster: postmaster?.pid, backends: all.filter((p) => p.pid !== postmaster?.pid).map((p) => p.pid) };
}

/** The CPU that PostgreSQL has used so far: the postmaster, its live backends, and the backends that have exited. */
function postgresCpuMicros() {
  const { postmaster, backends } = postgresProcesses();
  if (postmaster === undefined) return undefined;
  return cpuMicros(postmaster, { children: true }) + backends.reduce((sum, pid) => sum + cpuMicros(pid), 0);
}

/** The Redis server on this machine. */
function redisServerPid() {
  return processes().find((p) => /^(\S*\/)?redis-server /.test(p.cmdline))?.pid;
}

/** Processes whose CPU each load reports per request: see {@link watchCpu}. */
let cpuWatched = [];

/**
 * From now on, each {@link load} also measures the CPU time these processes use during it, and {@link report} prints
 * it per request: `pids` (name -> pid: the API processes, summed as 'API', and the workers, summed as 'worker'), and,
 * when this machine runs them, PostgreSQL (every server process) and Redis. CPU per request does not depend on how
 * much of the two cores the load generator takes, unlike requests a second.
 */
export function watchCpu(pids) {
  const pidsOf = (prefix) =>
    Object.entries(pids)
      .filter(([name, pid]) => name.startsWith(prefix) && pid)
      .map(([, pid]) => pid);
  const apiPids = pidsOf('api');
  const workerPids = pidsOf('worker');
  const redisPid = redisServerPid();
  cpuWatched = [
    { name: 'API', read: () => apiPids.reduce((sum, pid) => sum + cpuMicros(pid), 0) },
    // The worker's mail, PDF and event work runs on the same cores as the API during a load: shown, not hidden, with
    // the Chromium it prints with.
    ...(workerPids.length ? [{ name: 'worker', read: () => treeCpuMicros(workerPids) }] : []),
    ...(postgresCpuMicros() === undefined ? [] : [{ name: 'PostgreSQL', read: postgresCpuMicros }]),
    ...(redisPid ? [{ name: 'Redis', read: () => cpuMicros(redisPid) }] : []),
  ];
}

/**
 * Starts counting the CPU of the processes {@link watchCpu} watches; the function it returns gives, by name, what each
 * has used since.
 */
export function countCpu() {
  const before = cpuWatched.map((watched) => watched.read());
  return () => cpuWatched.map((watched, i) => ({ name: watched.name, micros: watched.read() - before[i] }));
}

export function load(title, options) {
  const cpuSince = countCpu();
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...(rate ? { overallRate: rate } : {}), ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({ title, result, cpu: cpuSince() });
    });
  });
}

/** µs of CPU per request of each watched process, e.g. 'CPU/req API 212 µs, PostgreSQL 340 µs, Redis 18 µs'. */
export function cpuPerRequest(cpu, requests) {
  if (!cpu?.length || requests === 0) return '';
  return `   CPU/req ${cpu.map(({ name, micros }) => `${name} ${Math.round(micros / requests)} µs`).join(', ')}`;
}

export function report({ title, result, cpu }) {
  const problems = [];
  if (result.non2xx) problems.push(`${result.non2xx} non-2xx`);
  if (result.errors) problems.push(`${result.errors} errors`);
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`);
  console.log(
    `${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   ` +
      `p99 ${String(result.latency.p99).padStart(4)} ms   ${result.requests.total} requests${cpuPerRequest(cpu, result.requests.total)}` +
      `${problems.length ? `   (${problems.join(', ')})` : ''}`,
  );
  return problems.length === 0;
}

/** Fails with a hint unless the API at baseUrl answers its health check. */
export async function requireRunningApp() {
  const health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
  if (health?.status !== 200)
    throw new Error(`${baseUrl}/api/health does not answer 200: start the app with npm start first.`);
}

/** Prints the peak memory of every process `sampleMemory` watched (api, worker; or api-1, api-2, worker-1, ...). */
export function reportMemory(peaks) {
  for (const [name, peak] of peaks) {
    console.log(
      peak.pid
        ? `${name.padEnd(7)} pid ${peak.pid}: peak RSS during the run ${(peak.rss / 1024).toFixed(0)} MB (VmHWM ${(peak.hwm / 1024).toFixed(0)} MB)`
        : `${name.padEnd(7)} process not found (is it running on this machine?)`,
    );
  }
}
