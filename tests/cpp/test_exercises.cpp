// Exercises: the answer key's numbers from the defaults, the grader (tolerance, shapes, mistakes named or
// not), reader-facing errors, well-posedness, and 1,000 seeded variants per numeric exercise.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "check.hpp"
#include "block.hpp"
#include "exercises.hpp"

namespace tk {
namespace {

ExerciseValue num(double v) { return ExerciseValue{1, 1, {v}}; }
ExerciseValue row(std::vector<double> v) { return ExerciseValue{1, int(v.size()), v}; }
ExerciseValue mat(int rows, int cols, std::vector<double> v) { return ExerciseValue{rows, cols, v}; }

const ExercisePart& part(const ExerciseSolution& s, const std::string& id) {
  for (const ExercisePart& p : s.parts) {
    if (p.id == id) return p;
  }
  throw std::runtime_error("no part " + id);
}

const Misconception* find_mistake(const ExerciseSolution& s, const std::string& id, const std::string& part_id) {
  for (const Misconception& m : s.misconceptions) {
    if (m.id == id && m.part == part_id) return &m;
  }
  return nullptr;
}

const ExerciseValue& mistake(const ExerciseSolution& s, const std::string& id, const std::string& part_id) {
  const Misconception* m = find_mistake(s, id, part_id);
  if (!m) throw std::runtime_error("no mistake " + id + " for " + part_id);
  return m->value;
}

std::vector<std::string> part_ids(const ExerciseSolution& s) {
  std::vector<std::string> ids;
  for (const ExercisePart& p : s.parts) ids.push_back(p.id);
  return ids;
}

// (id, part) pairs in order.
std::vector<std::string> mistake_ids(const ExerciseSolution& s) {
  std::vector<std::string> ids;
  for (const Misconception& m : s.misconceptions) ids.push_back(m.id + "@" + m.part);
  return ids;
}

// Shape and every entry within tol of the expected numbers.
::testing::AssertionResult near(const ExerciseValue& actual, int rows, int cols, const std::vector<double>& expected,
                                double tol) {
  if (actual.rows != rows || actual.cols != cols || actual.values.size() != expected.size()) {
    return ::testing::AssertionFailure() << "shape " << actual.rows << "x" << actual.cols << " (" << actual.values.size()
                                         << " values), expected " << rows << "x" << cols;
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    if (!(std::abs(actual.values[i] - expected[i]) <= tol)) {
      return ::testing::AssertionFailure() << "entry " << i << ": " << actual.values[i] << " vs " << expected[i]
                                           << " (tol " << tol << ")";
    }
  }
  return ::testing::AssertionSuccess();
}
::testing::AssertionResult near(const ExerciseValue& actual, const std::vector<double>& expected, double tol) {
  return near(actual, 1, int(expected.size()), expected, tol);
}

ExerciseSolution defaults_solved(int n) { return solve_exercise(n, exercise_defaults(n)); }

// The message of the std::invalid_argument the call throws ("(no exception)" if it does not throw).
template <class F>
std::string thrown(F&& f) {
  return test::thrown_message(f);
}

const double kSqrt2 = std::sqrt(2.0);

// ---- The answer key's numbers, from the defaults ----

TEST(ExerciseAnswerKey, ListsTheNumericExercises) {
  EXPECT_EQ(numeric_exercises(), (std::vector<int>{2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 21}));
}

TEST(ExerciseAnswerKey, Ex2IdentityPlusBranch) {
  const ExerciseSolution s = defaults_solved(2);
  EXPECT_EQ(part_ids(s), (std::vector<std::string>{"dydx", "nothing-learned"}));
  EXPECT_TRUE(near(part(s, "dydx").answer, {1.3}, 1e-15));
  EXPECT_TRUE(near(part(s, "nothing-learned").answer, {1}, 0));
  EXPECT_EQ(mistake_ids(s), (std::vector<std::string>{"no-identity@dydx", "vanishes@nothing-learned"}));
  EXPECT_TRUE(near(mistake(s, "no-identity", "dydx"), {0.3}, 0));
  EXPECT_TRUE(near(s.steps.at("dFdx"), {0.3}, 0));
}

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

TEST(ExerciseAnswerKey, Ex5PreLnUpdate) {
  const ExerciseSolution s = defaults_solved(5);
  EXPECT_EQ(part_ids(s), (std::vector<std::string>{"update", "zero-branch"}));
  EXPECT_TRUE(near(part(s, "update").answer, {1.5, 2}, 0));
  EXPECT_TRUE(near(part(s, "zero-branch").answer, {1, 3}, 0));
  EXPECT_EQ(mistake_ids(s), (std::vector<std::string>{"post-ln@update", "dropped-residual@update", "zero@zero-branch"}));
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
  EXPECT_EQ(mistake_ids(s), (std::vector<std::string>{"eps-without-root@denominator", "cap-eps-without-root@cap", "cap-times@cap"}));
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

TEST(ExerciseAnswerKey, Ex8PreLnBlockJacobian) {
  const ExerciseSolution s = defaults_solved(8);
  EXPECT_TRUE(near(part(s, "jacobian").answer, 2, 2, {1.1, -0.2, 0.05, 1.3}, 1e-15));
  EXPECT_EQ(mistake_ids(s), (std::vector<std::string>{"no-identity@jacobian", "identity-only@jacobian"}));
  EXPECT_TRUE(near(mistake(s, "no-identity", "jacobian"), 2, 2, {0.1, -0.2, 0.05, 0.3}, 0));
  EXPECT_TRUE(near(mistake(s, "identity-only", "jacobian"), 2, 2, {1, 0, 0, 1}, 0));
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
  EXPECT_TRUE(near(part(s, "jacobian").answer, 3, 3, {0.2041, -0.4082, 0.2041, -0.4082, 0.8165, -0.4082, 0.2041, -0.4082, 0.2041}, 5e-5));
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
    for (int b = 0; b < 3; ++b) EXPECT_NEAR(J[size_t(3 * a + b)], (a + 1) * J1[size_t(3 * a + b)], 1e-14) << a << "," << b;
  }
  EXPECT_NE(J[1], J[3]);  // (0,1) ≠ (1,0)
}

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

TEST(ExerciseAnswerKey, Ex15ZeroBranchIsTheIdentity) {
  const ExerciseSolution s = solve_exercise(15, exercise_defaults(15));
  EXPECT_TRUE(near(part(s, "output").answer, {0.7, -1.2, 2.5}, 0));
  // the slip of normalising the stream gives LN(x), far from x itself
  const ExerciseValue& ln = mistake(s, "post-ln", "output");
  EXPECT_EQ(ln.values.size(), 3u);
  EXPECT_NEAR(ln.values[0] + ln.values[1] + ln.values[2], 0, 1e-12);
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
  EXPECT_EQ(thrown([] { solve_exercise(17, {{"delta", row({0.1, 0.1})}, {"sigma2", row({1})}}); }),
            "sigma2 has 1 number, delta has 2: they must match");
  EXPECT_EQ(check_well_posed(17, solve_exercise(17, {{"delta", row({0.1})}, {"sigma2", row({0})}})),
            "σ² = 0 makes a norm's scale 1/σ infinite");
}

// ---- Part 4's exercises: the wirings' constants come from the same rules the stack is built with ----

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
  EXPECT_EQ(part(s, "alpha").answer.values[0], block_wiring(Placement::DeepNorm, 0, 96).alpha);
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
  for (int i = 0; i < 30; ++i) EXPECT_EQ(block_wiring(Placement::MixLN, i, 30).residual == Residual::Post, i < 7) << i;
  EXPECT_TRUE(grade_part(odd, "post-blocks", num(7)).correct);
  EXPECT_FALSE(grade_part(odd, "post-blocks", num(7.5)).correct);  // a count is exact
}

TEST(ExerciseWirings, Ex21ReZeroGateAtZero) {
  const ExerciseSolution s = defaults_solved(21);
  EXPECT_TRUE(near(part(s, "dW").answer, 2, 2, {0, 0, 0, 0}, 0));  // r = 0: no gradient reaches W
  EXPECT_TRUE(near(part(s, "dr").answer, {0.6}, 1e-15));      // gᵀ W x = [0.3, −0.2]·[1, −1.5]
  EXPECT_TRUE(near(mistake(s, "no-gate", "dW"), 2, 2, {0.3, 0.6, -0.2, -0.4}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "transposed", "dW"), 2, 2, {0.3, -0.2, 0.6, -0.4}, 1e-15));
  EXPECT_TRUE(near(mistake(s, "input-not-branch", "dr"), {-0.1}, 1e-15));
  // with r ≠ 0 the weight's gradient is r·g xᵀ
  const ExerciseSolution open = solve_exercise(21, {{"x", row({1, 2})}, {"W", mat(2, 2, {1, 0, 0.5, -1})},
                                                    {"g", row({0.3, -0.2})}, {"r", num(0.5)}});
  EXPECT_TRUE(near(part(open, "dW").answer, 2, 2, {0.15, 0.3, -0.1, -0.2}, 1e-15));
  EXPECT_EQ(thrown([] { solve_exercise(21, {{"x", row({1, 2})}, {"W", mat(3, 3, {1, 0, 0, 0, 1, 0, 0, 0, 1})},
                                            {"g", row({1, 1})}, {"r", num(0)}}); }),
            "W must have as many rows and columns as x has entries (2)");
}

TEST(ExerciseAnswerKey, Ex16Bound) {
  const ExerciseSolution s = defaults_solved(16);
  EXPECT_TRUE(near(part(s, "bound").answer, {std::pow(1.02, 48)}, 1e-14));
  EXPECT_TRUE(near(part(s, "bound").answer, {2.587}, 5e-4));  // the key's 1.02⁴⁸ ≈ 2.587
  EXPECT_TRUE(near(s.steps.at("factor"), {1.02}, 0));
  EXPECT_EQ(mistake_ids(s), (std::vector<std::string>{"linear@bound", "exp-approx@bound", "n-times@bound", "delta-power@bound"}));
  EXPECT_TRUE(near(mistake(s, "linear", "bound"), {1.96}, 1e-14));
  EXPECT_TRUE(near(mistake(s, "exp-approx", "bound"), {std::exp(0.96)}, 1e-14));
  EXPECT_TRUE(near(mistake(s, "n-times", "bound"), {48.96}, 1e-12));
  EXPECT_TRUE(near(mistake(s, "delta-power", "bound"), {std::pow(0.02, 48)}, 1e-90));
}

// ---- Grading ----

TEST(ExerciseGrade, AcceptsFourSignificantDigits) {
  const ExerciseSolution s = defaults_solved(4);
  const Grade g = grade_part(s, "output", row({-1.414, 0, 0, 1.414}));
  EXPECT_TRUE(g.correct);
  EXPECT_TRUE(g.shape_ok);
  EXPECT_EQ(g.entry_ok, std::vector<bool>(4, true));
  EXPECT_EQ(g.message, "");
  EXPECT_EQ(g.misconception, "");
  EXPECT_TRUE(grade_part(defaults_solved(7), "cap", num(316.2)).correct);
  EXPECT_TRUE(grade_part(defaults_solved(7), "denominator", num(0.003162)).correct);
  EXPECT_TRUE(grade_part(defaults_solved(16), "bound", num(2.587)).correct);
  EXPECT_TRUE(grade_part(defaults_solved(11), "deep", num(0.3333)).correct);
  EXPECT_TRUE(grade_part(defaults_solved(9), "jacobian", mat(3, 3, {0.2041, -0.4082, 0.2041, -0.4082, 0.8165, -0.4082, 0.2041, -0.4082, 0.2041})).correct);
}

TEST(ExerciseGrade, IntervalsAreTheStatedTolerance) {
  const ExerciseSolution s = defaults_solved(4);
  const ExercisePart& p = part(s, "output");
  EXPECT_EQ(p.atol, 5e-4);
  EXPECT_EQ(p.rtol, 1e-3);
  const Grade g = grade_part(s, "output", row({0, 0, 0, 0}));
  ASSERT_EQ(g.lo.size(), 4u);
  EXPECT_DOUBLE_EQ(g.lo[1], -5e-4);
  EXPECT_DOUBLE_EQ(g.hi[1], 5e-4);
  EXPECT_DOUBLE_EQ(g.hi[3], kSqrt2 + 5e-4 + 1e-3 * kSqrt2);
  // relative-only parts: √ε = 0.00316 gets ±3.2e-6, not ±5e-4
  const Grade d = grade_part(defaults_solved(7), "denominator", num(0.0035));
  EXPECT_FALSE(d.correct);
  EXPECT_NEAR(d.hi[0] - d.lo[0], 2e-3 * std::sqrt(1e-5), 1e-11);
}

TEST(ExerciseGrade, MarksTheWrongEntry) {
  const ExerciseSolution s = defaults_solved(4);
  const Grade g = grade_part(s, "output", row({-1.414, 0, 0.1, 1.414}));
  EXPECT_FALSE(g.correct);
  EXPECT_TRUE(g.shape_ok);
  EXPECT_EQ(g.entry_ok, (std::vector<bool>{true, true, false, true}));
  EXPECT_EQ(g.message, "1 of 4 entries is outside the tolerance");
  EXPECT_EQ(g.misconception, "");

  const Grade m = grade_part(defaults_solved(9), "jacobian", mat(3, 3, {0.2041, -0.4082, 0.2041, -0.4082, 0.8165, -0.4082, 0.2041, 0.4082, 0.2041}));
  EXPECT_EQ(m.entry_ok, (std::vector<bool>{true, true, true, true, true, true, true, false, true}));  // row 3, column 2
}

TEST(ExerciseGrade, ShapeErrors) {
  const ExerciseSolution s = defaults_solved(4);
  Grade g = grade_part(s, "output", row({-1.414, 0, 1.414}));
  EXPECT_FALSE(g.correct);
  EXPECT_FALSE(g.shape_ok);
  EXPECT_EQ(g.message, "expected 4 numbers, got 3");
  EXPECT_TRUE(g.entry_ok.empty());
  EXPECT_EQ(g.lo.size(), 4u);  // the accepted intervals are still reported

  EXPECT_EQ(grade_part(s, "mean", row({4, 4})).message, "expected 1 number, got 2");
  EXPECT_EQ(grade_part(s, "mean", row({})).message, "expected 1 number, got none");
  EXPECT_EQ(grade_part(s, "output", mat(2, 2, {-1.414, 0, 0, 1.414})).message, "expected 4 numbers in one row, got 2 rows");
  EXPECT_TRUE(grade_part(s, "output", mat(4, 1, {-1.414, 0, 0, 1.414})).correct);  // a column is fine for a vector
  EXPECT_FALSE(grade_part(s, "output", mat(1, 4, {1, 2, 3})).shape_ok);              // declared 1×4, holds 3

  const ExerciseSolution j = defaults_solved(9);
  g = grade_part(j, "jacobian", mat(2, 3, {0, 0, 0, 0, 0, 0}));
  EXPECT_FALSE(g.shape_ok);
  EXPECT_EQ(g.message, "expected 3 rows, got 2");
  EXPECT_EQ(grade_part(j, "jacobian", mat(3, 2, {0, 0, 0, 0, 0, 0})).message, "expected 3 numbers in each row, got 2");
  EXPECT_FALSE(grade_part(j, "jacobian", row({0, 0, 0, 0, 0, 0, 0, 0, 0})).shape_ok);  // 9 numbers are not 3 rows of 3
}

TEST(ExerciseGrade, NamesEveryListedMistakeOfTheDefaults) {
  for (int n : numeric_exercises()) {
    const ExerciseSolution s = defaults_solved(n);
    for (const Misconception& m : s.misconceptions) {
      const Grade g = grade_part(s, m.part, m.value);
      EXPECT_FALSE(g.correct) << "exercise " << n << " " << m.id;
      EXPECT_EQ(g.misconception, m.id) << "exercise " << n << ", part " << m.part;
    }
  }
}

TEST(ExerciseGrade, NamesAMistakeTypedToFourDigits) {
  const ExerciseSolution s = defaults_solved(4);
  EXPECT_EQ(grade_part(s, "output", row({-1.225, 0, 0, 1.225})).misconception, "variance-d-minus-1");
  EXPECT_EQ(grade_part(s, "variance", num(2.667)).misconception, "variance-d-minus-1");
  EXPECT_EQ(grade_part(s, "variance", num(1.414)).misconception, "std-for-variance");
  EXPECT_EQ(grade_part(s, "output", row({0.4714, 0.9428, 0.9428, 1.414})).misconception, "no-mean-subtraction");
  EXPECT_EQ(grade_part(defaults_solved(11), "ratio", num(36)).misconception, "variance-not-sd");
  EXPECT_EQ(grade_part(defaults_solved(11), "ratio", num(0.1667)).misconception, "ratio-inverted");
  EXPECT_EQ(grade_part(defaults_solved(16), "bound", num(2.612)).misconception, "exp-approx");
  EXPECT_EQ(grade_part(defaults_solved(2), "dydx", num(0.3)).misconception, "no-identity");
  // a mistake of another part is not named
  EXPECT_EQ(grade_part(s, "sigma", num(2.667)).misconception, "");
}

// "1.41" for √2, "2.59" for 2.587: right to the digits typed, short of what the tolerance needs.
TEST(ExerciseGrade, RightIdeaGiveMoreDigits) {
  const ExerciseSolution ln = defaults_solved(4);  // σ = √2
  const auto digits = [](const ExerciseSolution& s, const std::string& id, const ExerciseValue& a, std::vector<double> ulp) {
    return grade_part(s, id, a, ulp);
  };
  Grade g = digits(ln, "sigma", num(1.41), {0.01});
  EXPECT_FALSE(g.correct);
  EXPECT_TRUE(g.more_digits);
  EXPECT_EQ(g.digits_needed, 4);  // 1.414 is within the tolerance, 1.41 is not
  EXPECT_EQ(g.message, "right to the digits given, but the tolerance needs 4 significant digits");
  EXPECT_TRUE(digits(ln, "sigma", num(1.4), {0.1}).more_digits);     // rounded to two digits
  EXPECT_TRUE(digits(defaults_solved(16), "bound", num(2.59), {0.01}).more_digits);
  EXPECT_TRUE(digits(defaults_solved(16), "bound", num(2.6), {0.1}).more_digits);  // "~2.6"
  EXPECT_TRUE(digits(defaults_solved(16), "bound", num(2.58), {0.01}).more_digits);  // cut, not rounded
  EXPECT_FALSE(digits(ln, "sigma", num(1.42), {0.01}).more_digits);  // neither rounded nor cut
  EXPECT_FALSE(digits(ln, "sigma", num(1), {1}).more_digits);        // one significant digit says little
  EXPECT_FALSE(digits(defaults_solved(11), "deep", num(0.3), {0.1}).more_digits);
  EXPECT_FALSE(digits(ln, "sigma", num(1.41), {0}).more_digits);     // typed as an exact expression
  EXPECT_FALSE(grade_part(ln, "sigma", num(1.41)).more_digits);      // digits unknown
  EXPECT_TRUE(digits(ln, "sigma", num(1.414), {0.001}).correct);     // enough digits: simply right
  // a vector: the right entries stay right, the short ones are short
  g = digits(ln, "output", row({-1.41, 0, 0, 1.41}), {0.01, 1, 1, 0.01});
  EXPECT_TRUE(g.more_digits);
  EXPECT_EQ(g.entry_ok, (std::vector<bool>{false, true, true, false}));
  EXPECT_FALSE(digits(ln, "output", row({-1.41, 0, 1, 1.41}), {0.01, 1, 1, 0.01}).more_digits);  // one entry wrong
  // a named mistake comes first: 1.96 is 1 + nδ, not (1 + δ)ⁿ short of digits
  g = digits(defaults_solved(16), "bound", num(1.96), {0.01});
  EXPECT_EQ(g.misconception, "linear");
  EXPECT_FALSE(g.more_digits);
}

TEST(ExerciseGrade, IndistinguishableMistakeIsNeverNamed) {
  // ε = 0: ε outside the root gives the right answer; typing it is simply right.
  const ExerciseSolution s = defaults_solved(4);
  const Grade g = grade_part(s, "output", row({-2 / (kSqrt2 + 0), 0, 0, 2 / (kSqrt2 + 0)}));
  EXPECT_TRUE(g.correct);
  EXPECT_EQ(g.misconception, "");
  // ε = 1e-5: the mistake moves the answer by less than the tolerance, so it is not listed
  const ExerciseSolution tiny = solve_exercise(4, {{"x", row({2, 4, 4, 6})}, {"eps", num(1e-5)}});
  EXPECT_EQ(find_mistake(tiny, "eps-outside-root", "output"), nullptr);

  // The naming rule itself: a mistake within tolerance of the right answer, and an answer within tolerance
  // of the mistake but not of the right answer, is wrong but names nothing.
  ExerciseSolution made;
  made.parts.push_back(ExercisePart{"p", num(1.0), 0.0, 0.01});
  made.misconceptions.push_back(Misconception{"close", "p", num(1.009)});
  made.misconceptions.push_back(Misconception{"far", "p", num(2.0)});
  const Grade w = grade_part(made, "p", num(1.015));
  EXPECT_FALSE(w.correct);
  EXPECT_EQ(w.misconception, "");
  EXPECT_EQ(grade_part(made, "p", num(2.01)).misconception, "far");
}

TEST(ExerciseGrade, FirstMatchingMistakeWins) {
  ExerciseSolution made;
  made.parts.push_back(ExercisePart{"p", num(1.0), 0.0, 0.01});
  made.misconceptions.push_back(Misconception{"first", "p", num(2.0)});
  made.misconceptions.push_back(Misconception{"second", "p", num(2.01)});
  EXPECT_EQ(grade_part(made, "p", num(2.015)).misconception, "first");
  EXPECT_EQ(grade_part(made, "p", num(2.025)).misconception, "second");
}

TEST(ExerciseGrade, NonFiniteAnswersAreWrong) {
  const ExerciseSolution s = defaults_solved(4);
  Grade g = grade_part(s, "output", row({NAN, 0, 0, 1.414}));
  EXPECT_FALSE(g.correct);
  EXPECT_EQ(g.entry_ok, (std::vector<bool>{false, true, true, true}));
  EXPECT_EQ(g.message, "entry 1 is not a finite number");
  EXPECT_EQ(g.misconception, "");
  g = grade_part(s, "mean", num(INFINITY));
  EXPECT_FALSE(g.correct);
  EXPECT_EQ(g.message, "the answer is not a finite number");
  EXPECT_FALSE(grade_part(defaults_solved(7), "cap", num(-INFINITY)).correct);
}

TEST(ExerciseGrade, DegenerateExerciseAcceptsNothing) {  // ε = 0 and equal entries: the output is NaN
  const ExerciseSolution s = solve_exercise(7, {{"x", row({5, 5, 5, 5})}, {"eps", num(0)}, {"gamma", num(1)}});
  const Grade g = grade_part(s, "output", row({0, 0, 0, 0}));
  EXPECT_FALSE(g.correct);
  EXPECT_EQ(g.message, "this part has no finite answer for these inputs");
}

TEST(ExerciseGrade, UnknownPartThrows) {
  EXPECT_EQ(thrown([] { grade_part(defaults_solved(4), "sd", num(1)); }),
            "this exercise has no part 'sd' (its parts are mean, variance, sigma, output)");
}

// ---- Bad inputs: std::invalid_argument with a message for the reader ----

TEST(ExerciseInputs, BadInputsThrowReadableMessages) {
  const ExerciseValue x = row({2, 4, 4, 6});
  EXPECT_EQ(thrown([&] { solve_exercise(4, {{"x", x}}); }), "missing input 'eps'");
  EXPECT_EQ(thrown([&] { solve_exercise(4, {{"x", x}, {"eps", num(-1)}}); }),
            "ε must be 0 or more (it is added under a square root), got -1");
  EXPECT_EQ(thrown([&] { solve_exercise(4, {{"x", row({2, NAN, 4})}, {"eps", num(0)}}); }),
            "x must contain only finite numbers (entry 2 is not)");
  EXPECT_EQ(thrown([&] { solve_exercise(4, {{"x", row({2, 4})}, {"eps", num(INFINITY)}}); }),
            "eps must contain only finite numbers");
  EXPECT_EQ(thrown([&] { solve_exercise(4, {{"x", mat(2, 2, {1, 2, 3, 4})}, {"eps", num(0)}}); }),
            "x must be a vector (one row of numbers), got a 2x2 matrix");
  EXPECT_EQ(thrown([&] { solve_exercise(4, {{"x", row({2})}, {"eps", num(0)}}); }),
            "x needs at least 2 numbers (LayerNorm of a single number is 0/0), got 1");
  EXPECT_EQ(thrown([&] { solve_exercise(4, {{"x", x}, {"eps", row({0, 1})}}); }), "eps must be a single number, got 2 numbers");
  EXPECT_EQ(thrown([&] { solve_exercise(4, {{"x", x}, {"eps", row({})}}); }), "eps is empty: enter a number");
  EXPECT_EQ(thrown([&] { solve_exercise(4, {{"x", mat(1, 4, {2, 4, 4})}, {"eps", num(0)}}); }),
            "x is declared 1x4 but holds 3 numbers");
  EXPECT_EQ(thrown([&] { solve_exercise(4, {{"x", x}, {"eps", num(0)}, {"gamma", num(1)}}); }),
            "exercise 4 has no input 'gamma' (its inputs are x, eps)");
  EXPECT_EQ(thrown([&] { solve_exercise(5, {{"x", row({1, 3})}, {"b", row({1, 2, 3})}}); }),
            "b has 3 numbers, x has 2: they must match");
  EXPECT_EQ(thrown([&] { solve_exercise(8, {{"B", mat(2, 3, {1, 2, 3, 4, 5, 6})}}); }),
            "B must be a square matrix, got 2 rows of 3 numbers");
  EXPECT_EQ(thrown([&] { solve_exercise(9, {{"x", row({1, 2, 3})}, {"eps", num(0)}, {"gamma", row({1, 2})}}); }),
            "gamma must be one number or one per entry of x (3), got 2 numbers");
  EXPECT_EQ(thrown([&] { solve_exercise(10, {{"sigma2", row({1, -4})}, {"gamma", num(1)}, {"eps", num(0)}}); }),
            "sigma2 holds variances, which are >= 0: entry 2 is -4");
  EXPECT_EQ(thrown([&] { solve_exercise(12, {{"b", row({0.1, 0.1})}, {"L", num(2.5)}}); }),
            "L must be a whole number from 2 to 100, got 2.5");
  EXPECT_EQ(thrown([&] { solve_exercise(16, {{"delta", num(0.02)}, {"L", num(10000)}}); }),
            "L must be a whole number from 1 to 1000, got 10000");
  EXPECT_EQ(thrown([&] { solve_exercise(16, {{"delta", num(-0.1)}, {"L", num(4)}}); }),
            "δ must be 0 or more (it bounds a norm ‖B_i‖), got -0.1");
  EXPECT_EQ(thrown([&] { solve_exercise(4, {{"x", row({1e200, -1e200})}, {"eps", num(0)}}); }).rfind("the variance overflows", 0), 0u);
}

// Each message about one input names it, so the page shows it under that field (n, not b, in exercises 12, 13).
TEST(ExerciseInputs, ErrorsNameTheirInput) {
  const auto input_of = [](int n, const ExerciseInputs& inputs) -> std::string {
    try {
      solve_exercise(n, inputs);
    } catch (const InputError& e) {
      return e.input;
    } catch (const std::exception& e) {
      return std::string("(not an InputError: ") + e.what() + ")";
    }
    return "(no exception)";
  };
  EXPECT_EQ(input_of(12, {{"b", row({0.1, 0.1})}, {"L", num(2.5)}}), "L");
  EXPECT_EQ(input_of(13, {{"b", row({0.1, -0.1})}, {"L", num(1000)}}), "L");
  EXPECT_EQ(input_of(13, {{"b", row({0.1})}, {"L", num(3)}}), "b");
  EXPECT_EQ(input_of(5, {{"x", row({1, 3})}, {"b", row({1, 2, 3})}}), "b");
  EXPECT_EQ(input_of(9, {{"x", row({1, 2, 3})}, {"eps", num(0)}, {"gamma", row({1, 2})}}), "gamma");
  EXPECT_EQ(input_of(4, {{"x", row({2, 4, 4, 6})}}), "eps");
  EXPECT_EQ(input_of(4, {{"x", row({2, 4})}, {"eps", num(0)}, {"gamma", num(1)}}), "gamma");
  EXPECT_EQ(input_of(16, {{"delta", num(-0.1)}, {"L", num(4)}}), "delta");
  EXPECT_EQ(input_of(10, {{"sigma2", row({1, -4})}, {"gamma", num(1)}, {"eps", num(0)}}), "sigma2");
}

TEST(ExerciseInputs, ExercisesWithoutKernel) {
  EXPECT_EQ(thrown([] { exercise_defaults(3); }), "exercise 3 is multiple choice: the page grades it without a kernel");
  EXPECT_EQ(thrown([] { exercise_variant(14, 1); }), "exercise 14 is multiple choice: the page grades it without a kernel");
  EXPECT_EQ(thrown([] { solve_exercise(22, {}); }), "there is no exercise 22 (the exercises are numbered 1 to 21)");
  EXPECT_EQ(thrown([] { check_well_posed(1, ExerciseSolution{}); }), "exercise 1 is multiple choice: the page grades it without a kernel");
}

// ---- Well-posedness ----

TEST(ExerciseWellPosed, TheAnswerKeysOwnNumbersAre) {
  for (int n : numeric_exercises()) EXPECT_EQ(check_well_posed(n, defaults_solved(n)), "") << "exercise " << n;
}

TEST(ExerciseWellPosed, SaysWhyNot) {
  const auto reason = [](int n, const ExerciseInputs& inputs) { return check_well_posed(n, solve_exercise(n, inputs)); };
  EXPECT_EQ(reason(4, {{"x", row({3, 3, 3})}, {"eps", num(0)}}).rfind("all entries of x are equal, so σ² = 0", 0), 0u);
  EXPECT_EQ(reason(4, {{"x", row({100, 100.1})}, {"eps", num(0)}}).rfind("the entries of x are nearly equal", 0), 0u);
  EXPECT_EQ(reason(6, {{"x", row({1, 2})}, {"b", row({1, 0})}}).rfind("all entries of x + b are equal", 0), 0u);
  EXPECT_EQ(reason(13, {{"b", row({0.1, 0.1})}, {"L", num(3)}}).rfind("all entries of b (block 1) are equal", 0), 0u);
  EXPECT_EQ(reason(7, {{"x", row({5, 5})}, {"eps", num(0)}, {"gamma", num(1)}}).rfind("with ε = 0 and equal entries", 0), 0u);
  EXPECT_EQ(reason(11, {{"sigma2_deep", num(0)}, {"sigma2_shallow", num(1)}, {"gamma", num(1)}}),
            "σ² + ε = 0 makes the scale γ/√(σ² + ε) infinite");
  EXPECT_EQ(reason(16, {{"delta", num(1e3)}, {"L", num(1000)}}).rfind("(1 + δ)ᴸ is too large", 0), 0u);
  // 1.01²⁴ = 1.26973 and e^0.24 = 1.27125: apart by more than one tolerance (so listed) but less than two
  EXPECT_EQ(reason(16, {{"delta", num(0.01)}, {"L", num(24)}}).rfind("the mistake 'exp-approx' gives 1.27125 for 'bound'", 0), 0u);
  // exercise 7 is about σ² = 0: with ε > 0 it is well posed, and with unequal entries it is another question
  EXPECT_EQ(reason(7, {{"x", row({5, 5, 5, 5})}, {"eps", num(1e-5)}, {"gamma", num(2)}}), "");
  EXPECT_EQ(reason(7, {{"x", row({0.1, 0.1, 0.1})}, {"eps", num(1e-5)}, {"gamma", num(2)}}), "");
  EXPECT_EQ(reason(7, {{"x", row({5, 6, 5})}, {"eps", num(1e-5)}, {"gamma", num(1)}}).rfind("the entries of x differ", 0), 0u);
  EXPECT_EQ(reason(15, {{"x", row({1, 1.0001})}}).rfind("the entries of x are nearly equal", 0), 0u);
  EXPECT_EQ(reason(5, {{"x", row({1, 3})}, {"b", row({1, -0.999})}}).rfind("the entries of x + b are nearly equal", 0), 0u);
  EXPECT_EQ(reason(5, {{"x", row({1, 3})}, {"b", row({1, -1})}}), "");  // x + b constant: that mistake is not asked
  EXPECT_EQ(reason(10, {{"sigma2", row({1, 0})}, {"gamma", num(1)}, {"eps", num(0)}}), "σ² + ε = 0 makes the scale γ/√(σ² + ε) infinite");
}

// ---- Variants: 1,000 seeds per exercise ----

bool nice(double v) {  // a small multiple of 0.01, or an ε of exercise 7
  const double hundredths = v * 100;
  return std::abs(hundredths - std::round(hundredths)) < 1e-9 && std::abs(v) <= 100;
}

class ExerciseVariants : public ::testing::TestWithParam<int> {};

TEST_P(ExerciseVariants, ThousandSeedsAreDeterministicNiceAndWellPosed) {
  const int n = GetParam();
  const ExerciseSolution key = defaults_solved(n);
  std::set<std::string> distinct;
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    const ExerciseInputs inputs = exercise_variant(n, seed);
    const ExerciseInputs again = exercise_variant(n, seed);
    ASSERT_EQ(inputs.size(), again.size());
    std::string signature;
    for (const auto& [name, value] : inputs) {
      ASSERT_EQ(value.values, again.at(name).values) << "seed " << seed << " " << name;
      ASSERT_EQ(value.values.size(), size_t(value.rows) * size_t(value.cols));
      for (double v : value.values) {
        if (!(n == 7 && name == "eps")) {
          EXPECT_TRUE(nice(v)) << "exercise " << n << " seed " << seed << " " << name << " = " << v;
        }
        signature += std::to_string(v) + ",";
      }
      signature += ";";
    }
    distinct.insert(signature);
    const ExerciseSolution s = solve_exercise(n, inputs);
    ASSERT_EQ(check_well_posed(n, s), "") << "exercise " << n << " seed " << seed;
    ASSERT_EQ(part_ids(s), part_ids(key));
    for (const Misconception& m : s.misconceptions) {  // every listed mistake can be named
      ASSERT_EQ(grade_part(s, m.part, m.value).misconception, m.id) << "exercise " << n << " seed " << seed;
    }
    for (const ExercisePart& p : s.parts) ASSERT_TRUE(grade_part(s, p.id, p.answer).correct);
  }
  EXPECT_GE(distinct.size(), 15u) << "exercise " << n << ": too few different variants";
}

// Every exercise with a kernel, from the engine's own table: none can be left out.
INSTANTIATE_TEST_SUITE_P(Numeric, ExerciseVariants, ::testing::ValuesIn(numeric_exercises()),
                         [](const ::testing::TestParamInfo<int>& info) { return "Ex" + std::to_string(info.param); });

TEST(ExerciseVariantsPinned, SameNumbersOnEveryPlatform) {  // native and wasm draw alike
  const ExerciseInputs v4 = exercise_variant(4, 1);
  const ExerciseInputs v16 = exercise_variant(16, 1);
  std::string printed;
  for (const auto* v : {&v4, &v16}) {
    for (const auto& [name, value] : *v) {
      printed += name + "=";
      for (double e : value.values) printed += std::to_string(e) + " ";
    }
  }
  EXPECT_EQ(printed, "eps=0.000000 x=0.000000 9.000000 3.000000 L=96.000000 delta=0.010000 ");
}

TEST(ExerciseVariantsPinned, SeedsDifferAcrossExercises) {
  EXPECT_NE(exercise_variant(5, 7).at("x").values, exercise_variant(6, 7).at("x").values);
}

}  // namespace
}  // namespace tk
