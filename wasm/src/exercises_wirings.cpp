// Part 4's exercises (18, 19, 20, 21): RMSNorm by hand, DeepNorm's constants, Mix-LN's blocks, ReZero's gate.
// One section each, as in the other exercise files; the wirings' own rules come from kWirings (block.hpp), so an
// exercise asks about the very constants the stack is built with.
#include <cmath>

#include "block.hpp"
#include "exercise_kit.hpp"
#include "rmsnorm.hpp"

namespace tk::exercise {
namespace {

// ==== Exercise 18: RMSNorm of a vector by hand, and the mean it keeps ====

ExerciseInputs defaults_18() { return {{"x", row_from({2, 4, 4, 6})}, {"eps", number(0)}}; }

ExerciseInputs draw_18(Dice& dice) {
  const int d = dice.integer(3, 5);
  std::vector<double> x(size_t(d), 0);
  for (double& v : x) v = dice.integer(-4, 8);
  return {{"x", row_from(x)}, {"eps", number(dice.pick({0, 0, 0.1, 1}))}};
}

ExerciseSolution solve_18(const ExerciseInputs& inputs) {
  const Reader in(18, inputs, {"x", "eps"});
  const Vec x = in.vector("x", 2, kMaxWidth);
  const double eps = in.non_negative("eps", "it is added under a square root");
  const double d = double(x.size());
  const RMSNormSteps st = rmsnorm_steps(x, Vec::Ones(x.size()), eps);
  if (st.unit != 1)
    throw InputError("x", "the squares of these entries leave float64's range: choose entries nearer 1");

  Builder b;
  b.part("mean-square", number(st.mean_square));
  b.part("rms", number(st.rms));
  b.part("output", row_of(st.y));

  const double mean = x.mean();
  const double variance = (x.array() - mean).square().mean();
  b.mistake("variance-for-mean-square", "mean-square", number(variance));  // subtracted the mean: LayerNorm's σ²
  b.mistake("d-minus-1", "mean-square", number(x.squaredNorm() / (d - 1)));
  b.mistake("d-minus-1", "rms", number(std::sqrt(x.squaredNorm() / (d - 1) + eps)));
  b.mistake("no-root", "output", row_of(x / (st.mean_square + eps)));
  if (eps > 0) b.mistake("eps-outside-root", "rms", number(std::sqrt(st.mean_square) + eps));
  const LayerNormSteps ln = layernorm_steps(x, Vec::Ones(x.size()), Vec::Zero(x.size()), eps);
  b.mistake("layernorm", "output", row_of(ln.y));  // the mean subtracted first: LayerNorm, not RMSNorm

  b.step("squares", row_of(st.squares));
  b.step("xhat", row_of(st.xhat));
  b.step("mean", number(mean));
  b.step("output-mean", number(st.y.mean()));  // mean / rms: the offset RMSNorm keeps
  b.step("layernorm-output", row_of(ln.y));
  b.step("layernorm-mean", number(ln.y.mean()));
  return b.done();
}

std::string ill_posed_18(const ExerciseSolution& s) {
  // x = 0 with ε = 0 has a mean of 0 too, but its output is 0/0: that reason (the exercise's own) is the one to give
  for (const ExercisePart& p : s.parts) {
    if (!all_finite(p.answer)) return "";
  }
  // a mean of zero makes RMSNorm and LayerNorm the same map: nothing to tell apart, the question's point lost
  return std::abs(scalar_step(s, "mean")) < 0.5 ? "the mean of x is (nearly) 0, where RMSNorm and LayerNorm agree" : "";
}

// ==== Exercise 19: DeepNorm's α and β for L blocks, and what β leaves alone ====

ExerciseInputs defaults_19() { return {{"L", number(96)}}; }

ExerciseInputs draw_19(Dice& dice) { return {{"L", number(dice.integer(2, 100))}}; }

ExerciseSolution solve_19(const ExerciseInputs& inputs) {
  const Reader in(19, inputs, {"L"});
  const int L = in.whole("L", 1, 1024);
  const BlockWiring deepnorm = block_wiring(wiring_preset("deepnorm"), 0, L);
  const double alpha = deepnorm.alpha, beta = 1 / deepnorm.beta;

  Builder b;
  b.relative_part("alpha", number(alpha));
  b.relative_part("beta", number(beta));
  b.mistake("square-root", "alpha", number(std::sqrt(2.0 * L)));
  b.mistake("eight-for-two", "alpha", number(1 / beta));
  b.mistake("inverse", "beta", number(1 / beta));
  b.mistake("two-for-eight", "beta", number(1 / alpha));
  b.mistake("square-root", "beta", number(1 / std::sqrt(8.0 * L)));
  b.step("twoL", number(2.0 * L));
  b.step("eightL", number(8.0 * L));
  return b.done();
}

// ==== Exercise 20: which blocks of a Mix-LN stack are Post-LN ====

ExerciseInputs defaults_20() { return {{"L", number(24)}}; }

ExerciseInputs draw_20(Dice& dice) {
  for (;;) {
    const int L = dice.integer(6, 100);
    if (L % 4 != 0) return {{"L", number(L)}};  // where ⌊L/4⌋ and L/4 differ, a rounding slip shows
  }
}

ExerciseSolution solve_20(const ExerciseInputs& inputs) {
  const Reader in(20, inputs, {"L"});
  // from 4 blocks on: below, ⌊L/4⌋ = 0 and the stack has no Post-LN block to count (nothing to ask)
  const int L = in.whole("L", 4, 1024);
  const int post = first_post_blocks(wiring_preset("mixln"), L);

  Builder b;
  b.part("post-blocks", number(post), 0, 0);  // a count: exact
  b.part("first-pre", number(post + 1), 0, 0);
  b.mistake("rounded-up", "post-blocks", number(std::ceil(L / 4.0)));
  b.mistake("counted-pre", "post-blocks", number(L - post));
  b.mistake("last-post", "first-pre", number(post));
  b.mistake("rounded-up", "first-pre", number(std::ceil(L / 4.0) + 1));
  b.step("quarter", number(L / 4.0));
  b.step("pre-blocks", number(L - post));
  return b.done();
}

// ==== Exercise 21: ReZero's gate at r = 0, and why the Linear-only ratio is 0/0 ====
// One sublayer y = x + r·(W x) with upstream gradient g = ∂loss/∂y: ∂loss/∂W = r·g xᵀ, ∂loss/∂r = gᵀ W x.

ExerciseInputs defaults_21() {
  return {{"x", row_from({1, 2})}, {"W", Value{2, 2, {1, 0, 0.5, -1}}}, {"g", row_from({0.3, -0.2})}, {"r", number(0)}};
}

ExerciseInputs draw_21(Dice& dice) {
  const int d = 2;
  std::vector<double> x(d), g(d);
  for (double& v : x) v = dice.integer(-3, 3);
  for (double& v : g) v = dice.tenths(-5, 5);
  Value W{d, d, std::vector<double>(d * d)};
  for (double& v : W.values) v = dice.tenths(-10, 10);
  return {{"x", row_from(x)}, {"W", W}, {"g", row_from(g)}, {"r", number(0)}};
}

ExerciseSolution solve_21(const ExerciseInputs& inputs) {
  const Reader in(21, inputs, {"x", "W", "g", "r"});
  const Vec x = in.vector("x", 1, kMaxWidth);
  const Mat W = in.square("W", 1, kMaxWidth);
  const Vec g = in.vector("g", 1, kMaxWidth);
  const double r = in.scalar("r");
  if (W.rows() != x.size()) {
    throw InputError("W", "W must have as many rows and columns as x has entries (" + std::to_string(x.size()) + ")");
  }
  in.same_size(x, "x", g, "g");
  const Vec branch = W * x;                  // F(x)
  const Mat dW_ungated = g * x.transpose();  // what W's gradient would be without the gate
  const Mat dW = r * dW_ungated;             // forward: y = x + r·W x, so ∂loss/∂W = r·g xᵀ
  const double dr = g.dot(branch);           // and ∂loss/∂r = gᵀ (W x)

  Builder b;
  b.part("dW", matrix_of(dW));
  b.part("dr", number(dr));
  b.mistake("no-gate", "dW", matrix_of(dW_ungated));
  b.mistake("transposed", "dW", matrix_of(Mat(dW_ungated.transpose())));
  b.mistake("input-not-branch", "dr", number(g.dot(x)));
  b.step("branch", row_of(branch));
  b.step("dW-ungated", matrix_of(dW_ungated));
  b.step("output", row_of(x + r * branch));
  b.step("dr", number(dr));
  return b.done();
}

std::string ill_posed_21(const ExerciseSolution& s) {
  // the gate's gradient must not vanish too: then nothing in the block would have a gradient to compare
  return std::abs(scalar_step(s, "dr")) < 0.05 ? "the gate's gradient ȳᵀ W x is (nearly) 0" : "";
}

}  // namespace

std::vector<Exercise> wiring_exercises() {
  return {
      {18, defaults_18, draw_18, solve_18, ill_posed_18,
       "with ε = 0 and x = 0 the root mean square is 0: the output is 0/0 (ε > 0 is what prevents this)"},
      {19, defaults_19, draw_19, solve_19},
      {20, defaults_20, draw_20, solve_20},
      {21, defaults_21, draw_21, solve_21, ill_posed_21},
  };
}

}  // namespace tk::exercise
