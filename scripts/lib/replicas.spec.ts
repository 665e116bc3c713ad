import { MAX_REPLICAS, replicaCount, replicaPorts, replicaProcesses } from './replicas.mjs';

describe('replicaCount', () => {
  it('is 1 when MANDI_REPLICAS is unset or empty, and the number given otherwise', () => {
    expect(replicaCount(undefined)).toBe(1);
    expect(replicaCount('')).toBe(1);
    expect(replicaCount(' 2 ')).toBe(2);
    expect(replicaCount(String(MAX_REPLICAS))).toBe(MAX_REPLICAS);
  });

  it.each(['0', '-1', '1.5', 'two', '2x', String(MAX_REPLICAS + 1)])('refuses %p, naming the variable', (value) => {
    expect(() => replicaCount(value)).toThrow(
      `MANDI_REPLICAS=${value} is not a number of replicas: give a whole number from 1 to ${MAX_REPLICAS}.`,
    );
  });
});

describe('replicaProcesses', () => {
  const env = { PORT: '3000', PUBLIC_URL: 'http://localhost:3000', REDIS_PREFIX: 'mandi' };

  it('runs one API named api on PORT and one worker named worker, with the environment unchanged', () => {
    expect(replicaProcesses(env, 1)).toEqual([
      { name: 'api', colour: 'cyan', main: 'apps/api/dist/main.js', port: 3000, env },
      { name: 'worker', colour: 'magenta', main: 'apps/worker/dist/main.js', env },
    ]);
  });

  it('runs N APIs on consecutive ports and N workers, every one against the same database, Redis and public URL', () => {
    const apps = replicaProcesses(env, 3);
    expect(apps.map(({ name, port }) => [name, port])).toEqual([
      ['api-1', 3000],
      ['api-2', 3001],
      ['api-3', 3002],
      ['worker-1', undefined],
      ['worker-2', undefined],
      ['worker-3', undefined],
    ]);
    expect(apps.map((app) => app.env.PORT)).toEqual(['3000', '3001', '3002', '3000', '3000', '3000']);
    for (const app of apps)
      expect(app.env).toMatchObject({ PUBLIC_URL: 'http://localhost:3000', REDIS_PREFIX: 'mandi' });
  });

  const metricsPorts = (given: Record<string, string>, count: number) =>
    replicaProcesses({ ...env, ...given }, count)
      .filter((app) => app.name.startsWith('worker'))
      .map((worker) => worker.env.WORKER_METRICS_PORT);

  it('gives each of N workers its own metrics port, counting up from WORKER_METRICS_PORT or its default 9464', () => {
    expect(metricsPorts({}, 2)).toEqual(['9464', '9465']);
    expect(metricsPorts({ WORKER_METRICS_PORT: '9500' }, 3)).toEqual(['9500', '9501', '9502']);
  });

  it('leaves the metrics port alone for one worker, and any-free-port (0) for every worker', () => {
    expect(metricsPorts({}, 1)).toEqual([undefined]);
    expect(metricsPorts({ WORKER_METRICS_PORT: '0' }, 2)).toEqual(['0', '0']);
  });
});

describe('replicaPorts', () => {
  it('counts up from the first port, and refuses to run past the last TCP port', () => {
    expect(replicaPorts(3000, 2)).toEqual([3000, 3001]);
    expect(() => replicaPorts(65_535, 2)).toThrow('2 ports from 65535 are not all valid TCP ports.');
  });
});
