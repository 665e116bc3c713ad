// Starting, watching and stopping the processes the developer scripts own. Every long-running child gets its own
// process group, so stopping it also stops whatever it spawned, and nothing else.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { relayLines } from './output.mjs';

/** The repository root (this file is scripts/lib/processes.mjs). */
export const repoRoot = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

/** True when something accepts TCP connections on host:port within timeoutMs. */
export function isListening(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function groupIsAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/**
 * Spawns a long-running child with its output relayed behind `name`. By default the child leads its own process
 * group, so stopping it stops whatever it spawned and a Ctrl-C in our terminal reaches us, not it; with
 * `ownGroup: false` it stays in ours, for a parent that is itself stopped by a signal to its whole group.
 * Returns { name, pid, exited, stop, kill }: `exited` resolves with { code, signal } when the child ends; `stop()`
 * sends SIGTERM, then SIGKILL after `graceMs`, and resolves once the child (and its group) is gone; `kill()` sends
 * SIGKILL at once.
 */
export function startProcess({
  name,
  colour,
  command,
  args,
  cwd = repoRoot,
  env = process.env,
  graceMs = 10_000,
  ownGroup = true,
}) {
  const child = spawn(command, args, { cwd, env, detached: ownGroup, stdio: ['ignore', 'pipe', 'pipe'] });
  const send = (signal) => {
    if (child.pid === undefined) return;
    if (ownGroup) signalGroup(child.pid, signal);
    else if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  const relayed = relayLines(child, name, colour);
  const exited = new Promise((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      const pid = child.pid;
      if (pid === undefined) return;
      send('SIGTERM');
      const killer = setTimeout(() => send('SIGKILL'), graceMs);
      await exited;
      clearTimeout(killer);
      if (ownGroup) {
        // Anything the child spawned and left behind in its group goes with it.
        for (let i = 0; i < 20 && groupIsAlive(pid); i += 1) await sleep(100);
        if (groupIsAlive(pid)) signalGroup(pid, 'SIGKILL');
      }
      await relayed;
    })();
    return stopping;
  };
  const kill = () => send('SIGKILL');
  return { name, pid: child.pid, exited, stop, kill };
}

/**
 * Runs a command to completion with its output on our console; resolves with its exit code (1 when it could not
 * be started). A signal that ends it counts as a failure.
 */
export function run(command, args, { cwd = repoRoot, env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.once('error', (error) => {
      process.stderr.write(`${command}: ${error.message}\n`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Polls `url` until it answers with a status that `accept` takes, and resolves with the time it took in ms.
 * Rejects after `timeoutMs`, or as soon as `abandon` (a promise, e.g. "a child died") settles.
 * @param {string} url
 * @param {{ timeoutMs?: number, intervalMs?: number, accept?: (status: number) => boolean, abandon?: Promise<unknown> }} [options]
 * @returns {Promise<number>}
 */
export async function waitForHttp(
  url,
  { timeoutMs = 60_000, intervalMs = 250, accept = (s) => s === 200, abandon } = {},
) {
  const started = performance.now();
  /** @type {any} */
  let abandoned;
  abandon?.then((reason) => {
    abandoned = reason ?? new Error('abandoned');
  });
  let last = 'no answer';
  while (performance.now() - started < timeoutMs) {
    if (abandoned) throw abandoned instanceof Error ? abandoned : new Error(String(abandoned));
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (accept(response.status)) return performance.now() - started;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not become ready within ${Math.round(timeoutMs / 1000)} s (last: ${last})`);
}
