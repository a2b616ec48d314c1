// The norm a wiring places in its blocks and after them, LayerNorm or RMSNorm, behind one face: the block and
// the stack call norm_forward / norm_backward with the kind the wiring names, and walk one NormParams.
#pragma once

#include <string>

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

// "ln" or "rms": a kind's name in a wiring's text form and at the page's norm switch; and back (throws
// std::invalid_argument naming both for any other word).
const char* norm_key(NormKind kind);
NormKind norm_from_key(const std::string& key);
// The kind's own ε: kLayerNormEps or kRMSNormEps.
double norm_default_eps(NormKind kind);

// A norm of kind `kind` over d features at initialisation (None: empty).
NormParams norm_init(NormKind kind, Eigen::Index d);

// y = N(x) with the kind's own ε (kLayerNormEps, kRMSNormEps). kind must not be None.
Mat norm_forward(const Mat& x, const NormParams& p, NormKind kind, NormCache& cache);
// Fills grads (of the kind's parameters) and returns ∂loss/∂x, a reference into grads.
const Mat& norm_backward(const Mat& dy, const NormParams& p, NormKind kind, const NormCache& cache, NormGrads& grads);

// The LayerNorm instrument (Part 2) for either kind: one row, every intermediate its worked solution prints, and
// its Jacobian with the terms that sum to it. A kind's results describe their own fields (for_each_field beside
// LayerNormSteps and RMSNormSteps), so the page gets one shape per kind from one entry point.
struct NormRowSteps {
  NormKind kind;
  LayerNormSteps ln;  // kind LayerNorm
  RMSNormSteps rms;   // kind RMSNorm
};
// gain: γ (LayerNorm) or g (RMSNorm); beta only for LayerNorm (RMSNorm has none: pass an empty one).
NormRowSteps norm_steps(NormKind kind, const Vec& x, const Vec& gain, const Vec& beta, double eps);
template <class F>
void for_each_field(const NormRowSteps& s, F&& f) {
  f("kind", std::string(norm_key(s.kind)));
  if (s.kind == NormKind::LayerNorm) for_each_field(s.ln, f);
  if (s.kind == NormKind::RMSNorm) for_each_field(s.rms, f);
}

struct NormRowJacobian {
  NormKind kind;
  LayerNormJacobian ln;
  RMSNormJacobian rms;
};
NormRowJacobian norm_jacobian(NormKind kind, const Vec& x, const Vec& gain, double eps);
template <class F>
void for_each_field(const NormRowJacobian& j, F&& f) {
  f("kind", std::string(norm_key(j.kind)));
  if (j.kind == NormKind::LayerNorm) for_each_field(j.ln, f);
  if (j.kind == NormKind::RMSNorm) for_each_field(j.rms, f);
}

}  // namespace tk
