// The scale every LayerNorm derivative carries, and how it multiplies along a stack. Serves the ε and σ
// instrument (content/21-eps-sigma.md) and exercises 7, 10, 11 and 16.
//
//   s(σ)    = γ / √(σ² + ε)                    the prefactor of (LN-jac), σ the spread entering the norm
//   cap     = γ / √ε                           s as σ → 0 (no cap when ε = 0: s = γ/σ grows without bound)
//   slope   = d ln s / d ln σ = −σ²/(σ² + ε)   −1 where σ² dominates, → 0 where ε does; −½ at σ = √ε
//   chain_k = ∏_{i ≤ k} γ / √(σ_i² + ε)        Post-LN: a gradient crossing k norms picks up every scale
//   bound_k = (1 + δ)^k                         Pre-LN: ‖∏ (I + B_i)‖ ≤ (1 + δ)^k when every ‖B_i‖ ≤ δ
//
// Arguments a reader typed are checked here; a bad one throws std::invalid_argument with a message that
// starts with the argument's name (sigma, epsilon, gamma, delta, p, L, block k), which the page shows beside
// that field. Nothing here returns a NaN; an infinite value comes with its reason in `note`.
#pragma once

#include <string>

#include "tensor.hpp"

namespace tk {

// The σ axis the instrument draws: 1e-4 … 1e2, 20 points per decade.
constexpr double kSigmaAxisMin = 1e-4;
constexpr double kSigmaAxisMax = 1e2;
constexpr int kSigmaAxisPoints = 121;
// The depth strip's longest stack; the article's deepest is 96.
constexpr int kMaxStripDepth = 1000;

// The scale at one σ, with the numbers around it.
struct NormScalePoint {
  double scale;         // γ/√(σ² + ε); +∞ only when σ = ε = 0 (then `note` says so)
  double scale_no_eps;  // γ/σ, the same with ε = 0; +∞ when σ = 0
  double cap;           // γ/√ε; +∞ when ε = 0 (there is no cap)
  double slope;         // d ln s / d ln σ = −σ²/(σ² + ε); −1 when σ = ε = 0 (the ε = 0 line)
  double eps_effect;    // 1 − s(σ; ε)/s(σ; 0) = 1 − σ/√(σ² + ε): the share of the scale ε removes
  double knee;          // √ε: the σ where σ² and ε weigh the same, so s = cap/√2
  std::string note;     // "" when every field is finite; else why one is infinite, for the reader
};
// sigma ≥ 0, epsilon ≥ 0, gamma > 0, all finite. Throws when the scale leaves float64's range.
NormScalePoint norm_scale_point(double sigma, double eps, double gamma);
template <class F>
void for_each_field(const NormScalePoint& p, F&& f) {
  f("scale", p.scale);
  f("scaleNoEps", p.scale_no_eps);
  f("cap", p.cap);
  f("slope", p.slope);
  f("epsEffect", p.eps_effect);
  f("knee", p.knee);
  f("note", p.note);
}

// s against σ on the instrument's log axis, for this ε and for ε = 0.
struct NormScaleCurve {
  Vec sigma;                 // (points or points + 1) log-spaced σ, the reader's σ inserted in order
  Vec scale;                 // (same) γ/√(σ² + ε)
  Vec scale_no_eps;          // (same) γ/σ
  Eigen::Index reader = -1;  // index of the reader's σ in `sigma`; −1 when it lies off the axis (σ = 0 too)
};
NormScaleCurve norm_scale_curve(double sigma, double eps, double gamma, int points = kSigmaAxisPoints);
template <class F>
void for_each_field(const NormScaleCurve& c, F&& f) {
  f("sigma", c.sigma);
  f("scale", c.scale);
  f("scaleNoEps", c.scale_no_eps);
  f("reader", c.reader);
}

// σ_i = sigma1 · i^p for i = 1 … n: a spread that grows like a power of depth (stats.hpp's growth curve).
Vec sigma_profile(double sigma1, double p, int n);
// σ_i = √(σ_i²) for a list of per-block variances (exercises 10 and 11 give variances).
Vec sigma_from_variances(const Vec& variance);

// Post-LN's chain of scales and Pre-LN's bound, block by block. The products are also given as log₁₀,
// exact where the products themselves leave float64's range (a long chain of small scales reaches 0).
struct NormScaleDepth {
  Vec sigma;                     // (n) σ_i
  Vec scale;                     // (n) γ/√(σ_i² + ε)
  Vec chain;                     // (n) chain_k = ∏_{i ≤ k} scale_i (0 or +∞ once out of range)
  Vec chain_log10;               // (n) log₁₀ chain_k, always finite
  Vec bound;                     // (n) (1 + δ)^k (+∞ once out of range)
  Vec bound_log10;               // (n) k · log₁₀(1 + δ)
  double first_over_last;        // scale_1 / scale_n: exercise 11's shallow-over-deep imbalance
  double first_over_last_log10;  // its log₁₀, always finite
};

// Every field of the depth strip's result with the name the bindings and the page give it.
template <class F>
void for_each_field(const NormScaleDepth& d, F&& f) {
  f("sigma", d.sigma);
  f("scale", d.scale);
  f("chain", d.chain);
  f("chainLog10", d.chain_log10);
  f("bound", d.bound);
  f("boundLog10", d.bound_log10);
  f("firstOverLast", d.first_over_last);
  f("firstOverLastLog10", d.first_over_last_log10);
}
// sigma (n, 1 ≤ n ≤ kMaxStripDepth), every entry ≥ 0; epsilon ≥ 0; gamma > 0; delta ≥ 0.
NormScaleDepth norm_scale_depth(const Vec& sigma, double eps, double gamma, double delta);

}  // namespace tk
