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
const double kDepthVariantBands[][2] = {{0.8, 1.25}, {0.75, 4.0 / 3.0}, {0.85, 1.0 / 0.85}};
const int kTrainingVariantLs[] = {24, 32};

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

int whole_input(const ExerciseInputs& inputs, const char* name, int lo, int hi) {
  const auto it = inputs.find(name);
  if (it == inputs.end()) throw InputError(name, std::string("the challenge needs ") + name);
  const ExerciseValue& v = it->second;
  const double x = v.values.size() == 1 ? v.values[0] : NAN;
  if (!(x == std::floor(x) && x >= lo && x <= hi)) {
    throw InputError(
        name, std::string(name) + " must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
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
    t.L = whole_input(inputs, "L", 12, 48);  // deep enough for Post-LN to stall; a lab run a reader can wait for
    t.seeds = kLabSeeds;
    return t;
  }
  t.kind = DesignKind::Depth;
  t.L = whole_input(inputs, "L", 24, 96);  // the depths the article's question is about, and no deeper than its runs
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

DesignVerdict judge_depth_design(const DesignTask& task, const WiringSpec& w, const std::vector<double>& input_ratios,
                                 const std::vector<double>& sd_factors) {
  require(input_ratios.size() == task.seeds.size() && sd_factors.size() == task.seeds.size(), [&] {
    return "the challenge is judged on " + std::to_string(task.seeds.size()) + " runs, one per seed (got " +
           std::to_string(input_ratios.size()) + " ratios and " + std::to_string(sd_factors.size()) + " sd factors)";
  });
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
  v.checks = {changes, band, growth};
  v.pass = changes.ok && band.ok && growth.ok;
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
