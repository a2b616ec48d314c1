// The LayerNorm exercises (4, 7, 9): LN by hand, what ε is for, the exact Jacobian. One section each: the
// answer key's inputs, a seeded variant, the solver (answers, known mistakes, steps), its hooks; the list at
// the end is what the engine (exercises.cpp) sees.
#include <cmath>

#include "exercise_kit.hpp"

namespace tk::exercise {
namespace {

// ==== Exercise 4: LN(x) with ε, γ = 1, β = 0, step by step ====

ExerciseInputs defaults_4() { return {{"x", row_from({2, 4, 4, 6})}, {"eps", number(0)}}; }

ExerciseInputs draw_4(Dice& dice) {
  const int d = dice.integer(3, 5);
  const std::vector<double> x = integers_with_integer_mean(dice, d, -3, 9);
  return {{"x", row_from(x)}, {"eps", number(dice.pick({0, 0, 0.1, 0.5, 1}))}};
}

ExerciseSolution solve_4(const ExerciseInputs& inputs) {
  const Reader in(4, inputs, {"x", "eps"});
  const Vec x = in.vector("x", 2, kMaxWidth, "LayerNorm of a single number is 0/0");
  const double eps = in.non_negative("eps", "it is added under a square root");
  const double d = double(x.size());
  const LayerNormSteps st = steps_in_range(plain_layernorm(x, eps));

  Builder b;
  b.part("mean", number(st.mean));
  b.part("variance", number(st.variance));
  b.part("sigma", number(st.sigma));
  b.part("output", row_of(st.y));

  const double variance_d1 = st.squares.sum() / (d - 1);  // the sample variance, ÷(d − 1)
  const double sigma_d1 = std::sqrt(variance_d1 + eps);
  b.mistake("variance-d-minus-1", "variance", number(variance_d1));
  b.mistake("variance-d-minus-1", "sigma", number(sigma_d1));
  b.mistake("variance-d-minus-1", "output", row_of(st.deviations / sigma_d1));
  b.mistake("std-for-variance", "variance", number(std::sqrt(st.variance)));
  b.mistake("divide-by-variance", "output", row_of(st.deviations / (st.variance + eps)));
  b.mistake("no-mean-subtraction", "output", row_of(x / std::sqrt(x.squaredNorm() / d + eps)));  // RMSNorm
  if (eps > 0) b.mistake("eps-outside-root", "output", row_of(st.deviations / (std::sqrt(st.variance) + eps)));

  b.layernorm_steps(st);
  // The output's spread, σ/√(σ² + ε): 1 only when ε = 0, so the solution states it from this number.
  b.step("output-sd", number(std::sqrt(st.y.squaredNorm() / d)));
  return b.done();
}

std::string ill_posed_4(const ExerciseSolution& s) {
  return variance_problem(scalar_step(s, "mean"), scalar_step(s, "variance"), "x");
}

// ==== Exercise 7: ε with a constant input; the gradient scale is capped at γ/√ε ====

ExerciseInputs defaults_7() { return {{"x", row_from({5, 5, 5, 5})}, {"eps", number(1e-5)}, {"gamma", number(1)}}; }

ExerciseInputs draw_7(Dice& dice) {
  const int d = dice.integer(3, 6);
  const std::vector<double> x(size_t(d), double(dice.integer(-9, 9)));
  const double eps = dice.pick({1e-2, 1e-4, 1e-5, 1e-6});
  return {{"x", row_from(x)}, {"eps", number(eps)}, {"gamma", number(dice.tenths(5, 30))}};
}

ExerciseSolution solve_7(const ExerciseInputs& inputs) {
  const Reader in(7, inputs, {"x", "eps", "gamma"});
  const Vec x = in.vector("x", 1, kMaxWidth);
  const double eps = in.non_negative("eps", "it is added under a square root");
  const double gamma = in.scalar("gamma");
  const LayerNormSteps st =
      steps_in_range(layernorm_steps(x, Vec::Constant(x.size(), gamma), Vec::Zero(x.size()), eps));

  Builder b;
  b.relative_part("denominator", number(st.sigma));  // √(σ² + ε)
  b.part("output", row_of(st.y));
  b.relative_part("cap", number(gamma / std::sqrt(eps)));  // γ/√(σ² + ε) at σ = 0
  b.mistake("eps-without-root", "denominator", number(st.variance + eps));
  b.mistake("cap-eps-without-root", "cap", number(gamma / eps));
  b.mistake("cap-times", "cap", number(gamma * std::sqrt(eps)));
  // ε = 0 and equal entries: the output is 0/0, which does not exist; zeros are what ε > 0 would give
  if (!st.y.allFinite()) b.mistake("zeros-for-undefined", "output", row_of(Vec::Zero(x.size())));

  b.step("mean", number(st.mean));
  b.step("variance", number(st.variance));
  b.step("denominator", number(st.sigma));
  return b.done();
}

// The question and its solution are about a vector whose entries are all equal (σ² = 0). Equal entries such
// as 0.1 may leave σ² at rounding level (their mean is rounded), hence the relative threshold.
std::string ill_posed_7(const ExerciseSolution& s) {
  const double mean = scalar_step(s, "mean"), variance = scalar_step(s, "variance");
  if (variance <= 1e-24 * mean * mean) return "";
  return "the entries of x differ (σ² = " + fmt(variance) +
         "), but this exercise is about a vector whose entries are all equal: type one number repeated";
}

// ==== Exercise 9: the exact LN Jacobian, term by term ====

ExerciseInputs defaults_9() { return {{"x", row_from({1, 2, 3})}, {"eps", number(0)}, {"gamma", number(1)}}; }

ExerciseInputs draw_9(Dice& dice) {
  const int d = dice.integer(3, 4);
  const std::vector<double> x = integers_with_integer_mean(dice, d, -3, 6);
  return {{"x", row_from(x)}, {"eps", number(0)}, {"gamma", number(dice.pick({1, 1, 0.5, 2}))}};
}

ExerciseSolution solve_9(const ExerciseInputs& inputs) {
  const Reader in(9, inputs, {"x", "eps", "gamma"});
  const Vec x = in.vector("x", 2, kMaxWidth, "LayerNorm of a single number is 0/0");
  const double eps = in.non_negative("eps", "it is added under a square root");
  // γ: one number applied to every entry, or one per entry
  const Vec g = in.vector("gamma", 1, kMaxWidth);
  if (g.size() != 1 && g.size() != x.size()) {
    throw InputError("gamma", "gamma must be one number or one per entry of x (" + std::to_string(x.size()) +
                                  "), got " + plural(size_t(g.size()), "number"));
  }
  const Vec gamma = g.size() == 1 ? Vec(Vec::Constant(x.size(), g(0))) : g;
  const LayerNormSteps st = steps_in_range(layernorm_steps(x, gamma, Vec::Zero(x.size()), eps));
  const LayerNormJacobian jac = layernorm_jacobian(x, gamma, eps);

  Builder b;
  b.part("jacobian", matrix_of(jac.J_y_x));
  b.mistake("no-variance-term", "jacobian", matrix_of(Mat(jac.diagonal + jac.mean_removal)));
  b.mistake("no-mean-term", "jacobian", matrix_of(Mat(jac.diagonal + jac.variance_removal)));
  b.mistake("diagonal-only", "jacobian", matrix_of(jac.diagonal));
  // γ/(σ² + ε) in front instead of γ/√(σ² + ε): one more factor 1/√(σ² + ε)
  b.mistake("variance-scale", "jacobian", matrix_of(Mat(jac.J_y_x / jac.sigma)));

  b.layernorm_steps(st);
  b.step("diagonal", matrix_of(jac.diagonal));
  b.step("mean-removal", matrix_of(jac.mean_removal));
  b.step("variance-removal", matrix_of(jac.variance_removal));
  return b.done();
}

}  // namespace

std::vector<Exercise> layernorm_exercises() {
  return {
      {4, defaults_4, draw_4, solve_4, ill_posed_4},
      {7, defaults_7, draw_7, solve_7, ill_posed_7,
       "with ε = 0 and equal entries, √(σ² + ε) = 0: the output is 0/0 and the cap γ/√ε is infinite (ε > 0 is what "
       "prevents this)"},
      {9, defaults_9, draw_9, solve_9, ill_posed_4},  // the same steps, mean and variance of x
  };
}

}  // namespace tk::exercise
