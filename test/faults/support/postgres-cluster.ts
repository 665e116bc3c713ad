import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../../apps/api/test/harness.js';
import { migrate } from '../../../scripts/db/migrate.mjs';

const exec = promisify(execFile);

/** A session of the database, from pg_stat_activity. */
export interface Session {
  pid: number;
  state: string | null;
  applicationName: string;
  /** How long its transaction has been open (null outside a transaction). */
  transactionMs: number | null;
  /** How long it has been in its state. */
  stateMs: number | null;
  query: string;
}

/** How a cluster is stopped: pg_ctl's shutdown modes. */
export type StopMode = 'smart' | 'fast' | 'immediate';

/** Every throwaway cluster's directory starts with this, so a later run can find what a killed one left. */
const DIR_PREFIX = 'mandi-fault-pg-';
/** The file in a cluster's directory naming the process that owns it. */
const OWNER_FILE = 'owner.pid';

/**
 * Settings of a cluster that only tests use: nothing survives it, so durability is traded for speed (fsync and
 * full-page writes off), it listens on 127.0.0.1 only, and its unix socket lives in its own directory so it never
 * collides with the system cluster's /var/run/postgresql.
 */
function settings(port: number, socketDir: string): string {
  return [
    `listen_addresses = '127.0.0.1'`,
    `port = ${port}`,
    `unix_socket_directories = '${socketDir}'`,
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'shared_buffers = 32MB',
    'max_connections = 200',
    // The log is the test's to read when something fails: connections and their ends, no statements.
    "log_line_prefix = '%m [%p] '",
    '',
  ].join('\n');
}

/**
 * A PostgreSQL cluster of one test file's own: `initdb` into a temporary directory, `pg_ctl` on a free port, trust
 * authentication, the database migrated the way the project migrates (scripts/db/migrate.mjs, the pincode directory
 * included). Stopping, starting or crashing it disturbs nothing else on the machine.
 *
 * PostgreSQL refuses to run as root, and tests here (and in CI) do run as root: then every PostgreSQL command runs
 * as the `postgres` user (`runuser -u postgres --`), which owns the cluster's directory.
 */
export class ThrowawayPostgres {
  private running = false;

  private constructor(
    /** The cluster's directory: data/, the server log, the unix socket. */
    readonly dir: string,
    readonly port: number,
    /** The migrated database's URL (user postgres, no password). */
    readonly url: string,
    private readonly bin: string,
  ) {}

  /**
   * Makes, starts and migrates a cluster with database `database` (default `mandi`). Also removes clusters that
   * earlier test processes left behind when they were killed before their cleanup.
   */
  static async create({ database = 'mandi' }: { database?: string } = {}): Promise<ThrowawayPostgres> {
    await removeAbandonedClusters();
    const bin = postgresBinDir();
    const dir = mkdtempSync(join(tmpdir(), DIR_PREFIX));
    writeFileSync(join(dir, OWNER_FILE), String(process.pid));
    const owner = postgresUser();
    if (owner) chownSync(dir, owner.uid, owner.gid);
    const port = await freePort();
    const cluster = new ThrowawayPostgres(dir, port, `postgresql://postgres@127.0.0.1:${port}/${database}`, bin);
    liveClusters.add(cluster);
    try {
      await cluster.command('initdb', [
        '-D',
        cluster.dataDir,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
        '--no-sync',
      ]);
      // Appended last, so these win over initdb's defaults.
      writeFileSync(join(cluster.dataDir, 'postgresql.conf'), settings(port, dir), { flag: 'a' });
      await cluster.start();
      await migrate(cluster.url);
      return cluster;
    } catch (error) {
      await cluster.destroy();
      throw error;
    }
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  private get logFile(): string {
    return join(this.dir, 'postgres.log');
  }

  /** True between a successful start() and the next stop(). */
  get isRunning(): boolean {
    return this.running;
  }

  /** Starts the stopped cluster on its port and waits until it accepts connections (`pg_ctl start -w`). */
  async start(): Promise<void> {
    await this.command('pg_ctl', ['start', '-w', '-t', '60', '-D', this.dataDir, '-l', this.logFile]);
    this.running = true;
  }

  /**
   * Stops the cluster. `fast` (default) ends every session at once, as a restart by an operator does (clients see
   * 57P01 "terminating connection due to administrator command"); `immediate` is a crash (the next start recovers
   * from the WAL); `smart` waits for clients to disconnect.
   */
  async stop({ mode = 'fast' }: { mode?: StopMode } = {}): Promise<void> {
    await this.command('pg_ctl', ['stop', '-w', '-t', '60', '-m', mode, '-D', this.dataDir]);
    this.running = false;
  }

  /** stop() then start(): the same port, the same data. */
  async restart(options: { mode?: StopMode } = {}): Promise<void> {
    await this.stop(options);
    await this.start();
  }

  /** A new client of the migrated database (the caller ends it). */
  async client(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    return client;
  }

  /**
   * The other sessions of the migrated database as pg_stat_activity shows them: state (`active`, `idle`,
   * `idle in transaction`...), how long the transaction and the state have lasted, the last statement. Shows what the
   * apps hold, e.g. a transaction kept open across a call to something else.
   */
  async sessions(): Promise<Session[]> {
    const client = await this.client();
    try {
      const { rows } = await client.query<Session>(
        `SELECT pid, state, application_name AS "applicationName",
                (extract(epoch FROM now() - xact_start) * 1000)::int AS "transactionMs",
                (extract(epoch FROM now() - state_change) * 1000)::int AS "stateMs",
                left(query, 300) AS query
           FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      return rows;
    } finally {
      await client.end();
    }
  }

  /** What the server has logged so far. */
  log(): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
  }

  /** Stops the cluster if it runs (immediate: nothing in it matters any more) and removes its directory. */
  async destroy(): Promise<void> {
    if (existsSync(join(this.dataDir, 'postmaster.pid'))) {
      await this.command('pg_ctl', ['stop', '-w', '-m', 'immediate', '-D', this.dataDir]).catch(() => {});
    }
    this.running = false;
    rmSync(this.dir, { recursive: true, force: true });
    liveClusters.delete(this);
  }

  private async command(name: string, args: string[]): Promise<void> {
    const [command, ...prefix] = asPostgres(join(this.bin, name));
    try {
      await exec(command, [...prefix, ...args], { cwd: this.dir, timeout: 120_000 });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(
        `${name} ${args.join(' ')} failed: ${stderr || stdout || String(error)}\n${this.log().slice(-4000)}`,
        { cause: error },
      );
    }
  }
}

/** Clusters of this process not destroyed yet: the exit hook stops them if a test file never reached its cleanup. */
const liveClusters = new Set<ThrowawayPostgres>();
process.once('exit', () => {
  for (const cluster of liveClusters) stopNow(cluster.dir);
});

/** Stops the cluster in `dir` at once, synchronously (for an exit hook), and removes the directory. */
function stopNow(dir: string): void {
  const data = join(dir, 'data');
  if (existsSync(join(data, 'postmaster.pid'))) {
    const [command, ...prefix] = asPostgres(join(postgresBinDir(), 'pg_ctl'));
    try {
      execFileSync(command, [...prefix, 'stop', '-w', '-m', 'immediate', '-D', data], {
        stdio: 'ignore',
        timeout: 30_000,
      });
    } catch {
      // Already gone.
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Removes the clusters whose owning test process is gone (killed before its afterAll and its exit hook). */
async function removeAbandonedClusters(): Promise<void> {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const dir = join(tmpdir(), name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(dir, OWNER_FILE), 'utf8'));
    } catch {
      continue; // Being made right now, or not ours.
    }
    if (Number.isInteger(owner) && !processExists(owner)) stopNow(dir);
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The `postgres` user's ids when this process runs as root (PostgreSQL will not), else null. */
function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error(
      'Tests run as root and there is no `postgres` user to run PostgreSQL as (apt-get install postgresql makes one).',
    );
  }
}

/** The command line that runs `program` as the cluster's owner: itself, or through runuser when we are root. */
function asPostgres(program: string): string[] {
  return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', program] : [program];
}

let binDir: string | undefined;

/**
 * Where initdb and pg_ctl are: PG_BINDIR when set, else the newest /usr/lib/postgresql/<version>/bin (Debian keeps
 * them off the PATH), else the PATH's.
 */
function postgresBinDir(): string {
  if (binDir) return binDir;
  const fromEnv = process.env.PG_BINDIR;
  if (fromEnv) return (binDir = fromEnv);
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((version) => existsSync(join(debian, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return (binDir = join(debian, versions[0], 'bin'));
  try {
    const initdb = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    return (binDir = join(initdb, '..'));
  } catch {
    throw new Error('initdb was not found: install PostgreSQL (apt-get install postgresql) or set PG_BINDIR.');
  }
}
