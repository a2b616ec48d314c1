// JS entry points of the design challenges (design.hpp): a challenge's task from its inputs, the runs that judge a
// reader's wiring (as the options the page's workers run), and the verdict from those runs' results.
#include <string>
#include <utility>
#include <vector>

#include "config_fields.hpp"
#include "convert.hpp"
#include "design.hpp"
#include "exercise_values.hpp"

namespace tk::js {
namespace {

struct TaskView {
  const DesignTask& t;
};
template <class F>
void for_each_field(const TaskView& v, F&& f) {
  f("kind", std::string(v.t.kind == DesignKind::Depth ? "depth" : "training"));
  f("L", v.t.L);
  if (v.t.kind == DesignKind::Depth) {
    f("lo", v.t.lo);
    f("hi", v.t.hi);
    f("maxSd", v.t.max_sd);
    f("maxChanges", v.t.max_changes);
  }
  f("from", std::string(v.t.from));
  std::vector<double> seeds(v.t.seeds.begin(), v.t.seeds.end());
  f("seeds", seeds);
}

std::string wiring_arg(const val& text) {
  require(text.isString(),
          [&] { return "a wiring must be a preset's name or a JSON object, as text (got " + kind_of(text) + ")"; });
  return text.as<std::string>();
}

val design_exercises_js() {
  val out = val::array();
  for (int n : design_exercises()) out.call<void>("push", n);
  return out;
}

val design_defaults_js(val n) {
  return guarded([&] { return to_js(design_defaults(exercise_number(n))); });
}

val design_variant_js(val n, val seed) {
  return guarded([&] { return to_js(design_variant(exercise_number(n), seed_from(seed))); });
}

val design_task_js(val n, val inputs) {
  return guarded([&] { return result_to_js(TaskView{design_task(exercise_number(n), inputs_from(inputs))}); });
}

// The runs that judge a wiring: StackConfig options (22) or TrainConfig options (23), every field given.
val design_runs_js(val n, val inputs, val wiring) {
  return guarded([&] {
    const DesignTask task = design_task(exercise_number(n), inputs_from(inputs));
    const WiringSpec w = read_wiring(wiring_arg(wiring));
    val out = val::array();
    const auto push = [&](auto config) {
      val options = val::object();
      for_each_field(config, FieldWriter{options});
      out.call<void>("push", options);
    };
    if (task.kind == DesignKind::Depth) {
      for (const StackConfig& c : depth_design_runs(task, w)) push(c);
    } else {
      for (const TrainConfig& c : training_design_runs(task, w)) push(c);
    }
    return out;
  });
}

// The verdict from the runs' results, one per seed in the task's order: for 22 the stack kernel's result (its lists
// gradNorm, gradNormNoLn, inputGradNorm and streamSd are read), for 23 the lab's summary {trained, diverged,
// finalLoss, divergedAt, threshold}.
val judge_design_js(val n, val inputs, val wiring, val results) {
  return guarded([&] {
    const DesignTask task = design_task(exercise_number(n), inputs_from(inputs));
    const WiringSpec w = read_wiring(wiring_arg(wiring));
    require(val::global("Array").call<bool>("isArray", results), "results must be an array, one per seed");
    const int count = results["length"].as<int>();
    require(count == int(task.seeds.size()), [&] {
      return "the challenge is judged on " + std::to_string(task.seeds.size()) + " runs, one per seed (got " +
             std::to_string(count) + ")";
    });
    DesignVerdict verdict;
    if (task.kind == DesignKind::Depth) {
      std::vector<StackResult> runs;
      for (int k = 0; k < count; ++k) {
        require_options(results[k], "a run's result", "{gradNorm, gradNormNoLn, inputGradNorm, streamSd}");
        StackResult r;
        const auto list = [&](const char* name) {
          std::vector<double> v = numbers_arg(results[k][name], name);
          require(int(v.size()) == task.L, [&] {
            return std::string(name) + " must hold one number per block (" + std::to_string(task.L) + ")";
          });
          return v;
        };
        r.grad_norm = list("gradNorm");
        r.grad_norm_no_ln = list("gradNormNoLn");
        r.input_grad_norm = list("inputGradNorm");
        r.stream_sd = list("streamSd");
        runs.push_back(std::move(r));
      }
      verdict = judge_depth_design(task, w, runs);
    } else {
      std::vector<SeedTraining> runs;
      for (int k = 0; k < count; ++k) {
        const val r = results[k];
        require_options(r, "a run's summary", "{trained, diverged, finalLoss, divergedAt, threshold}");
        runs.push_back({bool_field(r, "trained", false), bool_field(r, "diverged", false),
                        number_field(r, "finalLoss", NAN), int_field(r, "divergedAt", -1),
                        number_field(r, "threshold", NAN)});
      }
      verdict = judge_training_design(task, w, runs);
    }
    return result_to_js(verdict);
  });
}

}  // namespace
}  // namespace tk::js

EMSCRIPTEN_BINDINGS(design) {
  emscripten::function("designExercises", &tk::js::design_exercises_js);
  emscripten::function("designDefaults", &tk::js::design_defaults_js);
  emscripten::function("designVariant", &tk::js::design_variant_js);
  emscripten::function("designTask", &tk::js::design_task_js);
  emscripten::function("designRuns", &tk::js::design_runs_js);
  emscripten::function("judgeDesign", &tk::js::judge_design_js);
}
