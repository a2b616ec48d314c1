// The LayerNorm kernels through the real wasm module in Node: values, shapes, row-major order, errors.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKernels } from '../../web/src/kernels/loader.js';
import { loadNorm } from '../../web/src/kernels/norm.js';
import { thrown } from './thrown.js';

let ln;
beforeAll(async () => {
  const norm = await loadNorm();
  // LayerNorm's side of the one norm instrument (kernels/norm.js), as these tests call it
  ln = { ...norm, defaultEps: norm.defaultEps.ln, steps: (x, g, b, e) => norm.steps('ln', x, g, b, e), jacobian: (x, g, e) => norm.jacobian('ln', x, g, e) };
});

const close = (actual, expected, tol = 1e-15) => {
  expect(actual.length).toBe(expected.length);
  actual.forEach((a, i) => expect(Math.abs(a - expected[i]), `entry ${i}: ${a} vs ${expected[i]}`).toBeLessThanOrEqual(tol));
};

describe('LayerNorm steps', () => {
  it('LN([2,4,4,6]) with ε = 0 is [−√2, 0, 0, √2], with every intermediate', () => {
    const s = ln.steps([2, 4, 4, 6], [1, 1, 1, 1], [0, 0, 0, 0], 0);
    expect(s.mean).toBe(4);
    expect(s.deviations).toEqual([-2, 0, 0, 2]);
    expect(s.squares).toEqual([4, 0, 0, 4]);
    expect(s.variance).toBe(2);
    expect(s.sigma).toBe(Math.SQRT2);
    close(s.y, [-Math.SQRT2, 0, 0, Math.SQRT2]);
  });

  it('[5,5,5,5] is NaN with ε = 0 and zeros with ε = 1e-5', () => {
    expect(ln.steps([5, 5, 5, 5], [1, 1, 1, 1], [0, 0, 0, 0], 0).y.every(Number.isNaN)).toBe(true);
    expect(ln.steps([5, 5, 5, 5], [1, 1, 1, 1], [0, 0, 0, 0], 1e-5).y).toEqual([0, 0, 0, 0]);
  });

  it('applies γ and β per entry', () => {
    const s = ln.steps([1.5, 2], [2, 3], [0.5, -1], 0);
    close(s.y, [2 * -1 + 0.5, 3 * 1 - 1]);
  });

  it('exposes nn.LayerNorm’s default ε from C++', () => {
    expect(ln.defaultEps).toBe(1e-5);
  });
});

describe('LayerNorm Jacobian', () => {
  it('returns rows in row-major order: row a is scaled by γ_a', () => {
    const x = [0.3, -1.2, 2.5];
    const gamma = [1, 2, 3];
    const jac = ln.jacobian(x, gamma, 1e-5);
    expect(jac.d).toBe(3);
    // diagonal term: γ_a/σ on the diagonal, 0 elsewhere; a transposed copy would put γ_b there instead
    expect(jac.diagonal[1][1] / jac.diagonal[0][0]).toBeCloseTo(2, 14);
    expect(jac.diagonal[2][2] / jac.diagonal[0][0]).toBeCloseTo(3, 14);
    expect(jac.meanRemoval[2][0] / jac.meanRemoval[0][2]).toBeCloseTo(3, 14);
    jac.J.forEach((row, a) => row.forEach((v, b) => expect(v).toBeCloseTo(jac.diagonal[a][b] + jac.meanRemoval[a][b] + jac.varianceRemoval[a][b], 14)));
  });

  it('agrees with the backward pass: backward(dy) = Jᵀ·dy', () => {
    const x = [0.3, -1.2, 2.5, 0.1];
    const gamma = [1.5, 0.5, 2, 1];
    const beta = [0, 0, 0, 0];
    const dy = [0.7, -0.2, 0.4, 1.1];
    const jac = ln.jacobian(x, gamma, 1e-5);
    const { dx } = ln.backward(x, 1, 4, gamma, beta, 1e-5, dy);
    const expected = [0, 1, 2, 3].map((b) => jac.J.reduce((sum, row, a) => sum + row[b] * dy[a], 0));
    close([...dx], expected, 1e-13);
  });
});

describe('errors cross the boundary as JS Errors with the kernel’s message', () => {
  it.each([
    [() => ln.steps([1, 2, 3], [1, 1, 1], [0, 0, 0], -1), /ε must be 0 or more/],
    [() => ln.steps([1, 2, 3], [1, 1], [0, 0, 0], 0), /gamma has 2 entries, x has 3/],
    [() => ln.steps([], [], [], 0), /at least one feature/],
    [() => ln.steps([1, NaN], [1, 1], [0, 0], 0), /x must contain only finite numbers/],
    [() => ln.forward([1, 2, 3], 2, 2, [1, 1], [0, 0], 0), /expected 2x2 = 4 numbers, got 3/],
  ])('%#', (call, message) => {
    expect(call).toThrow(Error);
    expect(call).toThrow(message);
  });

  it('keeps working after an error', () => {
    expect(() => ln.steps([1], [1, 2], [0], 0)).toThrow();
    expect(ln.steps([1, 3], [1, 1], [0, 0], 0).y).toEqual([-1, 1]);
  });
});

describe('one norm instrument: either kind from one entry point, its terms listed by the kernel', () => {
  let norm;
  beforeAll(async () => {
    norm = await loadNorm();
  });
  const sum = (terms, j) =>
    terms.reduce(
      (acc, key) => acc.map((row, a) => row.map((v, b) => v + j[key][a][b])),
      j.J.map((row) => row.map(() => 0)),
    );

  it('RMSNorm of [2, 4, 4, 6]: mean square 18, y = x/√18, and each kind its own ε', () => {
    const s = norm.steps('rms', [2, 4, 4, 6], [1, 1, 1, 1], null, 0);
    expect(s.kind).toBe('rms');
    expect(s.meanSquare).toBe(18);
    s.y.forEach((v, i) => expect(v).toBeCloseTo([2, 4, 4, 6][i] / Math.sqrt(18), 15));
    expect(norm.defaultEps).toEqual({ ln: 1e-5, rms: 1e-6 });
  });

  it.each([
    ['ln', ['diagonal', 'meanRemoval', 'varianceRemoval']],
    ['rms', ['diagonal', 'scaleRemoval']],
  ])('%s: the terms the kernel lists sum to J', (kind, terms) => {
    const j = norm.jacobian(kind, [2, 4, 4, 7], [1, 2, 1, 0.5], 1e-5);
    expect(j.kind).toBe(kind);
    expect(j.terms).toEqual(terms);
    const total = sum(j.terms, j);
    j.J.forEach((row, a) => row.forEach((v, b) => expect(Math.abs(v - total[a][b])).toBeLessThan(1e-12)));
  });

  // the instrument puts a message beside the field its error names: the kernel says which input it refuses
  it.each([
    [() => norm.steps('ln', [1, 2, 3], [1, 1, 1], [0, 0, 0], -1), 'eps', /ε must be 0 or more/],
    [() => norm.steps('ln', [1, 2, 3], [1, 1], [0, 0, 0], 0), 'gamma', /gamma has 2 entries, x has 3/],
    [() => norm.steps('ln', [1, 2, 3], [1, 1, 1], [0, 0], 0), 'beta', /beta/],
    [() => norm.steps('rms', [1, 2, 3], [1, 1], null, 0), 'gain', /gain/],
    [() => norm.steps('rms', [1, Infinity], [1, 1], null, 0), 'x', /x must contain only finite numbers/],
    [() => norm.jacobian('rms', [1, 2], [1, 1], -1), 'eps', /ε must be 0 or more/],
    [() => norm.steps('ln', [1, 2, 3], [1.5e308, 1.5e308, 1.5e308], [0, 0, 0], 0), 'gamma', /^gamma and beta make the output larger/],
    [() => norm.steps('rms', [1, 2, 3], [1.5e308, 1.5e308, 1.5e308], null, 0), 'gain', /^the gain makes the output larger/],
  ])('%# names its input', (call, input, message) => {
    const error = thrown(call);
    expect(error.message).toMatch(message);
    expect(error.input).toBe(input);
  });

  it('a kind it does not know, or a β for RMSNorm, is refused in words', async () => {
    expect(() => norm.steps('layernorm', [1, 2], [1, 1], [0, 0], 0)).toThrow(/"ln" \(LayerNorm\) or "rms" \(RMSNorm\)/);
    // (the wrapper hands RMSNorm no β; the binding itself refuses one)
    const K = await loadKernels();
    expect(() => K.normSteps('rms', [1, 2], [1, 1], [0, 0], 0)).toThrow(/RMSNorm has no β/);
  });
});
