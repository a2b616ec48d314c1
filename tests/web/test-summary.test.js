// The summary npm test ends with (scripts/test-summary.mjs) tells a browser layer that ran no test from one that
// passed: a report with no test in it (Playwright could not start its web server) once read "0 passed, 0 failed".
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// the summary's Playwright line for a report `report` left in build/e2e-results.json
function playwrightLine(report) {
  mkdirSync(`${root}build`, { recursive: true });
  const dir = mkdtempSync(`${root}build/summary-`);
  try {
    mkdirSync(`${dir}/build`);
    writeFileSync(`${dir}/build/e2e-results.json`, JSON.stringify(report));
    const out = execFileSync('node', [`${root}scripts/test-summary.mjs`], { cwd: dir, encoding: 'utf8', env: { ...process.env, TEST_STARTED_AT: '' } });
    return out.split('\n').find((line) => line.startsWith('playwright'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the test summary's browser line", () => {
  it('says a run that could not start ran no test, and why', () => {
    const line = playwrightLine({
      stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
      errors: [{ message: 'Error: http://127.0.0.1:4173/residual-ln/ is already used, make sure that nothing is running on the port\nmore' }],
      suites: [],
    });
    expect(line).toBe(
      'playwright (Chromium):     ran no test: Error: http://127.0.0.1:4173/residual-ln/ is already used, make sure that nothing is running on the port',
    );
  });
  it('counts a run that ran', () => {
    const line = playwrightLine({ stats: { expected: 250, unexpected: 1, flaky: 2, skipped: 0 }, errors: [], suites: [] });
    expect(line).toBe('playwright (Chromium):     250 passed, 1 failed, 2 flaky, 0 skipped');
  });
});
