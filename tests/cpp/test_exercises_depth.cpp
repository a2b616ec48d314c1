// The depth exercises (exercises_depth.cpp: 10–13, 16, 17): the answer key's numbers from the defaults.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "block.hpp"
#include "exercise_test.hpp"
#include "exercises.hpp"

namespace tk {
namespace {

using namespace exercise_test;

TEST(ExerciseAnswerKey, Ex10ProductOfScales) {
  const ExerciseSolution s = defaults_solved(10);
  EXPECT_TRUE(near(part(s, "product").answer, {1.0 / 3}, 1e-15));
  EXPECT_TRUE(near(s.steps.at("scales"), {2, 1, 0.5, 1.0 / 3}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "sum", "product"), {2 + 1 + 0.5 + 1.0 / 3}, 1e-14));
  EXPECT_TRUE(near(mistake(s, "variance-not-sd", "product"), {4 * 1 * 0.25 / 9}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "pre-ln", "product"), {1}, 0));
}

TEST(ExerciseAnswerKey, Ex11DeepAndShallowScales) {
  const ExerciseSolution s = defaults_solved(11);
  EXPECT_EQ(part_ids(s), (std::vector<std::string>{"deep", "shallow", "ratio"}));
  EXPECT_TRUE(near(part(s, "deep").answer, {1.0 / 3}, 1e-15));
  EXPECT_TRUE(near(part(s, "shallow").answer, {2}, 0));
  EXPECT_TRUE(near(part(s, "ratio").answer, {6}, 1e-14));
  EXPECT_TRUE(near(mistake(s, "variance-not-sd", "deep"), {1.0 / 9}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "variance-not-sd", "shallow"), {4}, 0));
  EXPECT_TRUE(near(mistake(s, "variance-not-sd", "ratio"), {36}, 1e-13));
  EXPECT_TRUE(near(mistake(s, "ratio-inverted", "ratio"), {1.0 / 6}, 1e-15));
  EXPECT_TRUE(near(s.steps.at("sigma-deep"), {3}, 0));
  EXPECT_TRUE(near(s.steps.at("sigma-shallow"), {0.5}, 0));
}

TEST(ExerciseAnswerKey, Ex12PreLnStreamGrowsLinearly) {
  const ExerciseSolution s = defaults_solved(12);
  EXPECT_EQ(part_ids(s), (std::vector<std::string>{"x1", "x2", "xn"}));
  EXPECT_TRUE(near(part(s, "x1").answer, {0.1, 0.1}, 1e-16));
  EXPECT_TRUE(near(part(s, "x2").answer, {0.2, 0.2}, 1e-16));
  EXPECT_TRUE(near(part(s, "xn").answer, {0.3, 0.3}, 1e-15));
  EXPECT_TRUE(near(s.steps.at("states"), 3, 2, {0.1, 0.1, 0.2, 0.2, 0.3, 0.3}, 1e-15));
  // b is constant across entries: LN(b) is 0/0, so there is no Post-LN mistake to name
  EXPECT_EQ(mistake_ids(s), (std::vector<std::string>{"power@xn", "off-by-one@xn", "one-too-many@xn"}));
  EXPECT_TRUE(near(mistake(s, "power", "xn"), {0.001, 0.001}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "off-by-one", "xn"), {0.2, 0.2}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "one-too-many", "xn"), {0.4, 0.4}, 1e-15));
  EXPECT_EQ(grade_part(s, "xn", row({0.4, 0.4})).misconception, "one-too-many");  // (n+1)·b
}

TEST(ExerciseAnswerKey, Ex12PostLnMistakeWhenDefined) {
  const ExerciseSolution s = solve_exercise(12, {{"b", row({0.1, -0.1})}, {"L", num(4)}});
  EXPECT_TRUE(near(part(s, "xn").answer, {0.4, -0.4}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "post-ln", "x1"), {1, -1}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "post-ln", "xn"), {1, -1}, 1e-15));
}

TEST(ExerciseAnswerKey, Ex13PostLnStreamIsReset) {
  const ExerciseSolution s = defaults_solved(13);
  EXPECT_TRUE(near(part(s, "x1").answer, {1, -1}, 1e-15));
  EXPECT_TRUE(near(part(s, "x2").answer, {1, -1}, 1e-15));
  EXPECT_TRUE(near(part(s, "xn").answer, {1, -1}, 1e-15));
  EXPECT_TRUE(near(s.steps.at("sums"), 3, 2, {0.1, -0.1, 1.1, -1.1, 1.1, -1.1}, 1e-15));
  EXPECT_TRUE(near(s.steps.at("mean"), {0, 0, 0}, 1e-16));
  EXPECT_TRUE(near(s.steps.at("sigma"), {0.1, 1.1, 1.1}, 1e-15));
  EXPECT_TRUE(near(s.steps.at("states"), 3, 2, {1, -1, 1, -1, 1, -1}, 1e-15));
  EXPECT_EQ(mistake_ids(s), (std::vector<std::string>{"accumulate@x1", "accumulate@x2", "accumulate@xn"}));
  EXPECT_TRUE(near(mistake(s, "accumulate", "x2"), {0.2, -0.2}, 1e-16));
  EXPECT_TRUE(near(mistake(s, "accumulate", "xn"), {0.3, -0.3}, 1e-15));
}

// The key's closing synthesis: Pre-LN's identity is added, so its chain is bounded by ∏(1 + δ_i); Post-LN's
// sits inside the norm's Jacobian, so its chain also carries every norm's scale 1/σ_i.
TEST(ExerciseAnswerKey, Ex17AddedAgainstMultipliedIdentity) {
  const ExerciseSolution s = defaults_solved(17);
  EXPECT_EQ(part_ids(s), (std::vector<std::string>{"pre", "post"}));
  const double pre = 1.04 * 1.06 * 1.05 * 1.03;
  EXPECT_TRUE(near(part(s, "pre").answer, {pre}, 1e-14));
  EXPECT_TRUE(near(part(s, "post").answer, {pre * 2 * 1 * 0.5 / 3}, 1e-14));  // 1/σ = 2, 1, 1/2, 1/3
  EXPECT_TRUE(near(s.steps.at("pre-factors"), {1.04, 1.06, 1.05, 1.03}, 1e-15));
  EXPECT_TRUE(near(s.steps.at("ln-scales"), {2, 1, 0.5, 1.0 / 3}, 1e-15));
  EXPECT_TRUE(near(s.steps.at("ln-product"), {1.0 / 3}, 1e-15));
  EXPECT_EQ(mistake_ids(s), (std::vector<std::string>{"linear@pre", "no-identity@pre", "normalised-highway@pre",
                                                      "identity-outside@post", "variance-not-sd@post"}));
  EXPECT_TRUE(near(mistake(s, "linear", "pre"), {1.18}, 1e-14));
  EXPECT_TRUE(near(mistake(s, "no-identity", "pre"), {0.04 * 0.06 * 0.05 * 0.03}, 1e-18));
  EXPECT_TRUE(near(mistake(s, "normalised-highway", "pre"), {pre / 3}, 1e-14));
  EXPECT_TRUE(near(mistake(s, "identity-outside", "post"), {pre}, 1e-14));
  EXPECT_TRUE(near(mistake(s, "variance-not-sd", "post"), {pre * 4 * 1 * 0.25 / 9}, 1e-14));
  EXPECT_EQ(thrown_message([] {
              solve_exercise(17, {{"delta", row({0.1, 0.1})}, {"sigma2", row({1})}});
            }),
            "sigma2 has 1 number, delta has 2: they must match");
  EXPECT_EQ(check_well_posed(17, solve_exercise(17, {{"delta", row({0.1})}, {"sigma2", row({0})}})),
            "σ² = 0 makes a norm's scale 1/σ infinite");
}

TEST(ExerciseAnswerKey, Ex16Bound) {
  const ExerciseSolution s = defaults_solved(16);
  EXPECT_TRUE(near(part(s, "bound").answer, {std::pow(1.02, 48)}, 1e-14));
  EXPECT_TRUE(near(part(s, "bound").answer, {2.587}, 5e-4));  // the key's 1.02⁴⁸ ≈ 2.587
  EXPECT_TRUE(near(s.steps.at("factor"), {1.02}, 0));
  EXPECT_EQ(mistake_ids(s),
            (std::vector<std::string>{"linear@bound", "exp-approx@bound", "n-times@bound", "delta-power@bound"}));
  EXPECT_TRUE(near(mistake(s, "linear", "bound"), {1.96}, 1e-14));
  EXPECT_TRUE(near(mistake(s, "exp-approx", "bound"), {std::exp(0.96)}, 1e-14));
  EXPECT_TRUE(near(mistake(s, "n-times", "bound"), {48.96}, 1e-12));
  EXPECT_TRUE(near(mistake(s, "delta-power", "bound"), {std::pow(0.02, 48)}, 1e-90));
}

}  // namespace
}  // namespace tk
