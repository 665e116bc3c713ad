// The Firebase Auth emulator (firebase-tools, pure Node, no Java). firebase-tools lives in its own package under
// tools/firebase, installed without optional dependencies: its optional re2 takes minutes to compile (design.md
// section 2).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { say } from './output.mjs';
import { isListening, repoRoot, run, startProcess, waitForHttp } from './processes.mjs';

/** The demo project every local run uses. */
export const emulatorProjectId = 'demo-mandi';
/** host:port of the Auth emulator, as FIREBASE_AUTH_EMULATOR_HOST expects it. */
export const emulatorHost = '127.0.0.1:9099';
/** The emulator's URL, as the browser SDK's connectAuthEmulator expects it. */
export const emulatorUrl = `http://${emulatorHost}`;

const toolsDir = join(repoRoot, 'tools', 'firebase');
const firebaseCli = join(toolsDir, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');

/** Installs tools/firebase from its lockfile when firebase-tools is missing. */
export async function ensureFirebaseTools() {
  if (existsSync(firebaseCli)) return;
  say('installing firebase-tools into tools/firebase (once, about 30 s)');
  const code = await run('npm', ['ci', '--omit=optional', '--no-audit', '--no-fund', '--prefix', toolsDir]);
  if (code !== 0 || !existsSync(firebaseCli)) {
    throw new Error(
      'Could not install firebase-tools: run `npm ci --omit=optional --prefix tools/firebase` and read its error.',
    );
  }
}

async function emulatorAnswers() {
  try {
    const response = await fetch(`${emulatorUrl}/`, { signal: AbortSignal.timeout(2000) });
    const body = /** @type {any} */ (await response.json());
    return body?.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/**
 * Makes sure the Auth emulator answers on 127.0.0.1:9099. Reuses one that is already running (and leaves it
 * running); otherwise starts one and returns { reused, stop } where stop() ends only the emulator we started.
 * `dataDir` keeps the emulator's accounts across runs (imported at start when present, exported on exit);
 * `onSpawn(process)` learns of the emulator process as soon as it exists, so an interrupt can stop it mid-start.
 * @param {{ dataDir?: string, onSpawn?: (emulator: { stop: () => Promise<void> }) => void }} [options]
 */
export async function startAuthEmulator({ dataDir, onSpawn } = {}) {
  if (await emulatorAnswers()) {
    say(`reusing the Auth emulator already running at ${emulatorUrl}`);
    return { reused: true, stop: async () => {} };
  }
  const [host, port] = emulatorHost.split(':');
  if (await isListening(host, Number(port))) {
    throw new Error(`Port ${port} is taken by something that is not the Firebase Auth emulator; free it and retry.`);
  }
  await ensureFirebaseTools();
  const args = [firebaseCli, 'emulators:start', '--only', 'auth', '--project', emulatorProjectId];
  if (dataDir) {
    if (existsSync(join(dataDir, 'firebase-export-metadata.json'))) args.push('--import', dataDir);
    args.push('--export-on-exit', dataDir);
  }
  say('starting the Firebase Auth emulator');
  const emulator = startProcess({
    name: 'auth',
    colour: 'yellow',
    command: process.execPath,
    args,
    cwd: toolsDir,
    // No update check, no usage prompt: the CLI must not wait on the network or on stdin.
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', CI: process.env.CI ?? 'true' },
    graceMs: 15_000,
  });
  onSpawn?.(emulator);
  const died = emulator.exited.then(
    ({ code, signal }) => new Error(`the Auth emulator exited early (code ${code ?? signal})`),
  );
  try {
    await waitForHttp(`${emulatorUrl}/`, { timeoutMs: 90_000, abandon: died });
  } catch (error) {
    await emulator.stop();
    throw error;
  }
  return { reused: false, stop: emulator.stop, exited: emulator.exited };
}
