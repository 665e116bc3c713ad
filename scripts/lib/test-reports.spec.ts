import { countJestReport, countPlaywrightReport, stageCounts, summaryLine } from './test-reports.mjs';

describe('countJestReport', () => {
  it('takes the passed and failed tests of a jest or Vitest json report', () => {
    const report = {
      numPassedTests: 41,
      numFailedTests: 2,
      testResults: [
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
        { status: 'failed', assertionResults: [{ status: 'failed' }, { status: 'failed' }, { status: 'passed' }] },
      ],
    };

    expect(countJestReport(report)).toEqual({ passed: 41, failed: 2 });
  });

  it('counts a test file that could not run (no failing test inside) as one failure', () => {
    const report = {
      numPassedTests: 5,
      numFailedTests: 0,
      testResults: [
        { status: 'failed', assertionResults: [] },
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
      ],
    };

    expect(countJestReport(report)).toEqual({ passed: 5, failed: 1 });
  });
});

describe('countPlaywrightReport', () => {
  it('counts flaky tests as passed and errors outside tests as failures', () => {
    const report = { stats: { expected: 4, unexpected: 1, flaky: 1, skipped: 0 }, errors: [{ message: 'webServer' }] };

    expect(countPlaywrightReport(report)).toEqual({ passed: 5, failed: 2, flaky: [] });
  });

  it('names every test that passed only on its retry', () => {
    const report = {
      stats: { expected: 1, unexpected: 0, flaky: 1, skipped: 0 },
      suites: [
        {
          file: 'orders.e2e.ts',
          specs: [
            { title: 'the console runs the business', file: 'orders.e2e.ts', tests: [{ status: 'flaky' }] },
            { title: 'an admin confirms', file: 'orders.e2e.ts', tests: [{ status: 'expected' }] },
          ],
          suites: [
            { file: 'orders.e2e.ts', specs: [{ title: 'inner', file: 'orders.e2e.ts', tests: [{ status: 'flaky' }] }] },
          ],
        },
      ],
    };

    expect(countPlaywrightReport(report).flaky).toEqual([
      'orders.e2e.ts › the console runs the business',
      'orders.e2e.ts › inner',
    ]);
  });
});

describe('stageCounts', () => {
  it('keeps the report figures of a stage that exited 0', () => {
    expect(stageCounts(0, { passed: 3, failed: 0 })).toEqual({ passed: 3, failed: 0 });
  });

  it('adds one failure for a stage that failed without a failing test', () => {
    expect(stageCounts(1, { passed: 3, failed: 0 })).toEqual({ passed: 3, failed: 1 });
    expect(stageCounts(2, undefined)).toEqual({ passed: 0, failed: 1 });
  });

  it('keeps the failing tests of a stage that failed because of them', () => {
    expect(stageCounts(1, { passed: 3, failed: 2 })).toEqual({ passed: 3, failed: 2 });
  });
});

describe('summaryLine', () => {
  it('is the line CI reads', () => {
    expect(summaryLine({ passed: 120, failed: 0 })).toBe('Tests: 120 passed, 0 failed');
  });
});
