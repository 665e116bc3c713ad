// Runs once before the jest run, in the parent process; the environment it sets is inherited by
// the test workers.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TEST_DATABASE_URL, newRunId, prepareTestTemplate } from '../db/test-template.mjs';
import { emulatorHost, startAuthEmulator } from '../lib/emulator.mjs';
import { repoRoot } from '../lib/processes.mjs';

export default async function setup() {
  process.env.TEST_DATABASE_URL ??= DEFAULT_TEST_DATABASE_URL;
  // Names this run's databases, so the teardown drops exactly what this run left behind.
  process.env.MANDI_TEST_RUN_ID = newRunId();
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= emulatorHost;

  // The API tests run the built API as a real process: bring the build up to date (a no-op takes ~1.5 s).
  if (!existsSync(join(repoRoot, 'libs/database/src/generated/prisma/client.ts'))) {
    execFileSync('npm', ['run', 'db:generate', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  }
  execFileSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', 'apps/api', 'apps/worker'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });

  await prepareTestTemplate(process.env.TEST_DATABASE_URL, { log: (message) => console.log(`\n${message}`) });
  // Reuses a running emulator (npm test starts one for every stage); otherwise starts one for this run.
  globalThis.__mandiEmulator = await startAuthEmulator();
}
