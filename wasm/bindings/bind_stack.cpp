// JS entry points of the stack kernel (stack.hpp): the article's experiment for one configuration and seed.
// Options arrive as a plain object; any field left out takes the C++ default (StackConfig), which
// stackDefaults() reports, so the page never types a default of its own. Both follow StackConfig's own
// field list (for_each_field in stack.hpp).
#include <cstdint>

#include "config_fields.hpp"
#include "convert.hpp"
#include "stack.hpp"
#include "stats.hpp"

namespace tk::js {
namespace {

val to_js(const std::vector<double>& v) { return tk::js::to_js(v.data(), Eigen::Index(v.size())); }

val stack_defaults() { return config_defaults<StackConfig>(); }

// Throws the reader-facing message of validate(); returns the bytes a run needs.
double stack_check(val options) {
  return guarded([&] {
    const StackConfig c = config_from<StackConfig>(options);
    validate(c);
    return stack_memory_bytes(c);
  }, kStackMemoryAdvice);
}

// onProgress(done, total), if given, is called after every block forward and backward.
val run_stack_js(val options, val on_progress) {
  return guarded([&] {
    const StackConfig c = config_from<StackConfig>(options);
    Progress progress;
    if (on_progress.typeOf().as<std::string>() == "function") {
      progress = [&](int done, int total) { on_progress(done, total); };
    } else {
      require(on_progress.isNull() || on_progress.isUndefined(), "onProgress must be a function, or null for none");
    }
    const StackResult r = run_stack(c, progress);
    val out = val::object();
    out.set("gradNorm", to_js(r.grad_norm));
    out.set("gradNormWeights", to_js(r.grad_norm_weights));
    out.set("gradNormNoLn", to_js(r.grad_norm_no_ln));
    out.set("inputGradNorm", to_js(r.input_grad_norm));
    out.set("streamSd", to_js(r.stream_sd));
    out.set("loss", r.loss);
    out.set("ratio", r.ratio);
    val ratios = val::object();  // the first block over the last under every measure, keyed by measure name
    for (Measure m : kMeasures) {
      ratios.set(measure_name(m), gradient_ratio(r, m));
    }
    out.set("ratios", ratios);
    return out;
  }, kStackMemoryAdvice);
}

double median_js(val values) {
  return guarded([&] {
    const Vec v = to_vec(values, "values");
    return median(std::vector<double>(v.data(), v.data() + v.size()));
  });
}

val stream_growth_js(val stream_sd) {
  return guarded([&] {
    const Vec v = to_vec(stream_sd, "streamSd");
    const StreamGrowth g = stream_growth(std::vector<double>(v.data(), v.data() + v.size()));
    val out = val::object();
    out.set("factor", g.factor);
    out.set("exponent", g.exponent);
    out.set("sqrtDepth", g.sqrt_depth);
    return out;
  });
}

val growth_curve_js(val first, val exponent, val L) {
  return guarded([&] {
    const std::vector<double> curve = growth_curve(number_arg(first, "first"), number_arg(exponent, "exponent"),
                                                   whole_arg(L, "L"));
    return to_js(curve);
  });
}

double starvation_removed_js(val ratio_all, val ratio_measure) {
  return guarded([&] { return starvation_removed(number_arg(ratio_all, "ratio_all"), number_arg(ratio_measure, "ratio_measure")); });
}

double stack_flops_js(val options) {
  return guarded([&] {
    const StackConfig c = config_from<StackConfig>(options);
    validate(c);  // only a configuration that can run has a FLOP count (heads = 0 would divide by 0)
    return stack_flops(c);
  });
}

}  // namespace
}  // namespace tk::js

EMSCRIPTEN_BINDINGS(stack) {
  emscripten::function("stackDefaults", &tk::js::stack_defaults);
  emscripten::function("stackCheck", &tk::js::stack_check);
  emscripten::function("runStack", &tk::js::run_stack_js);
  emscripten::function("median", &tk::js::median_js);
  emscripten::function("streamGrowth", &tk::js::stream_growth_js);
  emscripten::function("growthCurve", &tk::js::growth_curve_js);
  emscripten::function("starvationRemoved", &tk::js::starvation_removed_js);
  emscripten::function("stackFlops", &tk::js::stack_flops_js);
}
