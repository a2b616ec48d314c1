// Part 4's exercises (exercises_wirings.cpp: 18–21): the wirings' constants come from the same rules the stack
// is built with.
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

TEST(ExerciseWirings, Ex18RmsNormOfTwoFourFourSix) {
  const ExerciseSolution s = defaults_solved(18);
  EXPECT_EQ(part_ids(s), (std::vector<std::string>{"mean-square", "rms", "output"}));
  const double rms = std::sqrt(18.0);
  EXPECT_TRUE(near(part(s, "mean-square").answer, {18}, 0));
  EXPECT_TRUE(near(part(s, "rms").answer, {rms}, 1e-15));
  EXPECT_TRUE(near(part(s, "output").answer, {2 / rms, 4 / rms, 4 / rms, 6 / rms}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "variance-for-mean-square", "mean-square"), {2}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "d-minus-1", "mean-square"), {24}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "no-root", "output"), {2 / 18.0, 4 / 18.0, 4 / 18.0, 6 / 18.0}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "layernorm", "output"), {-kSqrt2, 0, 0, kSqrt2}, 1e-15));
  // what RMSNorm keeps: the mean, scaled by 1/rms; LayerNorm's output has mean 0
  EXPECT_TRUE(near(s.steps.at("output-mean"), {4 / rms}, 1e-15));
  EXPECT_TRUE(near(s.steps.at("layernorm-mean"), {0}, 1e-15));
  EXPECT_EQ(check_well_posed(18, solve_exercise(18, {{"x", row({-1, 1})}, {"eps", num(0)}})),
            "the mean of x is (nearly) 0, where RMSNorm and LayerNorm agree");
  // x = 0 with ε = 0: the 0/0 is named, not the zero mean that comes with it
  EXPECT_EQ(check_well_posed(18, solve_exercise(18, {{"x", row({0, 0, 0, 0})}, {"eps", num(0)}})),
            "with ε = 0 and x = 0 the root mean square is 0: the output is 0/0 (ε > 0 is what prevents this)");
}

TEST(ExerciseWirings, Ex19DeepNormConstantsAtNinetySixBlocks) {
  const ExerciseSolution s = defaults_solved(19);
  EXPECT_TRUE(near(part(s, "alpha").answer, {std::pow(192.0, 0.25)}, 1e-15));  // (2·96)^¼ = 3.7224
  EXPECT_TRUE(near(part(s, "beta").answer, {std::pow(768.0, -0.25)}, 1e-15));  // (8·96)^-¼ = 0.18996
  EXPECT_TRUE(near(part(s, "alpha").answer, {3.7224}, 5e-5));
  EXPECT_TRUE(near(part(s, "beta").answer, {0.18996}, 5e-6));
  EXPECT_TRUE(near(mistake(s, "square-root", "alpha"), {std::sqrt(192.0)}, 1e-14));
  EXPECT_TRUE(near(mistake(s, "inverse", "beta"), {std::pow(768.0, 0.25)}, 1e-14));
  // the stack's own rule: the constant DeepNorm's blocks are built with at L = 96
  EXPECT_EQ(part(s, "alpha").answer.values[0], block_wiring(wiring_preset("deepnorm"), 0, 96).alpha);
}

TEST(ExerciseWirings, Ex20MixLnPostBlocks) {
  const ExerciseSolution s = defaults_solved(20);
  EXPECT_TRUE(near(part(s, "post-blocks").answer, {6}, 0));
  EXPECT_TRUE(near(part(s, "first-pre").answer, {7}, 0));
  EXPECT_TRUE(near(mistake(s, "counted-pre", "post-blocks"), {18}, 0));
  EXPECT_EQ(find_mistake(s, "rounded-up", "post-blocks"), nullptr);  // 24/4 is whole: the slip cannot show
  const ExerciseSolution odd = solve_exercise(20, {{"L", num(30)}});
  EXPECT_TRUE(near(part(odd, "post-blocks").answer, {7}, 0));
  EXPECT_TRUE(near(mistake(odd, "rounded-up", "post-blocks"), {8}, 0));
  // the stack wires exactly those blocks as Post-LN
  for (int i = 0; i < 30; ++i) EXPECT_EQ(block_wiring(wiring_preset("mixln"), i, 30).after, i < 7) << i;
  EXPECT_TRUE(grade_part(odd, "post-blocks", num(7)).correct);
  EXPECT_FALSE(grade_part(odd, "post-blocks", num(7.5)).correct);  // a count is exact
}

// Below 4 blocks the first quarter holds no block: the question has nothing to count, and L says why.
TEST(ExerciseWirings, Ex20NeedsFourBlocks) {
  for (const double L : {1.0, 3.0}) {
    EXPECT_EQ(thrown_message([L] {
                solve_exercise(20, {{"L", num(L)}});
              }),
              "L must be a whole number from 4 to 1024, got " + std::string(L == 1 ? "1" : "3"));
  }
  const ExerciseSolution four = solve_exercise(20, {{"L", num(4)}});
  EXPECT_TRUE(near(part(four, "post-blocks").answer, {1}, 0));
  EXPECT_TRUE(near(part(four, "first-pre").answer, {2}, 0));
}

TEST(ExerciseWirings, Ex21ReZeroGateAtZero) {
  const ExerciseSolution s = defaults_solved(21);
  EXPECT_TRUE(near(part(s, "dW").answer, 2, 2, {0, 0, 0, 0}, 0));  // r = 0: no gradient reaches W
  EXPECT_TRUE(near(part(s, "dr").answer, {0.6}, 1e-15));           // gᵀ W x = [0.3, −0.2]·[1, −1.5]
  EXPECT_TRUE(near(mistake(s, "no-gate", "dW"), 2, 2, {0.3, 0.6, -0.2, -0.4}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "transposed", "dW"), 2, 2, {0.3, -0.2, 0.6, -0.4}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "input-not-branch", "dr"), {-0.1}, 1e-15));
  // with r ≠ 0 the weight's gradient is r·g xᵀ
  const ExerciseSolution open = solve_exercise(
      21, {{"x", row({1, 2})}, {"W", mat(2, 2, {1, 0, 0.5, -1})}, {"g", row({0.3, -0.2})}, {"r", num(0.5)}});
  EXPECT_TRUE(near(part(open, "dW").answer, 2, 2, {0.15, 0.3, -0.1, -0.2}, 1e-15));
  EXPECT_EQ(
      thrown_message([] {
        solve_exercise(
            21, {{"x", row({1, 2})}, {"W", mat(3, 3, {1, 0, 0, 0, 1, 0, 0, 0, 1})}, {"g", row({1, 1})}, {"r", num(0)}});
      }),
      "W must have as many rows and columns as x has entries (2)");
}

}  // namespace
}  // namespace tk
