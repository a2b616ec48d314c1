// JS entry points of the ε and σ kernels (norm_scale.hpp). Copy in, call, copy out: nothing else.
// Two calls, not one per kernel function: each Embind entry point costs download size (scripts/size.mjs).
#include <cmath>

#include "convert.hpp"
#include "norm_scale.hpp"

namespace tk::js {
namespace {

// The scale at the reader's σ (the point's fields) and the curve the instrument draws around it (`curve`).
struct PointAndCurve {
  NormScalePoint point;
  NormScaleCurve curve;
};
template <class F>
void for_each_field(const PointAndCurve& v, F&& f) {
  for_each_field(v.point, f);
  f("curve", v.curve);
}

val norm_scale_js(val sigma_arg, val eps_arg, val gamma_arg) {
  return guarded([&] {
    const double sigma = number_arg(sigma_arg, "sigma"), eps = number_arg(eps_arg, "epsilon"),
                 gamma = number_arg(gamma_arg, "gamma");
    return result_to_js(PointAndCurve{norm_scale_point(sigma, eps, gamma), norm_scale_curve(sigma, eps, gamma)});
  });
}

// The per-block σ come as {sigmas: [...]}, {variances: [...]} or {sigma1, p, L} (σ_i = sigma1 · i^p).
Vec depth_sigmas(const val& options) {
  require_options(options, "the depth strip's options", "{sigmas: [1, 2], eps: 1e-5, gamma: 1, delta: 0.1}");
  if (has_field(options, "sigmas")) return to_vec(options["sigmas"], "sigmas");
  if (has_field(options, "variances")) return sigma_from_variances(to_vec(options["variances"], "variances"));
  // L arrives as a JS number: a fractional one is refused rather than truncated, and one beyond int's
  // range becomes −1, so the kernel's own range message names it
  const double L = number_field(options, "L", 0);
  require_input(L == std::floor(L), "L", "L must be a whole number of blocks");
  return sigma_profile(number_field(options, "sigma1", 0), number_field(options, "p", 0),
                       std::abs(L) < 1e9 ? int(L) : -1);
}

// options: the σ_i as above, and eps, gamma, delta.
val norm_scale_depth_js(val options) {
  return guarded([&] {
    const NormScaleDepth d = norm_scale_depth(depth_sigmas(options), number_field(options, "eps", NAN),
                                              number_field(options, "gamma", NAN), number_field(options, "delta", NAN));
    return result_to_js(d);
  });
}

}  // namespace
}  // namespace tk::js

EMSCRIPTEN_BINDINGS(norm_scale) {
  emscripten::constant("normScaleSigmaMin", tk::kSigmaAxisMin);
  emscripten::constant("normScaleSigmaMax", tk::kSigmaAxisMax);
  emscripten::constant("normScaleMaxDepth", tk::kMaxStripDepth);
  emscripten::function("normScale", &tk::js::norm_scale_js);
  emscripten::function("normScaleDepth", &tk::js::norm_scale_depth_js);
}
