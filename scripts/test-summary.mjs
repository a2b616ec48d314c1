// Prints one line per test layer from the files that layer left in build/: what passed, failed, was skipped, then
// the ten slowest tests of the run across Vitest and Playwright (where the suite's time goes: issue 39 asks for a
// fresh clone's npm test under 12 min). A layer that did not run (an earlier step failed) says so; the exit code
// stays the test run's own.
import { existsSync, readFileSync } from 'node:fs';

const read = (path) => (existsSync(path) ? readFileSync(path, 'utf8') : null);

function ctest(path) {
  const log = read(path);
  const m = log && /(\d+)% tests passed, (\d+) tests? failed out of (\d+)/.exec(log);
  if (!m) return 'did not run to completion';
  const [failed, total] = [Number(m[2]), Number(m[3])];
  return `${total - failed} passed, ${failed} failed`;
}

// A GoogleTest binary run directly with --gtest_brief=1: "[==========] N tests from M test suites ran.",
// "[  PASSED  ] P tests." and "[  SKIPPED ] S tests."; a failure is one "[  FAILED  ] Suite.Name (…)" line (the brief
// output prints no "[  FAILED  ] K tests," count), so the failed are the ran less the passed and the skipped. The
// suites as wasm run as one process per core, each its shard (scripts/test-wasm-cpp.sh), their outputs one after
// the other under "== shard k of n": the shards' counts are summed, and a shard that printed none did not finish.
function gtest(path) {
  const log = read(path) ?? '';
  const counts = (re) => [...log.matchAll(re)].map((m) => Number(m[1]));
  const sum = (ns) => ns.reduce((total, n) => total + n, 0);
  const runs = counts(/\[=+\] (\d+) tests? from .* ran/g);
  const shards = Number(/== shard \d+ of (\d+)/.exec(log)?.[1] ?? 1);
  if (!runs.length || runs.length < shards) return 'did not run to completion';
  const ran = sum(runs);
  const passed = sum(counts(/\[ {2}PASSED {2}\] (\d+) tests?/g));
  const skipped = sum(counts(/\[ {2}SKIPPED {1}\] (\d+) tests?/g));
  return `${passed} passed, ${ran - passed - skipped} failed, ${skipped} skipped`;
}

function vitest() {
  const json = read('build/vitest-results.json');
  if (!json) return 'did not run';
  const r = JSON.parse(json);
  return `${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + (r.numTodoTests ?? 0)} skipped (${r.numTotalTestSuites} suites)`;
}

// A run that could not start (its web server's port taken) still writes its report: no test in it, and the reason
// among its errors.
function playwright() {
  const json = read('build/e2e-results.json');
  if (!json) return 'did not run';
  const { stats: s, errors = [] } = JSON.parse(json);
  if (s.expected + s.unexpected + s.flaky + s.skipped === 0) {
    return `ran no test${errors.length ? `: ${String(errors[0].message ?? '').split('\n')[0]}` : ''}`;
  }
  return `${s.expected} passed, ${s.unexpected} failed, ${s.flaky} flaky, ${s.skipped} skipped`;
}

// scripts/size.mjs: each budget's measure against its limit
function size() {
  const json = read('build/size-results.json');
  if (!json) return 'did not run';
  const { budgets } = JSON.parse(json);
  const over = budgets.filter((b) => !b.ok).length;
  // each budget's name ends with how it is measured, in parentheses ("gzip -9", "uncompressed")
  const shown = budgets
    .map((b) =>
      `${b.name.split(' (')[0].split(':')[0]} ${(b.value / 1000).toFixed(1)} of ${(b.limit / 1000).toFixed(1)} KB ${/\(([^)]*)\)$/.exec(b.name)?.[1] ?? ''}`.trim(),
    )
    .join(', ');
  return `${budgets.length - over} passed, ${over} failed (${shown})`;
}

// scripts/lint.sh prints "lint: <tool> ok|FAILED (N s)" per tool; ESLint's stylish output before its line ends
// "✖ N problems (E errors, W warnings)", or is empty when clean
function lint() {
  const log = read('build/lint.log');
  if (log === null) return 'did not run';
  const tools = [...log.matchAll(/^lint: (\S+) (ok|FAILED) \((\d+) s\)$/gm)].map((m) => `${m[1]} ${m[2]}`);
  const m = /✖ \d+ problems? \((\d+) errors?, (\d+) warnings?\)/.exec(log);
  const eslint = m ? `${m[1]} errors, ${m[2]} warnings` : '0 errors, 0 warnings';
  return `${tools.length ? tools.join(', ') : 'no tool finished'} (eslint: ${eslint})`;
}

// Every test's time, in ms, from the layers' JSON reports: [{ms, layer, name}]
function durations() {
  const out = [];
  const v = read('build/vitest-results.json');
  if (v) {
    for (const file of JSON.parse(v).testResults ?? []) {
      const where = file.name.replace(/^.*?tests\//, 'tests/');
      for (const t of file.assertionResults ?? []) out.push({ ms: t.duration ?? 0, layer: 'vitest', name: `${where} › ${t.fullName ?? t.title}` });
    }
  }
  const e = read('build/e2e-results.json');
  if (e) {
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0); // (a retried test: every try)
          out.push({ ms, layer: 'playwright', name: `${spec.file ?? file}:${spec.line} › ${spec.title}${t.projectName ? ` [${t.projectName}]` : ''}` });
        }
      }
      for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
    };
    for (const suite of JSON.parse(e).suites ?? []) walk(suite, suite.file);
  }
  return out;
}

/** The n slowest tests, slowest first, one line each. */
function slowest(list, n = 10) {
  return [...list]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map((t) => `${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.layer.padEnd(10)} ${t.name}`);
}

const times = durations();
if (times.length) {
  console.log('\n== the ten slowest tests');
  for (const line of slowest(times)) console.log(line);
}

console.log('\n== test summary');
console.log(`lint (npm run lint):       ${lint()}`);
console.log(`ctest (native C++):        ${ctest('build/ctest.log')}`);
console.log(`gtest (C++ as wasm, Node): ${gtest('build/ctest-wasm.log')}`);
console.log(`vitest (wasm in Node):     ${vitest()}`);
console.log(`playwright (Chromium):     ${playwright()}`);
console.log(`size budget:               ${size()}`);
const minutes = (s) => `${Math.floor(s / 60)} min ${String(s % 60).padStart(2)} s`;
// scripts/test.sh writes "<epoch seconds> <layer>" as each layer starts: a layer lasts until the next one starts
const phases = (read('build/phases.log') ?? '')
  .split('\n')
  .filter(Boolean)
  .map((line) => ({ at: Number(line.split(' ')[0]), name: line.slice(line.indexOf(' ') + 1) }));
const now = Math.round(Date.now() / 1000);
if (phases.length) {
  console.log('\n== time per layer');
  for (const [k, { at, name }] of phases.entries()) console.log(`${minutes((phases[k + 1]?.at ?? now) - at).padStart(12)}  ${name}`);
}
// (set by scripts/test.sh when it starts)
const started = Number(process.env.TEST_STARTED_AT);
if (started) console.log(`the whole run:             ${minutes(now - started)}`);
