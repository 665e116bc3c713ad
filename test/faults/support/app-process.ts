import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { waitUntil } from './wait.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Keeps a log bounded: a process logging for minutes under load must not fill the test's memory. */
const MAX_LOG_CHARS = 20_000_000;

/** Which built app a process runs. */
export type AppName = 'api' | 'worker';

const MAIN: Record<AppName, string> = {
  api: 'apps/api/dist/main.js',
  worker: 'apps/worker/dist/main.js',
};

/** How a process ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * One built app (`node apps/api/dist/main.js` or `node apps/worker/dist/main.js`) as a child process of the test, with
 * everything it prints kept (`logs()`). Build first: `npm test` and jest's global setup do (`tsc -b apps/api
 * apps/worker`). `kill()` sends any signal, SIGKILL included, and waits for the exit; `start()` runs it again with the
 * same environment, so a test can crash and restart it as often as it likes.
 */
export class AppProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<Exit> = Promise.resolve({ code: null, signal: null });
  private output = '';
  /** How many processes this one has been (1 after the first start). */
  generation = 0;

  constructor(
    readonly name: AppName,
    /** The whole environment of the process (see FaultStack for what the apps need). */
    readonly env: NodeJS.ProcessEnv,
    /**
     * When a freshly started process counts as up, given its start time. Default: the API's `/api/health` answers at
     * all (200 or 503: its dependencies may be down on purpose); the worker has logged `worker ready` (LOG_LEVEL info).
     */
    private readonly ready?: (startedAt: number) => Promise<boolean>,
  ) {}

  /** The API's base URL, from PORT (meaningless for the worker). */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  /** The running process's pid, or undefined. */
  get pid(): number | undefined {
    return this.isRunning ? this.child?.pid : undefined;
  }

  /** The pids of every process the running one started, and theirs (the worker's Chromium), from `ps`. */
  descendants(): number[] {
    const root = this.pid;
    if (root === undefined) return [];
    const children = new Map<number, number[]>();
    for (const line of execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).trim().split('\n')) {
      const [pid, ppid] = line.trim().split(/\s+/).map(Number) as [number, number];
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    }
    const found: number[] = [];
    for (let next = [root]; next.length > 0; next = next.flatMap((pid) => children.get(pid) ?? [])) {
      if (next[0] !== root) found.push(...next);
    }
    return found;
  }

  get isRunning(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Spawns the app and resolves once it is up (see `ready`); rejects, with its log, when it exits or is not up in `timeoutMs`. */
  async start({ timeoutMs = 60_000 }: { timeoutMs?: number } = {}): Promise<void> {
    if (this.isRunning) throw new Error(`${this.name} is already running`);
    this.generation += 1;
    this.note(`starting ${this.name} (process ${this.generation})`);
    const startedAt = Date.now();
    const logFrom = this.output.length;
    const child = spawn(process.execPath, [MAIN[this.name]], {
      cwd: REPO_ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (chunk: Buffer) => this.append(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => this.append(chunk.toString()));
    this.exited = new Promise((resolve) => {
      child.once('error', (error) => {
        this.note(`could not spawn: ${error.message}`);
        resolve({ code: null, signal: null });
      });
      child.once('exit', (code, signal) => {
        this.note(`${this.name} exited (${signal ?? code})`);
        resolve({ code, signal });
      });
    });
    const ready =
      this.ready ??
      (this.name === 'api'
        ? async () =>
            (await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(() => null)) !==
            null
        : async () => this.output.includes('worker ready', logFrom));
    await waitUntil(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`${this.name} exited during startup:\n${this.tail()}`);
        }
        return ready(startedAt);
      },
      { timeoutMs, what: () => `${this.name} to start\n${this.tail()}`, intervalMs: 100 },
    );
  }

  /**
   * Sends `signal` (default SIGTERM: the app's graceful shutdown; SIGKILL: a crash) and waits until the process has
   * exited. Nothing happens when it is not running.
   */
  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<Exit | null> {
    if (!this.isRunning) return null;
    this.note(`sending ${signal}`);
    this.child!.kill(signal);
    return this.exited;
  }

  /** kill() then start(). */
  async restart(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    await this.kill(signal);
    await this.start();
  }

  /** Resolves when the current process exits by itself or otherwise. */
  whenExited(): Promise<Exit> {
    return this.exited;
  }

  /** Everything every process of this app printed, in order, with the harness's own notes (`== ...`) between. */
  logs(): string {
    return this.output;
  }

  /** The last `lines` lines of logs(). */
  tail(lines = 60): string {
    return this.output
      .split('\n')
      .slice(-lines - 1)
      .join('\n');
  }

  /** Stops it for good at the end of a test file: SIGTERM, then SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.isRunning) return;
    const killer = setTimeout(() => this.child?.kill('SIGKILL'), graceMs);
    await this.kill('SIGTERM');
    clearTimeout(killer);
  }

  private note(line: string): void {
    this.append(`== ${new Date().toISOString()} ${line}\n`);
  }

  private append(text: string): void {
    this.output += text;
    if (this.output.length > MAX_LOG_CHARS) this.output = this.output.slice(-MAX_LOG_CHARS / 2);
  }
}
