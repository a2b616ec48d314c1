// JS entry points of the stack kernel (stack.hpp): the article's experiment for one configuration and seed.
// Options arrive as a plain object; any field left out takes the C++ default (StackConfig), which
// stackDefaults() reports, so the page never types a default of its own. Both follow StackConfig's own
// field list (for_each_field in stack.hpp).
#include <cmath>
#include <cstdint>
#include <string>

#include "config_fields.hpp"
#include "convert.hpp"
#include "stack.hpp"
#include "stats.hpp"

namespace tk::js {
namespace {

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
    val out = result_to_js(r);
    // the first block over the last under every measure, keyed by measure name; NaN where it is undefined, and
    // then its reason under the same key in undefinedRatios
    val ratios = val::object(), undefined = val::object();
    for (Measure m : kMeasures) {
      ratios.set(measure_name(m), gradient_ratio(r, m));
      const std::string reason = undefined_ratio_reason(c, r, m);
      if (!reason.empty()) undefined.set(measure_name(m), reason);
    }
    out.set("ratios", ratios);
    out.set("undefinedRatios", undefined);
    return out;
  }, kStackMemoryAdvice);
}

const char* residual_name(Residual r) { return r == Residual::Post ? "post" : r == Residual::Pre ? "pre" : "none"; }
const char* norm_name(NormKind n) { return n == NormKind::LayerNorm ? "layernorm" : n == NormKind::RMSNorm ? "rmsnorm" : "none"; }
const char* gate_name(Gate g) { return g == Gate::Scalar ? "scalar" : g == Gate::Vector ? "vector" : "none"; }

// The kernel's wirings (kWirings) and their rules, in its order: what the page's list of wirings is checked by.
val wirings_js() {
  val out = val::array();
  for (const Wiring& w : kWirings) {
    val entry = val::object();
    entry.set("name", std::string(w.name));
    entry.set("residual", std::string(residual_name(w.residual)));
    entry.set("norm", std::string(norm_name(w.norm)));
    entry.set("outputNorm", w.output_norm);
    entry.set("gate", std::string(gate_name(w.gate)));
    entry.set("finalNorm", w.final_norm);
    out.call<void>("push", entry);
  }
  return out;
}

// The constants a wiring's rules give a stack of L blocks: α, the init divisor, the gates' first value, and how
// many first blocks are Post-LN (what Part 4's exercises ask about).
val wiring_constants_js(val placement, val L) {
  return guarded([&] {
    require(placement.isString(), "placement must be a string");
    const Wiring& w = wiring_of(placement_from_name(placement.as<std::string>()));
    const int depth = whole_arg(L, "L");
    require(depth >= 1 && depth <= 1024, "depth L must be between 1 and 1024");
    val out = val::object();
    out.set("alpha", w.residual_scale(depth));
    out.set("initDivisor", w.branch_init_divisor(depth));
    if (w.gate != Gate::None) out.set("gateInit", w.gate_init(depth));  // a wiring without gates has no such value
    out.set("postBlocks", w.post_blocks(depth));
    return out;
  });
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
  emscripten::function("wirings", &tk::js::wirings_js);
  emscripten::function("wiringConstants", &tk::js::wiring_constants_js);
}
