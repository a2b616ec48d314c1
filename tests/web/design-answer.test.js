// The design challenges' answer kind, 'wiring' (exercises/design.js): declared in an exercise's file and parsed by the
// content plugin, read from its text form, kept in the progress record as that text (and read back from an exported
// file), its numbers through the exercise calls (variants from the assignment's seeds), and graded again on the
// teachers' page from the verdict of its runs made again. With the real wasm module.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderExercise } from '../../web/plugins/exercise.js';
import { createRenderer } from '../../web/plugins/markdown.js';
import { judgeDesign, judgingKey, loadExercisesWithDesign, loggedDesigns } from '../../web/src/exercises/design.js';
import { readAnswer } from '../../web/src/exercises/read-answer.js';
import { attemptNumbers, regradeExercise } from '../../web/src/exercises/regrade.js';
import { assignedSeed } from '../../web/src/progress/assignee.js';
import { loadStack } from '../../web/src/kernels/stack.js';
import { exerciseRecord, logEntry, readProgressText } from '../../web/src/progress/validate.js';
import { thrown } from './thrown.js';

let ex;
let stack;
beforeAll(async () => {
  ex = await loadExercisesWithDesign();
  stack = await loadStack();
});

const ALPHA = '{"from":"post","alpha":"(2*L)^0.25"}';
const body = (kind) => `A challenge.\n\n### Answer\n\n- design (${kind}): Your wiring\n\n### Solution\n\nAt $L = {{L}}$.\n`;
const rendered = (kind) =>
  renderExercise({
    meta: { exercise: '22', title: 'T', defaults: '{"L": 96, "band": [0.8, 1.25]}', inputs: '{"L": "number", "band": "vector"}' },
    body: body(kind),
    file: 'x.md',
    renderer: createRenderer(),
  });
const props22 = () => rendered('wiring').widgets[0].props;

describe('the answer kind "wiring"', () => {
  it('is a kind an exercise file declares (an unknown kind is still refused)', () => {
    expect(props22().parts).toMatchObject([{ id: 'design', kind: 'wiring' }]);
    expect(() => rendered('wirring')).toThrow('unknown answer kind "wirring"');
  });

  it('reads a wiring’s text form as it is: never the explanation’s “a sentence or more”', () => {
    const part = { id: 'design', kind: 'wiring' };
    expect(readAnswer(part, ` ${ALPHA} `)).toEqual({ value: ALPHA });
    expect(readAnswer(part, 'post')).toEqual({ value: 'post' });
    expect(readAnswer(part, '  ')).toEqual({ empty: true });
  });

  it('has its numbers through the exercise calls: the design kernel’s defaults, seeded variants and checks', () => {
    expect(ex.defaults(22)).toEqual({ L: { rows: 1, cols: 1, values: [96] }, band: { rows: 1, cols: 2, values: [0.8, 1.25] } });
    const v = ex.variant(22, 12345);
    expect(v).toEqual(ex.variant(22, 12345));
    expect([48, 72, 96]).toContain(v.L.values[0]);
    expect(ex.solve(22, v)).toEqual({ parts: [], misconceptions: [], steps: {}, problem: '' });
    expect(thrown(() => ex.solve(22, { ...v, L: { rows: 1, cols: 1, values: [6] } })).input).toBe('L');
    expect(ex.solve(4, ex.defaults(4)).parts.length).toBeGreaterThan(0); // every other exercise is the exercise kernels'
    expect(ex.isDesign(23) && !ex.isDesign(4)).toBe(true);
  });

  it('is kept in the record as its text, in the answers and the log, and read back from an exported file', () => {
    const entry = logEntry({ seed: 7, answers: { design: ALPHA }, hints: 0, solution: false, right: ['design'] });
    const record = exerciseRecord({ attempts: 1, answers: { design: ALPHA }, checked: { design: ALPHA }, solved: { design: true }, seed: 7, log: [entry] });
    const file = JSON.stringify({ version: 1, exercises: { 22: record }, cards: {} });
    const back = readProgressText(file).state.exercises[22];
    expect(back.answers.design).toBe(ALPHA);
    expect(back.log[0].answers.design).toBe(ALPHA);
    expect(back.log[0].right).toEqual(['design']);
  });
});

describe('a design judged by its runs, and graded again from them', () => {
  const at24 = { L: { rows: 1, cols: 1, values: [24] }, band: { rows: 1, cols: 2, values: [0.8, 1.25] } };
  // the runs made here, one after another, by the real stack kernel (the page makes the same ones in its workers)
  const runHere = async (kind, runs, onProgress) =>
    runs.map((o, k) => {
      onProgress?.((k + 1) / runs.length);
      return stack.run(o);
    });

  it('a right design passes and a wrong one fails, each with the kernel’s sentences', async () => {
    const seen = [];
    const right = await judgeDesign({ design: ex.design, n: 22, kernelInputs: at24, wiring: ALPHA, run: runHere, onProgress: (f) => seen.push(f) });
    expect(right.pass).toBe(true);
    expect(seen.at(-1)).toBe(1);
    const wrong = await judgeDesign({ design: ex.design, n: 22, kernelInputs: at24, wiring: 'post', run: runHere });
    expect(wrong.pass).toBe(false);
    expect(wrong.checks.find((c) => c.id === 'ratio')).toMatchObject({ ok: false });
    expect(wrong.checks.find((c) => c.id === 'ratio').sentence).toMatch(/below the band \[0\.8, 1\.25\]/);
  });

  it('the teachers’ page: every logged design once, on its own numbers, then graded from its verdict', () => {
    const props = props22();
    const assignment = { code: 'C', exercises: [22] };
    const seed = assignedSeed('C', 'Ada', 22);
    const log = [
      logEntry({ seed, answers: { design: 'post' }, hints: 0, solution: false, right: [] }),
      logEntry({ seed, answers: { design: ALPHA }, hints: 0, solution: false, right: ['design'] }),
    ];
    const record = exerciseRecord({ attempts: 2, solved: { design: true }, seed, log });
    const states = [{ exercises: { 22: record } }, { exercises: { 22: record } }]; // two students, the same work
    const numbersOf = (p, e) => attemptNumbers(ex, p, e);
    const designs = loggedDesigns({ exercises: ex, allProps: { 22: props }, states, assignment, numbersOf });
    expect(designs.map((d) => d.wiring)).toEqual(['post', ALPHA]);
    expect(designs[0].kernelInputs).toEqual(ex.variant(22, seed)); // the student's own variant
    const verdicts = new Map([
      [designs[0].key, { pass: false }],
      [designs[1].key, { pass: true }],
    ]);
    const judged = (n, inputs, wiring) => verdicts.get(judgingKey(n, inputs, wiring));
    const graded = regradeExercise({ exercises: ex, props, record, expectedSeed: seed, judged });
    expect(graded.entries.map((e) => e.parts.design)).toEqual(['wrong', 'right']);
    expect(graded.outcome).toBe('tries');
    // a design whose runs were not made again is not graded, and says so
    const unrun = regradeExercise({ exercises: ex, props, record, expectedSeed: seed, judged: () => undefined });
    expect(unrun.entries.map((e) => e.parts.design)).toEqual(['not graded', 'not graded']);
    expect(unrun.entries[0].problem).toMatch(/design has not been run again/);
    expect(unrun.outcome).toBe('attempted');
    const refused = regradeExercise({ exercises: ex, props, record, expectedSeed: seed, judged: () => ({ error: 'unknown key "alpah"' }) });
    expect(refused.entries[0].problem).toBe('design cannot be run (unknown key "alpah")');
  });
});
