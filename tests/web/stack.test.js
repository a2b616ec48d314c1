// The stack kernel through the real wasm module in Node: defaults from C++, PyTorch fixtures through the
// JS bindings, progress callbacks, reader-facing errors, and the memory a deep run takes.
import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKernels } from '../../web/src/kernels/loader.js';
import { loadStack } from '../../web/src/kernels/stack.js';
import { ACTIVATIONS, MEASURES, PLACEMENTS } from '../../web/src/experiment/choices.js';

const fixtureDir = new URL('../reference/fixtures/stack/', import.meta.url);
const fixture = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, fixtureDir), 'utf8'));
const optionsOf = ({ config: c }) => ({
  // a written wiring's fixture holds its description as an object: the kernel reads its JSON text
  placement: typeof c.placement === 'object' ? JSON.stringify(c.placement) : c.placement,
  L: c.L,
  d: c.d,
  heads: c.heads,
  ffnMult: c.ffn_mult,
  B: c.B,
  T: c.T,
  seed: c.seed,
  scale: c.scale,
  causal: c.causal,
  activation: c.activation,
});

const expectClose = (actual, expected, rtol, what) => {
  expect(actual.length, what).toBe(expected.length);
  actual.forEach((a, i) => expect(Math.abs(a - expected[i]), `${what}[${i}]: ${a} vs ${expected[i]}`).toBeLessThanOrEqual(rtol * Math.abs(expected[i])));
};

let stack;
beforeAll(async () => {
  stack = await loadStack();
});

describe('defaults', () => {
  it('are the protocol’s, reported by C++', () => {
    expect(stack.defaults).toEqual({
      placement: 'pre',
      L: 20,
      d: 128,
      heads: 4,
      ffnMult: 4,
      B: 8,
      T: 16,
      seed: 0,
      scale: 1,
      causal: false,
      activation: 'relu',
    });
  });
});

describe('runStack against PyTorch fixtures', () => {
  const small = readdirSync(fixtureDir)
    .filter((f) => /^(tiny|edge)_/.test(f))
    .map((f) => f.replace(/\.json$/, ''));
  it.each(small)('%s', (name) => {
    const f = fixture(name);
    const r = stack.run(optionsOf(f));
    expectClose(r.gradNorm, f.grad_norm, 1e-9, 'gradNorm');
    expectClose(r.gradNormWeights, f.grad_norm_weights, 1e-9, 'gradNormWeights');
    expectClose(r.gradNormNoLn, f.grad_norm_no_ln, 1e-9, 'gradNormNoLn');
    expectClose(r.inputGradNorm, f.input_grad_norm, 1e-9, 'inputGradNorm');
    expectClose(r.streamSd, f.stream_sd, 1e-9, 'streamSd');
    expectClose([r.loss, r.ratio], [f.loss, f.ratio], 1e-9, 'loss, ratio');
  });

  it('reproduces the article configuration (Post-LN, L = 20, seed 0)', () => {
    const f = fixture('article_post_L20_s0');
    const r = stack.run(optionsOf(f));
    expectClose(r.gradNorm, f.grad_norm, 1e-9, 'gradNorm');
    expectClose(r.streamSd, f.stream_sd, 1e-9, 'streamSd');
  });
});

describe('the settings drawer’s activations', () => {
  it('are the ones the kernel takes, every one of them', () => {
    for (const { key } of ACTIVATIONS) expect(() => stack.check({ L: 2, activation: key }), key).not.toThrow();
    expect(() => stack.check({ L: 2, activation: 'tanh' })).toThrow(`activation must be ${ACTIVATIONS.map((a) => a.key).join(' or ')}`);
  });
});

describe('the wirings', () => {
  it('ReZero’s Linear-only ratios are undefined at initialisation, with their reason; its others are numbers', () => {
    const r = stack.run({ placement: 'rezero', L: 4, d: 8, heads: 2, B: 2, T: 3 });
    expect(Number.isNaN(r.ratios['no-ln'])).toBe(true);
    expect(Number.isNaN(r.ratios.weights)).toBe(true);
    expect(r.undefinedRatios['no-ln']).toMatch(/^undefined \(0\/0\): .*a gate that starts at 0/);
    expect(Object.keys(r.undefinedRatios).sort()).toEqual(['no-ln', 'weights']);
    expect(r.ratios.input).toBe(1); // the stream passes every block untouched: the same gradient at every input
    expect(Number.isFinite(r.ratios.all)).toBe(true);
  });
});

describe('progress', () => {
  it('reports every block forward and backward, in order', () => {
    const calls = [];
    stack.run({ L: 4, d: 8, heads: 2, B: 2, T: 3 }, (done, total) => calls.push([done, total]));
    expect(calls).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((k) => [k, 8]));
  });
});

describe('bad configurations get the kernel’s message', () => {
  it.each([
    [{ L: 10000 }, /depth L must be between 1 and 1024 \(got 10000\)/],
    [{ heads: 5 }, /heads must divide d/],
    [{ placement: 'middle' }, `placement must be one of ${PLACEMENTS.map((p) => p.key).join(', ')} (got "middle")`],
    [{ placement: '{"from": "pre", "alpha": "1/(i-2)"}', L: 4 }, /alpha "1\/\(i-2\)" is not a finite number at block 2 of L = 4 \(it is inf\)/],
    [{ activation: 'tanh' }, /activation must be relu or gelu/],
    [{ L: 2.5 }, /L must be a whole number/],
    [{ L: '20' }, /L must be a number/],
    [{ seed: 2 ** 32, L: 2 }, /the seed must be a whole number from 0 to 4294967295 \(PyTorch's generator takes a seed's low 32 bits/],
    [{ seed: -1, L: 2 }, /the seed must be a whole number from 0 to 4294967295/],
    [{ scale: -1 }, /output scale s must be a finite number, 0 or more/],
    [{ seed: 0.5 }, /seed must be a whole number/],
    [{ L: 1024, B: 64, T: 64 }, /needs about .* MiB .* reduce L, B, T or d/],
  ])('%j', (options, message) => {
    expect(() => stack.check(options)).toThrow(message);
    expect(() => stack.run(options)).toThrow(message);
  });
});

describe('memory', () => {
  it('a run at L = 96 with the article’s sizes takes about what check() says, under 256 MiB of wasm memory (the stream and the caches it keeps), and L = 256 works', async () => {
    const K = await loadKernels();
    const estimate = stack.check({ placement: 'pre', L: 96 });
    stack.run({ placement: 'pre', L: 96 });
    expect(K.HEAPU8.buffer.byteLength).toBeLessThan(Math.min(1.25 * estimate, 256 * 1024 * 1024));
    const r = stack.run({ placement: 'post', L: 256, B: 2, T: 16 });
    expect(r.gradNorm.length).toBe(256);
    expect(r.gradNorm.every(Number.isFinite)).toBe(true);
  });
});

describe('summaries', () => {
  it('median is the mean of the middle two for an even count', () => {
    expect(stack.median([3, 1, 4, 1, 5, 9])).toBe(3.5);
    expect(stack.median([2, 7, 1])).toBe(2);
    expect(() => stack.median([])).toThrow(/median of no values/);
  });
  it('stream growth is last/first and ln(factor)/ln(L)', () => {
    const g = stack.streamGrowth([1, 2, 4, 8]);
    expect(g.factor).toBe(8);
    expect(g.exponent).toBeCloseTo(Math.log(8) / Math.log(4), 15);
  });
});

describe('the measures of a block’s gradient: the kernel’s, in its order, each with the page’s words', () => {
  it('the page offers exactly the measures a run reports, and every run reports each of them', async () => {
    const K = await loadKernels();
    const names = [...K.measureNames()];
    expect(MEASURES.map((m) => m.key)).toEqual(names);
    const stack = await loadStack();
    const r = stack.run({ ...stack.defaults, L: 2, seed: 0 });
    expect(Object.keys(r.ratios)).toEqual(names);
    for (const m of MEASURES) expect(m.label.length * m.about.length, m.key).toBeGreaterThan(0);
  });
});
