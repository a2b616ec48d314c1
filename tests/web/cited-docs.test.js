// Every Markdown file that a comment, a README, a document or a test cites exists in the repository, so that a reader
// of a clone can follow each citation (issue 53: the design notes lived outside it, and about forty comments cited
// them by a name that led nowhere). A citation is any path ending in .md: relative to the citing file's folder,
// rooted at the repository (docs/design/protocol.md), or a content file's bare name as the chapter's tests and
// plugins write it (20-layernorm.md). A path that starts with / is never in the repository; one that continues a
// template's ${…} is built by the code, not cited.
// A pattern (content/NN-slug.md, content/52-exercise-22-*.md: NN and MM two digits, slug a word, * anything) holds
// when one file matches it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { expect, test } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const SCANNED = ['wasm', 'web', 'scripts', 'tests', 'bench', 'docs', 'CMakeLists.txt', 'README.md', 'CONTRIBUTING.md'];
// build outputs and installed packages; web/src/wasm/ is the generated module and its glue
const SKIPPED = new Set(['node_modules', 'build', 'dist', '.git', 'web/src/wasm']);
// source and documentation; data files (the PyTorch fixtures, the RNG vectors) are the reference bytes, not prose
const TEXT = /(\.(js|mjs|cjs|ts|cpp|hpp|h|py|sh|md|css|html|yml)|CMakeLists\.txt)$/;
// Names in the scanned text that are not citations: a made-up file name a test gives a record (and this file's own
// mention of it).
const NOT_CITATIONS = { 'tests/web/design-answer.test.js': ['x.md'], 'tests/web/cited-docs.test.js': ['x.md'] };

// a path ending in .md; the character before it may not continue a path or a URL, the one after it not a name
const CITED = /(?<![\w@$%.:/\\}-])((?:\/|(?:\.{1,2}\/)+)?[\w@*<>-]+(?:[./][\w@*<>-]+)*\.md)(?![\w-])/g;
const PLACEHOLDERS = /NN|MM|slug|\*|<[^>]+>/;

function filesUnder(path) {
  const rel = relative(root, path);
  if (SKIPPED.has(basename(path)) || SKIPPED.has(rel)) return [];
  if (statSync(path).isDirectory()) return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
  return TEXT.test(path) ? [path] : [];
}

// The folders a citation in `file` may be relative to.
const basesOf = (file) => [dirname(file), root, join(root, 'content')];

function exists(cited, file) {
  if (cited.startsWith('/')) return false;
  if (!PLACEHOLDERS.test(basename(cited))) return basesOf(file).some((base) => existsSync(join(base, cited)));
  const name = new RegExp(
    `^${basename(cited)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/NN|MM/g, '\\d\\d')
      .replace(/slug/g, '[\\w-]+')
      .replace(/<[^>]+>/g, '[^/]+')
      .replace(/\*/g, '[^/]*')}$`,
  );
  return basesOf(file).some((base) => {
    const dir = join(base, dirname(cited));
    return existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).some((f) => name.test(f));
  });
}

/** Every cited .md path of the scanned files that does not exist: "file:line: path". */
export function missingCitations() {
  const files = SCANNED.filter((p) => existsSync(join(root, p))).flatMap((p) => filesUnder(join(root, p)));
  const missing = [];
  for (const file of files) {
    const rel = relative(root, file);
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, k) => {
        for (const [, cited] of line.matchAll(CITED)) {
          if (NOT_CITATIONS[rel]?.includes(cited)) continue;
          if (!exists(cited, file)) missing.push(`${rel}:${k + 1}: ${cited}`);
        }
      });
  }
  return { files, missing };
}

test('every .md file the sources cite exists in the repository', () => {
  const { files, missing } = missingCitations();
  expect(files.length).toBeGreaterThan(300);
  expect(missing).toEqual([]);
});
