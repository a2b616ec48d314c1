// The design challenges through the real wasm module (web/src/kernels/design.js): the runs the kernel names for a
// wiring are runs the stack kernel takes, and judged from those runs' results a right design passes and a wrong
// one fails with the kernel's sentences; bad inputs are refused naming the input.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDesign } from '../../web/src/kernels/design.js';
import { loadStack } from '../../web/src/kernels/stack.js';
import { thrown } from './thrown.js';

let design;
let stack;
beforeAll(async () => {
  design = await loadDesign();
  stack = await loadStack();
});

const value = (values) => ({ rows: 1, cols: values.length, values });
const at24 = { L: value([24]), band: value([0.8, 1.25]) };

describe('design challenges', () => {
  it('are exercises 22 and 23, with the key’s numbers', () => {
    expect(design.exercises()).toEqual([22, 23]);
    expect(design.task(22, design.defaults(22))).toMatchObject({ kind: 'depth', L: 96, lo: 0.8, hi: 1.25, maxSd: 1.5, maxChanges: 2, from: 'post' });
    expect(design.task(23, design.defaults(23))).toMatchObject({ kind: 'training', L: 24, from: 'post' });
    expect([...design.task(23, design.defaults(23)).seeds]).toEqual([0, 1, 2]);
  });

  it('name the runs that judge a wiring: the protocol’s runs of that wiring, one per seed', () => {
    const runs = design.runs(22, at24, '{"from": "post", "beta": "(8*L)^0.25"}');
    expect(runs.map((r) => r.seed)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const r of runs) {
      expect(r).toMatchObject({ ...stack.defaults, placement: '{"from":"post","beta":"(8*L)^0.25"}', L: 24, seed: r.seed });
      expect(() => stack.check(r)).not.toThrow();
    }
    const training = design.runs(23, design.defaults(23), 'deepnorm');
    expect(training.map((r) => [r.placement, r.L, r.warmup, r.seed])).toEqual([0, 1, 2].map((s) => ['deepnorm', 24, 0, s]));
  });

  it('judge a design from its runs: a right one passes, Post-LN misses the band, each with its sentence', () => {
    const judged = (wiring) => {
      const results = design.runs(22, at24, wiring).map((options) => {
        const { gradNorm, gradNormNoLn, inputGradNorm, streamSd } = stack.run(options);
        return { gradNorm, gradNormNoLn, inputGradNorm, streamSd };
      });
      return design.judge(22, at24, wiring, results);
    };
    const right = judged('{"from": "post", "beta": "(8*L)^0.25"}');
    expect(right.pass).toBe(true);
    expect(right.changes).toEqual(['beta']);
    expect(right.checks.map((c) => c.id)).toEqual(['changes', 'ratio', 'sd', 'linear']);
    expect(right.checks.every((c) => c.ok)).toBe(true);
    const post = judged('post');
    expect(post.pass).toBe(false);
    expect(post.checks[0].sentence).toBe('This is Post-LN itself: no setting changed.');
    expect(post.checks[1]).toMatchObject({ id: 'ratio', ok: false });
    expect(post.checks[1].sentence).toMatch(
      /^The input-gradient ratio, block 1 over block 24, has the median 0\.\d+ over seeds 0–5: below the band \[0\.8, 1\.25\]\.$/,
    );
  });

  it.each([
    [22, { L: value([6]), band: value([0.8, 1.25]) }, 'L', 'L must be a whole number from 24 to 96'],
    [22, { L: value([96]), band: value([1.2, 1.25]) }, 'band', 'the band must hold 1 inside it'],
    [23, { L: value([100]) }, 'L', 'L must be a whole number from 24 to 48'],
  ])('exercise %i with %j: refused, naming the input', (n, inputs, input, message) => {
    const error = thrown(() => design.task(n, inputs));
    expect(error.message).toContain(message);
    expect(error.input).toBe(input);
  });
});
