// The design challenges (design.cpp): their tasks read from an exercise's inputs, the judging of a reader's wiring
// from its runs (every criterion with its sentence), and, with the kernels' own runs, that Post-LN and Pre-LN miss
// and a right design passes. The exhaustive search of challenge 22 is test_design_search.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "check.hpp"
#include "design.hpp"

namespace tk {
namespace {

using test::thrown_message;

ExerciseValue number(double v) { return ExerciseValue{1, 1, {v}}; }
ExerciseValue pair(double a, double b) { return ExerciseValue{1, 2, {a, b}}; }
// A run of L blocks whose ratios, block 1 over block L, at the blocks' inputs and over the Linear layers only, and
// whose stream's sd factor, are these (every other block's numbers 1).
StackResult run_of(int L, double input_ratio, double sd_factor, double linear_ratio = 1) {
  StackResult r;
  r.grad_norm.assign(L, 1.0);
  r.grad_norm_no_ln.assign(L, 1.0);
  r.grad_norm_no_ln.front() = linear_ratio;
  r.input_grad_norm.assign(L, 1.0);
  r.input_grad_norm.front() = input_ratio;
  r.stream_sd.assign(L, 1.0);
  r.stream_sd.back() = sd_factor;
  return r;
}
// One run per seed: input ratios and sd factors (and Linear ratios, 1 if none are given).
std::vector<StackResult> runs_of(int L, const std::vector<double>& input_ratios, const std::vector<double>& sd_factors,
                                 const std::vector<double>& linear_ratios = {}) {
  std::vector<StackResult> out;
  for (std::size_t k = 0; k < input_ratios.size(); ++k) {
    out.push_back(run_of(L, input_ratios[k], sd_factors[k], linear_ratios.empty() ? 1.0 : linear_ratios[k]));
  }
  return out;
}
const std::vector<double> kOnes = {1, 1, 1, 1, 1, 1};

bool same(const ExerciseInputs& a, const ExerciseInputs& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [name, v] : a) {
    const auto it = b.find(name);
    if (it == b.end() || it->second.rows != v.rows || it->second.cols != v.cols || it->second.values != v.values)
      return false;
  }
  return true;
}

TEST(DesignTask, ReadsItsInputs) {
  const DesignTask depth = design_task(22, design_defaults(22));
  EXPECT_EQ(depth.kind, DesignKind::Depth);
  EXPECT_EQ(depth.L, 96);
  EXPECT_EQ(depth.lo, 0.8);
  EXPECT_EQ(depth.hi, 1.25);
  EXPECT_EQ(depth.max_sd, 1.5);
  EXPECT_EQ(depth.max_changes, 2);
  EXPECT_EQ(depth.seeds, (std::vector<std::uint64_t>{0, 1, 2, 3, 4, 5}));
  const DesignTask training = design_task(23, design_defaults(23));
  EXPECT_EQ(training.kind, DesignKind::Training);
  EXPECT_EQ(training.L, 24);
  EXPECT_EQ(training.seeds, (std::vector<std::uint64_t>{0, 1, 2}));
  EXPECT_EQ(design_exercises(), (std::vector<int>{22, 23}));
}

TEST(DesignTask, RefusesWhatCannotBeAsked) {
  const auto message = [](int n, const ExerciseInputs& inputs) {
    return thrown_message([&] { design_task(n, inputs); });
  };
  EXPECT_EQ(message(22, {{"L", number(6)}, {"band", pair(0.8, 1.25)}}), "L must be a whole number from 24 to 96");
  EXPECT_EQ(message(22, {{"L", number(96.5)}, {"band", pair(0.8, 1.25)}}), "L must be a whole number from 24 to 96");
  EXPECT_EQ(message(22, {{"L", number(96)}, {"band", pair(1.1, 1.25)}}),
            "the band must hold 1 inside it: 0 < lo < 1 < hi ≤ 10 (got 1.1, 1.25)");
  EXPECT_EQ(message(22, {{"L", number(96)}, {"band", number(0.8)}}), "the band is two numbers, lo and hi (got 1)");
  EXPECT_EQ(message(22, {{"L", number(96)}}), "the challenge needs a band [lo, hi] for the ratio");
  // a task Post-LN unchanged passes is left out, and the message says so: a band reaching below 0.8 (Post-LN's own
  // median from L = 24 on lies below it), fewer than 24 blocks for 23 (Post-LN trains there without warmup)
  EXPECT_EQ(message(22, {{"L", number(24)}, {"band", pair(0.75, 1.25)}}),
            "the band must start at 0.8 or above (got 0.75): from L = 24 on, Post-LN's own median lies below 0.8, and "
            "a band that reaches lower could let Post-LN unchanged pass, with no design");
  const std::string fewer =
      "L must be a whole number from 24 to 48: with fewer blocks Post-LN itself can train without warmup (at L = 12 "
      "it does, for every seed), and the challenge would ask for no design";
  EXPECT_EQ(message(23, {{"L", number(12)}}), fewer);
  EXPECT_EQ(message(23, {{"L", number(23)}}), fewer);
  EXPECT_EQ(message(23, {{"L", number(100)}}), fewer);
  EXPECT_NO_THROW(design_task(23, {{"L", number(24)}}));
  EXPECT_NO_THROW(design_task(22, {{"L", number(24)}, {"band", pair(0.8, 1.25)}}));
  EXPECT_EQ(message(23, {{"L", number(24)}, {"band", pair(0.8, 1.25)}}), "the challenge has no input \"band\"");
  EXPECT_EQ(message(21, {}), "exercise 21 is not a design challenge (22 and 23 are)");
  // the input a message is about, for the page to show it beside that field
  try {
    design_task(22, {{"L", number(96)}, {"band", pair(2, 3)}});
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(e.input, "band");
  }
  try {
    design_task(22, {{"L", number(96)}, {"band", pair(0.5, 2)}});
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(e.input, "band");
  }
}

TEST(DesignTask, VariantsAreSeededAndAmongTheCheckedOnes) {
  for (int n : design_exercises()) {
    const std::vector<ExerciseInputs> all = design_variants(n);
    EXPECT_GE(all.size(), 2u);
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      const ExerciseInputs v = design_variant(n, seed);
      EXPECT_TRUE(same(design_variant(n, seed), v));  // the same seed, the same numbers
      EXPECT_TRUE(std::any_of(all.begin(), all.end(), [&](const ExerciseInputs& u) { return same(u, v); }));
      EXPECT_NO_THROW(design_task(n, v));
    }
  }
}

TEST(DesignJudge, DepthChecksEachCriterionAndSaysWhy) {
  const DesignTask task = design_task(22, design_defaults(22));
  const WiringSpec deepnorm_like = read_wiring(R"j({"from": "post", "beta": "(8*L)^0.25"})j");
  const DesignVerdict pass =
      judge_depth_design(task, deepnorm_like,
                         runs_of(96, {1.0, 0.99, 1.02, 1.01, 0.98, 1.0}, kOnes, {1.01, 1.02, 0.99, 1.02, 1.01, 1.01}));
  EXPECT_TRUE(pass.pass);
  EXPECT_EQ(pass.changes, std::vector<std::string>{"beta"});
  ASSERT_EQ(pass.checks.size(), 4u);
  EXPECT_EQ(pass.checks[0].sentence, "It changes 1 setting of Post-LN (beta), within the 2 allowed.");
  EXPECT_EQ(
      pass.checks[1].sentence,
      "The input-gradient ratio, block 1 over block 96, has the median 1 over seeds 0–5: inside the band [0.8, 1.25].");
  EXPECT_EQ(pass.checks[2].sentence,
            "The stream's sd grows by a median factor of 1 from block 1 to block 96: below 1.5.");
  EXPECT_EQ(pass.checks[3].id, "linear");
  EXPECT_EQ(pass.checks[3].sentence,
            "Every block's Linear layers receive gradient, and their ratio, block 1 over block 96, has the median "
            "1.01 over seeds 0–5: inside the band [0.8, 1.25].");
  // Post-LN itself: its ratio below the band
  const DesignVerdict post =
      judge_depth_design(task, wiring_preset("post"), runs_of(96, {0.4, 0.38, 0.39, 0.37, 0.41, 0.36}, kOnes));
  EXPECT_FALSE(post.pass);
  EXPECT_EQ(post.checks[0].sentence, "This is Post-LN itself: no setting changed.");
  EXPECT_FALSE(post.checks[1].ok);
  EXPECT_NE(post.checks[1].sentence.find("median 0.385 over seeds 0–5: below the band"), std::string::npos)
      << post.checks[1].sentence;
  // Pre-LN from Post-LN is three settings (in, after, final), its ratio above and its stream past the limit
  const DesignVerdict pre = judge_depth_design(
      task, wiring_preset("pre"), runs_of(96, {2.4, 2.5, 2.3, 2.6, 2.45, 2.5}, {3.5, 3.4, 3.6, 3.5, 3.5, 3.45}));
  EXPECT_FALSE(pre.pass);
  EXPECT_EQ(pre.changes, (std::vector<std::string>{"in", "after", "final"}));
  EXPECT_EQ(pre.checks[0].sentence, "It changes 3 settings of Post-LN (in, after, final): at most 2 are allowed.");
  EXPECT_NE(pre.checks[1].sentence.find("above the band"), std::string::npos);
  EXPECT_EQ(pre.checks[2].sentence,
            "The stream's sd grows by a median factor of 3.5 from block 1 to block 96: not below 1.5.");
  // a run whose ratio is 0/0 leaves the median without a value: the check fails and says which seed
  const DesignVerdict nan = judge_depth_design(task, deepnorm_like, runs_of(96, {1, NAN, 1, 1, 1, 1}, kOnes));
  EXPECT_FALSE(nan.pass);
  EXPECT_EQ(nan.checks[1].sentence,
            "The input-gradient ratio has no value for seed 1 (no gradient reaches the blocks' inputs: 0/0), so its "
            "median is not in the band.");
  EXPECT_EQ(thrown_message([&] {
              judge_depth_design(task, deepnorm_like, runs_of(96, {1, 1}, {1, 1}));
            }),
            "the challenge is judged on 6 runs, one per seed (got 2)");
  EXPECT_EQ(thrown_message([&] { judge_depth_design(task, deepnorm_like, runs_of(24, kOnes, kOnes)); }),
            "a run's result holds one number per block (96) in each list");
}

// Every block's branches must hear the loss: a wiring whose branches are switched off keeps the stream's checks
// (nothing is added to the stream, so its input ratio and sd factor are Post-LN's norms' alone) and fails this one,
// saying so in the drawing's words.
TEST(DesignJudge, DepthFailsBranchesSwitchedOffAndALinearRatioOutsideTheBand) {
  const DesignTask task = design_task(22, design_defaults(22));
  const auto silent = [](int L, std::vector<int> blocks) {
    StackResult r = run_of(L, 1.01, 1);
    if (blocks.empty()) {
      r.grad_norm_no_ln.assign(L, 0.0);
    } else {
      for (int b : blocks) r.grad_norm_no_ln[b - 1] = 0;
    }
    return r;
  };
  const std::vector<StackResult> dead(6, silent(96, {}));
  const DesignVerdict off = judge_depth_design(task, read_wiring(R"j({"from": "post", "scale_out": "0"})j"), dead);
  EXPECT_FALSE(off.pass);
  EXPECT_TRUE(off.checks[0].ok && off.checks[1].ok && off.checks[2].ok);
  EXPECT_FALSE(off.checks[3].ok);
  EXPECT_TRUE(std::isnan(off.checks[3].value));
  EXPECT_EQ(off.checks[3].sentence,
            "No gradient reaches any Linear weight at initialisation: the branches are switched off (every branch's "
            "output is multiplied by 0), so no block's attention or FFN hears the loss (the ratio over the Linear "
            "layers only is 0/0).");
  const DesignVerdict gated =
      judge_depth_design(task, read_wiring(R"j({"from": "post", "gate": "block", "gate0": "0"})j"), dead);
  EXPECT_FALSE(gated.pass);
  EXPECT_NE(gated.checks[3].sentence.find("switched off (every branch is multiplied by a gate that starts at 0)"),
            std::string::npos)
      << gated.checks[3].sentence;
  // one block's branches off, in one seed: named, the first of them, and the seed
  std::vector<StackResult> one(6, run_of(96, 1.01, 1));
  one[2] = silent(96, {48});
  const DesignVerdict middle = judge_depth_design(task, read_wiring(R"j({"from": "post", "alpha": "3"})j"), one);
  EXPECT_FALSE(middle.pass);
  EXPECT_EQ(middle.checks[3].sentence,
            "No gradient reaches the Linear weights of 1 of the 96 blocks for seed 2 (block 48): its branches are "
            "switched off, so its attention and FFN do not hear the loss.");
  const std::vector<StackResult> two(6, silent(96, {50, 48}));
  EXPECT_EQ(judge_depth_design(task, read_wiring(R"j({"from": "post", "alpha": "3"})j"), two).checks[3].sentence,
            "No gradient reaches the Linear weights of 2 of the 96 blocks (the first is block 48): their branches are "
            "switched off, so their attention and FFN do not hear the loss.");
  // every block hears, but block 1's Linear layers far less than block L's
  const DesignVerdict low = judge_depth_design(task, read_wiring(R"j({"from": "post", "alpha": "3"})j"),
                                               runs_of(96, kOnes, kOnes, {0.5, 0.6, 0.5, 0.55, 0.5, 0.6}));
  EXPECT_FALSE(low.pass);
  EXPECT_EQ(low.checks[3].sentence,
            "Every block's Linear layers receive gradient, and their ratio, block 1 over block 96, has the median "
            "0.525 over seeds 0–5: below the band [0.8, 1.25].");
  EXPECT_EQ(low.checks[3].value, 0.525);
}

TEST(DesignJudge, TrainingChecksTheNormAfterEveryAddAndEverySeed) {
  const DesignTask task = design_task(23, design_defaults(23));
  const SeedTraining ok{true, false, 0.02, -1, 0.2};
  const DesignVerdict deepnorm = judge_training_design(task, wiring_preset("deepnorm"), {ok, ok, ok});
  EXPECT_TRUE(deepnorm.pass);
  EXPECT_EQ(deepnorm.checks[0].sentence, "Every block has a norm after its add.");
  EXPECT_EQ(deepnorm.checks[1].sentence, "It trains without warmup at L = 24 for every seed (0–2).");
  const SeedTraining stalled{false, false, 0.97, -1, 0.2}, blew{false, true, NAN, 37, 0.2};
  const DesignVerdict post = judge_training_design(task, wiring_preset("post"), {stalled, ok, blew});
  EXPECT_FALSE(post.pass);
  EXPECT_TRUE(post.checks[0].ok);
  EXPECT_EQ(post.checks[1].sentence,
            "It trains for 1 of the 3 seeds without warmup at L = 24: seed 0 ended at a loss of 0.97, above 0.2; seed "
            "2 diverged at step 37.");
  // Pre-LN trains, but its norms sit on the branches: not the challenge's wiring
  const DesignVerdict pre = judge_training_design(task, wiring_preset("pre"), {ok, ok, ok});
  EXPECT_FALSE(pre.pass);
  EXPECT_EQ(pre.checks[0].sentence, "24 of its 24 blocks have no norm after the add (the first is block 1).");
  // Mix-LN's first quarter is Post-LN: after the add there, not in the others
  EXPECT_EQ(judge_training_design(task, wiring_preset("mixln"), {ok, ok, ok}).checks[0].sentence,
            "18 of its 24 blocks have no norm after the add (the first is block 7).");
  EXPECT_EQ(judge_training_design(task, wiring_preset("nores"), {ok, ok, ok}).checks[0].sentence,
            "Its blocks have no add: a norm after the add needs the residual.");
}

TEST(DesignRuns, AreTheProtocolsRunsOfTheWiring) {
  const DesignTask depth = design_task(22, design_defaults(22));
  const WiringSpec w = read_wiring(R"j({"from": "post", "alpha": "2"})j");
  const std::vector<StackConfig> runs = depth_design_runs(depth, w);
  ASSERT_EQ(runs.size(), 6u);
  for (std::size_t k = 0; k < runs.size(); ++k) {
    EXPECT_EQ(wiring_text(runs[k].wiring), wiring_text(w));
    EXPECT_EQ(runs[k].L, 96);
    EXPECT_EQ(runs[k].seed, k);
    EXPECT_EQ(runs[k].d, StackConfig{}.d);  // the article's protocol otherwise
  }
  const std::vector<TrainConfig> training = training_design_runs(design_task(23, design_defaults(23)), w);
  ASSERT_EQ(training.size(), 3u);
  EXPECT_EQ(training[2].stack.seed, 2u);
  EXPECT_EQ(training[2].warmup, 0);
  EXPECT_EQ(training[2].stack.L, 24);
  EXPECT_EQ(training[2].stack.d, TrainConfig{}.stack.d);  // the lab's protocol otherwise
}

// With the kernels' own runs (natively these take seconds; the wasm build of the suites skips them, as the
// search does). Challenge 23's right design trains where Post-LN stalls, at every depth its variants ask; below the
// depths the challenge takes, Post-LN itself trains.
TEST(DesignRuns, TrainingChallengeAcceptsARightDesignAndExplainsAWrongOne) {
#ifdef __EMSCRIPTEN__
  GTEST_SKIP() << "six training runs per depth: run natively";
#endif
  for (const ExerciseInputs& inputs : design_variants(23)) {
    const DesignTask task = design_task(23, inputs);
    SCOPED_TRACE("L = " + std::to_string(task.L));
    const DesignVerdict post = run_training_design(task, wiring_preset("post"));
    EXPECT_FALSE(post.pass);
    EXPECT_TRUE(post.checks[0].ok);
    EXPECT_EQ(post.checks[1].value, 0);  // no seed trains: the lab's stall
    EXPECT_NE(post.checks[1].sentence.find("It trains for 0 of the 3 seeds"), std::string::npos)
        << post.checks[1].sentence;
    EXPECT_TRUE(
        run_training_design(task, read_wiring(R"j({"from": "post", "alpha": "(2*L)^0.25", "beta": "(8*L)^0.25"})j"))
            .pass);
  }
  // below the depths the challenge takes, Post-LN unchanged passes it: the reason design_task gives for its floor
  DesignTask shallow = design_task(23, design_defaults(23));
  shallow.L = 12;
  const DesignVerdict post12 = run_training_design(shallow, wiring_preset("post"));
  EXPECT_TRUE(post12.pass) << post12.checks[1].sentence;
}

}  // namespace
}  // namespace tk
