// The exercises across depth (10, 11, 12, 13, 16, 17): Post-LN's product of norm scales, the scale at two
// depths, the Pre-LN stream accumulating and the Post-LN one overwritten, the (1 + δ)ⁿ bound, and the two
// chains side by side. One section each: the answer key's inputs, a seeded variant, the solver (answers,
// known mistakes, steps), its hooks; the list at the end is what the engine sees.
#include <cmath>

#include "exercise_kit.hpp"

namespace tk::exercise {
namespace {

// ==== Exercise 10: Post-LN's gradient carries ∏ γ/√(σ_i² + ε) ====

ExerciseInputs defaults_10() {
  return {{"sigma2", row_from({0.25, 1, 4, 9})}, {"gamma", number(1)}, {"eps", number(0)}};
}

ExerciseInputs draw_10(Dice& dice) {
  std::vector<double> sigma2(size_t(dice.integer(3, 5)));
  for (double& v : sigma2) v = nice_variance(dice, kNiceVarianceCount - 1);  // up to 16
  return {{"sigma2", row_from(sigma2)}, {"gamma", number(dice.pick({1, 1, 0.5, 2}))}, {"eps", number(0)}};
}

ExerciseSolution solve_10(const ExerciseInputs& inputs) {
  const Reader in(10, inputs, {"sigma2", "gamma", "eps"});
  const Vec sigma2 = in.non_negative_entries("sigma2", 1, kMaxLayers, "variances");
  const double gamma = in.scalar("gamma");
  const double eps = in.non_negative("eps", "it is added under a square root");
  const Vec under_root = sigma2.array() + eps;
  const Vec scales = gamma / under_root.array().sqrt();

  Builder b;
  b.relative_part("product", number(scales.prod()));
  b.mistake("sum", "product", number(scales.sum()));
  b.mistake("variance-not-sd", "product", number(Vec(gamma / under_root.array()).prod()));
  b.mistake("pre-ln", "product", number(1.0));  // Pre-LN's identity path carries 1 through every block
  b.step("scales", row_of(scales));
  return b.done();
}

constexpr const char* kInfiniteScale = "σ² + ε = 0 makes the scale γ/√(σ² + ε) infinite";

// ==== Exercise 11: gradient scale γ/σ at a deep and a shallow block ====

ExerciseInputs defaults_11() {
  return {{"sigma2_deep", number(9)}, {"sigma2_shallow", number(0.25)}, {"gamma", number(1)}};
}

ExerciseInputs draw_11(Dice& dice) {
  double deep = 0, shallow = 0;
  while (deep <= shallow) {  // as in the answer key, the deep block's norm sees the larger variance
    deep = nice_variance(dice);
    shallow = nice_variance(dice);
  }
  return {
      {"sigma2_deep", number(deep)}, {"sigma2_shallow", number(shallow)}, {"gamma", number(dice.pick({1, 1, 0.5, 2}))}};
}

ExerciseSolution solve_11(const ExerciseInputs& inputs) {
  const Reader in(11, inputs, {"sigma2_deep", "sigma2_shallow", "gamma"});
  const double var_deep = in.non_negative("sigma2_deep", "it is a variance");
  const double var_shallow = in.non_negative("sigma2_shallow", "it is a variance");
  const double gamma = in.scalar("gamma");
  const double deep = gamma / std::sqrt(var_deep), shallow = gamma / std::sqrt(var_shallow);

  Builder b;
  b.relative_part("deep", number(deep));
  b.relative_part("shallow", number(shallow));
  b.relative_part("ratio", number(shallow / deep));
  const double deep_var = gamma / var_deep, shallow_var = gamma / var_shallow;
  b.mistake("variance-not-sd", "deep", number(deep_var));
  b.mistake("variance-not-sd", "shallow", number(shallow_var));
  b.mistake("variance-not-sd", "ratio", number(shallow_var / deep_var));
  b.mistake("ratio-inverted", "ratio", number(deep / shallow));
  b.step("sigma-deep", number(std::sqrt(var_deep)));
  b.step("sigma-shallow", number(std::sqrt(var_shallow)));
  return b.done();
}

// ==== Exercise 12: the Pre-LN stream with a constant branch output b, from x_0 = 0: x_L = L·b ====

ExerciseInputs defaults_12() { return {{"b", row_from({0.1, 0.1})}, {"L", number(3)}}; }

// Entries one decimal, not all equal (so the Post-LN mistake is defined), non-zero unless allowed.
std::vector<double> draw_branch(Dice& dice, int d, bool allow_zero) {
  for (;;) {
    std::vector<double> b(static_cast<size_t>(d));
    for (double& v : b) {
      do v = dice.tenths(-5, 5);
      while (!allow_zero && v == 0);
    }
    if (!is_constant(b)) return b;
  }
}

ExerciseInputs draw_12(Dice& dice) {
  const std::vector<double> b = draw_branch(dice, dice.integer(2, 3), false);
  return {{"b", row_from(b)}, {"L", number(dice.integer(3, 10))}};
}

ExerciseSolution solve_12(const ExerciseInputs& inputs) {
  const Reader in(12, inputs, {"b", "L"});
  const Vec branch = in.vector("b", 1, kMaxWidth);
  const int n = in.whole("L", 2, kMaxLayers);
  Mat stream(n, branch.size());  // x_1 … x_n, each the previous plus b
  Vec x = Vec::Zero(branch.size());
  for (int k = 0; k < n; ++k) {
    x += branch;
    stream.row(k) = x.transpose();
  }

  Builder b;
  b.part("x1", row_of(stream.row(0).transpose()));
  b.part("x2", row_of(stream.row(1).transpose()));
  b.part("xn", row_of(stream.row(n - 1).transpose()));
  b.mistake("power", "xn", row_of(branch.array().pow(double(n))));
  b.mistake("off-by-one", "xn", row_of(double(n - 1) * branch));
  b.mistake("one-too-many", "xn", row_of(double(n + 1) * branch));
  if (branch.size() >= 2) {  // LN of equal entries is 0/0: then this mistake has no value and is not listed
    const PostLnStream post = post_ln_stream(branch, n);
    b.mistake("post-ln", "x1", row_of(post.x.row(0).transpose()));
    b.mistake("post-ln", "x2", row_of(post.x.row(1).transpose()));
    b.mistake("post-ln", "xn", row_of(post.x.row(n - 1).transpose()));
  }
  b.step("states", matrix_of(stream));
  return b.done();
}

// ==== Exercise 13: the Post-LN stream, x_k = LN(x_{k−1} + b), ε = 0 ====

ExerciseInputs defaults_13() { return {{"b", row_from({0.1, -0.1})}, {"L", number(3)}}; }

ExerciseInputs draw_13(Dice& dice) {
  const std::vector<double> b = draw_branch(dice, dice.integer(2, 4), true);
  return {{"b", row_from(b)}, {"L", number(dice.integer(3, 5))}};
}

ExerciseSolution solve_13(const ExerciseInputs& inputs) {
  const Reader in(13, inputs, {"b", "L"});
  const Vec branch = in.vector("b", 2, kMaxWidth, "LayerNorm of a single number is 0/0");
  const int n = in.whole("L", 2, kMaxLayers);
  const PostLnStream post = post_ln_stream(branch, n);

  Builder b;
  b.part("x1", row_of(post.x.row(0).transpose()));
  b.part("x2", row_of(post.x.row(1).transpose()));
  b.part("xn", row_of(post.x.row(n - 1).transpose()));
  // Accumulating as Pre-LN does (x_k = k·b): Pre-LN and "accumulate" are the same numbers, so one id.
  b.mistake("accumulate", "x1", row_of(branch));
  b.mistake("accumulate", "x2", row_of(2.0 * branch));
  b.mistake("accumulate", "xn", row_of(double(n) * branch));

  b.step("states", matrix_of(post.x));
  b.step("sums", matrix_of(post.sums));
  b.step("mean", row_of(post.mean));
  b.step("sigma", row_of(post.sigma));
  return b.done();
}

// Every block normalises its sum x_{k−1} + b: the first one with (nearly) equal entries is the problem.
std::string ill_posed_13(const ExerciseSolution& s) {
  const Value& mean = s.steps.at("mean");
  const Value& sigma = s.steps.at("sigma");
  for (size_t k = 0; k < mean.values.size(); ++k) {
    const std::string what =
        k == 0 ? "b (block 1)" : "x_" + std::to_string(k) + " + b (block " + std::to_string(k + 1) + ")";
    std::string problem = variance_problem(mean.values[k], sigma.values[k] * sigma.values[k], what);  // ε = 0
    if (!problem.empty()) return problem;
  }
  return "";
}

// ==== Exercise 16: the bound ‖∏(I + B_i)‖ ≤ (1 + δ)ⁿ ====

ExerciseInputs defaults_16() { return {{"delta", number(0.02)}, {"L", number(48)}}; }

ExerciseInputs draw_16(Dice& dice) {
  return {{"delta", number(dice.integer(1, 5) / 100.0)}, {"L", number(dice.pick({12, 24, 48, 96}))}};
}

ExerciseSolution solve_16(const ExerciseInputs& inputs) {
  const Reader in(16, inputs, {"delta", "L"});
  const double delta = in.non_negative("delta", "it bounds a norm ‖B_i‖");
  const int n = in.whole("L", 1, kMaxDepth);

  Builder b;
  b.relative_part("bound", number(std::pow(1 + delta, n)));
  b.mistake("linear", "bound", number(1 + n * delta));
  b.mistake("exp-approx", "bound", number(std::exp(n * delta)));  // an upper estimate: 1 + δ ≤ e^δ
  b.mistake("n-times", "bound", number(n * (1 + delta)));
  b.mistake("delta-power", "bound", number(std::pow(delta, n)));
  b.step("factor", number(1 + delta));
  return b.done();
}

// ==== Exercise 17: the two chains side by side, ∏(1 + δ_i) against ∏(1 + δ_i)/σ_i (γ = 1, ε = 0) ====

ExerciseInputs defaults_17() {
  return {{"delta", row_from({0.04, 0.06, 0.05, 0.03})}, {"sigma2", row_from({0.25, 1, 4, 9})}};
}

ExerciseInputs draw_17(Dice& dice) {
  const size_t n = size_t(dice.integer(3, 5));
  std::vector<double> delta(n), sigma2(n);
  for (double& v : delta) v = dice.integer(2, 10) / 100.0;
  for (double& v : sigma2) v = nice_variance(dice, kNiceVarianceCount - 1);  // up to 16
  return {{"delta", row_from(delta)}, {"sigma2", row_from(sigma2)}};
}

ExerciseSolution solve_17(const ExerciseInputs& inputs) {
  const Reader in(17, inputs, {"delta", "sigma2"});
  const Vec delta = in.non_negative_entries("delta", 1, kMaxLayers, "bounds on norms ‖B_i‖");
  const Vec sigma2 = in.non_negative_entries("sigma2", 1, kMaxLayers, "variances");
  in.same_size(delta, "delta", sigma2, "sigma2");
  const Vec factors = delta.array() + 1;               // ‖I + B_i‖ ≤ 1 + δ_i, both wirings
  const Vec scales = sigma2.array().sqrt().inverse();  // ‖J_LN‖ ≤ γ/σ_i with γ = 1, ε = 0
  const Vec post_factors = factors.array() * scales.array();
  const double pre = factors.prod(), post = post_factors.prod();

  Builder b;
  b.relative_part("pre", number(pre));
  b.relative_part("post", number(post));
  b.mistake("linear", "pre", number(1 + delta.sum()));
  b.mistake("no-identity", "pre", number(delta.prod()));
  b.mistake("normalised-highway", "pre", number(post));  // the norms' scales put on the Pre-LN highway
  b.mistake("identity-outside", "post", number(pre));    // the norms' scales left out of the Post-LN chain
  b.mistake("variance-not-sd", "post", number(Vec(factors.array() / sigma2.array()).prod()));
  b.step("pre-factors", row_of(factors));
  b.step("ln-scales", row_of(scales));
  b.step("post-factors", row_of(post_factors));
  b.step("ln-product", number(scales.prod()));
  return b.done();
}

}  // namespace

std::vector<Exercise> depth_exercises() {
  return {
      {10, defaults_10, draw_10, solve_10, nullptr, kInfiniteScale},
      {11, defaults_11, draw_11, solve_11, nullptr, kInfiniteScale},
      {12, defaults_12, draw_12, solve_12},
      {13, defaults_13, draw_13, solve_13, ill_posed_13},
      {16, defaults_16, draw_16, solve_16, nullptr, "(1 + δ)ᴸ is too large for float64: choose a smaller δ or L"},
      {17, defaults_17, draw_17, solve_17, nullptr, "σ² = 0 makes a norm's scale 1/σ infinite"},
  };
}

}  // namespace tk::exercise
