// The exercises' kit (exercise_kit.cpp): seeded draws for new numbers, the tolerance every part is graded to,
// the LayerNorm pieces several exercises share, and the check that a question's numbers make a fair question.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "check.hpp"
#include "exercise_kit.hpp"

namespace tk::exercise {
namespace {

TEST(ExerciseKit, DiceAreDeterministicAndStayInRange) {
  Dice a(42), b(42), c(43);
  std::set<int> seen;
  bool differs = false;
  for (int i = 0; i < 2000; ++i) {
    const int x = a.integer(-3, 5);
    EXPECT_EQ(x, b.integer(-3, 5));  // one seed, one sequence: a variant's numbers come back on every machine
    differs |= x != c.integer(-3, 5);
    EXPECT_GE(x, -3);
    EXPECT_LE(x, 5);
    seen.insert(x);
  }
  EXPECT_EQ(seen.size(), 9u);  // every value of the range is drawn
  EXPECT_TRUE(differs);
}

TEST(ExerciseKit, IntegersWithAnIntegerMeanAreNotAllEqual) {
  Dice dice(7);
  for (int trial = 0; trial < 1000; ++trial) {
    const int d = 2 + trial % 5;
    const std::vector<double> x = integers_with_integer_mean(dice, d, 0, 9);
    ASSERT_EQ(x.size(), size_t(d));
    double sum = 0;
    for (double v : x) {
      EXPECT_EQ(v, std::floor(v));
      EXPECT_GE(v, 0);
      EXPECT_LE(v, 9);
      sum += v;
    }
    EXPECT_EQ(std::fmod(sum, d), 0) << "trial " << trial;  // the mean, and so every deviation, is a whole number
    EXPECT_FALSE(is_constant(x));
  }
}

TEST(ExerciseKit, NiceVariancesHaveExactSquareRoots) {
  Dice dice(9);
  for (int i = 0; i < 500; ++i) {
    const double v = nice_variance(dice, 4);
    const double root = std::sqrt(v);
    EXPECT_EQ(root * root, v);
    EXPECT_EQ(root * 2, std::floor(root * 2));  // a whole number or a half
    EXPECT_LE(v, 4);                            // the first 4 of the list only
  }
}

TEST(ExerciseKit, ToleranceIsAbsolutePlusRelative) {
  ExercisePart p;
  p.atol = kAtol;
  p.rtol = kRtol;
  EXPECT_DOUBLE_EQ(tolerance(p, 0), kAtol);
  EXPECT_DOUBLE_EQ(tolerance(p, -1000), kAtol + kRtol * 1000);
  p.answer = ExerciseValue{1, 2, {1, -2}};
  EXPECT_DOUBLE_EQ(distance_in_tolerances(p, ExerciseValue{1, 2, {1, -2}}), 0);
  EXPECT_NEAR(distance_in_tolerances(p, ExerciseValue{1, 2, {1, -2 + tolerance(p, -2)}}), 1, 1e-9);  // at the edge
  EXPECT_EQ(distance_in_tolerances(p, ExerciseValue{1, 1, {1}}), INFINITY);                          // another shape
  EXPECT_EQ(distance_in_tolerances(p, ExerciseValue{1, 2, {NAN, -2}}), INFINITY);
}

TEST(ExerciseKit, PostLnStreamIsNormalisedAtEveryBlock) {
  const Vec b = (Vec(4) << 1, -2, 0.5, 3).finished();
  const PostLnStream s = post_ln_stream(b, 5);
  for (int k = 0; k < 5; ++k) {
    const Vec x = s.x.row(k).transpose();
    EXPECT_NEAR(x.mean(), 0, 1e-15) << "block " << k + 1;  // LN with γ = 1, β = 0, ε = 0
    EXPECT_NEAR((x.array() - x.mean()).square().mean(), 1, 1e-14) << "block " << k + 1;  // spread 1 again
  }
  // a constant branch output makes the first LN 0/0: the stream is undefined from there on, not a number
  EXPECT_TRUE(post_ln_stream(Vec::Constant(3, 2), 3).x.array().isNaN().all());
}

TEST(ExerciseKit, VarianceProblemNamesEqualAndNearlyEqualEntries) {
  EXPECT_EQ(variance_problem((Vec(3) << 1, 2, 3).finished(), "x"), "");
  EXPECT_NE(variance_problem((Vec(3) << 5, 5, 5).finished(), "x").find("all entries of x are equal"),
            std::string::npos);
  EXPECT_NE(variance_problem((Vec(2) << 1, 1.01).finished(), "x").find("nearly equal"), std::string::npos);
}

TEST(ExerciseKit, TextHelpers) {
  EXPECT_EQ(fmt(-0.0), "0");
  EXPECT_EQ(fmt(1.0 / 3), "0.333333");
  EXPECT_EQ(join({"x", "γ", "β"}), "x, γ, β");
  EXPECT_EQ(plural(1, "block"), "1 block");
  EXPECT_EQ(plural(3, "block"), "3 blocks");
}

}  // namespace
}  // namespace tk::exercise
