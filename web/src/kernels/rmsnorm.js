// Typed wrappers around the RMSNorm kernels (wasm/bindings/bind_rmsnorm.cpp), for the LayerNorm instrument's
// RMSNorm switch. Loading is async; the returned functions are synchronous. Matrices come back as rows.
import { loadKernels } from './loader.js';

const rowsOf = (flat, d) => Array.from({ length: d }, (_, i) => Array.from(flat.subarray(i * d, (i + 1) * d)));

export async function loadRmsNorm() {
  const K = await loadKernels();
  return {
    /** LLaMA's ε, from the C++ constant. */
    defaultEps: K.rmsNormDefaultEps,

    /**
     * Every intermediate for one vector: {squares, meanSquare, rms, xhat, y, unit, xInUnit, epsInUnit}. When
     * unit ≠ 1 the squares and their mean lie past float64; steps(xInUnit, g, epsInUnit) has every step a number.
     */
    steps(x, gain, eps) {
      const r = K.rmsNormSteps(Float64Array.from(x), Float64Array.from(gain), eps);
      return { ...r, squares: [...r.squares], xhat: [...r.xhat], y: [...r.y], xInUnit: [...r.xInUnit] };
    },

    /** The exact d×d Jacobian at x and its two terms (diagonal, scale removal), as rows. */
    jacobian(x, gain, eps) {
      const r = K.rmsNormJacobian(Float64Array.from(x), Float64Array.from(gain), eps);
      return { d: r.d, rms: r.rms, J: rowsOf(r.J, r.d), diagonal: rowsOf(r.diagonal, r.d), scaleRemoval: rowsOf(r.scaleRemoval, r.d) };
    },
  };
}
