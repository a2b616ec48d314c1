// The design challenges (exercises 22 and 23): the reader writes a wiring (wiring.hpp), the page runs it with the
// kernels the chapter measures with, and these functions say which runs to make and judge them. A challenge's
// numbers are inputs like any exercise's: the answer key's defaults and seeded variants.
//
//   22  depth:    at depth L, starting from Post-LN and changing at most two settings (keys of the description),
//                 bring the median over seeds 0–5 of the input-gradient ratio (block 1's ‖∂loss/∂x‖ over block
//                 L's, the measure "input") within [lo, hi] while the median of the stream's sd factor (sd after
//                 block L over sd after block 1) stays below 1.5, and every block's branches hear the loss: each
//                 block's Linear layers receive a gradient in every run, and the median of their ratio, block 1
//                 over block L (the measure "no-ln", "Linear layers only"), lies within [lo, hi] too; the article's
//                 protocol at initialisation.
//   23  training: a wiring with a norm after the add in every block that trains at depth L without warmup: the
//                 training lab's protocol and criterion (the mean of the last 10 losses below the task's
//                 threshold) for each of the lab's seeds 0–2.
//
// A task the reader types must need a design: its inputs' range leaves out the numbers at which Post-LN unchanged
// already passes (design_task says why when it refuses one). 22: from L = 24 on, Post-LN's median input ratio lies
// below 0.8, so the band starts at 0.8 or above; 23: from L = 24 on, Post-LN does not train without warmup for
// every seed (docs/measurements.md, "The design challenges' inputs need a design").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "exercises.hpp"
#include "stack.hpp"
#include "train.hpp"
#include "wiring.hpp"

namespace tk {

enum class DesignKind { Depth, Training };

// A challenge's task, its numbers read from the exercise's inputs.
struct DesignTask {
  DesignKind kind = DesignKind::Depth;
  int L = 96;
  double lo = 0.8, hi = 1.25;  // the band the input ratio's median and the Linear layers' must reach (Depth)
  double max_sd = 1.5;         // the sd factor's median stays below it (Depth)
  int max_changes = 2;         // settings changed from Post-LN, at most (Depth)
  const char* from = "post";   // the preset the reader starts from
  std::vector<std::uint64_t> seeds;
};

// {22, 23}: the exercises that are design challenges.
std::vector<int> design_exercises();
// The band's low end, at least (22): Post-LN's median input ratio lies below it at every depth the challenge takes.
constexpr double kMinBandLow = 0.8;
// The task of exercise n with these inputs: 22 {"L", "band" (lo, hi)}, 23 {"L"}. Throws InputError naming the input
// for a bad one: L outside 24 … 96 (22) or 24 … 48 (23), a band whose ends are not kMinBandLow ≤ lo < 1 < hi ≤ 10;
// where the range leaves out a task Post-LN unchanged passes, the message says so.
DesignTask design_task(int n, const ExerciseInputs& inputs);
ExerciseInputs design_defaults(int n);
// Seeded variants: depths and bands where the presets the reader starts from miss and a design of at most two
// changes passes (tests/cpp/test_design.cpp checks each).
ExerciseInputs design_variant(int n, std::uint64_t seed);
// Every variant design_variant can give, for the test that checks each is well posed.
std::vector<ExerciseInputs> design_variants(int n);

// One criterion of a challenge, judged: its value beside its limit, and a sentence for the reader.
struct DesignCheck {
  std::string id;  // "changes", "ratio", "sd", "linear" (Depth); "after", "trained" (Training)
  bool ok = false;
  double value = 0;
  std::string sentence;
};

template <class F>
void for_each_field(const DesignCheck& c, F&& f) {
  f("id", c.id);
  f("ok", c.ok);
  f("value", c.value);
  f("sentence", c.sentence);
}

struct DesignVerdict {
  bool pass = false;
  std::string wiring;                // the wiring judged, as its text form
  std::vector<std::string> changes;  // its settings that differ from the preset the task starts from
  std::vector<DesignCheck> checks;   // every criterion, in the task's order
};

// The verdict's fields by the names the page reads.
template <class F>
void for_each_field(const DesignVerdict& v, F&& f) {
  f("pass", v.pass);
  f("wiring", v.wiring);
  f("changes", v.changes);
  f("checks", v.checks);
}

// The settings w changes from the preset named from, in the description's key order (gate0 only where w has a gate).
std::vector<std::string> changes_from(const WiringSpec& w, const char* from);

// The runs a challenge judges a wiring by: the article's protocol (StackConfig's defaults) at the task's depth for
// each seed (22), or the training lab's (TrainConfig's defaults, no warmup) for each of its seeds (23). The page
// makes exactly these in its workers (and judges them with judge_depth_design, judge_training_design);
// run_training_design makes 23's here, one after another, for the tests.
std::vector<StackConfig> depth_design_runs(const DesignTask& task, const WiringSpec& w);
std::vector<TrainConfig> training_design_runs(const DesignTask& task, const WiringSpec& w);
DesignVerdict run_training_design(const DesignTask& task, const WiringSpec& w);

// What challenge 22 reads of one seed's run (a StackResult: input_grad_norm, grad_norm_no_ln and stream_sd, with
// grad_norm for the depth): the input ratio (gradient_ratio, Measure::Input), the Linear layers' ratio
// (Measure::NoLayerNorm), the stream's sd factor (stream_growth(...).factor, which throws for a stream of 0), and the
// blocks whose Linear layers receive exactly no gradient (their branches switched off: multiplied by 0, or by a
// gate that starts at 0). A block's six Linear layers are its two sublayers' (attention's four, the FFN's two), and
// every setting of the drawing that can switch a branch off (scale_in, scale_out, gate0) acts on both alike, so a
// block's Linear layers hearing the loss is each of its sublayers hearing it.
struct DepthRun {
  double input_ratio = 0, linear_ratio = 0, sd_factor = 0;
  std::vector<int> silent_blocks;  // 1-based
};
DepthRun depth_run(const StackResult& r);

// 22: judged from each seed's run, in task.seeds' order. Throws std::invalid_argument if they are not one per seed
// of task.L blocks.
DesignVerdict judge_depth_design(const DesignTask& task, const WiringSpec& w, const std::vector<StackResult>& results);

// One seed's training run as the lab summarises it (train.hpp's TrainSummary).
struct SeedTraining {
  bool trained = false;
  bool diverged = false;
  double final_loss = 0;
  int diverged_at = -1;
  double threshold = 0;
};
// 23: judged from each seed's summary, in task.seeds' order, and the wiring's own blocks (a norm after every add).
DesignVerdict judge_training_design(const DesignTask& task, const WiringSpec& w, const std::vector<SeedTraining>& runs);

}  // namespace tk
