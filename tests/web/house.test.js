// The house's shape, checked where a lint rule cannot say it: in C++, CSS and the file tree, which ESLint does not read.
// (A widget's folder is its own, markup is built through ui/html.js, the layers import downward, a select is the
// control kit's, no JavaScript comment states a timing and the exercise's mount() stays short and stateless: those
// are lint rules, eslint.config.js, shown firing in lint-rules.test.js.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// Comments say why; what was measured is kept in docs/measurements.md or the commit, where its date and machine
// go with it (a timing in a comment goes stale unseen). A timing is a number with ms, s or FLOP/s after it. The
// page's JavaScript is held by the lint rule house/no-timing-in-comments (scripts/lint/house-rules.js); the
// kernels' C++ and the page's CSS, which ESLint does not read, here.
test('no comment in the kernels or the page’s stylesheets states a timing', () => {
  const roots = ['../../wasm/src/', '../../web/src/'].map((p) => new URL(p, import.meta.url).pathname);
  const files = roots.flatMap((root) =>
    readdirSync(root, { recursive: true })
      .filter((f) => /\.(cpp|hpp|css)$/.test(f) && !f.startsWith('wasm/'))
      .map((f) => join(root, f)),
  );
  expect(files.length).toBeGreaterThan(60);
  const TIMING = /\d(?:[\d.,]*\d)?(?:\s?[–-]\s?\d[\d.]*)?\s?(?:ms|µs|s|[GMT]?FLOP\/s)\b/;
  const found = [];
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, k) => {
        const comment = line.match(/(?:\/\/|\/\*|^\s*\*)(.*)$/)?.[1];
        if (comment && TIMING.test(comment)) found.push(`${file.split('/src/')[1]}:${k + 1}: ${comment.trim()}`);
      });
  }
  expect(found).toEqual([]);
});

// A select's look is the kit's (ui/controls.css .choice-select), not each figure's: when two stylesheets styled
// the lab's selects, its height depended on which other figure had mounted first (its reserve overflowed).
test("a select is styled in one place, the kit's stylesheet", () => {
  const root = new URL('../../web/src/', import.meta.url).pathname;
  const sheets = readdirSync(root, { recursive: true }).filter((f) => f.endsWith('.css') && f !== 'ui/controls.css');
  expect(sheets.length).toBeGreaterThan(10);
  const found = [];
  for (const file of sheets) {
    for (const [, selector, body] of readFileSync(join(root, file), 'utf8').matchAll(/([^{}]+)\{([^}]*)\}/g)) {
      if (/\bselect\b/.test(selector.replace(/user-select/g, '')) && /\b(font|border|background|padding)\s*:/.test(body))
        found.push(`${file}: ${selector.trim()}`);
    }
  }
  expect(found).toEqual([]);
});

// A kernel's result is described once, beside its struct (for_each_field); the bindings of the stack, the
// training lab and the ε–σ instrument build their objects from it (convert.hpp result_to_js), never property
// by property, so a new field cannot reach one of them and miss another.
test('the stack, training and norm-scale bindings set no result field by name', () => {
  const bindings = new URL('../../wasm/bindings/', import.meta.url).pathname;
  const found = [];
  for (const file of ['bind_stack.cpp', 'bind_train.cpp', 'bind_norm_scale.cpp']) {
    const source = readFileSync(join(bindings, file), 'utf8');
    expect(source, file).toContain('result_to_js');
    for (const [line] of source.matchAll(/^.*\.set\("[^"]+".*$/gm)) found.push(`${file}: ${line.trim()}`);
  }
  expect(found).toEqual([]);
});

// The C++ tests mirror the kernels: each kernel file wasm/src/X.cpp has its suite tests/cpp/test_X.cpp, so a broken
// kernel fails a test that names it. profile.cpp is the benchmark's instrumentation, compiled only into the
// benchmark's own copy of the kernels (TK_PROFILE): npm run bench exercises it.
test('every kernel file has its own C++ test file', () => {
  const src = new URL('../../wasm/src/', import.meta.url).pathname;
  const tests = new URL('../../tests/cpp/', import.meta.url).pathname;
  const kernels = readdirSync(src)
    .filter((f) => f.endsWith('.cpp'))
    .map((f) => f.slice(0, -4));
  expect(kernels.length).toBeGreaterThan(25);
  const have = new Set(readdirSync(tests));
  const missing = kernels.filter((k) => k !== 'profile' && !have.has(`test_${k}.cpp`));
  expect(missing).toEqual([]);
});

// The wirings' rules cite what their reader can open first: the papers (authors, title, year), not the design notes
// the team worked from (issue 35, item 12). (train.*, adam.hpp and gemm.* cite design notes, which docs/design/ now
// holds: tests/web/cited-docs.test.js.)
test('the wirings’ rules cite their papers, not a design note outside the repository', () => {
  const root = new URL('../../wasm/src/', import.meta.url).pathname;
  const text = ['block.hpp', 'block.cpp', 'wiring.hpp', 'wiring.cpp', 'expr.cpp'].map((f) => readFileSync(join(root, f), 'utf8')).join('\n');
  expect(text).not.toMatch(/\bdesign\/[\w-]+\.md\b/);
  for (const paper of [
    '"DeepNet: Scaling Transformers to 1,000 Layers" (2022)',
    '"Going deeper with Image Transformers" (CaiT, 2021)',
    '"ReZero is All You Need: Fast Convergence at Large Depth" (2020)',
    '"Mix-LN: Unleashing the Power of Deeper Layers by Combining Pre-LN and Post-LN" (2025)',
  ]) {
    expect(text).toContain(paper);
  }
});
