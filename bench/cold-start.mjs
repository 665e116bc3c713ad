// `npm run bench:cold-start`: the time from spawning `npm start` (with the build current) to /api/health 200,
// then a Ctrl-C to it, and a check that everything it started is gone while PostgreSQL and Redis still run.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { staleBuildReason } from '../scripts/lib/build.mjs';
import { frontEndSettings } from '../scripts/lib/environment.mjs';
import { isListening, repoRoot } from '../scripts/lib/processes.mjs';

const port = Number(process.env.PORT ?? 3000);
const ours = ['apps/api/dist/main.js', 'apps/worker/dist/main.js', 'emulators:start'];

function processesOfOurs() {
  const found = new Map();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      if (ours.some((marker) => cmdline.includes(marker))) found.set(Number(pid), cmdline);
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

function groupIsAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForHealth(child, timeoutMs) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (response.status === 200) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`npm start was not ready within ${timeoutMs / 1000} s`);
}

async function main() {
  const stale = staleBuildReason(frontEndSettings);
  if (stale) throw new Error(`the build is not current (${stale}): run npm start once, stop it, then measure.`);
  if (await isListening('127.0.0.1', port))
    throw new Error(`port ${port} is in use: stop the running npm start first.`);
  const emulatorWasRunning = await isListening('127.0.0.1', 9099);
  const before = processesOfOurs();

  const output = [];
  // Its own process group, like a terminal's foreground job, so the Ctrl-C below reaches npm and start.mjs alike.
  const child = spawn('npm', ['start'], { cwd: repoRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));

  let readyMs;
  try {
    readyMs = await waitForHealth(child, 180_000);
  } catch (error) {
    process.stdout.write(output.join('').split('\n').slice(-40).join('\n'));
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      // Already gone.
    }
    throw error;
  }
  const announced = /Mandi is ready \(([\d.]+) s\)/.exec(output.join(''))?.[1];
  console.log(
    `cold start of npm start to /api/health 200: ${(readyMs / 1000).toFixed(1)} s` +
      (announced ? ` (start.mjs reports ${announced} s)` : ''),
  );
  console.log(
    emulatorWasRunning ? 'the Auth emulator was already running and was reused' : 'includes starting the Auth emulator',
  );

  const stopAt = performance.now();
  process.kill(-child.pid, 'SIGINT');
  const exit = await Promise.race([exited, sleep(60_000).then(() => 'still running after 60 s')]);
  // npm may exit on the signal before start.mjs has finished stopping its children: wait for the whole group.
  for (let i = 0; i < 600 && groupIsAlive(child.pid); i += 1) await sleep(100);
  console.log(
    `Ctrl-C: npm start exited (${exit}); all of it was gone after ${((performance.now() - stopAt) / 1000).toFixed(1)} s`,
  );

  const leftovers = [...processesOfOurs()].filter(([pid]) => !before.has(pid));
  const problems = [];
  if (groupIsAlive(child.pid)) problems.push(`processes of npm start's group ${child.pid} are still running`);
  for (const [pid, cmdline] of leftovers) problems.push(`left running: ${pid} ${cmdline}`);
  if (await isListening('127.0.0.1', port)) problems.push(`port ${port} still answers`);
  if (!emulatorWasRunning && (await isListening('127.0.0.1', 9099)))
    problems.push('the Auth emulator still answers on 9099');
  if (!(await isListening('127.0.0.1', 5432))) problems.push('PostgreSQL stopped (it must keep running)');
  if (!(await isListening('127.0.0.1', 6379))) problems.push('Redis stopped (it must keep running)');
  if (problems.length > 0) {
    for (const problem of problems) console.log(`PROBLEM: ${problem}`);
    process.exitCode = 1;
  } else {
    console.log('everything npm start started is gone; PostgreSQL and Redis still run');
  }
}

main().catch((error) => {
  console.error(`bench:cold-start failed: ${error.message}`);
  process.exit(1);
});
