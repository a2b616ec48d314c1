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
  return guarded(
      [&] {
        const StackConfig c = config_from<StackConfig>(options);
        validate(c);
        return stack_memory_bytes(c);
      },
      kStackMemoryAdvice);
}

// A run as the page reads it: the result's fields, the first block over the last under every measure keyed by the
// measure's name (NaN where it is undefined), and the reason of each undefined one under the same key.
struct StackRun {
  const StackConfig& config;
  StackResult result;
};
struct MeasureRatios {
  const StackRun& run;
};
struct UndefinedRatios {
  const StackRun& run;
};
template <class F>
void for_each_field(const MeasureRatios& m, F&& f) {
  for (Measure measure : kMeasures) f(measure_name(measure), gradient_ratio(m.run.result, measure));
}
template <class F>
void for_each_field(const UndefinedRatios& u, F&& f) {
  for (Measure measure : kMeasures) {
    const std::string reason = undefined_ratio_reason(u.run.config, u.run.result, measure);
    if (!reason.empty()) f(measure_name(measure), reason);
  }
}
template <class F>
void for_each_field(const StackRun& run, F&& f) {
  for_each_field(run.result, f);
  f("ratios", MeasureRatios{run});
  f("undefinedRatios", UndefinedRatios{run});
}

// The measures' names in the kernel's order (stack.hpp kMeasures): the page's lists take them from here.
val measure_names_js() {
  val out = val::array();
  for (Measure m : kMeasures) out.call<void>("push", val(std::string(measure_name(m))));
  return out;
}

// onProgress(done, total), if given, is called after every block forward and backward.
val run_stack_js(val options, val on_progress) {
  return guarded(
      [&] {
        const StackConfig c = config_from<StackConfig>(options);
        Progress progress;
        if (on_progress.typeOf().as<std::string>() == "function") {
          progress = [&](int done, int total) { on_progress(done, total); };
        } else {
          require(on_progress.isNull() || on_progress.isUndefined(), "onProgress must be a function, or null for none");
        }
        return result_to_js(StackRun{c, run_stack(c, progress)});
      },
      kStackMemoryAdvice);
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
    return result_to_js(stream_growth(std::vector<double>(v.data(), v.data() + v.size())));
  });
}

val growth_curve_js(val first, val exponent, val L) {
  return guarded([&] {
    const std::vector<double> curve =
        growth_curve(number_arg(first, "first"), number_arg(exponent, "exponent"), whole_arg(L, "L"));
    return to_js(curve);
  });
}

double starvation_removed_js(val ratio_all, val ratio_measure) {
  return guarded([&] {
    return starvation_removed(number_arg(ratio_all, "ratio_all"), number_arg(ratio_measure, "ratio_measure"));
  });
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
  emscripten::function("measureNames", &tk::js::measure_names_js);
}
