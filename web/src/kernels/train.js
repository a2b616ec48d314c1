// Typed wrapper around the training kernel (wasm/bindings/bind_train.cpp): the training lab's runs, a step at
// a time. Used by the page's workers and by `npm run train`, so both run the very same module.
// The contract is written out in the lab's widget (web/src/widgets/training-lab) and tested in tests/web/train.test.js.
import { loadKernels } from './loader.js';

/** @typedef {Record<string, unknown>} TrainOptions  a run's settings, as trainDefaults names them; the kernel checks each */
/**
 * @typedef {object} TrainStep  one step's record, taken before its update (train.hpp's for_each_field)
 * @property {number} step
 * @property {number} lr
 * @property {number} loss
 * @property {Float64Array} gradNorm  per block
 * @property {number} ratio
 * @property {number} streamSd  the stream's sd after the last block
 * @property {Float64Array} [streamGradNorm]  per block, when the run keeps it
 * @property {boolean} [diverged]  only on the step that diverged, with divergedReason
 * @property {string} [divergedReason]
 * @typedef {object} TrainRun  a run in the kernel (new K.Trainer): delete() frees it
 * @property {() => TrainStep} step
 * @property {(prompt: string, length: number) => {text: string, probabilities: Float64Array}} sample  char only
 * @property {() => number} stepsDone
 * @property {() => boolean} finished
 * @property {() => void} delete
 * @typedef {{finalLoss: number, trained: boolean, diverged: boolean, divergedAt?: number, threshold: number,
 *   divergedReason?: string}} TrainSummary  divergedReason: the page adds the diverged step's
 * @typedef {Awaited<ReturnType<typeof loadTrain>>} Train  the wrapper
 */

export async function loadTrain() {
  const K = await loadKernels();
  return {
    /** TrainConfig's defaults, from C++: {task, placement, L, d, heads, ffnMult, B, T, seed, scale, causal,
     * activation, lr, beta1, beta2, eps, warmup, steps, streamGrads}. */
    defaults: K.trainDefaults(),

    /** How many final losses a run's final loss averages (10). */
    finalWindow: K.trainFinalWindow,

    /** Throws an Error with a reader-facing message if the options cannot run; else the bytes a run needs. */
    /** @type {(options: TrainOptions) => number} */
    check: (options) => K.trainCheck(options),

    /** Throws an Error with a reader-facing message if the char model cannot read prompt (or length). */
    /** @type {(prompt: string, length: number) => void} */
    checkSample: (prompt, length) => K.trainCheckSample(prompt, length),

    /** FLOPs of the whole run (every step's forward and backward). */
    /** @type {(options: TrainOptions) => number} */
    flops: (options) => K.trainFlops(options),

    /** The char task's text, its vocabulary (V characters, sorted), and the prompt and length every char run
     * is sampled with at step 0, midway and at the end. */
    text: K.trainText,
    /** The char task's chance level: the loss of a uniform guess over the V characters, ln V. */
    chanceLoss: K.trainChanceLoss,
    vocabulary: K.trainVocabulary,
    samplePrompt: K.trainSamplePrompt,
    sampleChars: K.trainSampleChars,

    /** The loss below which a run of this task counts as trained. */
    /** @type {(task: string) => number} */
    threshold: (task) => K.trainThreshold(task),

    /**
     * A run, built for options.seed (throws like check). run.step() → the record of one step, taken before
     * its update: {step, lr, loss, gradNorm: Float64Array(L), ratio, streamSd (the stream's sd after the last
     * block), streamGradNorm?: Float64Array(L)}.
     * run.sample(prompt, length) (char only) → {text: the greedy continuation, probabilities: Float64Array(V) of
     * the character after the prompt}, with the weights as they are now.
     * run.stepsDone(), run.finished(); run.delete() frees it (always call it).
     * @type {(options: TrainOptions) => TrainRun}
     */
    start: (options) => new K.Trainer(options),

    /** losses (every step's so far) → {finalLoss, trained, diverged, threshold}. */
    /** @type {(task: string, losses: ArrayLike<number>) => TrainSummary} */
    summary: (task, losses) => K.trainSummary(task, Float64Array.from(losses)),
  };
}
