// Typed wrappers around the exercise kernels (wasm/bindings/bind_exercises.cpp): the answer key's inputs,
// seeded "new numbers", answers with tolerances, the values known mistakes give, the worked solution's
// steps, and the grader. A value is {rows, cols, values} with values row-major; here they come out as plain
// arrays. Every call is synchronous once loaded and throws an Error with the kernel's message on bad input;
// an error about one input carries its name as `error.input`.
import { loadKernels } from './loader.js';

/**
 * @typedef {{rows: number, cols: number, values: ArrayLike<number>}} ValueIn  a value as the kernels take or give it
 * @typedef {{rows: number, cols: number, values: number[]}} Value  a value with its values as a plain array
 * @typedef {Record<string, ValueIn>} Inputs  an exercise's inputs by name
 * @typedef {{correct: boolean, shapeOk: boolean, message: string, entryOk: boolean[], lo: number[], hi: number[], misconception: string,
 *   moreDigits: boolean, digitsNeeded: number}} Grade  one part's answer graded (bind_exercises.cpp grade_to_js)
 */

/** @type {(value: ValueIn) => Value} */
const valueOut = ({ rows, cols, values }) => ({ rows, cols, values: Array.from(values) });
/** @type {(named: Record<string, ValueIn>) => Record<string, Value>} */
const valuesOut = (named) => Object.fromEntries(Object.entries(named).map(([name, v]) => [name, valueOut(v)]));

export async function loadExercises() {
  const K = await loadKernels();
  return {
    /** The exercise numbers that have kernels: [2, 4, 5, …, 16, 17]. */
    numbers: Array.from(K.exerciseNumbers()),

    /** The answer key's inputs: {name: {rows, cols, values}}. */
    /** @param {number} n */
    defaults: (n) => valuesOut(K.exerciseDefaults(n)),

    /** "New numbers" for a seed (a whole number, 0 … LARGEST_SEED of wasm/presets.js): the same seed always gives the same inputs. */
    /** @type {(n: number, seed: number) => Record<string, Value>} */
    variant: (n, seed) => valuesOut(K.exerciseVariant(n, seed)),

    /**
     * Answers and tolerances, mistakes, steps for the inputs (values as arrays or Float64Arrays), and why the
     * inputs make a poor question ('' when they do not).
     * → {parts: [{id, rows, cols, answer, atol, rtol}], misconceptions: [{id, part, rows, cols, value}],
     *    steps: {name: {rows, cols, values}}, problem}
     * @param {number} n
     * @param {Inputs} inputs
     */
    solve(n, inputs) {
      const s = K.solveExercise(n, inputs);
      return {
        parts: s.parts.map((/** @type {{answer: ArrayLike<number>}} */ p) => ({ ...p, answer: Array.from(p.answer) })),
        misconceptions: s.misconceptions.map((/** @type {{value: ArrayLike<number>}} */ m) => ({ ...m, value: Array.from(m.value) })),
        steps: valuesOut(s.steps),
        problem: s.problem,
      };
    },

    /**
     * Grades one part; answer = {rows, cols, values, ulp?} (ulp: per entry, one unit in the last digit typed).
     * → {correct, shapeOk, message, entryOk: [bool], lo: [..], hi: [..], misconception: '' or a mistake id,
     *    moreDigits: right only to fewer digits than the tolerance needs}
     * @param {number} n
     * @param {Inputs} inputs
     * @param {string} part
     * @param {ValueIn & {ulp?: ArrayLike<number>}} answer
     */
    grade(n, inputs, part, answer) {
      const g = K.gradePart(n, inputs, part, answer);
      return { ...g, entryOk: Array.from(g.entryOk), lo: Array.from(g.lo), hi: Array.from(g.hi) };
    },

    /**
     * Several parts of one attempt graded against one solution of its numbers (answers: {part: answer}, as grade's).
     * → {part: grade}; throws as solve does when the numbers cannot be used.
     * @param {number} n
     * @param {Inputs} inputs
     * @param {Record<string, ValueIn & {ulp?: ArrayLike<number>}>} answers
     */
    gradeAll(n, inputs, answers) {
      /** @type {Record<string, Grade>} */
      const out = {};
      for (const [part, g] of Object.entries(K.gradeParts(n, inputs, answers))) {
        out[part] = { ...g, entryOk: Array.from(g.entryOk), lo: Array.from(g.lo), hi: Array.from(g.hi) };
      }
      return out;
    },

    /** '' when the exercise is fit to ask with these inputs, else the reason for the reader. */
    /** @type {(n: number, inputs: Inputs) => string} */
    wellPosed: (n, inputs) => K.checkWellPosed(n, inputs),
  };
}
