// Typed wrappers around the LayerNorm kernels (wasm/bindings/bind_layernorm.cpp). Loading is async;
// the returned functions are synchronous, so a widget can recompute on every keystroke.
// Matrices come back flat and row-major; they are handed out as arrays of rows.
import { loadKernels } from './loader.js';

const rowsOf = (flat, d) => Array.from({ length: d }, (_, i) => Array.from(flat.subarray(i * d, (i + 1) * d)));

export async function loadLayerNorm() {
  const K = await loadKernels();
  return {
    /** nn.LayerNorm's ε, from the C++ constant. */
    defaultEps: K.layerNormDefaultEps,

    /**
     * Every intermediate for one vector: {mean, deviations, squares, variance, sigma, zhat, y, unit, xInUnit,
     * epsInUnit}. When unit ≠ 1 the squares and the variance lie past float64 (0 or ∞ here); steps(xInUnit,
     * γ, β, epsInUnit) is the same question with every step a number. Throws Error on bad input.
     */
    steps(x, gamma, beta, eps) {
      const r = K.layerNormSteps(Float64Array.from(x), Float64Array.from(gamma), Float64Array.from(beta), eps);
      return { ...r, deviations: [...r.deviations], squares: [...r.squares], zhat: [...r.zhat], y: [...r.y], xInUnit: [...r.xInUnit] };
    },

    /** The exact d×d Jacobian at x and its three terms (diagonal, mean removal, variance removal), as rows. */
    jacobian(x, gamma, eps) {
      const r = K.layerNormJacobian(Float64Array.from(x), Float64Array.from(gamma), eps);
      return {
        d: r.d,
        sigma: r.sigma,
        J: rowsOf(r.J, r.d),
        diagonal: rowsOf(r.diagonal, r.d),
        meanRemoval: rowsOf(r.meanRemoval, r.d),
        varianceRemoval: rowsOf(r.varianceRemoval, r.d),
      };
    },

    /** Row-wise LN of an N×d matrix (flat, row-major) and its backward for dy. */
    forward: (x, rows, cols, gamma, beta, eps) =>
      K.layerNormForward(Float64Array.from(x), rows, cols, Float64Array.from(gamma), Float64Array.from(beta), eps),
    backward: (x, rows, cols, gamma, beta, eps, dy) =>
      K.layerNormBackward(Float64Array.from(x), rows, cols, Float64Array.from(gamma), Float64Array.from(beta), eps, Float64Array.from(dy)),
  };
}
