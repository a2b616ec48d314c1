// Typed wrappers around the design challenges (wasm/bindings/bind_design.cpp): a challenge's task from its inputs,
// the runs that judge a reader's wiring (options for the stack's or the training lab's workers, every field given),
// and the verdict from those runs' results. Inputs are an exercise's {name: {rows, cols, values}}.
import { loadKernels } from './loader.js';

/**
 * @typedef {object} DesignCheck  one criterion, judged
 * @property {string} id         'changes' | 'ratio' | 'sd' | 'linear' (depth) | 'after' | 'trained' (training)
 * @property {boolean} ok
 * @property {number} value
 * @property {string} sentence   for the reader
 *
 * @typedef {object} DesignVerdict
 * @property {boolean} pass
 * @property {string} wiring      the wiring judged, as its text form
 * @property {string[]} changes   the settings it changes from the preset the task starts from
 * @property {DesignCheck[]} checks
 *
 * @typedef {import('./exercises.js').Inputs} Inputs  an exercise's {name: {rows, cols, values}}
 * @typedef {{kind: 'depth' | 'training', from: string, seeds: Float64Array} & Record<string, unknown>} DesignTask  and L, lo, hi,
 *   maxSd, maxChanges (depth)
 */

export async function loadDesign() {
  const K = await loadKernels();
  return {
    /** @returns {number[]} the exercises that are design challenges */
    exercises: () => [...K.designExercises()],
    /** @type {(n: number) => Inputs} */
    defaults: (n) => K.designDefaults(n),
    /** @type {(n: number, seed: number) => Inputs} */
    variant: (n, seed) => K.designVariant(n, seed),
    /**
     * {kind: 'depth'|'training', L, lo, hi, maxSd, maxChanges (depth), from, seeds: Float64Array}; throws with `input`
     * @type {(n: number, inputs: Inputs) => DesignTask}
     */
    task: (n, inputs) => K.designTask(n, inputs),
    /**
     * the options of every run that judges `wiring`: stack options (depth) or training options (training)
     * @type {(n: number, inputs: Inputs, wiring: string) => Record<string, unknown>[]}
     */
    runs: (n, inputs, wiring) => K.designRuns(n, inputs, wiring),
    /**
     * @param {number} n
     * @param {Inputs} inputs
     * @param {string} wiring
     * @param {object[]} results one per seed, in the task's order: depth the stack kernel's result's lists {gradNorm,
     *   gradNormNoLn, inputGradNorm, streamSd}, training the lab's summary {trained, diverged, finalLoss, divergedAt,
     *   threshold}
     * @returns {DesignVerdict}
     */
    judge: (n, inputs, wiring, results) => K.judgeDesign(n, inputs, wiring, results),
  };
}
