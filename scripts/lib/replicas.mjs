// Several API and worker processes on one machine (`MANDI_REPLICAS=2 npm start`), the way a deployment runs them
// behind a load balancer: the APIs on consecutive ports, the workers beside them, all against one PostgreSQL and one
// Redis. Nothing else differs between replicas; what they share is said in docs/development.md, "Replicas".

/** The variable that says how many APIs and workers `npm start` runs. */
export const REPLICAS_VARIABLE = 'MANDI_REPLICAS';

/** Most replicas `npm start` runs: each API and worker takes 150 to 400 MB, and this is one machine. */
export const MAX_REPLICAS = 8;

/** The worker's metrics port when WORKER_METRICS_PORT is unset (DEFAULT_WORKER_METRICS_PORT of libs/config). */
export const defaultWorkerMetricsPort = 9464;

/**
 * How many APIs and workers to run: MANDI_REPLICAS, 1 when unset or empty. Throws a message naming the variable
 * for anything but a whole number from 1 to MAX_REPLICAS.
 * @param {string | undefined} value
 */
export function replicaCount(value) {
  const text = (value ?? '').trim();
  if (text === '') return 1;
  const count = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(count) || count < 1 || count > MAX_REPLICAS) {
    throw new Error(
      `${REPLICAS_VARIABLE}=${value} is not a number of replicas: give a whole number from 1 to ${MAX_REPLICAS}.`,
    );
  }
  return count;
}

/**
 * The processes of `count` replicas: for each i from 0, an API on `PORT + i` and a worker. The environment is
 * `env` with only the port moved, so links in mails (PUBLIC_URL) and Razorpay's webhook keep pointing at the first
 * API, as a deployment's one address would. The worker's own port (its metrics, WORKER_METRICS_PORT, 9464 unless
 * set) moves the same way, so N workers never fight over one; 0 (any free port) stays 0. With one replica nothing
 * changes: the names are plain `api` and `worker` and the environment is `env`.
 * @param {Record<string, string | undefined>} env the apps' environment, PORT included
 * @param {number} count
 * @returns {{ name: string, colour: string, main: string, port?: number, env: Record<string, string | undefined> }[]}
 */
export function replicaProcesses(env, count) {
  const apiPorts = replicaPorts(Number(env.PORT), count);
  const metricsBase = Number(env.WORKER_METRICS_PORT || defaultWorkerMetricsPort);
  const metricsPorts = count > 1 && metricsBase !== 0 ? replicaPorts(metricsBase, count) : undefined;
  const name = (kind, i) => (count === 1 ? kind : `${kind}-${i + 1}`);
  const apis = apiPorts.map((port, i) => ({
    name: name('api', i),
    colour: 'cyan',
    main: 'apps/api/dist/main.js',
    port,
    env: { ...env, PORT: String(port) },
  }));
  const workers = apiPorts.map((_, i) => ({
    name: name('worker', i),
    colour: 'magenta',
    main: 'apps/worker/dist/main.js',
    env: metricsPorts ? { ...env, WORKER_METRICS_PORT: String(metricsPorts[i]) } : env,
  }));
  return [...apis, ...workers];
}

/**
 * `count` consecutive ports from `first`.
 * @param {number} first
 * @param {number} count
 */
export function replicaPorts(first, count) {
  if (!Number.isInteger(first) || first < 1 || first + count - 1 > 65_535) {
    throw new Error(`${count} ports from ${first} are not all valid TCP ports.`);
  }
  return Array.from({ length: count }, (_, i) => first + i);
}
