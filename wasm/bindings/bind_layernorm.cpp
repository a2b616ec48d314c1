// JS entry points of the LayerNorm kernels (layernorm.hpp). Copy in, call, copy out: nothing else.
#include "convert.hpp"
#include "layernorm.hpp"

namespace tk::js {
namespace {

val layer_norm_steps(val x, val gamma, val beta, val eps) {
  return guarded([&] {
    const LayerNormSteps s =
        layernorm_steps(to_vec(x, "x"), to_vec(gamma, "gamma"), to_vec(beta, "beta"), number_arg(eps, "epsilon"));
    val out = val::object();
    out.set("mean", s.mean);
    out.set("deviations", to_js(s.deviations));
    out.set("squares", to_js(s.squares));
    out.set("variance", s.variance);
    out.set("sigma", s.sigma);
    out.set("zhat", to_js(s.zhat));
    out.set("y", to_js(s.y));
    out.set("unit", s.unit);
    out.set("xInUnit", to_js(s.x_in_unit));
    out.set("epsInUnit", s.eps_in_unit);
    return out;
  });
}

val layer_norm_jacobian(val x, val gamma, val eps) {
  return guarded([&] {
    const LayerNormJacobian jac = layernorm_jacobian(to_vec(x, "x"), to_vec(gamma, "gamma"), number_arg(eps, "epsilon"));
    val out = val::object();
    out.set("d", int(jac.J_y_x.rows()));
    out.set("J", to_js(jac.J_y_x));
    out.set("diagonal", to_js(jac.diagonal));
    out.set("meanRemoval", to_js(jac.mean_removal));
    out.set("varianceRemoval", to_js(jac.variance_removal));
    out.set("sigma", jac.sigma);
    return out;
  });
}

val layer_norm_forward(val x, val rows, val cols, val gamma, val beta, val eps) {
  return guarded([&] {
    LayerNormCache cache;
    const Mat y = layernorm_forward(to_mat(x, rows, cols, "x"), LayerNormParams{to_vec(gamma, "gamma"), to_vec(beta, "beta")},
                                    number_arg(eps, "epsilon"), cache);
    val out = val::object();
    out.set("y", to_js(y));
    out.set("mean", to_js(cache.mean));
    out.set("variance", to_js(cache.var));
    out.set("sigma", to_js(cache.sigma));
    out.set("zhat", to_js(cache.zhat));
    out.set("unit", to_js(cache.unit));  // ≠ 1: the row's statistics were computed in that unit (variance may be 0 or ∞)
    return out;
  });
}

val layer_norm_backward(val x, val rows, val cols, val gamma, val beta, val eps, val dy) {
  return guarded([&] {
    LayerNormCache cache;
    const LayerNormParams p{to_vec(gamma, "gamma"), to_vec(beta, "beta")};
    layernorm_forward(to_mat(x, rows, cols, "x"), p, number_arg(eps, "epsilon"), cache);
    LayerNormGrads grads;
    layernorm_backward(to_mat(dy, rows, cols, "dy"), p, cache, grads);
    val out = val::object();
    out.set("dx", to_js(grads.dx));
    out.set("dgamma", to_js(grads.dgamma));
    out.set("dbeta", to_js(grads.dbeta));
    return out;
  });
}

}  // namespace
}  // namespace tk::js

EMSCRIPTEN_BINDINGS(layernorm) {
  emscripten::constant("layerNormDefaultEps", tk::kLayerNormEps);
  emscripten::function("layerNormSteps", &tk::js::layer_norm_steps);
  emscripten::function("layerNormJacobian", &tk::js::layer_norm_jacobian);
  emscripten::function("layerNormForward", &tk::js::layer_norm_forward);
  emscripten::function("layerNormBackward", &tk::js::layer_norm_backward);
}
