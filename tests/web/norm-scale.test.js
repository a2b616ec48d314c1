// The ε and σ kernels through the real wasm module in Node: the answer key's numbers, the shapes and
// order of what comes back, the constants from C++, and bad input as Errors with the kernel's message.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNormScale } from '../../web/src/kernels/norm-scale.js';
import { thrown } from './thrown.js';

let ns;
beforeAll(async () => {
  ns = await loadNormScale();
});

const relClose = (actual, expected, rtol) => expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(rtol * Math.abs(expected));

describe('normScale: one σ and the curve around it', () => {
  it('is γ/√(σ²+ε), with the cap γ/√ε and γ/σ beside it', () => {
    const r = ns.at(0.5, 0.01, 2);
    relClose(r.scale, 2 / Math.sqrt(0.26), 1e-15);
    relClose(r.cap, 20, 1e-15);
    expect(r.scaleNoEps).toBe(4);
    relClose(r.slope, -0.25 / 0.26, 1e-15);
    relClose(r.knee, 0.1, 1e-15);
    expect(r.note).toBe('');
  });

  it('exercise 7: σ = 0, ε = 1e-5 sits at the cap, and says so', () => {
    const r = ns.at(0, 1e-5, 1);
    expect(r.scale).toBe(1 / Math.sqrt(1e-5));
    expect(r.cap).toBe(r.scale);
    expect(r.scaleNoEps).toBe(Infinity);
    expect(r.note).toMatch(/cap/);
  });

  it('σ = 0 and ε = 0: an infinite scale that comes with its reason', () => {
    const r = ns.at(0, 0, 1);
    expect(r.scale).toBe(Infinity);
    expect(r.note).toMatch(/^σ = 0 and ε = 0: .* infinite/);
  });

  it('the curve spans 1e-4 … 1e2 in order, with the reader’s σ at curve.reader', () => {
    expect([ns.sigmaMin, ns.sigmaMax]).toEqual([1e-4, 1e2]);
    const { curve } = ns.at(0.0123, 1e-5, 1);
    expect(curve.sigma.length).toBe(122);
    expect(curve.sigma[curve.reader]).toBe(0.0123);
    expect(curve.sigma.every((s, i) => i === 0 || s > curve.sigma[i - 1])).toBe(true);
    curve.sigma.forEach((s, i) => {
      relClose(curve.scale[i], 1 / Math.sqrt(s * s + 1e-5), 1e-15);
      relClose(curve.scaleNoEps[i], 1 / s, 1e-15);
    });
    expect(ns.at(0, 1e-5, 1).curve.reader).toBe(-1);
  });

  it('bad input throws the kernel’s message, named for its field', () => {
    expect(() => ns.at(-1, 1e-5, 1)).toThrow('σ must be 0 or more (it is a standard deviation)');
    expect(() => ns.at(1, -1, 1)).toThrow('ε must be 0 or more (it is added under a square root)');
    expect(() => ns.at(NaN, 1e-5, 1)).toThrow('σ must be a finite number');
    expect(() => ns.at(1, 1e-5, 0)).toThrow(/^γ must be more than 0 here/);
  });

  it('exposes nn.LayerNorm’s ε from C++', () => {
    expect(ns.defaultEps).toBe(1e-5);
  });
});

describe('normScaleDepth: the Post-LN chain and the Pre-LN bound', () => {
  it('exercise 10: variances [0.25, 1, 4, 9] give scales [2, 1, ½, ⅓] and a chain ending at ⅓', () => {
    const d = ns.depth({ variances: [0.25, 1, 4, 9] }, { eps: 0, gamma: 1, delta: 0 });
    expect(d.sigma).toEqual([0.5, 1, 2, 3]);
    expect(d.scale).toEqual([2, 1, 0.5, 1 / 3]);
    relClose(d.chain[3], 1 / 3, 1e-15);
    expect(d.bound).toEqual([1, 1, 1, 1]);
  });

  it('exercise 11: the first (shallow) block’s scale over the last (deep) one’s is 6', () => {
    const d = ns.depth({ variances: [0.25, 9] }, { eps: 0, gamma: 1, delta: 0 });
    relClose(d.firstOverLast, 6, 1e-15);
    relClose(d.firstOverLastLog10, Math.log10(6), 1e-15);
  });

  it('exercise 16: (1 + 0.02)^48 ≈ 2.587, one entry per block', () => {
    const d = ns.depth({ sigma1: 1, p: 0.5, L: 48 }, { eps: 1e-5, gamma: 1, delta: 0.02 });
    expect(d.bound.length).toBe(48);
    expect(Math.abs(d.bound[47] - 2.587)).toBeLessThan(5e-4);
    d.sigma.forEach((s, i) => relClose(s, Math.sqrt(i + 1), 1e-15));
  });

  it('a chain that leaves float64 keeps its log₁₀', () => {
    const d = ns.depth({ sigmas: Array(400).fill(10) }, { eps: 0, gamma: 1, delta: 0 });
    expect(d.chain[399]).toBe(0);
    relClose(d.chainLog10[399], -400, 1e-13);
  });

  it('bad input throws the kernel’s message', () => {
    const args = { eps: 0, gamma: 1, delta: 0 };
    expect(() => ns.depth({ sigmas: [1, -2] }, args)).toThrow('block 2: σ must be 0 or more (it is a standard deviation)');
    expect(() => ns.depth({ sigmas: [1, 0] }, args)).toThrow(/^block 2 has σ = 0 and ε = 0/);
    expect(() => ns.depth({ sigma1: 1, p: 0.5, L: 10000 }, args)).toThrow(/^L must be from 1 to 1000 blocks/);
    expect(() => ns.depth({ sigma1: 1, p: 0.5, L: 2.5 }, args)).toThrow('L must be a whole number of blocks');
    expect(() => ns.depth({ sigmas: [1] }, { ...args, delta: -1 })).toThrow('δ must be 0 or more (it bounds a norm)');
    expect(() => ns.depth({ variances: [1, -1] }, args)).toThrow(/^block 2: the variance must be 0 or more/);
  });
});

describe('a refused input is named on the Error, for the instrument to put its message beside that field', () => {
  it.each([
    [() => ns.at(-1, 1e-5, 1), 'sigma', /^σ must be 0 or more/],
    [() => ns.at(1, -1, 1), 'eps', /^ε must be 0 or more/],
    [() => ns.at(1, 1e-5, 0), 'gamma', /^γ must be more than 0/],
    [() => ns.depth({ sigma1: 1, p: 1e6, L: 96 }, { eps: 1e-5, gamma: 1, delta: 0.1 }), 'p', /^p is too large/],
    [() => ns.depth({ sigma1: 1, p: 1, L: 2.5 }, { eps: 1e-5, gamma: 1, delta: 0.1 }), 'L', /^L must be a whole number/],
    [() => ns.depth({ sigma1: 1, p: 1, L: 0 }, { eps: 1e-5, gamma: 1, delta: 0.1 }), 'L', /^L must be from 1 to/],
    [() => ns.depth({ sigmas: [1, -2] }, { eps: 1e-5, gamma: 1, delta: 0.1 }), 'list', /^block 2: σ must be 0 or more/],
    [() => ns.depth({ variances: [1, Number.NaN] }, { eps: 1e-5, gamma: 1, delta: 0.1 }), 'list', /^block 2: the variance/],
    [() => ns.depth({ sigmas: [1, 2] }, { eps: 1e-5, gamma: 1, delta: -1 }), 'delta', /^δ must be 0 or more/],
  ])('%#', (call, input, message) => {
    const error = thrown(call);
    expect(error.message).toMatch(message);
    expect(error.input).toBe(input);
  });
});
