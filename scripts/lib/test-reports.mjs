// Counting passed and failed tests from the JSON reports of the three runners `npm test` drives. A file that
// could not run at all (a syntax error, a failing import, a server that would not start) counts as one failure,
// so a broken suite can never look like a green one.
import { existsSync, readFileSync } from 'node:fs';

/** Counts of a jest or Vitest `--json` report (Vitest's json reporter writes jest's shape). */
export function countJestReport(report) {
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  for (const file of report.testResults ?? []) {
    const failedInFile = (file.assertionResults ?? []).filter((test) => test.status === 'failed').length;
    if (file.status === 'failed' && failedInFile === 0) failed += 1;
  }
  return { passed, failed };
}

/**
 * Counts of a Playwright json report: errors outside tests count as failures. A flaky test (failed, then passed on
 * its retry) counts as passed and is named in `flaky` ('file › title'), so npm test's summary never hides one.
 */
export function countPlaywrightReport(report) {
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (report.errors?.length ?? 0),
    flaky: flakyTests(report.suites ?? []),
  };
}

/** The tests of Playwright report suites whose status is 'flaky', as 'file › title'. */
function flakyTests(suites) {
  const names = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((test) => test.status === 'flaky'))
        names.push(`${spec.file ?? suite.file} › ${spec.title}`);
    }
    for (const inner of suite.suites ?? []) visit(inner);
  };
  suites.forEach(visit);
  return names;
}

/** Reads a report file and counts it with `count`; undefined when the runner wrote no (readable) report. */
export function readReport(file, count) {
  if (!existsSync(file)) return undefined;
  try {
    return count(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

/**
 * The counts of one stage from its exit code and report: a stage that failed without a failing test in its
 * report (or without a report) adds one failure for itself.
 */
export function stageCounts(exitCode, counts) {
  const { passed, failed } = counts ?? { passed: 0, failed: 0 };
  return { passed, failed: exitCode !== 0 && failed === 0 ? 1 : failed };
}

/** The line CI reads, exactly `Tests: N passed, M failed`. */
export function summaryLine({ passed, failed }) {
  return `Tests: ${passed} passed, ${failed} failed`;
}
