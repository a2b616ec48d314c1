// The LayerNorm bindings over float64's whole range (issue 10): a property test with a fixed seed. Rows of
// tiny, huge and mixed magnitudes (subnormal to near 1.8e308), ε = 0 or of any size, γ, β and dy of other
// sizes. The oracle is LayerNorm's own symmetry: the same question moved to sizes near 1 by powers of two
// (exact), where the plain formulas hold; y scales by 2^j with γ and β, J by 2^(j−k), dx by 2^(j+m−k).
// Every result is either finite and equal to the oracle's, or the oracle's value lies past float64 and
// the binding throws a message that says so; NaN comes only from the 0/0 of equal entries with ε = 0.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNorm } from '../../web/src/kernels/norm.js';

let ln;
beforeAll(async () => {
  const norm = await loadNorm();
  // LayerNorm's side of the one norm instrument (kernels/norm.js), as these tests call it
  ln = { ...norm, defaultEps: norm.defaultEps.ln, steps: (x, g, b, e) => norm.steps('ln', x, g, b, e), jacobian: (x, g, e) => norm.jacobian('ln', x, g, e) };
});

// mulberry32: a small seeded generator, so every run draws the same cases
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// v · 2^e, exact unless the result leaves float64 (2^e itself may not exist, so in steps)
function ldexp(v, e) {
  let x = v;
  let k = e;
  while (k > 1000) {
    x *= 2 ** 1000;
    k -= 1000;
  }
  while (k < -1000) {
    x *= 2 ** -1000;
    k += 1000;
  }
  return x * 2 ** k;
}

const SMALLEST = 5e-324;
// |a − b| ≤ atol + rtol·|b| entry by entry, with atol from the expected values' own size
function expectClose(actual, expected, what) {
  const flat = (m) => (Array.isArray(m[0]) ? m.flat() : Array.from(m));
  const a = flat(actual);
  const b = flat(expected);
  expect(a.length, what).toBe(b.length);
  const atol = 1e-13 * Math.max(...b.map(Math.abs)) + 4 * SMALLEST;
  const bad = a.findIndex((v, i) => !Number.isFinite(v) || !(Math.abs(v - b[i]) <= atol + 1e-12 * Math.abs(b[i])));
  if (bad >= 0) expect.fail(`${what}[${bad}]: ${a[bad]}, expected ${b[bad]} (rtol 1e-12, atol ${atol})`);
}

const BEYOND = /larger than float64 can hold/;
const allFinite = (m) => (Array.isArray(m[0]) ? m.flat() : Array.from(m)).every(Number.isFinite);

function drawCase(next) {
  const d = 1 + Math.floor(next() * 9);
  const k = Math.floor(-1074 + next() * 2098); // the row's size 2^k
  const j = Math.floor(-200 + next() * 400); // γ and β: 2^j
  const m = Math.floor(-300 + next() * 600); // dy: 2^m
  const x = Array.from({ length: d }, () => ldexp((2 * next() - 1) * 10 ** (-30 * next() ** 4), k));
  const x0 = x.map((v) => ldexp(v, -k)); // exact: x itself is what was rounded
  let eps = next() < 0.4 ? 0 : ldexp(10 ** (-20 + 21 * next()), 2 * k);
  if (!Number.isFinite(eps)) eps = 0;
  const eps0 = ldexp(eps, -2 * k);
  const gamma0 = Array.from({ length: d }, () => (next() < 0.5 ? -1 : 1) * 10 ** (3 * next() - 1.5));
  const beta0 = Array.from({ length: d }, () => 2 * next() - 1);
  const dy0 = Array.from({ length: d }, () => 2 * next() - 1);
  return {
    d,
    k,
    j,
    m,
    x,
    x0,
    eps,
    eps0,
    gamma0,
    beta0,
    dy0,
    gamma: gamma0.map((v) => ldexp(v, j)),
    beta: beta0.map((v) => ldexp(v, j)),
    dy: dy0.map((v) => ldexp(v, m)),
  };
}

// result of call(), or the Error it threw
const attempt = (call) => {
  try {
    return call();
  } catch (error) {
    return error;
  }
};

describe('LayerNorm bindings across float64’s range', () => {
  it('x = [1e-300, 2e-300, 3e-300], ε = 0 is [−1.2247, 0, 1.2247], not [−∞, NaN, ∞]', () => {
    const s = ln.steps([1e-300, 2e-300, 3e-300], [1, 1, 1], [0, 0, 0], 0);
    expectClose(s.y, [-Math.sqrt(1.5), 0, Math.sqrt(1.5)], 'y');
    expect(s.sigma).toBeGreaterThan(0);
    expect(s.unit).not.toBe(1);
    const inUnit = ln.steps(s.xInUnit, [1, 1, 1], [0, 0, 0], s.epsInUnit); // the steps the instrument shows
    expect(inUnit.unit).toBe(1);
    expect([inUnit.mean, inUnit.variance, inUnit.sigma, ...inUnit.squares, ...inUnit.deviations].every(Number.isFinite)).toBe(true);
    expect(inUnit.y).toEqual(s.y);
  });

  it('x = [1e200, 2e200, 3e200] is the same, not an overflow', () => {
    for (const eps of [0, 1e-5])
      expectClose(ln.steps([1e200, 2e200, 3e200], [1, 1, 1], [0, 0, 0], eps).y, [-Math.sqrt(1.5), 0, Math.sqrt(1.5)], `y, ε = ${eps}`);
  });

  it('a fixed-seed fuzz of steps, forward, backward and the Jacobian agrees with the scale symmetry', () => {
    const next = random(20250611);
    const tally = { cases: 0, beyond: 0, zeroOverZero: 0, inUnit: 0 };
    for (let trial = 0; trial < 3000; trial++) {
      const c = drawCase(next);
      const label = `trial ${trial}: x = [${c.x}], ε = ${c.eps}, γ·2^${c.j}, dy·2^${c.m}`;
      const ref = ln.steps(c.x0, c.gamma0, c.beta0, c.eps0);
      const s = attempt(() => ln.steps(c.x, c.gamma, c.beta, c.eps));
      tally.cases++;
      if (!ref.y.every(Number.isFinite)) {
        // all entries equal with ε = 0: the 0/0 the chapter explains, and σ = 0 says so
        expect(ref.sigma, label).toBe(0);
        expect(s.sigma, label).toBe(0);
        expect(s.y.every(Number.isNaN), label).toBe(true);
        tally.zeroOverZero++;
        continue;
      }
      const yExpected = ref.y.map((v) => ldexp(v, c.j));
      if (!allFinite(yExpected)) {
        expect(s, label).toBeInstanceOf(Error);
        expect(s.message, label).toMatch(BEYOND);
        tally.beyond++;
        continue;
      }
      expect(s, label).not.toBeInstanceOf(Error);
      expectClose(s.y, yExpected, `${label} y`);
      expectClose(s.zhat, ref.zhat, `${label} ẑ`);
      if (s.unit === 1) {
        expect([s.mean, s.variance, s.sigma, ...s.deviations, ...s.squares].every(Number.isFinite), label).toBe(true);
      } else {
        // the steps lie past float64 in x's units; in the unit every one of them is a number, and y is the same
        tally.inUnit++;
        const inUnit = ln.steps(s.xInUnit, c.gamma, c.beta, s.epsInUnit);
        expect(inUnit.unit, label).toBe(1);
        expect([inUnit.mean, inUnit.variance, inUnit.sigma, ...inUnit.deviations, ...inUnit.squares].every(Number.isFinite), label).toBe(true);
        expectClose(inUnit.y, s.y, `${label} y in the unit`);
      }
      expectClose(ln.forward(c.x, 1, c.d, c.gamma, c.beta, c.eps).y, s.y, `${label} forward`);

      const g0 = ln.backward(c.x0, 1, c.d, c.gamma0, c.beta0, c.eps0, c.dy0);
      const dxExpected = Array.from(g0.dx, (v) => ldexp(v, c.j + c.m - c.k));
      const dgammaExpected = Array.from(g0.dgamma, (v) => ldexp(v, c.m));
      const g = attempt(() => ln.backward(c.x, 1, c.d, c.gamma, c.beta, c.eps, c.dy));
      if (allFinite(dxExpected) && allFinite(dgammaExpected)) {
        expect(g, label).not.toBeInstanceOf(Error);
        expectClose(g.dx, dxExpected, `${label} dx`);
        expectClose(g.dgamma, dgammaExpected, `${label} dγ`);
        expect(Array.from(g.dbeta), label).toEqual(c.dy);
      } else {
        expect(g.message, label).toMatch(BEYOND);
        tally.beyond++;
      }

      const J0 = ln.jacobian(c.x0, c.gamma0, c.eps0);
      const terms = ['J', 'diagonal', 'meanRemoval', 'varianceRemoval'];
      const expected = Object.fromEntries(terms.map((t) => [t, J0[t].map((row) => row.map((v) => ldexp(v, c.j - c.k)))]));
      const J = attempt(() => ln.jacobian(c.x, c.gamma, c.eps));
      if (terms.every((t) => allFinite(expected[t]))) {
        expect(J, label).not.toBeInstanceOf(Error);
        for (const t of terms) expectClose(J[t], expected[t], `${label} ${t}`);
      } else {
        expect(J.message, label).toMatch(BEYOND);
        tally.beyond++;
      }
    }
    console.log('LayerNorm range fuzz (bindings):', tally);
    // the draw reaches every kind of case, so none of the checks above is vacuous
    expect(tally.beyond).toBeGreaterThan(100);
    expect(tally.zeroOverZero).toBeGreaterThan(50);
    expect(tally.inUnit).toBeGreaterThan(300);
  });

  it('rows of different sizes in one call: each row is normalised in its own unit', () => {
    const rows = [
      [1e-300, 2e-300, 4e-300],
      [1, 2, 4],
      [1e200, 2e200, 4e200],
      [5e-324, 1e-323, 2e-323],
    ];
    const { y } = ln.forward(rows.flat(), 4, 3, [1, 1, 1], [0, 0, 0], 0);
    const single = ln.steps([1, 2, 4], [1, 1, 1], [0, 0, 0], 0).y;
    for (let r = 0; r < 4; r++) expectClose(y.subarray(3 * r, 3 * r + 3), single, `row ${r}`);
  });
});
