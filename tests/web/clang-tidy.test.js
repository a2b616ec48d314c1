// scripts/clang-tidy.sh checks a few changed files one by one and many (a fresh clone's) as one translation unit per
// core. Both ways must report what .clang-tidy forbids, and a unit whose files clash when included together must
// still be checked: here over a directory of its own (SOURCES), with its stamps in another (TIDY_DIR).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// bugprone-use-after-move, one of the checks .clang-tidy enables
const BREACH = `#include <utility>
#include <vector>
int breach() {
  std::vector<int> a{1};
  std::vector<int> b = std::move(a);
  return static_cast<int>(a.size() + b.size());
}
`;
const CLEAN = 'int clean() { return 1; }\n';
// two files with the same file-local name: fine apart, ambiguous in one unit
const CLASH = (n) => `namespace {\nint twice(int x) { return x + ${n}; }\n}  // namespace\nint clash${n}() { return twice(${n}); }\n`;

let dir;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the script over `files` ({name: text}), one by one (unityFrom above their count) or in units. */
function tidy(files, { unityFrom }) {
  mkdirSync(`${root}build`, { recursive: true });
  dir = mkdtempSync(`${root}build/tidy-`);
  const sources = `${dir}/wasm/src`; // (where .clang-tidy's HeaderFilterRegex reports what a unit includes)
  mkdirSync(sources, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(`${sources}/${name}`, text);
  const run = spawnSync('bash', [`${root}scripts/clang-tidy.sh`], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, SOURCES: sources, TIDY_DIR: `${dir}/stamps`, UNITY_FROM: String(unityFrom) },
  });
  const stamps = readdirSync(`${dir}/stamps`).filter((f) => !f.startsWith('unity-') && f !== 'compile_commands.json');
  return { status: run.status, out: run.stdout + run.stderr, stamps };
}

describe('clang-tidy over the kernels', { timeout: 120_000 }, () => {
  for (const [way, unityFrom] of [
    ['file by file', 99],
    ['in one unit per core', 1],
  ]) {
    it(`reports a breach ${way}, and stamps no file that failed`, () => {
      const { status, out, stamps } = tidy({ 'breach.cpp': BREACH, 'clean.cpp': CLEAN }, { unityFrom });
      expect(status).not.toBe(0);
      expect(out).toMatch(/breach\.cpp:6:\d+: error: 'a' used after it was moved \[bugprone-use-after-move/);
      // (in units, a unit with a breach stamps none of its files: clean.cpp is stamped when it had a unit of its own)
      expect(stamps.map((s) => s.split('.cpp')[0])).toEqual(unityFrom === 1 ? expect.not.arrayContaining(['breach']) : ['clean']);
    });
  }

  it('checks files that clash in one unit one by one, and passes them', () => {
    const { status, out, stamps } = tidy({ 'a.cpp': CLASH(1), 'b.cpp': CLASH(2), 'c.cpp': CLASH(3) }, { unityFrom: 1 });
    expect(out).toMatch(/does not compile as one unit/);
    expect(status, out).toBe(0);
    expect(stamps.map((s) => s.split('.cpp')[0]).sort()).toEqual(['a', 'b', 'c']);
  });
});
