// The design challenges (see design.hpp): their tasks, their variants, and the judging of a reader's wiring.
#include "design.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "exercise_kit.hpp"
#include "stats.hpp"
#include "tensor.hpp"

namespace tk {

namespace {

constexpr int kDepthExercise = 22, kTrainingExercise = 23;
const std::vector<std::uint64_t> kDepthSeeds = {0, 1, 2, 3, 4, 5};  // the article's "median of 6"
const std::vector<std::uint64_t> kLabSeeds = {0, 1, 2};             // the training lab's default seeds

// The variants: depths where Post-LN's input ratio has fallen well below any band's floor and Pre-LN's stream has
// grown past the sd limit, bands around 1 of both kinds (tight and loose); for 23, depths where Post-LN stalls
// without warmup. tests/cpp/test_design.cpp runs each.
const int kDepthVariantLs[] = {48, 72, 96};
const double kDepthVariantBands[][2] = {{0.8, 1.25}, {0.8, 4.0 / 3.0}, {0.85, 1.0 / 0.85}};
const int kTrainingVariantLs[] = {24, 32};
// The depths a reader may type. 22: from 24 blocks, where Post-LN's median input ratio (0.763 over seeds 0–5) is
// already below the band's floor kMinBandLow, to 96, the article's deepest run. 23: from 24 blocks, the lab's depth,
// where Post-LN stalls without warmup (it trains for every seed at L = 12 and still at 17), to 48, a lab run a reader
// can wait for. docs/measurements.md, "The design challenges' inputs need a design", has each depth's measurement.
constexpr int kDepthMinL = 24, kDepthMaxL = 96, kTrainingMinL = 24, kTrainingMaxL = 48;

std::string number3(double v) {
  char s[32];
  std::snprintf(s, sizeof s, "%.3g", v);
  return s;
}

std::string seed_list(const std::vector<std::uint64_t>& seeds) {
  const bool contiguous = seeds.size() > 2 && seeds.back() - seeds.front() + 1 == seeds.size();
  if (contiguous) return std::to_string(seeds.front()) + "–" + std::to_string(seeds.back());
  std::string out;
  for (std::uint64_t s : seeds) out += (out.empty() ? "" : ", ") + std::to_string(s);
  return out;
}

void require_design(int n) {
  require(n == kDepthExercise || n == kTrainingExercise,
          [&] { return "exercise " + std::to_string(n) + " is not a design challenge (22 and 23 are)"; });
}

// why: what the range leaves out, said after the range ("" for nothing more)
int whole_input(const ExerciseInputs& inputs, const char* name, int lo, int hi, const std::string& why = "") {
  const auto it = inputs.find(name);
  if (it == inputs.end()) throw InputError(name, std::string("the challenge needs ") + name);
  const ExerciseValue& v = it->second;
  const double x = v.values.size() == 1 ? v.values[0] : NAN;
  if (!(x == std::floor(x) && x >= lo && x <= hi)) {
    throw InputError(name, std::string(name) + " must be a whole number from " + std::to_string(lo) + " to " +
                               std::to_string(hi) + why);
  }
  return int(x);
}

// "seeds 2, 5" where values has no finite number, "" if every value is one.
std::string undefined_among(const std::vector<std::uint64_t>& seeds, const std::vector<double>& values) {
  std::vector<std::uint64_t> bad;
  for (std::size_t k = 0; k < values.size(); ++k) {
    if (!std::isfinite(values[k])) bad.push_back(seeds[k]);
  }
  if (bad.empty()) return "";
  return (bad.size() == 1 ? "seed " : "seeds ") + seed_list(bad);
}

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

}  // namespace

std::vector<int> design_exercises() { return {kDepthExercise, kTrainingExercise}; }

DesignTask design_task(int n, const ExerciseInputs& inputs) {
  require_design(n);
  for (const auto& [name, value] : inputs) {
    const bool known = name == "L" || (n == kDepthExercise && name == "band");
    if (!known) throw InputError(name, "the challenge has no input \"" + name + "\"");
  }
  DesignTask t;
  if (n == kTrainingExercise) {
    t.kind = DesignKind::Training;
    t.L =
        whole_input(inputs, "L", kTrainingMinL, kTrainingMaxL,
                    ": with fewer blocks Post-LN itself can train without warmup (at L = 12 it does, for every seed), "
                    "and the challenge would ask for no design");
    t.seeds = kLabSeeds;
    return t;
  }
  t.kind = DesignKind::Depth;
  t.L = whole_input(inputs, "L", kDepthMinL, kDepthMaxL);
  t.seeds = kDepthSeeds;
  const auto band = inputs.find("band");
  if (band == inputs.end()) throw InputError("band", "the challenge needs a band [lo, hi] for the ratio");
  const std::vector<double>& b = band->second.values;
  if (b.size() != 2)
    throw InputError("band", "the band is two numbers, lo and hi (got " + std::to_string(b.size()) + ")");
  if (!(std::isfinite(b[0]) && std::isfinite(b[1]) && b[0] > 0 && b[0] < 1 && b[1] > 1 && b[1] <= 10)) {
    throw InputError("band", "the band must hold 1 inside it: 0 < lo < 1 < hi ≤ 10 (got " + number3(b[0]) + ", " +
                                 number3(b[1]) + ")");
  }
  if (b[0] < kMinBandLow) {
    throw InputError("band", "the band must start at " + number3(kMinBandLow) + " or above (got " + number3(b[0]) +
                                 "): from L = " + std::to_string(kDepthMinL) + " on, Post-LN's own median lies below " +
                                 number3(kMinBandLow) +
                                 ", and a band that reaches lower could let Post-LN unchanged pass, with no design");
  }
  t.lo = b[0];
  t.hi = b[1];
  return t;
}

ExerciseInputs design_defaults(int n) {
  require_design(n);
  if (n == kTrainingExercise) return {{"L", ExerciseValue{1, 1, {24}}}};
  return {{"L", ExerciseValue{1, 1, {96}}}, {"band", ExerciseValue{1, 2, {0.8, 1.25}}}};
}

std::vector<ExerciseInputs> design_variants(int n) {
  require_design(n);
  std::vector<ExerciseInputs> out;
  if (n == kTrainingExercise) {
    for (int L : kTrainingVariantLs) out.push_back({{"L", ExerciseValue{1, 1, {double(L)}}}});
    return out;
  }
  for (int L : kDepthVariantLs) {
    for (const auto& band : kDepthVariantBands) {
      out.push_back({{"L", ExerciseValue{1, 1, {double(L)}}}, {"band", ExerciseValue{1, 2, {band[0], band[1]}}}});
    }
  }
  return out;
}

ExerciseInputs design_variant(int n, std::uint64_t seed) {
  const std::vector<ExerciseInputs> all = design_variants(n);
  exercise::Dice dice(seed);
  return all[std::size_t(dice.integer(0, int(all.size()) - 1))];
}

std::vector<std::string> changes_from(const WiringSpec& w, const char* from) {
  WiringSpec rebased = w;
  rebased.from = wiring_preset(from).from;  // the same values, counted against the preset the task starts from
  return wiring_changes(rebased);
}

DepthRun depth_run(const StackResult& r) {
  DepthRun out;
  out.input_ratio = gradient_ratio(r, Measure::Input);
  out.linear_ratio = gradient_ratio(r, Measure::NoLayerNorm);
  out.sd_factor = stream_growth(r.stream_sd).factor;
  for (std::size_t i = 0; i < r.grad_norm_no_ln.size(); ++i) {
    if (r.grad_norm_no_ln[i] == 0) out.silent_blocks.push_back(int(i) + 1);
  }
  return out;
}

namespace {

// Why every block's branches are silent, in the drawing's words, or "" when no setting says it.
std::string why_silent(const WiringSpec& w, int L) {
  bool gated = true, scaled = true;
  for (int i = 0; i < L; ++i) {
    const BlockWiring b = block_wiring(w, i, L);
    gated = gated && b.gate != GateKind::None && b.gate0 == 0;
    scaled = scaled && b.scale_out == 0;
  }
  return gated    ? " (every branch is multiplied by a gate that starts at 0)"
         : scaled ? " (every branch's output is multiplied by 0)"
                  : "";
}

// The check that every block's branches hear the loss: each block's Linear layers receive a gradient in every run,
// and the median of their ratio, block 1 over block L, lies within the band.
DesignCheck linear_check(const DesignTask& task, const WiringSpec& w, const std::vector<DepthRun>& runs) {
  std::vector<int> silent;  // blocks silent in some run, in order
  std::vector<std::uint64_t> silent_seeds;
  std::vector<double> ratios;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    ratios.push_back(runs[k].linear_ratio);
    if (runs[k].silent_blocks.empty()) continue;
    silent_seeds.push_back(task.seeds[k]);
    for (int b : runs[k].silent_blocks) {
      if (std::find(silent.begin(), silent.end(), b) == silent.end()) silent.push_back(b);
    }
  }
  std::sort(silent.begin(), silent.end());
  const std::string undefined_seeds = undefined_among(task.seeds, ratios);
  const double ratio = undefined_seeds.empty() ? median(ratios) : NAN;
  DesignCheck c{"linear", silent.empty() && ratio >= task.lo && ratio <= task.hi, ratio, ""};
  const std::string in_seeds =
      silent_seeds.size() == task.seeds.size()
          ? ""
          : std::string(" for ") + (silent_seeds.size() == 1 ? "seed " : "seeds ") + seed_list(silent_seeds);
  const std::string L = std::to_string(task.L);
  if (int(silent.size()) == task.L) {
    c.sentence = "No gradient reaches any Linear weight at initialisation" + in_seeds +
                 ": the branches are switched off" + why_silent(w, task.L) +
                 ", so no block's attention or FFN hears the loss (the ratio over the Linear layers only is 0/0).";
  } else if (!silent.empty()) {
    const bool one = silent.size() == 1;
    c.sentence = "No gradient reaches the Linear weights of " + std::to_string(silent.size()) + " of the " + L +
                 " blocks" + in_seeds + " (" + (one ? "block " : "the first is block ") +
                 std::to_string(silent.front()) + "): " + (one ? "its" : "their") + " branches are switched off, so " +
                 (one ? "its" : "their") + " attention and FFN do not hear the loss.";
  } else if (!undefined_seeds.empty()) {
    c.sentence = "The gradient ratio over the Linear layers only has no value for " + undefined_seeds +
                 ", so its median is not in the band.";
  } else {
    c.sentence = "Every block's Linear layers receive gradient, and their ratio, block 1 over block " + L +
                 ", has the median " + number3(ratio) + " over seeds " + seed_list(task.seeds) + ": " +
                 (c.ok              ? "inside"
                  : ratio < task.lo ? "below"
                                    : "above") +
                 " the band [" + number3(task.lo) + ", " + number3(task.hi) + "].";
  }
  return c;
}

}  // namespace

DesignVerdict judge_depth_design(const DesignTask& task, const WiringSpec& w, const std::vector<StackResult>& results) {
  require(results.size() == task.seeds.size(), [&] {
    return "the challenge is judged on " + std::to_string(task.seeds.size()) + " runs, one per seed (got " +
           std::to_string(results.size()) + ")";
  });
  std::vector<DepthRun> runs;
  std::vector<double> input_ratios, sd_factors;
  for (const StackResult& r : results) {
    const auto blocks = [&](const std::vector<double>& v) { return int(v.size()) == task.L; };
    require(blocks(r.grad_norm) && blocks(r.grad_norm_no_ln) && blocks(r.input_grad_norm) && blocks(r.stream_sd),
            [&] { return "a run's result holds one number per block (" + std::to_string(task.L) + ") in each list"; });
    runs.push_back(depth_run(r));
    input_ratios.push_back(runs.back().input_ratio);
    sd_factors.push_back(runs.back().sd_factor);
  }
  DesignVerdict v;
  v.wiring = wiring_text(w);
  v.changes = changes_from(w, task.from);
  const std::string seeds = "seeds " + seed_list(task.seeds);
  DesignCheck changes{"changes", int(v.changes.size()) <= task.max_changes, double(v.changes.size()), ""};
  changes.sentence = v.changes.empty()
                         ? "This is Post-LN itself: no setting changed."
                         : "It changes " + std::to_string(v.changes.size()) + " setting" +
                               (v.changes.size() == 1 ? "" : "s") + " of Post-LN (" + join(v.changes) + ")" +
                               (changes.ok ? ", within the " + std::to_string(task.max_changes) + " allowed."
                                           : ": at most " + std::to_string(task.max_changes) + " are allowed.");
  // a median of runs of which one has no value (a ratio 0/0: no gradient reaches any block's input) has none
  const std::string undefined_seeds = undefined_among(task.seeds, input_ratios);
  const double ratio = undefined_seeds.empty() ? median(input_ratios) : NAN;
  DesignCheck band{"ratio", ratio >= task.lo && ratio <= task.hi, ratio, ""};
  band.sentence = !undefined_seeds.empty()
                      ? "The input-gradient ratio has no value for " + undefined_seeds +
                            " (no gradient reaches the blocks' inputs: 0/0), so its median is not in the band."
                      : "The input-gradient ratio, block 1 over block " + std::to_string(task.L) + ", has the median " +
                            number3(ratio) + " over " + seeds + ": " +
                            (band.ok           ? "inside"
                             : ratio < task.lo ? "below"
                                               : "above") +
                            " the band [" + number3(task.lo) + ", " + number3(task.hi) + "].";
  const std::string flat_seeds = undefined_among(task.seeds, sd_factors);
  const double sd = flat_seeds.empty() ? median(sd_factors) : NAN;
  DesignCheck growth{"sd", sd < task.max_sd, sd, ""};
  growth.sentence = !flat_seeds.empty()
                        ? "The stream's sd factor has no value for " + flat_seeds + " (the stream after block 1 is 0)."
                        : "The stream's sd grows by a median factor of " + number3(sd) + " from block 1 to block " +
                              std::to_string(task.L) + ": " + (growth.ok ? "below " : "not below ") +
                              number3(task.max_sd) + ".";
  const DesignCheck linear = linear_check(task, w, runs);
  v.checks = {changes, band, growth, linear};
  v.pass = changes.ok && band.ok && growth.ok && linear.ok;
  return v;
}

DesignVerdict judge_training_design(const DesignTask& task, const WiringSpec& w,
                                    const std::vector<SeedTraining>& runs) {
  require(runs.size() == task.seeds.size(), [&] {
    return "the challenge is judged on " + std::to_string(task.seeds.size()) + " training runs, one per seed (got " +
           std::to_string(runs.size()) + ")";
  });
  DesignVerdict v;
  v.wiring = wiring_text(w);
  v.changes = changes_from(w, task.from);
  // a norm after the add: its place, in every block (a first_post block is a Post-LN block, which has one)
  int without = 0, first_without = 0;
  for (int i = 0; i < task.L; ++i) {
    const BlockWiring b = block_wiring(w, i, task.L);
    if (!(b.after && b.residual)) {
      if (without++ == 0) first_without = i + 1;
    }
  }
  DesignCheck after{"after", without == 0, double(without), ""};
  after.sentence = after.ok      ? "Every block has a norm after its add."
                   : !w.residual ? "Its blocks have no add: a norm after the add needs the residual."
                                 : std::to_string(without) + " of its " + std::to_string(task.L) +
                                       " blocks have no norm after the add (the first is block " +
                                       std::to_string(first_without) + ").";
  int trained = 0;
  std::string failures;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const SeedTraining& r = runs[k];
    if (r.trained) {
      ++trained;
      continue;
    }
    failures += std::string(failures.empty() ? "" : "; ") + "seed " + std::to_string(task.seeds[k]) +
                (r.diverged ? " diverged at step " + std::to_string(r.diverged_at)
                            : " ended at a loss of " + number3(r.final_loss) + ", above " + number3(r.threshold));
  }
  DesignCheck train{"trained", trained == int(runs.size()), double(trained), ""};
  train.sentence = train.ok ? "It trains without warmup at L = " + std::to_string(task.L) + " for every seed (" +
                                  seed_list(task.seeds) + ")."
                            : "It trains for " + std::to_string(trained) + " of the " + std::to_string(runs.size()) +
                                  " seeds without warmup at L = " + std::to_string(task.L) + ": " + failures + ".";
  v.checks = {after, train};
  v.pass = after.ok && train.ok;
  return v;
}

std::vector<StackConfig> depth_design_runs(const DesignTask& task, const WiringSpec& w) {
  std::vector<StackConfig> runs;
  for (std::uint64_t seed : task.seeds) {
    StackConfig c;  // the article's protocol
    c.wiring = w, c.L = task.L, c.seed = seed;
    runs.push_back(c);
  }
  return runs;
}

std::vector<TrainConfig> training_design_runs(const DesignTask& task, const WiringSpec& w) {
  std::vector<TrainConfig> runs;
  for (std::uint64_t seed : task.seeds) {
    TrainConfig c;  // the training lab's protocol, no warmup
    c.stack.wiring = w, c.stack.L = task.L, c.stack.seed = seed, c.warmup = 0;
    runs.push_back(c);
  }
  return runs;
}

DesignVerdict run_training_design(const DesignTask& task, const WiringSpec& w) {
  std::vector<SeedTraining> runs;
  for (const TrainConfig& c : training_design_runs(task, w)) {
    Trainer trainer(c);
    std::vector<double> losses;
    while (!trainer.finished()) losses.push_back(trainer.step().loss);
    const TrainSummary s = summarize(c.task, losses);
    runs.push_back({s.trained, s.diverged, s.final_loss, s.diverged_at, s.threshold});
  }
  return judge_training_design(task, w, runs);
}

}  // namespace tk
