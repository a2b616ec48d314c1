// Typed wrappers around the ε and σ kernels (wasm/bindings/bind_norm_scale.cpp): the LayerNorm Jacobian's
// scale γ/√(σ²+ε) at one σ and along the instrument's σ axis, and the Post-LN chain of scales beside the
// Pre-LN bound (1+δ)ᴸ along depth. Synchronous once loaded, so the instrument recomputes on every keystroke.
// Bad input throws an Error whose `input` names the field it is about (sigma, eps, gamma, p, L, delta, or list
// for a block of a list), when the kernel can name one.
import { loadKernels } from './loader.js';

export async function loadNormScale() {
  const K = await loadKernels();
  return {
    /** nn.LayerNorm's ε, from the C++ constant (the LayerNorm kernels' own). */
    defaultEps: K.layerNormDefaultEps,
    /** The σ axis the instrument draws, and the longest depth strip, from C++. */
    sigmaMin: K.normScaleSigmaMin,
    sigmaMax: K.normScaleSigmaMax,
    maxDepth: K.normScaleMaxDepth,

    /**
     * The scale at σ: {scale, scaleNoEps, cap, slope, epsEffect, knee, note}, and the curve around it,
     * curve: {sigma, scale, scaleNoEps: number[], reader: index of σ in curve.sigma or −1 (off the axis)}.
     * scale, scaleNoEps and cap may be Infinity; note then says why.
     * @param {number} sigma
     * @param {number} eps
     * @param {number} gamma
     */
    at(sigma, eps, gamma) {
      const r = K.normScale(sigma, eps, gamma);
      const c = r.curve;
      return { ...r, curve: { sigma: [...c.sigma], scale: [...c.scale], scaleNoEps: [...c.scaleNoEps], reader: c.reader } };
    },

    /**
     * Along depth. source: {sigmas: number[]} | {variances: number[]} | {sigma1, p, L} (σᵢ = sigma1·iᵖ, L blocks).
     * → {sigma, scale, chain, chainLog10, bound, boundLog10: number[] (one per block), firstOverLast,
     *    firstOverLastLog10}. chain and bound may leave float64 (0 or Infinity); their log₁₀ never does.
     * @param {Record<string, number | number[]>} source  one of the three forms above
     * @param {{eps: number, gamma: number, delta: number}} scales
     * @returns {Record<string, any>}
     */
    depth(source, { eps, gamma, delta }) {
      const r = K.normScaleDepth({ ...source, eps, gamma, delta });
      // (the fields as the kernel names them, norm_scale.hpp for_each_field; its lists as plain arrays)
      return Object.fromEntries(Object.entries(r).map(([name, v]) => [name, ArrayBuffer.isView(v) ? Array.from(/** @type {Float64Array} */ (v)) : v]));
    },
  };
}
