// The page's Content-Security-Policy (web/plugins/csp.js) and what it asks of the kernels' glue: no code
// built from strings (the module is linked with -sDYNAMIC_EXECUTION=0), and inline scripts allowed by hash.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, policyFor } from '../../web/plugins/csp.js';

describe('the kernels’ glue', () => {
  const glue = readFileSync(new URL('../../web/src/wasm/kernels.mjs', import.meta.url), 'utf8');
  it('builds no code from strings: no eval, no Function constructor', () => {
    expect(glue).not.toMatch(/\bnew Function\b|[^\w.]Function\(|\beval\(/);
    expect(glue.length).toBeGreaterThan(10_000); // the real glue, not an empty file
  });
});

describe('the policy', () => {
  const page = `<!doctype html><html><head><meta charset="utf-8"><script>document.documentElement.classList.add('js');</script>
    <script type="module" src="/assets/index-abc.js"></script></head><body><script>
      one more
    </script></body></html>`;

  it('allows each inline script by the SHA-256 of its exact text, and nothing by unsafe-inline or unsafe-eval', () => {
    const sha = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineScriptHashes(page)).toEqual([sha("document.documentElement.classList.add('js');"), sha('\n      one more\n    ')]);
    const policy = policyFor(page);
    const script = policy.split('; ').find((d) => d.startsWith('script-src '));
    expect(script).toBe(`script-src 'self' 'wasm-unsafe-eval' ${inlineScriptHashes(page).join(' ')}`);
    expect(policy).not.toContain("'unsafe-eval'"); // ('wasm-unsafe-eval' compiles wasm and nothing else)
    expect(policy).toContain("object-src 'none'");
  });
});
