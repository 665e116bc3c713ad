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

/** Counts of a Playwright json report: flaky tests passed on retry; errors outside tests count as failures. */
export function countPlaywrightReport(report) {
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (report.errors?.length ?? 0),
  };
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
