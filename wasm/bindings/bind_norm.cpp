// JS entry points of the norms (norm.hpp, layernorm.hpp, rmsnorm.hpp), for the LayerNorm instrument and its
// RMSNorm switch: one row's steps and Jacobian for either kind, and LayerNorm over the rows of a matrix with its
// backward. Copy in, call, copy out; every result is described by its kernel's for_each_field.
#include <string>

#include "convert.hpp"
#include "norm.hpp"

namespace tk::js {
namespace {

NormKind kind_arg(const val& kind) {
  require(kind.isString(),
          [&] { return "the norm must be \"ln\" (LayerNorm) or \"rms\" (RMSNorm), got " + kind_of(kind); });
  return norm_from_key(kind.as<std::string>());
}

// gain: γ or g; beta: LayerNorm's β, or null for RMSNorm (which has none)
val norm_steps_js(val kind, val x, val gain, val beta, val eps) {
  return guarded([&] {
    const NormKind k = kind_arg(kind);
    const Vec b = k == NormKind::RMSNorm && beta.isNull() ? Vec() : to_vec(beta, "beta");
    return result_to_js(norm_steps(k, to_vec(x, "x"), to_vec(gain, k == NormKind::RMSNorm ? "gain" : "gamma"), b,
                                   number_arg(eps, "epsilon")));
  });
}

val norm_jacobian_js(val kind, val x, val gain, val eps) {
  return guarded([&] {
    const NormKind k = kind_arg(kind);
    return result_to_js(norm_jacobian(k, to_vec(x, "x"), to_vec(gain, k == NormKind::RMSNorm ? "gain" : "gamma"),
                                      number_arg(eps, "epsilon")));
  });
}

// LayerNorm over rows: the forward's cache (unit ≠ 1: the row's statistics were computed in that unit, so its
// variance may be 0 or ∞) and the backward's gradients.
struct RowsForward {
  Mat y;
  const LayerNormCache& cache;
};
template <class F>
void for_each_field(const RowsForward& r, F&& f) {
  f("y", r.y);
  f("mean", r.cache.mean);
  f("variance", r.cache.var);
  f("sigma", r.cache.sigma);
  f("zhat", r.cache.zhat);
  f("unit", r.cache.unit);
}
struct RowsBackward {
  const LayerNormGrads& grads;
};
template <class F>
void for_each_field(const RowsBackward& r, F&& f) {
  f("dx", r.grads.dx);
  f("dgamma", r.grads.dgamma);
  f("dbeta", r.grads.dbeta);
}

val layer_norm_forward(val x, val rows, val cols, val gamma, val beta, val eps) {
  return guarded([&] {
    LayerNormCache cache;
    const Mat y =
        layernorm_forward(to_mat(x, rows, cols, "x"), LayerNormParams{to_vec(gamma, "gamma"), to_vec(beta, "beta")},
                          number_arg(eps, "epsilon"), cache);
    return result_to_js(RowsForward{y, cache});
  });
}

val layer_norm_backward(val x, val rows, val cols, val gamma, val beta, val eps, val dy) {
  return guarded([&] {
    LayerNormCache cache;
    const LayerNormParams p{to_vec(gamma, "gamma"), to_vec(beta, "beta")};
    layernorm_forward(to_mat(x, rows, cols, "x"), p, number_arg(eps, "epsilon"), cache);
    LayerNormGrads grads;
    layernorm_backward(to_mat(dy, rows, cols, "dy"), p, cache, grads);
    return result_to_js(RowsBackward{grads});
  });
}

}  // namespace
}  // namespace tk::js

EMSCRIPTEN_BINDINGS(norm) {
  emscripten::constant("layerNormDefaultEps", tk::kLayerNormEps);
  emscripten::constant("rmsNormDefaultEps", tk::kRMSNormEps);
  emscripten::function("normSteps", &tk::js::norm_steps_js);
  emscripten::function("normJacobian", &tk::js::norm_jacobian_js);
  emscripten::function("layerNormForward", &tk::js::layer_norm_forward);
  emscripten::function("layerNormBackward", &tk::js::layer_norm_backward);
}
