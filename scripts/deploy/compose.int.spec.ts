import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The compose files as Docker would run them: `docker-compose config` (Debian's docker-compose 1.29, which reads a
// file offline, without an engine or images) checks each stack and prints it resolved, overrides merged and
// variables filled in; the assertions read that, not our YAML. docs/deployment.md says what each promise is for.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

type Service = {
  image?: string;
  build?: { context: string; target?: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  ports?: Array<string | { published: number | string; target: number | string }>;
  expose?: string[];
  volumes?: string[];
  restart?: string;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  container_name?: string;
  stop_grace_period?: string;
  init?: boolean;
};
type Stack = { services: Record<string, Service>; volumes: Record<string, unknown> };

/** Runs docker-compose, or fails naming the Debian package that brings it. */
function dockerCompose(args: string[], env: NodeJS.ProcessEnv = {}): string {
  const found = spawnSync('docker-compose', ['version', '--short'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    throw new Error(
      "docker-compose is not installed: install Debian's package with `apt-get install -y docker-compose` (1.29; .ci/run installs it)",
    );
  }
  // An empty env file and only PATH and HOME: a developer's .env or shell settings must not change what is checked.
  const envDir = mkdtempSync(join(tmpdir(), 'mandi-compose-'));
  try {
    const envFile = join(envDir, 'empty.env');
    writeFileSync(envFile, '');
    return execFileSync('docker-compose', ['--env-file', envFile, ...args], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    });
  } finally {
    rmSync(envDir, { recursive: true, force: true });
  }
}

/** The resolved stack of these compose files. YAML is read by python3-yaml, which docker-compose itself depends on. */
function resolvedStack(files: string[], env: NodeJS.ProcessEnv = {}): Stack {
  const yaml = dockerCompose([...files.flatMap((file) => ['-f', file]), 'config'], env);
  const json = execFileSync(
    'python3',
    ['-c', 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'],
    {
      input: yaml,
      encoding: 'utf8',
    },
  );
  return JSON.parse(json) as Stack;
}

const PLAIN = ['docker-compose.yml'];
const DEV = ['docker-compose.yml', 'docker-compose.dev.yml'];
const SCALED = ['docker-compose.yml', 'docker-compose.scale.yml'];
const DEV_SCALED = [...DEV, 'docker-compose.scale.yml'];

const hostPorts = (service: Service) => service.ports ?? [];
const publishes = (service: Service, published: number, target: number) =>
  hostPorts(service).some((port) =>
    typeof port === 'string'
      ? new RegExp(`(^|:)${published}:${target}(/tcp)?$`).test(port)
      : String(port.published) === String(published) && String(port.target) === String(target),
  );
const mounts = (service: Service) => service.volumes ?? [];
/** The named volume mounted at `path` in this service, or undefined. */
const volumeAt = (service: Service, path: string) =>
  mounts(service)
    .map((mount) => mount.split(':'))
    .find(([, target]) => target === path)?.[0];

describe('docker-compose.yml, the production-shaped stack', () => {
  let stack: Stack;
  beforeAll(() => {
    stack = resolvedStack(PLAIN);
  });

  it('validates with docker-compose and runs the database, Redis, migrations, API, worker and the proxy', () => {
    expect(Object.keys(stack.services).sort()).toEqual(['api', 'migrate', 'postgres', 'proxy', 'redis', 'worker']);
  });

  it('runs Redis as BullMQ asks: append-only, fsync every second, no eviction, its data in a volume', () => {
    const redis = stack.services.redis;
    const command = redis.command!.join(' ');
    expect(command).toMatch(/--appendonly yes\b/);
    expect(command).toMatch(/--appendfsync everysec\b/);
    expect(command).toMatch(/--maxmemory-policy noeviction\b/);
    expect(command).not.toMatch(/--appendonly no/);
    expect(volumeAt(redis, '/data')).toBe('redis-data');
    expect(Object.keys(stack.volumes)).toEqual(expect.arrayContaining(['postgres-data', 'redis-data', 'files']));
  });

  it('restarts every long-running service unless stopped, and retries the migration only when it fails', () => {
    for (const name of ['postgres', 'redis', 'api', 'worker', 'proxy']) {
      expect([name, stack.services[name].restart]).toEqual([name, 'unless-stopped']);
    }
    expect(stack.services.migrate.restart).toBe('on-failure');
  });

  it('checks the health of the database, Redis, the API and the proxy', () => {
    for (const name of ['postgres', 'redis', 'api', 'proxy']) {
      expect([name, stack.services[name].healthcheck?.test.length]).toEqual([name, expect.any(Number)]);
    }
    expect(stack.services.api.healthcheck!.test.join(' ')).toContain('/api/health');
  });

  it('publishes no host port for the API or the worker: the proxy alone publishes 3000', () => {
    expect(hostPorts(stack.services.api)).toEqual([]);
    expect(hostPorts(stack.services.worker)).toEqual([]);
    expect(stack.services.api.expose).toEqual(['3000']);
    expect(publishes(stack.services.proxy, 3000, 80)).toBe(true);
    const published = Object.entries(stack.services).filter(([, service]) => hostPorts(service).length > 0);
    expect(published.map(([name]) => name).sort()).toEqual(['postgres', 'proxy', 'redis']);
    // The database and Redis only on loopback, for `npm start` on a machine without them.
    for (const name of ['postgres', 'redis']) {
      for (const port of hostPorts(stack.services[name])) expect(String(port)).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('puts the proxy in front of every api replica, by the service name Docker resolves at run time', () => {
    const proxy = stack.services.proxy;
    const config = mounts(proxy).find((mount) => mount.endsWith(':/etc/nginx/conf.d/default.conf:ro'));
    expect(config).toBe(`${join(repoRoot, 'deploy/nginx.conf')}:/etc/nginx/conf.d/default.conf:ro`);
    const nginx = readFileSync(join(repoRoot, 'deploy/nginx.conf'), 'utf8').replace(/#.*$/gm, '');
    // A variable in proxy_pass makes nginx ask Docker's DNS again every `valid` seconds, so new and restarted
    // replicas are found; a plain name would be resolved once, to the replicas running when nginx started.
    expect(nginx).toMatch(/^\s*resolver 127\.0\.0\.11 valid=\d+s/m);
    const upstream = /set \$api_upstream http:\/\/([a-z-]+):(\d+);/.exec(nginx);
    expect(upstream).not.toBeNull();
    expect(nginx).toMatch(/proxy_pass \$api_upstream;/);
    const [, host, port] = upstream!;
    expect(host).toBe('api');
    expect(stack.services.api.environment!.PORT).toBe(port);
    expect(stack.services.api.environment!.TRUST_PROXY).toBe('1');
  });

  it('shares one files volume between the API and the worker', () => {
    const fileStoreDir = stack.services.api.environment!.FILE_STORE_DIR;
    expect(volumeAt(stack.services.api, fileStoreDir)).toBe('files');
    expect(volumeAt(stack.services.worker, stack.services.worker.environment!.FILE_STORE_DIR)).toBe('files');
  });

  it('gives the apps production and no development setting, even with one in the shell that runs compose', () => {
    const leaky = resolvedStack(PLAIN, { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', NODE_ENV: 'development' });
    for (const name of ['migrate', 'api', 'worker']) {
      const environment = leaky.services[name].environment!;
      expect([name, environment.NODE_ENV]).toEqual([name, 'production']);
      expect(environment).not.toHaveProperty('FIREBASE_AUTH_EMULATOR_HOST');
      expect(environment).not.toHaveProperty('RAZORPAY_API_URL');
      // Secrets pass through unset, so the apps refuse to start naming each.
      expect(environment.RAZORPAY_KEY_SECRET).toBe('');
    }
    expect(leaky.services.api.build!.args!.VITE_FIREBASE_AUTH_EMULATOR_URL).toBe('');
    expect(leaky.services.api.build!.args!.VITE_RAZORPAY_CHECKOUT_URL).toBe('');
  });
});

describe('the scaled stack: --scale api=2 --scale worker=2, or docker-compose.scale.yml', () => {
  it('lets any number of api and worker replicas run: no container_name, no host port on either', () => {
    for (const files of [PLAIN, DEV]) {
      const stack = resolvedStack(files);
      for (const [name, service] of Object.entries(stack.services)) {
        expect([name, service.container_name]).toEqual([name, undefined]);
      }
      expect(hostPorts(stack.services.api)).toEqual([]);
      expect(hostPorts(stack.services.worker)).toEqual([]);
    }
  });

  it('runs two of each through docker-compose.scale.yml, with the proxy in front, in production and in development', () => {
    for (const files of [SCALED, DEV_SCALED]) {
      const stack = resolvedStack(files);
      expect(stack.services.api.deploy?.replicas).toBe(2);
      expect(stack.services.worker.deploy?.replicas).toBe(2);
      expect(hostPorts(stack.services.api)).toEqual([]);
      expect(publishes(stack.services.proxy, 3000, 80)).toBe(true);
    }
  });
});

describe('docker-compose.dev.yml, the development stack', () => {
  let stack: Stack;
  beforeAll(() => {
    stack = resolvedStack(DEV);
  });

  it('adds the Auth emulator, Mailpit, the Razorpay sandbox and the seed, and runs the apps in development', () => {
    expect(Object.keys(stack.services).sort()).toEqual(
      [
        'api',
        'auth-emulator',
        'mailpit',
        'migrate',
        'postgres',
        'proxy',
        'razorpay-sandbox',
        'redis',
        'seed',
        'worker',
      ].sort(),
    );
    for (const name of ['api', 'worker', 'seed']) {
      expect([name, stack.services[name].environment!.NODE_ENV]).toEqual([name, 'development']);
      expect(stack.services[name].environment!.FIREBASE_AUTH_EMULATOR_HOST).toBe('auth-emulator:9099');
    }
    expect(hostPorts(stack.services.api)).toEqual([]);
  });

  it("keeps the emulator's accounts in a named volume that its import and export use", () => {
    const emulator = stack.services['auth-emulator'];
    expect(emulator.build!.target).toBe('auth-emulator');
    const state = mounts(emulator)
      .find((mount) => mount.startsWith('auth-emulator-data:'))!
      .split(':')[1];
    expect(Object.keys(stack.volumes)).toContain('auth-emulator-data');
    // The image's command (Dockerfile) imports from and exports to a folder inside that volume.
    const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
    const stage = dockerfile.slice(dockerfile.indexOf('AS auth-emulator'), dockerfile.indexOf('AS razorpay-sandbox'));
    const command = /CMD \[([^\]]+)\]/.exec(stage.replace(/\\\n/g, ''))![1];
    const argument = (flag: string) =>
      /"([^"]+)"/.exec(command.slice(command.indexOf(`"${flag}"`) + flag.length + 2))![1];
    expect(argument('--import')).toBe(`${state}/accounts`);
    expect(argument('--export-on-exit')).toBe(`${state}/accounts`);
    expect(emulator.restart).toBe('unless-stopped');
    expect(emulator.healthcheck!.test.join(' ')).toContain('9099');
  });

  it('seeds the demo data once per up, its photos into the files volume the API serves and the worker reads', () => {
    const seed = stack.services.seed;
    expect(seed.command).toEqual(['node', 'scripts/db/seed.mjs']);
    expect(seed.restart).toBe('on-failure');
    expect(seed.image).toBe(stack.services.api.image);
    expect(volumeAt(seed, seed.environment!.FILE_STORE_DIR)).toBe('files');
    expect(seed.environment!.FILE_STORE_DIR).toBe(stack.services.api.environment!.FILE_STORE_DIR);
    expect(volumeAt(stack.services.api, seed.environment!.FILE_STORE_DIR)).toBe('files');
    expect(volumeAt(stack.services.worker, seed.environment!.FILE_STORE_DIR)).toBe('files');
    expect(seed.depends_on).toMatchObject({
      migrate: { condition: 'service_completed_successfully' },
      'auth-emulator': { condition: 'service_healthy' },
    });
    expect(stack.services.api.depends_on!.seed).toEqual({ condition: 'service_completed_successfully' });
  });

  it('takes payments through the sandbox: API and worker call it, the browser loads its checkout, webhooks come through the proxy', () => {
    const sandbox = stack.services['razorpay-sandbox'];
    expect(sandbox.build!.target).toBe('razorpay-sandbox');
    expect(sandbox.restart).toBe('unless-stopped');
    expect(publishes(sandbox, 9300, 9300)).toBe(true);
    expect(sandbox.environment!.RAZORPAY_SANDBOX_WEBHOOK_URL).toBe('http://proxy/api/payment/webhook');
    for (const name of ['api', 'worker']) {
      const environment = stack.services[name].environment!;
      expect([name, environment.RAZORPAY_API_URL]).toEqual([name, 'http://razorpay-sandbox:9300']);
      // The storefront's script and the API's content security policy name the same address.
      expect(environment.RAZORPAY_CHECKOUT_URL).toBe('http://localhost:9300/v1/checkout.js');
      expect(stack.services[name].build!.args!.VITE_RAZORPAY_CHECKOUT_URL).toBe(environment.RAZORPAY_CHECKOUT_URL);
    }
  });

  it('restarts every development service too', () => {
    for (const name of [
      'mailpit',
      'auth-emulator',
      'razorpay-sandbox',
      'api',
      'worker',
      'proxy',
      'redis',
      'postgres',
    ]) {
      expect([name, stack.services[name].restart]).toEqual([name, 'unless-stopped']);
    }
  });
});
