// Typed wrappers around the norms (wasm/bindings/bind_norm.cpp): the LayerNorm instrument's steps and Jacobian
// for either kind ('ln' or 'rms'), and LayerNorm over the rows of a matrix with its backward. Loading is async;
// the returned functions are synchronous, so a widget can recompute on every keystroke. Matrices come back flat
// and row-major; the Jacobian's are handed out as arrays of rows.
import { loadKernels } from './loader.js';

/** @type {(flat: Float64Array, d: number) => number[][]} */
const rowsOf = (flat, d) => Array.from({ length: d }, (_, i) => Array.from(flat.subarray(i * d, (i + 1) * d)));
/** @type {(r: object) => Record<string, any>} */
const plain = (r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, ArrayBuffer.isView(v) ? Array.from(/** @type {Float64Array} */ (v)) : v]));

/**
 * @typedef {'ln'|'rms'} NormKindKey
 * @typedef {ArrayLike<number>} Numbers  a vector as an array or a Float64Array
 * @typedef {object} NormJacobian  the exact d×d Jacobian at x and the terms that sum to it, as rows
 * @property {NormKindKey} kind
 * @property {number} d
 * @property {number[][]} J
 * @property {string[]} terms  the keys of the terms, in the order they are drawn: diagonal, meanRemoval and
 *   varianceRemoval (LayerNorm); diagonal and scaleRemoval (RMSNorm); each key also holds its rows
 */

export async function loadNorm() {
  const K = await loadKernels();
  return {
    /** Each kind's own ε, from the C++ constants: nn.LayerNorm's, LLaMA's RMSNorm's. */
    defaultEps: { ln: K.layerNormDefaultEps, rms: K.rmsNormDefaultEps },

    /**
     * Every intermediate for one vector. LayerNorm: {kind, mean, deviations, squares, variance, sigma, zhat, y, unit,
     * xInUnit, epsInUnit}; RMSNorm: {kind, squares, meanSquare, rms, xhat, y, unit, xInUnit, epsInUnit}. When
     * unit ≠ 1 the squares lie past float64 (0 or ∞ here); steps(kind, xInUnit, gain, beta, epsInUnit) is the same
     * question with every step a number. gain is γ or g; beta LayerNorm's β (ignored for RMSNorm). Throws Error.
     * @type {(kind: NormKindKey, x: Numbers, gain: Numbers, beta: Numbers | null, eps: number) => Record<string, any>}
     */
    steps: (kind, x, gain, beta, eps) =>
      plain(K.normSteps(kind, Float64Array.from(x), Float64Array.from(gain), kind === 'rms' ? null : Float64Array.from(beta), eps)),

    /**
     * @param {NormKindKey} kind
     * @param {Numbers} x
     * @param {Numbers} gain
     * @param {number} eps
     * @returns {NormJacobian}
     */
    jacobian(kind, x, gain, eps) {
      const r = K.normJacobian(kind, Float64Array.from(x), Float64Array.from(gain), eps);
      const d = r.d;
      return { ...r, J: rowsOf(r.J, d), ...Object.fromEntries(r.terms.map((/** @type {string} */ key) => [key, rowsOf(r[key], d)])) };
    },

    /**
     * Row-wise LN of an N×d matrix (flat, row-major) and its backward for dy.
     * @type {(x: Numbers, rows: number, cols: number, gamma: Numbers, beta: Numbers, eps: number) => any}
     */
    forward: (x, rows, cols, gamma, beta, eps) => K.layerNormForward(Float64Array.from(x), rows, cols, Float64Array.from(gamma), Float64Array.from(beta), eps),
    /** @type {(x: Numbers, rows: number, cols: number, gamma: Numbers, beta: Numbers, eps: number, dy: Numbers) => any} */
    backward: (x, rows, cols, gamma, beta, eps, dy) =>
      K.layerNormBackward(Float64Array.from(x), rows, cols, Float64Array.from(gamma), Float64Array.from(beta), eps, Float64Array.from(dy)),
  };
}
