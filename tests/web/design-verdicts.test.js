// Challenge 22 measures what it says, and both challenges ask for a design (issue 50, item 1): with the real wasm
// module, the kernel's verdicts of the tester's cases, each judged by the runs the page makes (here one after
// another, by the stack kernel) at the shallowest depth a reader may type. Branches switched off keep the stream's
// checks and fail the one that every block's Linear layers hear the loss, with its sentence; DeepNorm's α and
// divisor pass, α alone passes, and so does a constant α large enough (the edge case the solution discusses); a
// task Post-LN unchanged passes is refused, naming the input and saying why.
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeDesign, loadExercisesWithDesign } from '../../web/src/exercises/design.js';
import { loadStack } from '../../web/src/kernels/stack.js';
import { thrown } from './thrown.js';

let ex;
let stack;
beforeAll(async () => {
  ex = await loadExercisesWithDesign();
  stack = await loadStack();
});

const value = (values) => ({ rows: 1, cols: values.length, values });
const at24 = { L: value([24]), band: value([0.8, 1.25]) };
// six 24-block runs per design, on a machine shared by several test files
const RUNS = 300_000;

/** The kernel's verdict of a wiring for challenge 22 at L = 24, from the runs it names. */
const judged = (wiring) => judgeDesign({ design: ex.design, n: 22, kernelInputs: at24, wiring, run: async (kind, runs) => runs.map((o) => stack.run(o)) });
const check = (verdict, id) => verdict.checks.find((c) => c.id === id);

describe('challenge 22: every block’s branches must hear the loss', () => {
  it(
    'branches switched off by a scale of 0 pass the stream’s checks and fail on the Linear layers, saying so',
    async () => {
      const off = await judged('{"from": "post", "scale_out": "0"}');
      expect(off.pass).toBe(false);
      expect(off.checks.map((c) => [c.id, c.ok])).toEqual([
        ['changes', true],
        ['ratio', true],
        ['sd', true],
        ['linear', false],
      ]);
      expect(check(off, 'linear').sentence).toBe(
        "No gradient reaches any Linear weight at initialisation: the branches are switched off (every branch's output is multiplied by 0), so no block's attention or FFN hears the loss (the ratio over the Linear layers only is 0/0).",
      );
    },
    RUNS,
  );

  it(
    'so do branches behind a gate that starts at 0',
    async () => {
      const gated = await judged('{"from": "post", "gate": "block", "gate0": "0"}');
      expect(gated.pass).toBe(false);
      expect(check(gated, 'ratio').ok).toBe(true);
      expect(check(gated, 'linear')).toMatchObject({ ok: false });
      expect(check(gated, 'linear').sentence).toMatch(
        /^No gradient reaches any Linear weight at initialisation: the branches are switched off \(every branch is multiplied by a gate that starts at 0\)/,
      );
    },
    RUNS,
  );

  it.each([
    ['DeepNorm’s α and divisor', '{"from": "post", "alpha": "(2*L)^0.25", "beta": "(8*L)^0.25"}', ['alpha', 'beta']],
    ['α alone', '{"from": "post", "alpha": "(2*L)^0.25"}', ['alpha']],
    ['a constant α large enough', '{"from": "post", "alpha": "100"}', ['alpha']],
  ])(
    '%s: passes every check, its Linear layers heard inside the band',
    async (_, wiring, changes) => {
      const v = await judged(wiring);
      expect(v.checks.filter((c) => !c.ok).map((c) => c.sentence)).toEqual([]);
      expect(v.pass).toBe(true);
      expect(v.changes).toEqual(changes);
      expect(check(v, 'linear').sentence).toMatch(
        /^Every block's Linear layers receive gradient, and their ratio, block 1 over block 24, has the median [\d.]+ over seeds 0–5: inside the band \[0\.8, 1\.25\]\.$/,
      );
    },
    RUNS,
  );
});

describe('a task Post-LN unchanged passes is refused, naming the input and saying why', () => {
  it.each([
    [
      22,
      { L: value([24]), band: value([0.75, 1.25]) },
      'band',
      /^the band must start at 0\.8 or above \(got 0\.75\): from L = 24 on, Post-LN's own median lies below 0\.8/,
    ],
    [22, { L: value([96]), band: value([0.5, 2]) }, 'band', /^the band must start at 0\.8 or above \(got 0\.5\)/],
    [23, { L: value([12]) }, 'L', /^L must be a whole number from 24 to 48: with fewer blocks Post-LN itself can train without warmup/],
    [23, { L: value([20]) }, 'L', /^L must be a whole number from 24 to 48/],
  ])('exercise %i with %j', (n, inputs, input, message) => {
    for (const refuse of [() => ex.design.task(n, inputs), () => ex.solve(n, inputs)]) {
      const error = thrown(refuse);
      expect(error.message).toMatch(message);
      expect(error.input).toBe(input);
    }
  });

  it('the key’s numbers and every variant are taken', () => {
    for (const n of [22, 23]) {
      expect(() => ex.solve(n, ex.defaults(n))).not.toThrow();
      for (let seed = 0; seed < 20; seed++) expect(() => ex.solve(n, ex.variant(n, seed))).not.toThrow();
    }
  });
});
