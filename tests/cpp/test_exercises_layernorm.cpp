// The LayerNorm exercises (exercises_layernorm.cpp: 4, 7, 9): the answer key's numbers from the defaults.
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

TEST(ExerciseAnswerKey, Ex4LayerNormOfTwoFourFourSix) {
  const ExerciseSolution s = defaults_solved(4);
  EXPECT_EQ(part_ids(s), (std::vector<std::string>{"mean", "variance", "sigma", "output"}));
  EXPECT_TRUE(near(part(s, "mean").answer, {4}, 0));
  EXPECT_TRUE(near(part(s, "variance").answer, {2}, 0));
  EXPECT_TRUE(near(part(s, "sigma").answer, {kSqrt2}, 1e-15));
  EXPECT_TRUE(near(part(s, "output").answer, {-kSqrt2, 0, 0, kSqrt2}, 1e-15));
  EXPECT_TRUE(near(part(s, "output").answer, {-1.4142, 0, 0, 1.4142}, 5e-5));  // as the key prints it
  // ÷(d − 1): 8/3, its root, and the output the key's misconception gives
  EXPECT_TRUE(near(mistake(s, "variance-d-minus-1", "variance"), {8.0 / 3}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "variance-d-minus-1", "sigma"), {std::sqrt(8.0 / 3)}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "variance-d-minus-1", "output"), {-1.2247, 0, 0, 1.2247}, 5e-5));
  EXPECT_TRUE(near(mistake(s, "std-for-variance", "variance"), {kSqrt2}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "divide-by-variance", "output"), {-1, 0, 0, 1}, 1e-15));
  const double rms = std::sqrt(18.0);  // RMSNorm: x / √mean(x²)
  EXPECT_TRUE(near(mistake(s, "no-mean-subtraction", "output"), {2 / rms, 4 / rms, 4 / rms, 6 / rms}, 1e-15));
  // ε = 0: ε outside the root is the same number, so it is not listed
  EXPECT_EQ(find_mistake(s, "eps-outside-root", "output"), nullptr);
  EXPECT_TRUE(near(s.steps.at("mean"), {4}, 0));
  EXPECT_TRUE(near(s.steps.at("deviations"), {-2, 0, 0, 2}, 0));
  EXPECT_TRUE(near(s.steps.at("squares"), {4, 0, 0, 4}, 0));
  EXPECT_TRUE(near(s.steps.at("variance"), {2}, 0));
  EXPECT_TRUE(near(s.steps.at("sigma"), {kSqrt2}, 1e-15));
  EXPECT_TRUE(near(s.steps.at("zhat"), {-kSqrt2, 0, 0, kSqrt2}, 1e-15));
  EXPECT_TRUE(near(s.steps.at("output-sd"), {1}, 1e-15));  // ε = 0: the output has standard deviation one
}

// The worked solution states the output's spread from this step: σ/√(σ² + ε), below one whenever ε > 0.
TEST(ExerciseAnswerKey, Ex4OutputSpreadIsBelowOneWithEpsilon) {
  const ExerciseSolution s = solve_exercise(4, {{"x", row({2, 4, 4, 6})}, {"eps", num(1)}});
  EXPECT_TRUE(near(s.steps.at("output-sd"), {std::sqrt(2.0 / 3)}, 1e-15));  // √2/√(2 + 1)
  int below_one = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const ExerciseInputs v = exercise_variant(4, seed);
    const double eps = v.at("eps").values[0];
    const double sd = solve_exercise(4, v).steps.at("output-sd").values[0];
    if (eps > 0) {
      EXPECT_LT(sd, 1 - 1e-6) << "seed " << seed;
      ++below_one;
    } else {
      EXPECT_NEAR(sd, 1, 1e-14) << "seed " << seed;
    }
  }
  EXPECT_GT(below_one, 20);  // variants with ε > 0 are common: the solution must hold for them
}

TEST(ExerciseAnswerKey, Ex4EpsOutsideTheRootIsListedWhenItShows) {
  const ExerciseSolution s = solve_exercise(4, {{"x", row({2, 4, 4, 6})}, {"eps", num(2)}});
  EXPECT_TRUE(near(part(s, "sigma").answer, {2}, 1e-15));  // √(2 + 2)
  EXPECT_TRUE(near(part(s, "output").answer, {-1, 0, 0, 1}, 1e-15));
  const double outside = kSqrt2 + 2;
  EXPECT_TRUE(near(mistake(s, "eps-outside-root", "output"), {-2 / outside, 0, 0, 2 / outside}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "divide-by-variance", "output"), {-0.5, 0, 0, 0.5}, 1e-15));  // dev/(σ² + ε)
}

TEST(ExerciseAnswerKey, Ex7EpsWithConstantInput) {
  const ExerciseSolution s = defaults_solved(7);
  EXPECT_EQ(part_ids(s), (std::vector<std::string>{"denominator", "output", "cap"}));
  EXPECT_TRUE(near(part(s, "denominator").answer, {std::sqrt(1e-5)}, 1e-18));
  EXPECT_TRUE(near(part(s, "denominator").answer, {0.003162}, 5e-7));  // the key's 0.003162
  EXPECT_TRUE(near(part(s, "output").answer, {0, 0, 0, 0}, 0));
  EXPECT_TRUE(near(part(s, "cap").answer, {316.23}, 5e-3));
  EXPECT_TRUE(near(mistake(s, "eps-without-root", "denominator"), {1e-5}, 0));
  EXPECT_TRUE(near(mistake(s, "cap-eps-without-root", "cap"), {1e5}, 1e-9));
  EXPECT_TRUE(near(mistake(s, "cap-times", "cap"), {std::sqrt(1e-5)}, 1e-18));
  EXPECT_TRUE(near(s.steps.at("mean"), {5}, 0));
  EXPECT_TRUE(near(s.steps.at("variance"), {0}, 0));
  EXPECT_TRUE(near(s.steps.at("denominator"), {std::sqrt(1e-5)}, 1e-18));
  EXPECT_EQ(mistake_ids(s),
            (std::vector<std::string>{"eps-without-root@denominator", "cap-eps-without-root@cap", "cap-times@cap"}));
}

// ε = 0 with equal entries: the output is 0/0 and has no finite answer; zeros typed for it are named as the
// mistake they are (before, the page said only that the part has no finite answer).
TEST(ExerciseAnswerKey, Ex7ZerosForAnOutputThatDoesNotExist) {
  const ExerciseSolution s = solve_exercise(7, {{"x", row({5, 5, 5, 5})}, {"eps", num(0)}, {"gamma", num(1)}});
  EXPECT_FALSE(std::isfinite(part(s, "output").answer.values[0]));
  const Grade g = grade_part(s, "output", row({0, 0, 0, 0}));
  EXPECT_FALSE(g.correct);
  EXPECT_EQ(g.message, "this part has no finite answer for these inputs");
  EXPECT_EQ(g.misconception, "zeros-for-undefined");
  EXPECT_EQ(grade_part(s, "output", row({1, 1, 1, 1})).misconception, "");
}

TEST(ExerciseAnswerKey, Ex9LayerNormJacobianTermByTerm) {
  const ExerciseSolution s = defaults_solved(9);
  // x = [1, 2, 3]: σ² = 2/3, ẑ = [−√1.5, 0, √1.5]; J_ab = (1/σ)(δ_ab − 1/3 − ẑ_a ẑ_b / 3)
  const double inv_sigma = 1 / std::sqrt(2.0 / 3), z = std::sqrt(1.5);
  const std::vector<double> zhat = {-z, 0, z};
  std::vector<double> J, diagonal, mean_removal, variance_removal;
  for (int a = 0; a < 3; ++a) {
    for (int b = 0; b < 3; ++b) {
      diagonal.push_back(a == b ? inv_sigma : 0);
      mean_removal.push_back(-inv_sigma / 3);
      variance_removal.push_back(-inv_sigma * zhat[a] * zhat[b] / 3);
      J.push_back(diagonal.back() + mean_removal.back() + variance_removal.back());
    }
  }
  EXPECT_TRUE(near(part(s, "jacobian").answer, 3, 3, J, 1e-14));
  EXPECT_TRUE(near(part(s, "jacobian").answer, 3, 3,
                   {0.2041, -0.4082, 0.2041, -0.4082, 0.8165, -0.4082, 0.2041, -0.4082, 0.2041}, 5e-5));
  EXPECT_TRUE(near(s.steps.at("mean"), {2}, 0));
  EXPECT_TRUE(near(s.steps.at("variance"), {2.0 / 3}, 1e-15));
  EXPECT_TRUE(near(s.steps.at("sigma"), {std::sqrt(2.0 / 3)}, 1e-15));
  EXPECT_TRUE(near(s.steps.at("zhat"), zhat, 1e-15));
  EXPECT_TRUE(near(s.steps.at("diagonal"), 3, 3, diagonal, 1e-15));
  EXPECT_TRUE(near(s.steps.at("mean-removal"), 3, 3, mean_removal, 1e-15));
  EXPECT_TRUE(near(s.steps.at("variance-removal"), 3, 3, variance_removal, 1e-15));
  EXPECT_EQ(mistake_ids(s), (std::vector<std::string>{"no-variance-term@jacobian", "no-mean-term@jacobian",
                                                      "diagonal-only@jacobian", "variance-scale@jacobian"}));
  std::vector<double> no_variance, no_mean, scaled;
  for (size_t i = 0; i < 9; ++i) {
    no_variance.push_back(diagonal[i] + mean_removal[i]);
    no_mean.push_back(diagonal[i] + variance_removal[i]);
    scaled.push_back(J[i] * inv_sigma);  // γ/(σ² + ε) in front
  }
  EXPECT_TRUE(near(mistake(s, "no-variance-term", "jacobian"), 3, 3, no_variance, 1e-14));
  EXPECT_TRUE(near(mistake(s, "no-mean-term", "jacobian"), 3, 3, no_mean, 1e-14));
  EXPECT_TRUE(near(mistake(s, "diagonal-only", "jacobian"), 3, 3, diagonal, 1e-14));
  EXPECT_TRUE(near(mistake(s, "variance-scale", "jacobian"), 3, 3, scaled, 1e-14));
}

TEST(ExerciseAnswerKey, Ex9GammaPerEntryScalesRows) {  // J_ab carries γ_a: row a, not column b
  const ExerciseSolution one = solve_exercise(9, {{"x", row({1, 2, 4})}, {"eps", num(0)}, {"gamma", num(1)}});
  const ExerciseSolution per = solve_exercise(9, {{"x", row({1, 2, 4})}, {"eps", num(0)}, {"gamma", row({1, 2, 3})}});
  const std::vector<double>& J1 = part(one, "jacobian").answer.values;
  const std::vector<double>& J = part(per, "jacobian").answer.values;
  for (int a = 0; a < 3; ++a) {
    for (int b = 0; b < 3; ++b)
      EXPECT_NEAR(J[size_t(3 * a + b)], (a + 1) * J1[size_t(3 * a + b)], 1e-14) << a << "," << b;
  }
  EXPECT_NE(J[1], J[3]);  // (0,1) ≠ (1,0)
}

}  // namespace
}  // namespace tk
