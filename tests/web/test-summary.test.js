// The summary npm test ends with (scripts/test-summary.mjs) tells a browser layer that ran no test from one that
// passed: a report with no test in it (Playwright could not start its web server) once read "0 passed, 0 failed".
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// the summary's line that starts with `prefix` for the files `files` ({path in build/: text}) left in build/
function summaryLine(files, prefix) {
  mkdirSync(`${root}build`, { recursive: true });
  const dir = mkdtempSync(`${root}build/summary-`);
  try {
    mkdirSync(`${dir}/build`);
    for (const [name, text] of Object.entries(files)) writeFileSync(`${dir}/build/${name}`, text);
    const out = execFileSync('node', [`${root}scripts/test-summary.mjs`], { cwd: dir, encoding: 'utf8', env: { ...process.env, TEST_STARTED_AT: '' } });
    return out.split('\n').find((line) => line.startsWith(prefix));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const playwrightLine = (report) => summaryLine({ 'e2e-results.json': JSON.stringify(report) }, 'playwright');

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

// scripts/test-wasm-cpp.sh runs the C++ suites as wasm in one process per core, each its GoogleTest shard
describe("the test summary's line for the C++ suites as wasm", () => {
  const shard = (k, n, ran, passed, skipped, failed = []) =>
    `== shard ${k} of ${n}\n[==========] Running ${ran} tests from 80 test suites.\n` +
    failed.map((name) => `[  FAILED  ] ${name} (12 ms)\n`).join('') +
    `[==========] ${ran} tests from 80 test suites ran. (13404 ms total)\n[  PASSED  ] ${passed} tests.\n` +
    (skipped ? `[  SKIPPED ] ${skipped} tests.\n` : '');
  const gtestLine = (log) => summaryLine({ 'ctest-wasm.log': log }, 'gtest');
  it("sums every shard's counts", () => {
    expect(gtestLine(shard(1, 2, 461, 458, 3) + shard(2, 2, 461, 459, 1, ['Stack.Fails']))).toBe('gtest (C++ as wasm, Node): 917 passed, 1 failed, 4 skipped');
  });
  it('says a run whose shard printed no counts did not finish', () => {
    expect(gtestLine(shard(1, 2, 461, 458, 3) + '== shard 2 of 2\nAborted(OOM)\n')).toBe('gtest (C++ as wasm, Node): did not run to completion');
  });
  it('reads a log of one process, without shards', () => {
    expect(gtestLine(shard(1, 1, 922, 918, 4).replace(/^== .*\n/, ''))).toBe('gtest (C++ as wasm, Node): 918 passed, 0 failed, 4 skipped');
  });
});
