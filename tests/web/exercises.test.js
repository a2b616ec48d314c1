// The exercise kernels through the real wasm module in Node: shapes and row-major order, the answer key's
// numbers, grading and mistake names, reader-facing errors (naming their input), deterministic variants, and
// the content files' defaults agreeing with the kernels' (the kernels are the one source; this keeps the
// build-time rendering of each question honest).
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderChapter } from '../../web/plugins/content.js';
import { loadKernels } from '../../web/src/kernels/loader.js';
import { loadExercises } from '../../web/src/kernels/exercises.js';
import { loadExercisesWithDesign } from '../../web/src/exercises/design.js';
import { thrown } from './thrown.js';

let ex;
beforeAll(async () => {
  ex = await loadExercises();
});

const close = (actual, expected, tol, what = 'value') => {
  expect(actual.length, what).toBe(expected.length);
  actual.forEach((a, i) => expect(Math.abs(a - expected[i]), `${what}[${i}]: ${a} vs ${expected[i]}`).toBeLessThanOrEqual(tol));
};
const partOf = (s, id) => s.parts.find((p) => p.id === id);
const row = (values) => ({ rows: 1, cols: values.length, values });

describe('exercise list and defaults', () => {
  it('lists the numeric exercises', () => {
    expect(ex.numbers).toEqual([2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 21]);
  });

  it('the content files state the same defaults and input shapes as the kernels (the design challenges’ as the design kernel)', async () => {
    const all = await loadExercisesWithDesign();
    const contentDir = fileURLToPath(new URL('../../content', import.meta.url));
    const exercises = renderChapter(contentDir)
      .flatMap((s) => s.widgets)
      .filter((w) => w.name === 'exercise');
    const numeric = exercises.filter((w) => Object.keys(w.props.inputs).length);
    expect(numeric.map((w) => w.props.n).sort((a, b) => a - b)).toEqual([...ex.numbers, ...all.design.exercises()]);
    for (const { props } of numeric) {
      const kernel = all.defaults(props.n);
      expect(Object.keys(props.defaults).sort(), `exercise ${props.n}: input names`).toEqual(Object.keys(kernel).sort());
      for (const [name, { rows, cols, values }] of Object.entries(kernel)) {
        const what = `exercise ${props.n}, ${name}`;
        const kind = props.inputs[name];
        const stated = props.defaults[name];
        if (kind === 'number') expect([rows, cols, [stated]], what).toEqual([1, 1, values]);
        else if (kind === 'vector') expect([rows, stated], what).toEqual([1, values]);
        else expect(stated, what).toEqual(Array.from({ length: rows }, (_, r) => values.slice(r * cols, (r + 1) * cols)));
      }
    }
  });

  it('defaults are the answer key’s inputs, as plain arrays', () => {
    expect(ex.defaults(4)).toEqual({ x: { rows: 1, cols: 4, values: [2, 4, 4, 6] }, eps: { rows: 1, cols: 1, values: [0] } });
    expect(ex.defaults(8)).toEqual({ B: { rows: 2, cols: 2, values: [0.1, -0.2, 0.05, 0.3] } });
    expect(ex.defaults(16)).toEqual({ delta: { rows: 1, cols: 1, values: [0.02] }, L: { rows: 1, cols: 1, values: [48] } });
  });

  it('solving the defaults reproduces the key’s numbers', () => {
    const ln = ex.solve(4, ex.defaults(4));
    expect(ln.parts.map((p) => p.id)).toEqual(['mean', 'variance', 'sigma', 'output']);
    close(partOf(ln, 'output').answer, [-Math.SQRT2, 0, 0, Math.SQRT2], 1e-15, 'output');
    expect(partOf(ln, 'variance').answer).toEqual([2]);
    expect(ln.steps.deviations).toEqual({ rows: 1, cols: 4, values: [-2, 0, 0, 2] });
    const d1 = ln.misconceptions.find((m) => m.id === 'variance-d-minus-1' && m.part === 'output');
    close(d1.value, [-1.2247, 0, 0, 1.2247], 5e-5, 'variance-d-minus-1');
    close(partOf(ex.solve(6, ex.defaults(6)), 'output').answer, [-1, 1], 0, 'post-ln');
    close(partOf(ex.solve(7, ex.defaults(7)), 'cap').answer, [316.23], 5e-3, 'cap');
    const scales = ex.solve(11, ex.defaults(11));
    close(
      ['deep', 'shallow', 'ratio'].flatMap((id) => partOf(scales, id).answer),
      [1 / 3, 2, 6],
      1e-14,
      'ex 11',
    );
    const post = ex.solve(13, ex.defaults(13));
    close(partOf(post, 'x1').answer, [1, -1], 1e-15, 'x1');
    close(partOf(post, 'x2').answer, [1, -1], 1e-15, 'x2');
    close(partOf(ex.solve(16, ex.defaults(16)), 'bound').answer, [2.587], 5e-4, 'bound');
  });

  it('states each part’s tolerance', () => {
    const p = partOf(ex.solve(4, ex.defaults(4)), 'output');
    expect([p.atol, p.rtol]).toEqual([5e-4, 1e-3]);
  });
});

describe('shapes and row-major order', () => {
  it('ex 9: the 3×3 Jacobian with γ per entry is row a scaled by γ_a, (0,1) ≠ (1,0)', () => {
    const inputs = { x: row([1, 2, 4]), eps: row([0]), gamma: row([1, 2, 3]) };
    const s = ex.solve(9, inputs);
    const J = partOf(s, 'jacobian');
    expect([J.rows, J.cols]).toEqual([3, 3]);
    // the same formula by hand: J_ab = γ_a/σ · (δ_ab − 1/d − ẑ_a ẑ_b / d)
    const x = [1, 2, 4];
    const mean = 7 / 3;
    const sigma = Math.sqrt(x.reduce((acc, v) => acc + (v - mean) ** 2, 0) / 3);
    const zhat = x.map((v) => (v - mean) / sigma);
    const expected = [];
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) expected.push(((a + 1) / sigma) * ((a === b ? 1 : 0) - 1 / 3 - (zhat[a] * zhat[b]) / 3));
    close(J.answer, expected, 1e-14, 'J');
    expect(Math.abs(J.answer[1] - J.answer[3])).toBeGreaterThan(0.1); // entry (0,1) vs (1,0)
    expect(s.steps['mean-removal'].rows).toBe(3);
    close(s.steps['mean-removal'].values.slice(0, 3), [-1 / 3 / sigma, -1 / 3 / sigma, -1 / 3 / sigma], 1e-14, 'row 0 of mean removal');
    close(s.steps['mean-removal'].values.slice(3, 6), [-2 / 3 / sigma, -2 / 3 / sigma, -2 / 3 / sigma], 1e-14, 'row 1 of mean removal');
  });

  it('ex 8: a 2×2 matrix goes in and comes out row by row', () => {
    const s = ex.solve(8, { B: { rows: 2, cols: 2, values: Float64Array.from([0.1, -0.2, 0.05, 0.3]) } });
    const J = partOf(s, 'jacobian');
    expect([J.rows, J.cols]).toEqual([2, 2]);
    close(J.answer, [1.1, -0.2, 0.05, 1.3], 1e-15, 'I + B');
    expect(s.misconceptions.map((m) => m.id)).toEqual(['no-identity', 'identity-only']);
  });

  it('ex 12: the states x_1 … x_n as an n×d matrix', () => {
    const steps = ex.solve(12, { b: row([0.1, 0.2]), L: row([3]) }).steps;
    expect([steps.states.rows, steps.states.cols]).toEqual([3, 2]);
    close(steps.states.values, [0.1, 0.2, 0.2, 0.4, 0.3, 0.6], 1e-15, 'x');
  });

  it('values may be plain arrays or Float64Arrays; rows and cols default to one row', () => {
    const a = ex.solve(4, { x: { values: [2, 4, 4, 6] }, eps: { values: [0] } });
    const b = ex.solve(4, { x: { rows: 1, cols: 4, values: Float64Array.from([2, 4, 4, 6]) }, eps: { rows: 1, cols: 1, values: Float64Array.of(0) } });
    expect(a).toEqual(b);
    expect(Array.isArray(a.parts[3].answer)).toBe(true);
  });
});

describe('grade', () => {
  const inputs = () => ex.defaults(4);

  it('accepts a right answer typed to 4 digits', () => {
    const g = ex.grade(4, inputs(), 'output', row([-1.414, 0, 0, 1.414]));
    expect(g).toMatchObject({ correct: true, shapeOk: true, message: '', misconception: '', entryOk: [true, true, true, true] });
    expect(g.lo[1]).toBeCloseTo(-5e-4, 15);
    expect(g.hi[1]).toBeCloseTo(5e-4, 15);
  });

  it('marks the wrong entry', () => {
    const g = ex.grade(4, inputs(), 'output', row([-1.414, 0, 0.5, 1.414]));
    expect(g.correct).toBe(false);
    expect(g.entryOk).toEqual([true, true, false, true]);
    expect(g.misconception).toBe('');
  });

  it('names variance-d-minus-1 for [−1.2247, 0, 0, 1.2247]', () => {
    const g = ex.grade(4, inputs(), 'output', row([-1.2247, 0, 0, 1.2247]));
    expect(g.correct).toBe(false);
    expect(g.misconception).toBe('variance-d-minus-1');
  });

  it('says what is wrong with the shape', () => {
    const g = ex.grade(4, inputs(), 'output', row([1, 2, 3]));
    expect(g).toMatchObject({ correct: false, shapeOk: false, message: 'expected 4 numbers, got 3', entryOk: [] });
    expect(ex.grade(9, ex.defaults(9), 'jacobian', { rows: 2, cols: 3, values: [0, 0, 0, 0, 0, 0] }).message).toBe('expected 3 rows, got 2');
  });

  it('says "give more digits" for an answer right to fewer digits than the tolerance needs', () => {
    const withUlp = (values, ulp) => ({ ...row(values), ulp });
    expect(ex.grade(4, inputs(), 'sigma', withUlp([1.41], [0.01]))).toMatchObject({ correct: false, moreDigits: true, misconception: '' });
    expect(ex.grade(16, ex.defaults(16), 'bound', withUlp([2.59], [0.01])).moreDigits).toBe(true);
    expect(ex.grade(16, ex.defaults(16), 'bound', withUlp([2.6], [0.1])).moreDigits).toBe(true);
    expect(ex.grade(16, ex.defaults(16), 'bound', withUlp([3], [1])).moreDigits).toBe(false);
    expect(ex.grade(4, inputs(), 'sigma', row([1.41])).moreDigits).toBe(false); // without the digits typed, no guess
    expect(() => ex.grade(4, inputs(), 'sigma', { ...row([1.41]), ulp: 'x' })).toThrow(/answer.ulp must be an array/);
  });

  it('rejects non-finite answers', () => {
    const g = ex.grade(4, inputs(), 'mean', row([Number.NaN]));
    expect(g).toMatchObject({ correct: false, message: 'the answer is not a finite number', misconception: '' });
  });
});

describe('errors reach JS as Errors with the kernel’s message', () => {
  it.each([
    [() => ex.solve(4, { x: row([2, 4, 4, 6]), eps: row([-1]) }), /ε must be 0 or more \(it is added under a square root\), got -1/],
    [() => ex.solve(4, { x: row([2, 4, 4, 6]) }), /missing input 'eps'/],
    [() => ex.solve(4, { x: row([2, Number.NaN]), eps: row([0]) }), /x must contain only finite numbers \(entry 2 is not\)/],
    [() => ex.solve(4, { x: { rows: 2, cols: 2, values: [1, 2, 3, 4] }, eps: row([0]) }), /x must be a vector/],
    [() => ex.solve(5, { x: row([1, 3]), b: row([1]) }), /b has 1 number, x has 2: they must match/],
    [() => ex.solve(4, { x: [2, 4], eps: row([0]) }), /x.values must be an array of numbers/],
    [() => ex.solve(4, null), /inputs must be an object/],
    [() => ex.defaults(3), /exercise 3 is multiple choice/],
    [() => ex.defaults(22), /there is no exercise 22 \(the exercises are numbered 1 to 21\)/],
    [() => ex.variant(4, -1), /seed must be a whole number from 0 to 2\^53/],
    [() => ex.variant(4, 1.5), /seed must be a whole number/],
    [() => ex.grade(4, ex.defaults(4), 'sd', row([1])), /this exercise has no part 'sd'/],
    [() => ex.solve(16, { delta: row([-0.1]), L: row([4]) }), /δ must be 0 or more \(it bounds a norm ‖B_i‖\)/],
  ])('%#', (call, message) => {
    expect(thrown(call).message).toMatch(message);
  });

  it.each([
    [12, { b: row([0.1, 0.1]), L: row([2.5]) }, 'L'], // "L must be a whole number": not b, although "number" holds a b
    [13, { b: row([0.1, -0.1]), L: row([0]) }, 'L'],
    [13, { b: row([0.1]), L: row([3]) }, 'b'],
    [5, { x: row([1, 3]), b: row([1]) }, 'b'],
    [11, { sigma2_deep: row([-1]), sigma2_shallow: row([1]), gamma: row([1]) }, 'sigma2_deep'],
    [4, { x: row([2, 4, 4, 6]) }, 'eps'],
  ])('exercise %i: the error names the input to fix (%j → %s)', (n, inputs, input) => {
    expect(thrown(() => ex.solve(n, inputs)).input).toBe(input);
  });

  it('an error about the inputs together names none', () => {
    const error = thrown(() => ex.solve(4, null));
    expect(error.message).toMatch(/inputs must be an object/);
    expect(error.input).toBeUndefined();
  });

  it('leaves the module usable after an error', async () => {
    expect(() => ex.solve(4, { x: row([1]), eps: row([0]) })).toThrow(/at least 2 numbers/);
    expect(partOf(ex.solve(2, ex.defaults(2)), 'dydx').answer).toEqual([1.3]);
    expect((await loadKernels()).exerciseNumbers).toBeTypeOf('function');
  });
});

describe('well posed', () => {
  it('the defaults are; equal entries are not, with the reason', () => {
    for (const n of ex.numbers) expect(ex.wellPosed(n, ex.defaults(n)), `exercise ${n}`).toBe('');
    expect(ex.wellPosed(4, { x: row([3, 3, 3]), eps: row([0]) })).toMatch(/^all entries of x are equal, so σ² = 0/);
  });

  it('solve says why alongside the answers, so the page can show it beside the fields', () => {
    expect(ex.solve(4, ex.defaults(4)).problem).toBe('');
    expect(ex.solve(4, { x: row([3, 3, 3]), eps: row([0]) }).problem).toMatch(/^all entries of x are equal/);
    expect(ex.solve(7, { x: row([5, 6, 5]), eps: row([1e-5]), gamma: row([1]) }).problem).toMatch(/^the entries of x differ/);
    expect(ex.solve(13, { b: row([0.1, 0.1]), L: row([3]) }).problem).toMatch(/^all entries of b \(block 1\) are equal/);
  });
});

describe('variant', () => {
  it('is deterministic in the seed, the same numbers as natively, and well posed', () => {
    for (const n of ex.numbers) {
      for (const seed of [0, 1, 2, 12345, 2 ** 53]) {
        const v = ex.variant(n, seed);
        expect(ex.variant(n, seed), `exercise ${n} seed ${seed}`).toEqual(v);
        expect(ex.wellPosed(n, v), `exercise ${n} seed ${seed}`).toBe('');
      }
    }
    // pinned in tests/cpp/test_exercises.cpp too
    expect(ex.variant(4, 1)).toEqual({ eps: { rows: 1, cols: 1, values: [0] }, x: { rows: 1, cols: 3, values: [0, 9, 3] } });
    expect(ex.variant(16, 1)).toEqual({ delta: { rows: 1, cols: 1, values: [0.01] }, L: { rows: 1, cols: 1, values: [96] } });
  });

  it('different seeds give different numbers', () => {
    const seen = new Set(Array.from({ length: 20 }, (_, seed) => JSON.stringify(ex.variant(4, seed))));
    expect(seen.size).toBeGreaterThan(10);
  });
});
