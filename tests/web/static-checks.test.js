// The type checker and the format check (npm run lint, scripts/lint.sh) shown to fail on a deliberate breach and to
// pass the same code kept right: a seam called with the wrong type (tsc with the project's tsconfig.json), a
// parameter left without a type where noImplicitAny holds (tsconfig.strict.json), and a file written against the
// formatter's settings (Prettier with .prettierrc.json).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// a module written as `code`, type-checked with the options of `config` (tsconfig.json or tsconfig.strict.json)
// → the checker's error codes
function typeErrors(code, config = 'tsconfig.json') {
  mkdirSync(`${root}build`, { recursive: true }); // a fresh clone has no build/ before its first build
  const dir = mkdtempSync(`${root}build/tsc-breach-`);
  try {
    writeFileSync(`${dir}/breach.js`, `${code}\n`);
    writeFileSync(`${dir}/tsconfig.json`, JSON.stringify({ extends: `../../${config}`, include: ['breach.js', '../../web/src/types/*.d.ts'] }));
    try {
      execFileSync(`${root}node_modules/.bin/tsc`, ['-p', `${dir}/tsconfig.json`], { encoding: 'utf8' });
      return [];
    } catch (error) {
      return [...error.stdout.matchAll(/error (TS\d+)/g)].map((m) => m[1]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the type checker', () => {
  // a call of the control kit (ui/controls.js)
  const kit = "import { selectField } from '../../web/src/ui/controls.js';\n";
  it('refuses a seam called with the wrong type', () => {
    // choices is Choice[]: a number is not
    expect(typeErrors(kit + "selectField({ label: 'L', choices: 3 });")).toContain('TS2322');
  }, 60_000);
  it('passes the same call kept right', () => {
    expect(typeErrors(kit + "selectField({ label: 'L', choices: [{ key: 'a', label: 'A' }] });")).toEqual([]);
  }, 60_000);
  // (a module of its own: noImplicitAny holds for every file the program reaches, so an import from outside the
  // strict folders would bring that file's errors in)
  it('refuses a parameter without a type under the strict config, and passes it typed', () => {
    expect(typeErrors('export const twice = (n) => 2 * n;', 'tsconfig.strict.json')).toContain('TS7006');
    expect(typeErrors('/** @param {number} n */\nexport const twice = (n) => 2 * n;', 'tsconfig.strict.json')).toEqual([]);
  }, 60_000);
});

describe('the format check', () => {
  const formatted = async (code, filepath) => prettier.check(code, { ...(await prettier.resolveConfig(`${root}${filepath}`)), filepath: `${root}${filepath}` });
  it('fails a file written against the settings', async () => {
    expect(await formatted('const a = {b:1}\n', 'web/src/ui/breach.js')).toBe(false);
    expect(await formatted('const a = "b";\n', 'web/src/ui/breach.js')).toBe(false);
  });
  it('passes the same file formatted', async () => {
    expect(await formatted("const a = { b: 1 };\nconst c = 'b';\n", 'web/src/ui/breach.js')).toBe(true);
  });
});
