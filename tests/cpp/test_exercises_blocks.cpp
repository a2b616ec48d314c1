// The block exercises (exercises_blocks.cpp: 2, 5, 6, 8, 15): the answer key's numbers from the defaults.
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

TEST(ExerciseAnswerKey, Ex2IdentityPlusBranch) {
  const ExerciseSolution s = defaults_solved(2);
  EXPECT_EQ(part_ids(s), (std::vector<std::string>{"dydx", "nothing-learned"}));
  EXPECT_TRUE(near(part(s, "dydx").answer, {1.3}, 1e-15));
  EXPECT_TRUE(near(part(s, "nothing-learned").answer, {1}, 0));
  EXPECT_EQ(mistake_ids(s), (std::vector<std::string>{"no-identity@dydx", "vanishes@nothing-learned"}));
  EXPECT_TRUE(near(mistake(s, "no-identity", "dydx"), {0.3}, 0));
  EXPECT_TRUE(near(s.steps.at("dFdx"), {0.3}, 0));
}

TEST(ExerciseAnswerKey, Ex5PreLnUpdate) {
  const ExerciseSolution s = defaults_solved(5);
  EXPECT_EQ(part_ids(s), (std::vector<std::string>{"update", "zero-branch"}));
  EXPECT_TRUE(near(part(s, "update").answer, {1.5, 2}, 0));
  EXPECT_TRUE(near(part(s, "zero-branch").answer, {1, 3}, 0));
  EXPECT_EQ(mistake_ids(s),
            (std::vector<std::string>{"post-ln@update", "dropped-residual@update", "zero@zero-branch"}));
  EXPECT_TRUE(near(mistake(s, "post-ln", "update"), {-1, 1}, 0));
  EXPECT_TRUE(near(mistake(s, "dropped-residual", "update"), {0.5, -1}, 0));
  EXPECT_TRUE(near(mistake(s, "zero", "zero-branch"), {0, 0}, 0));
}

TEST(ExerciseAnswerKey, Ex6PostLn) {
  const ExerciseSolution s = defaults_solved(6);
  EXPECT_EQ(part_ids(s), (std::vector<std::string>{"sum", "output"}));
  EXPECT_TRUE(near(part(s, "sum").answer, {1.5, 2}, 0));
  EXPECT_TRUE(near(part(s, "output").answer, {-1, 1}, 0));
  EXPECT_TRUE(near(s.steps.at("sum"), {1.5, 2}, 0));
  EXPECT_TRUE(near(s.steps.at("mean"), {1.75}, 0));
  EXPECT_TRUE(near(s.steps.at("deviations"), {-0.25, 0.25}, 0));
  EXPECT_TRUE(near(s.steps.at("variance"), {0.0625}, 0));
  EXPECT_TRUE(near(s.steps.at("sigma"), {0.25}, 0));
  EXPECT_EQ(mistake_ids(s), (std::vector<std::string>{"pre-ln@output", "normalised-before-adding@output",
                                                      "variance-d-minus-1@output"}));
  EXPECT_TRUE(near(mistake(s, "pre-ln", "output"), {1.5, 2}, 0));
  EXPECT_TRUE(near(mistake(s, "normalised-before-adding", "output"), {-0.5, 0}, 1e-15));  // LN([1,3]) + b
  EXPECT_TRUE(near(mistake(s, "variance-d-minus-1", "output"), {-std::sqrt(0.5), std::sqrt(0.5)}, 1e-15));
}

TEST(ExerciseAnswerKey, Ex8PreLnBlockJacobian) {
  const ExerciseSolution s = defaults_solved(8);
  EXPECT_TRUE(near(part(s, "jacobian").answer, 2, 2, {1.1, -0.2, 0.05, 1.3}, 1e-15));
  EXPECT_EQ(mistake_ids(s), (std::vector<std::string>{"no-identity@jacobian", "identity-only@jacobian"}));
  EXPECT_TRUE(near(mistake(s, "no-identity", "jacobian"), 2, 2, {0.1, -0.2, 0.05, 0.3}, 0));
  EXPECT_TRUE(near(mistake(s, "identity-only", "jacobian"), 2, 2, {1, 0, 0, 1}, 0));
}

TEST(ExerciseAnswerKey, Ex15ZeroBranchIsTheIdentity) {
  const ExerciseSolution s = solve_exercise(15, exercise_defaults(15));
  EXPECT_TRUE(near(part(s, "output").answer, {0.7, -1.2, 2.5}, 0));
  // the slip of normalising the stream gives LN(x), far from x itself
  const ExerciseValue& ln = mistake(s, "post-ln", "output");
  EXPECT_EQ(ln.values.size(), 3u);
  EXPECT_NEAR(ln.values[0] + ln.values[1] + ln.values[2], 0, 1e-12);
}

}  // namespace
}  // namespace tk
