// `npm test`: every test of the repository against the real PostgreSQL, Redis and Auth emulator (issue 3 item 10).
// jest's unit and integration tiers (backend, libs, scripts), Vitest (storefront, console) and Playwright (journeys through the built apps in Debian's
// Chromium) run one after another with their usual output; the last line is `Tests: N passed, M failed`, which CI
// reads, and the exit code is non-zero when anything failed or a stage could not run.
import { mkdtempSync, rmSync } from 'node:fs';
import { ensureSupportedNode } from './lib/node-version.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordBuild } from './lib/build.mjs';
import { startAuthEmulator } from './lib/emulator.mjs';
import { frontEndSettings, localEnvironment } from './lib/environment.mjs';
import { complain, paint, say } from './lib/output.mjs';
import { run } from './lib/processes.mjs';
import { defaultChromiumPath, ensurePdfPrerequisites } from './lib/pdf-prerequisites.mjs';
import { ensureServices } from './lib/services.mjs';
import { ensureTestPackages } from './lib/test-prerequisites.mjs';
import { countJestReport, countPlaywrightReport, readReport, stageCounts, summaryLine } from './lib/test-reports.mjs';

ensureSupportedNode();
const reports = mkdtempSync(join(tmpdir(), 'mandi-test-'));
const env = localEnvironment();
const npm = (args, extraEnv = {}) => run('npm', args, { env: { ...env, ...extraEnv } });

/** One line per stage in the closing summary. */
const results = [];
let stopEmulator = async () => {};

function record(name, exitCode, counts, startedAt) {
  const { passed, failed } = stageCounts(exitCode, counts);
  const note = counts === undefined && exitCode !== 0 ? ' (no report: counted as 1 failure)' : '';
  results.push({ name, passed, failed, flaky: counts?.flaky ?? [], ms: performance.now() - startedAt, note });
}

/** A preparation step: it has no tests of its own and counts as one failure if it fails. */
async function prepare(name, step) {
  const startedAt = performance.now();
  say(paint('bold', `${name}`));
  let exitCode;
  try {
    exitCode = await step();
  } catch (error) {
    complain(`${name}: ${error.message}`);
    exitCode = 1;
  }
  if (exitCode !== 0) record(name, exitCode, { passed: 0, failed: 1 }, startedAt);
  return exitCode === 0;
}

/** A test stage: runs the runner, then counts its JSON report. */
async function testStage(name, reportFile, count, runner) {
  const startedAt = performance.now();
  say(paint('bold', name));
  const exitCode = await runner();
  record(name, exitCode, readReport(reportFile, count), startedAt);
}

function finish() {
  const total = results.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed }), {
    passed: 0,
    failed: 0,
  });
  process.stdout.write('\n');
  for (const r of results) {
    const mark = r.failed > 0 ? paint('red', 'FAIL') : paint('green', 'ok  ');
    const figures = `${r.passed} passed, ${r.failed} failed`.padEnd(24);
    say(`${mark} ${r.name.padEnd(22)} ${figures} ${(r.ms / 1000).toFixed(1).padStart(6)} s${r.note}`);
  }
  // A test that passed only on its retry is a defect to fix (docs/development.md, "Flaky tests"): named, never silent.
  const flaky = results.flatMap((r) => r.flaky);
  if (flaky.length > 0) {
    say(paint('red', `${flaky.length} test(s) passed only on retry (flaky):`));
    for (const name of flaky) say(`  ${paint('red', 'FLAKY')} ${name}`);
  }
  rmSync(reports, { recursive: true, force: true });
  process.stdout.write(`${summaryLine(total)}\n`);
  return total.failed > 0 ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    complain(`${signal} received: stopping`);
    void stopEmulator().finally(() => process.exit(130));
  });
}

async function main() {
  const servicesUp = await prepare('services', async () => {
    const state = await ensureServices({ databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL });
    say(`PostgreSQL ${state.postgres}, Redis ${state.redis}`);
    return 0;
  });
  if (!servicesUp) return finish();

  // Chromium and its fonts (the PDFs, the journeys), pdftotext and docker-compose: installed when npm test may, else
  // named; the tests that need a missing one then fail with the same name.
  await prepare('machine packages', async () => {
    const pdf = await ensurePdfPrerequisites({
      executablePath: env.PUPPETEER_EXECUTABLE_PATH || defaultChromiumPath,
      log: say,
    });
    const tools = await ensureTestPackages({ log: say });
    say(`Chromium and fonts ${pdf}, pdftotext and docker-compose ${tools}`);
    return 0;
  });

  const generated = await prepare('prisma generate', () => npm(['run', 'db:generate']));
  // The e2e journeys run the built apps; the front ends are built to sign in against the emulator.
  const built = generated && (await prepare('build', () => npm(['run', 'build'])));
  if (built) recordBuild(frontEndSettings);
  // The habits CI holds every change to (docs/development.md, "Lint and format"): each a stage that fails npm test.
  if (generated) {
    await prepare('typecheck', () => npm(['run', 'typecheck']));
    await prepare('lint', () => npm(['run', 'lint']));
    await prepare('format:check', () => npm(['run', 'format:check']));
  }

  const emulatorUp = await prepare('Auth emulator', async () => {
    const emulator = await startAuthEmulator();
    stopEmulator = emulator.stop;
    return 0;
  });

  // The unit tier needs no service (it runs even when the build or the emulator failed); the integration tier does.
  const unitReport = join(reports, 'jest-unit.json');
  await testStage('jest unit', unitReport, countJestReport, () =>
    npm(['run', 'test:unit', '--', '--json', `--outputFile=${unitReport}`], { NODE_ENV: 'test' }),
  );
  if (generated && emulatorUp) {
    const jestReport = join(reports, 'jest.json');
    await testStage('jest integration', jestReport, countJestReport, () =>
      npm(['run', 'test:integration', '--', '--json', `--outputFile=${jestReport}`], { NODE_ENV: 'test' }),
    );
  }
  for (const workspace of ['storefront', 'admin-ui']) {
    const report = join(reports, `${workspace}.json`);
    await testStage(`vitest (${workspace})`, report, countJestReport, () =>
      npm(['test', '-w', workspace, '--', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
        NODE_ENV: 'test',
      }),
    );
  }
  if (built && emulatorUp) {
    const report = join(reports, 'e2e.json');
    await testStage('playwright (e2e)', report, countPlaywrightReport, () =>
      run('node_modules/.bin/playwright', ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
        env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: report },
      }),
    );
  } else {
    say('playwright (e2e) skipped: it needs the build and the Auth emulator (their failure is counted above)');
  }

  await stopEmulator();
  return finish();
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    complain(`npm test failed: ${error.stack ?? error.message}`);
    await stopEmulator();
    process.stdout.write(`${summaryLine({ passed: 0, failed: 1 })}\n`);
    process.exit(1);
  },
);
