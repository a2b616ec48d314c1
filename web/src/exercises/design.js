// The design challenges (exercises whose answer is a wiring, part kind 'wiring'), as the exercise widget and the
// teachers' page share them: the answer read from its text form, the challenge's numbers through the same calls as
// any exercise's (so the question's fields, New numbers and the assignment's seeds work unchanged), and a wiring
// judged by the runs the kernel names (kernels/design.js), made by whatever runs them (the page's workers). No DOM.
import { loadDesign } from '../kernels/design.js';
import { loadExercises } from '../kernels/exercises.js';

/** The part kind whose answer is a wiring, written with the wiring editor and judged by running it. */
export const WIRING_KIND = 'wiring';

/**
 * @typedef {Awaited<ReturnType<typeof loadExercises>>} Exercises
 * @typedef {Awaited<ReturnType<typeof loadDesign>>} Design
 * @typedef {import('../kernels/exercises.js').Inputs} Inputs
 * @typedef {import('../kernels/design.js').DesignVerdict} DesignVerdict
 */

/** Whether an exercise's parts hold a design (a wiring to run). @param {{kind: string}[]} parts */
export const hasDesign = (parts) => parts.some((p) => p.kind === WIRING_KIND);

/** A wiring answer's text (its text form: a preset's name or a JSON object), read. → {empty} | {value}
 * @param {unknown} text */
export function readWiringAnswer(text) {
  const value = String(text ?? '').trim();
  return value ? { value } : { empty: true };
}

/** @type {(named: Inputs) => Record<string, import('../kernels/exercises.js').Value>} */
const valuesOut = (named) => Object.fromEntries(Object.entries(named).map(([k, { rows, cols, values }]) => [k, { rows, cols, values: Array.from(values) }]));

/**
 * The exercise kernels with the design challenges' numbers in them: defaults, variant and solve of a design
 * challenge are the design kernel's (solve checks the numbers and has no parts to grade: the wiring is judged by
 * runs); every other exercise's are the exercise kernels' own.
 * @param {Exercises} exercises  @param {Design} design
 */
function withDesign(exercises, design) {
  const designs = new Set(design.exercises());
  /** @param {number | string} n */
  const mine = (n) => designs.has(Number(n));
  return {
    ...exercises,
    design,
    isDesign: mine,
    /** @param {number} n */
    defaults: (n) => (mine(n) ? valuesOut(design.defaults(n)) : exercises.defaults(n)),
    /** @type {(n: number, seed: number) => Record<string, import('../kernels/exercises.js').Value>} */
    variant: (n, seed) => (mine(n) ? valuesOut(design.variant(n, seed)) : exercises.variant(n, seed)),
    /** @param {number} n  @param {Inputs} inputs */
    solve(n, inputs) {
      if (!mine(n)) return exercises.solve(n, inputs);
      design.task(n, inputs); // throws naming the input that cannot be used
      return { parts: [], misconceptions: [], steps: {}, problem: '' };
    },
  };
}

/** The exercise kernels and the design challenges' in one (withDesign). */
export async function loadExercisesWithDesign() {
  const [exercises, design] = await Promise.all([loadExercises(), loadDesign()]);
  return withDesign(exercises, design);
}

/** Which kind of run judges a challenge's wiring: the article's experiment ('stack') or a training run ('train'). */
/** @type {(task: {kind: string}) => 'stack' | 'train'} */
const runKind = (task) => (task.kind === 'depth' ? 'stack' : 'train');

/** What the judge reads of one run's result: depth the stack kernel's per-block lists; training the lab's summary.
 * @param {'stack' | 'train'} kind  @param {any} result  a stack run's result or a training run's (the worker's) */
function judgedResult(kind, result) {
  if (kind === 'stack') {
    const { gradNorm, gradNormNoLn, inputGradNorm, streamSd } = result;
    return { gradNorm, gradNormNoLn, inputGradNorm, streamSd };
  }
  const s = result.summary;
  return { trained: s.trained, diverged: s.diverged, finalLoss: s.finalLoss, divergedAt: s.divergedAt ?? -1, threshold: s.threshold };
}

/** One judging's key: the same challenge, numbers and wiring are judged once (the teachers' page, many students).
 * @type {(n: number | string, kernelInputs: Inputs, wiring: string) => string} */
export const judgingKey = (n, kernelInputs, wiring) => JSON.stringify([Number(n), kernelInputs, wiring]);

/**
 * Judges a wiring for challenge n at these numbers: the kernel names the runs, `run(kind, optionsList, onProgress)`
 * makes them (→ a promise of their results, in order; rejects with Cancelled when stopped), the kernel judges.
 * → a promise of the verdict ({pass, wiring, changes, checks: [{id, ok, value, sentence}]}); throws the kernel's
 * message (with `input`) when the numbers or the wiring cannot be used.
 * @param {{design: Design, n: number, kernelInputs: Inputs, wiring: string, run: RunMany, onProgress?: (fraction: number) => void}} judging
 * @returns {Promise<DesignVerdict>}
 * @typedef {(kind: 'stack' | 'train', optionsList: Record<string, unknown>[], onProgress?: (fraction: number) => void) => Promise<any[]>} RunMany
 */
export async function judgeDesign({ design, n, kernelInputs, wiring, run, onProgress }) {
  const task = design.task(n, kernelInputs);
  const kind = runKind(task);
  const runs = design.runs(n, kernelInputs, wiring);
  const results = await run(kind, runs, onProgress);
  return design.judge(
    n,
    kernelInputs,
    wiring,
    results.map((r) => judgedResult(kind, r)),
  );
}

/** A design's grade from its verdict made again (judgeDesign's, {error}, or undefined when not run). → {verdict, problem}
 * @param {(DesignVerdict & {error?: undefined}) | {error: string, pass?: undefined} | undefined} verdict */
export function designGrade(verdict) {
  if (verdict === undefined) return { verdict: 'not graded', problem: 'design has not been run again (its runs were stopped or are still to come)' };
  if (verdict.error) return { verdict: 'not graded', problem: `design cannot be run (${verdict.error})` };
  return { verdict: verdict.pass ? 'right' : 'wrong', problem: '' };
}

/**
 * Every design the logs of these progress states hold for the assignment's exercises, each once, with the numbers
 * it was made on (rebuilt as regrade.js rebuilds them). exercises: withDesign's. → [{key, n, kernelInputs, wiring}]
 * @param {{exercises: {solve(n: number, inputs: Inputs): unknown}, allProps: Record<string, {parts: {id: string, kind: string}[]}>,
 *   states: {exercises?: Record<string, {log?: {answers?: Record<string, string>}[]}>}[], assignment: {exercises: number[]},
 *   numbersOf: (props: any, entry: any) => Inputs}} logs
 * @returns {LoggedDesign[]}
 * @typedef {{key: string, n: number, kernelInputs: Inputs, wiring: string}} LoggedDesign
 */
export function loggedDesigns({ exercises, allProps, states, assignment, numbersOf }) {
  /** @type {Map<string, LoggedDesign>} */
  const out = new Map();
  for (const state of states) {
    for (const n of assignment.exercises) {
      const props = allProps[n];
      const parts = props?.parts.filter((p) => p.kind === WIRING_KIND) ?? [];
      if (!parts.length) continue;
      for (const entry of state.exercises?.[n]?.log ?? []) {
        let kernelInputs;
        try {
          kernelInputs = numbersOf(props, entry);
          exercises.solve(n, kernelInputs);
        } catch {
          continue; // numbers that cannot be rebuilt: regrade.js says so
        }
        for (const p of parts) {
          const read = readWiringAnswer(entry.answers?.[p.id]);
          if (read.empty) continue;
          const key = judgingKey(n, kernelInputs, read.value);
          if (!out.has(key)) out.set(key, { key, n, kernelInputs, wiring: read.value });
        }
      }
    }
  }
  return [...out.values()];
}

/**
 * Judges designs one after another (each one's runs in parallel in the workers), into `verdicts` (key → verdict or
 * {error}); onProgress(done designs + fraction of the current one, count). Stops at the first Cancelled, which it throws.
 * @param {{design: Design, designs: LoggedDesign[], verdicts: Map<string, DesignVerdict | {error: string}>, run: RunMany,
 *   onProgress?: (done: number, count: number) => void}} judging
 */
export async function judgeDesigns({ design, designs, verdicts, run, onProgress }) {
  for (const [k, d] of designs.entries()) {
    try {
      verdicts.set(
        d.key,
        await judgeDesign({
          design,
          n: d.n,
          kernelInputs: d.kernelInputs,
          wiring: d.wiring,
          run,
          onProgress: (/** @type {number} */ f) => onProgress?.(k + f, designs.length),
        }),
      );
    } catch (error) {
      if (error?.name === 'Cancelled') throw error;
      verdicts.set(d.key, { error: error.message });
    }
    onProgress?.(k + 1, designs.length);
  }
}
