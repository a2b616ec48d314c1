// The norm a wiring places in its blocks and after them, LayerNorm or RMSNorm, behind one face: the block and
// the stack call norm_forward / norm_backward with the kind the wiring names, and walk one NormParams.
#pragma once

#include "layernorm.hpp"
#include "rmsnorm.hpp"

namespace tk {

enum class NormKind {
  None,       // no norm at all (ReZero)
  LayerNorm,  // nn.LayerNorm(d): ε = 1e-5, γ = 1, β = 0 at initialisation
  RMSNorm,    // LLaMA's RMSNorm(d): ε = 1e-6, g = 1 at initialisation
};

// One norm's parameters: those of its kind; the other kind's stay empty.
struct NormParams {
  LayerNormParams ln;
  RMSNormParams rms;
};
struct NormCache {
  LayerNormCache ln;
  RMSNormCache rms;
};
struct NormGrads {
  LayerNormGrads ln;
  RMSNormGrads rms;
};

// γ, β, then g: the empty ones are walked too (as tensors of 0 numbers), so every block of a stack has the
// same walk whatever its wiring.
template <class F>
void for_each_param(NormParams& p, const NormGrads& g, F&& f) {
  for_each_param(p.ln, g.ln, f);
  for_each_param(p.rms, g.rms, f);
}

// A norm of kind `kind` over d features at initialisation (None: empty).
NormParams norm_init(NormKind kind, Eigen::Index d);

// y = N(x) with the kind's own ε (kLayerNormEps, kRMSNormEps). kind must not be None.
Mat norm_forward(const Mat& x, const NormParams& p, NormKind kind, NormCache& cache);
// Fills grads (of the kind's parameters) and returns ∂loss/∂x, a reference into grads.
const Mat& norm_backward(const Mat& dy, const NormParams& p, NormKind kind, const NormCache& cache, NormGrads& grads);

}  // namespace tk
