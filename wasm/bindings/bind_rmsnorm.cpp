// JS entry points of the RMSNorm kernels (rmsnorm.hpp), for the LayerNorm instrument's RMSNorm switch. Copy in,
// call, copy out: nothing else.
#include "convert.hpp"
#include "rmsnorm.hpp"

namespace tk::js {
namespace {

val rms_norm_steps(val x, val gain, val eps) {
  return guarded([&] {
    const RMSNormSteps s = rmsnorm_steps(to_vec(x, "x"), to_vec(gain, "gain"), number_arg(eps, "epsilon"));
    val out = val::object();
    out.set("squares", to_js(s.squares));
    out.set("meanSquare", s.mean_square);
    out.set("rms", s.rms);
    out.set("xhat", to_js(s.xhat));
    out.set("y", to_js(s.y));
    out.set("unit", s.unit);
    out.set("xInUnit", to_js(s.x_in_unit));
    out.set("epsInUnit", s.eps_in_unit);
    return out;
  });
}

val rms_norm_jacobian(val x, val gain, val eps) {
  return guarded([&] {
    const RMSNormJacobian jac = rmsnorm_jacobian(to_vec(x, "x"), to_vec(gain, "gain"), number_arg(eps, "epsilon"));
    val out = val::object();
    out.set("d", int(jac.J_y_x.rows()));
    out.set("J", to_js(jac.J_y_x));
    out.set("diagonal", to_js(jac.diagonal));
    out.set("scaleRemoval", to_js(jac.scale_removal));
    out.set("rms", jac.rms);
    return out;
  });
}

}  // namespace
}  // namespace tk::js

EMSCRIPTEN_BINDINGS(rmsnorm) {
  emscripten::constant("rmsNormDefaultEps", tk::kRMSNormEps);
  emscripten::function("rmsNormSteps", &tk::js::rms_norm_steps);
  emscripten::function("rmsNormJacobian", &tk::js::rms_norm_jacobian);
}
