// Challenge 22 is well posed: every one-setting change of Post-LN, over the values the presets use, run with the
// kernels at the challenge's depth and seeds. The answers are exactly the ones exercise 22's solution names, and
// the pair it gives as an example of two settings (DeepNorm's α and β) passes too; so does the edge case its
// solution discusses, a constant α large enough (100), while branches switched off (scale_out 0, a gate that starts
// at 0) fail although their stream's checks pass. Post-LN and Pre-LN do not pass (Post-LN misses on the ratio, Pre-LN
// on both) at every variant's depth and band, the challenge's own among them, nor Post-LN at the shallowest depth a
// reader may type, while a design of the key's answers passes. (The two-setting changes were once all run as well:
// 94 designs more, about 4.5 of the test's 5.6 minutes, with no assertion that read them.)
//
// A candidate's seeds run one after another and stop as soon as its medians are decided (four of the six runs on
// one side of a limit settle a median of six; a run with a block whose Linear layers hear nothing settles it at
// once), on both cores. Natively only: the wasm build of the suites skips it.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "design.hpp"
#include "stats.hpp"

namespace tk {
namespace {

// One setting changed: a key of the description and its new value (as the text form writes it).
struct Setting {
  const char* key;
  const char* value;
};

// The settings a change of Post-LN can make, each key with the values the twelve presets use.
const std::vector<Setting>& settings() {
  static const std::vector<Setting> all = {
      {"in", "true"},
      {"out", "true"},
      {"after", "false"},
      {"residual", "false"},
      {"final", "true"},
      {"norm", "\"rms\""},
      {"alpha", "\"(2*L)^0.25\""},
      {"scale_in", "\"1/sqrt(i)\""},
      {"scale_out", "\"1/sqrt(2*L)\""},
      {"beta", "\"(8*L)^0.25\""},
      {"first_post", "\"L/4\""},
      {"gate", "\"block\""},
      {"gate", "\"sublayer\""},
      {"gate", "\"channel\""},
      {"gate0", "\"0\""},
      {"gate0", "\"cait(L)\""},
  };
  return all;
}

std::string candidate_text(const std::vector<Setting>& changes) {
  std::string json = "{\"from\": \"post\"";
  for (const Setting& s : changes) json += std::string(", \"") + s.key + "\": " + s.value;
  return json + "}";
}

// Every one-setting change (a gate's initial value means nothing without a gate), then the solution's example
// of a pair: DeepNorm's α and β together; then the edge cases: branches switched off, by a scale of 0 or by a gate
// that starts at 0, and a constant α.
std::vector<std::string> candidates() {
  std::vector<std::string> out;
  for (const Setting& s : settings()) {
    if (std::string(s.key) != "gate0") out.push_back(candidate_text({s}));
  }
  out.push_back(candidate_text({{"alpha", "\"(2*L)^0.25\""}, {"beta", "\"(8*L)^0.25\""}}));
  out.push_back(candidate_text({{"scale_out", "\"0\""}}));
  out.push_back(candidate_text({{"gate", "\"block\""}, {"gate0", "\"0\""}}));
  out.push_back(candidate_text({{"alpha", "\"100\""}}));
  return out;
}

// The median of six lies within [lo, hi] once four values do, and outside once four lie on one side of it.
enum class Decided { No, Inside, Outside };
Decided decided(const std::vector<double>& values, double lo, double hi) {
  int below = 0, above = 0, inside = 0;
  for (double v : values) {
    if (!std::isfinite(v)) return Decided::Outside;  // a 0/0 run leaves the median without a value
    (v < lo ? below : v > hi ? above : inside) += 1;
  }
  if (inside >= 4) return Decided::Inside;
  if (below >= 4 || above >= 4) return Decided::Outside;
  return Decided::No;
}

struct Outcome {
  bool pass = false;
  int runs = 0;
};

// A candidate at one task: its seeds' runs until its three medians are decided; the verdict from the judge itself
// when all six were needed.
Outcome evaluate(const DesignTask& task, const WiringSpec& w) {
  std::vector<StackResult> results;
  std::vector<double> ratios, factors, linears;
  Outcome out;
  for (const StackConfig& c : depth_design_runs(task, w)) {
    try {
      results.push_back(run_stack(c));
    } catch (const std::invalid_argument&) {  // a run that leaves float64's range (no norm, no residual): no answer
      return out;
    }
    const DepthRun d = depth_run(results.back());
    if (!d.silent_blocks.empty()) return out;  // a block's branches switched off: the judge fails it
    ratios.push_back(d.input_ratio);
    factors.push_back(d.sd_factor);
    linears.push_back(d.linear_ratio);
    ++out.runs;
    const Decided ratio = decided(ratios, task.lo, task.hi), linear = decided(linears, task.lo, task.hi);
    const Decided sd = decided(factors, -INFINITY, std::nextafter(task.max_sd, 0.0));
    if (ratio == Decided::Outside || sd == Decided::Outside || linear == Decided::Outside) return out;
    if (ratio == Decided::Inside && sd == Decided::Inside && linear == Decided::Inside) {
      out.pass = int(changes_from(w, task.from).size()) <= task.max_changes;
      return out;
    }
  }
  out.pass = judge_depth_design(task, w, results).pass;
  return out;
}

TEST(DesignSearch, ChallengeTwentyTwoHasAnswersAndThePresetsMiss) {
#ifdef __EMSCRIPTEN__
  GTEST_SKIP() << "fifteen designs of up to six 96-block runs each: run natively";
#endif
  const DesignTask task = design_task(22, design_defaults(22));
  const std::vector<std::string> all = candidates();
  EXPECT_EQ(all.size(), 18u);
  std::vector<Outcome> outcomes(all.size());
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < 2; ++t) {
    pool.emplace_back([&] {
      for (std::size_t k = next++; k < all.size(); k = next++) outcomes[k] = evaluate(task, read_wiring(all[k]));
    });
  }
  for (std::thread& t : pool) t.join();

  std::set<std::string> answers;
  int runs = 0;
  for (std::size_t k = 0; k < all.size(); ++k) {
    runs += outcomes[k].runs;
    if (outcomes[k].pass) answers.insert(wiring_text(read_wiring(all[k])));
  }
  std::printf("%zu designs, %d runs, %zu pass\n", all.size(), runs, answers.size());
  // the ones exercise 22's solution names (content/52-exercise-22-*.md): shrink the branch against the stream, by
  // a formula in L or by a constant large enough; never by switching it off
  EXPECT_EQ(answers, (std::set<std::string>{R"j({"from":"post","alpha":"(2*L)^0.25"})j",
                                            R"j({"from":"post","scale_out":"1/sqrt(2*L)"})j",
                                            R"j({"from":"post","beta":"(8*L)^0.25"})j",
                                            R"j({"from":"post","alpha":"(2*L)^0.25","beta":"(8*L)^0.25"})j",
                                            R"j({"from":"post","alpha":"100"})j"}));
  // (that the presets the reader starts from miss, each the way the challenge says: the next test, at every variant,
  // the challenge's own among them)
}

TEST(DesignSearch, EveryVariantOfTwentyTwoIsWellPosed) {
#ifdef __EMSCRIPTEN__
  GTEST_SKIP() << "three depths of 96-block runs: run natively";
#endif
  // each depth's runs once, every band judged from them
  std::map<int, std::vector<const ExerciseInputs*>> by_depth;
  const std::vector<ExerciseInputs> variants = design_variants(22);
  // the challenge's own task is one of them
  const DesignTask own = design_task(22, design_defaults(22));
  EXPECT_TRUE(std::any_of(variants.begin(), variants.end(), [&](const ExerciseInputs& v) {
    const DesignTask t = design_task(22, v);
    return t.L == own.L && t.lo == own.lo && t.hi == own.hi && t.max_sd == own.max_sd;
  }));
  for (const ExerciseInputs& v : variants) by_depth[design_task(22, v).L].push_back(&v);
  for (const auto& [L, inputs] : by_depth) {
    const DesignTask at = design_task(22, *inputs.front());
    const auto measure = [&](const WiringSpec& w) {
      std::vector<StackResult> m;
      for (const StackConfig& c : depth_design_runs(at, w)) m.push_back(run_stack(c));
      return m;
    };
    const auto post = measure(wiring_preset("post")), pre = measure(wiring_preset("pre"));
    const WiringSpec answer = read_wiring(R"j({"from": "post", "beta": "(8*L)^0.25"})j");
    const auto right = measure(answer);
    for (const ExerciseInputs* v : inputs) {
      const DesignTask task = design_task(22, *v);
      SCOPED_TRACE("L = " + std::to_string(L) + ", band [" + std::to_string(task.lo) + ", " + std::to_string(task.hi) +
                   "]");
      // the presets miss, each the way the challenge says: Post-LN on the ratio alone, Pre-LN on both
      const DesignVerdict po = judge_depth_design(task, wiring_preset("post"), post);
      EXPECT_FALSE(po.pass);
      EXPECT_FALSE(po.checks[1].ok) << po.checks[1].sentence;
      EXPECT_TRUE(po.checks[2].ok) << po.checks[2].sentence;
      const DesignVerdict p = judge_depth_design(task, wiring_preset("pre"), pre);
      EXPECT_FALSE(p.checks[1].ok) << p.checks[1].sentence;
      EXPECT_FALSE(p.checks[2].ok) << p.checks[2].sentence;
      const DesignVerdict a = judge_depth_design(task, answer, right);
      EXPECT_TRUE(a.pass) << a.checks[1].sentence << " " << a.checks[3].sentence;
    }
  }
}

// The band's floor (design_task refuses a band that starts lower): at the shallowest depth a reader may type, where
// Post-LN's ratio is nearest 1, its median lies below it, so no band the challenge takes lets Post-LN pass unchanged.
// (Its ratio falls with depth: the variants' depths above, and every depth from 24 to 64 and every fourth to 96 in
// docs/measurements.md, "The design challenges' inputs need a design".)
TEST(DesignSearch, PostLNMissesTheBandsFloorAtTheShallowestDepth) {
#ifdef __EMSCRIPTEN__
  GTEST_SKIP() << "six 24-block runs: run natively";
#endif
  const DesignTask task =
      design_task(22, {{"L", ExerciseValue{1, 1, {24}}}, {"band", ExerciseValue{1, 2, {kMinBandLow, 1.25}}}});
  std::vector<StackResult> runs;
  for (const StackConfig& c : depth_design_runs(task, wiring_preset("post"))) runs.push_back(run_stack(c));
  const DesignVerdict post = judge_depth_design(task, wiring_preset("post"), runs);
  EXPECT_FALSE(post.pass);
  EXPECT_LT(post.checks[1].value, kMinBandLow) << post.checks[1].sentence;
  EXPECT_TRUE(post.checks[2].ok && post.checks[3].ok);  // it misses on the input ratio alone
  EXPECT_THROW(
      design_task(22, {{"L", ExerciseValue{1, 1, {24}}}, {"band", ExerciseValue{1, 2, {post.checks[1].value, 1.25}}}}),
      InputError);
}

}  // namespace
}  // namespace tk
