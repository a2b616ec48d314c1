// Typed wrappers around the stack kernel (wasm/bindings/bind_stack.cpp): the article's experiment for
// one configuration and seed, and the summaries the article prints. Used by the page's workers and by the
// Node command-line tools, so both run the very same module.
import { loadKernels } from './loader.js';

/** @typedef {Record<string, unknown>} StackOptions  a run's settings, as stackDefaults names them; the kernel checks each */
/**
 * @typedef {object} StackResult  one run of the article's experiment (stack.hpp's for_each_field, and the ratios)
 * @property {Float64Array} gradNorm  per block, every parameter
 * @property {Float64Array} gradNormWeights
 * @property {Float64Array} gradNormNoLn
 * @property {Float64Array} inputGradNorm
 * @property {Float64Array} streamSd
 * @property {number} loss
 * @property {number} ratio
 * @property {Record<string, number>} ratios  measure → first block / last, NaN where undefined
 * @property {Record<string, string>} undefinedRatios  measure → why
 */

export async function loadStack() {
  const K = await loadKernels();
  return {
    /** The protocol's defaults, from C++: {placement, L, d, heads, ffnMult, B, T, seed, scale, causal, activation}. */
    defaults: K.stackDefaults(),

    /** Throws an Error with a reader-facing message if the options cannot run; else the bytes a run needs. */
    /** @type {(options: StackOptions) => number} */
    check: (options) => K.stackCheck(options),

    /**
     * One run. onProgress(done, total) is called after every block's forward and backward.
     * → {gradNorm, gradNormWeights, gradNormNoLn, inputGradNorm, streamSd: Float64Array(L), loss, ratio,
     *    ratios: {measure → first block / last, NaN where undefined}, undefinedRatios: {measure → why}}
     * @type {(options: StackOptions, onProgress?: ((done: number, total: number) => void) | null) => StackResult}
     */
    run: (options, onProgress) => K.runStack(options, onProgress ?? null),

    /** Median, the mean of the middle two for an even count (the article's "median of 6"). */
    /** @type {(values: ArrayLike<number>) => number} */
    median: (values) => K.median(Float64Array.from(values)),

    /** {factor, exponent, sqrtDepth} of a run's streamSd: last/first, ln(factor)/ln(L), and √L. */
    /** @type {(streamSd: ArrayLike<number>) => {factor: number, exponent: number, sqrtDepth: number}} */
    streamGrowth: (streamSd) => K.streamGrowth(Float64Array.from(streamSd)),

    /** Share of the starvation under the article's measure that another measure removes (log scale); throws if ratioAll ≥ 1. */
    /** @type {(ratioAll: number, ratioMeasure: number) => number} */
    starvationRemoved: (ratioAll, ratioMeasure) => K.starvationRemoved(ratioAll, ratioMeasure),

    /** first · i^exponent for i = 1…L (exponent 0.5 is √L growth). */
    /** @type {(first: number, exponent: number, L: number) => Float64Array} */
    growthCurve: (first, exponent, L) => K.growthCurve(first, exponent, L),

    /** The protocol's FLOP count of one run (forward + backward), for throughput figures. */
    /** @type {(options: StackOptions) => number} */
    flops: (options) => K.stackFlops(options),
  };
}
