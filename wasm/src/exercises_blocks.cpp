// The one-block exercises (2, 5, 6, 8, 15): the +1 of a residual, one Pre-LN and one Post-LN step, the
// Pre-LN block Jacobian, a zero branch. One section each: the answer key's inputs, a seeded variant, the
// solver (answers, known mistakes, steps), its hooks; the list at the end is what the engine sees.
#include <algorithm>
#include <cmath>

#include "exercise_kit.hpp"

namespace tk::exercise {
namespace {

// ==== Exercise 2: y = x + F(x) with F(x) = w·x; dy/dx = 1 + w ====

ExerciseInputs defaults_2() { return {{"w", number(0.3)}}; }

ExerciseInputs draw_2(Dice& dice) {
  int k = 0;
  while (k == 0) k = dice.integer(-9, 15);
  return {{"w", number(k / 10.0)}};
}

ExerciseSolution solve_2(const ExerciseInputs& inputs) {
  const Reader in(2, inputs, {"w"});
  const double w = in.scalar("w");
  Builder b;
  b.part("dydx", number(1 + w));
  b.part("nothing-learned", number(1.0));  // dy/dx when F has learned nothing (w = 0): the identity's 1
  b.mistake("no-identity", "dydx", number(w));
  b.mistake("vanishes", "nothing-learned", number(0.0));
  b.step("dFdx", number(w));
  return b.done();
}

// ==== Exercise 5: Pre-LN update x + F(LN(x)), the branch output b given ====

ExerciseInputs defaults_5() { return {{"x", row_from({1, 3})}, {"b", row_from({0.5, -1})}}; }

// x integers, b halves, neither all zero; x + b not constant, so the Post-LN mistake is defined.
ExerciseInputs draw_5(Dice& dice) {
  for (;;) {
    const int d = dice.integer(2, 3);
    std::vector<double> x(static_cast<size_t>(d)), b(static_cast<size_t>(d)), sum(static_cast<size_t>(d));
    for (size_t i = 0; i < size_t(d); ++i) {
      x[i] = dice.integer(-3, 5);
      b[i] = dice.integer(-4, 4) / 2.0;
      sum[i] = x[i] + b[i];
    }
    const auto zero = [](const std::vector<double>& v) {
      return std::all_of(v.begin(), v.end(), [](double e) { return e == 0; });
    };
    if (!zero(x) && !zero(b) && !is_constant(sum)) return {{"x", row_from(x)}, {"b", row_from(b)}};
  }
}

ExerciseSolution solve_5(const ExerciseInputs& inputs) {
  const Reader in(5, inputs, {"x", "b"});
  const Vec x = in.vector("x", 1, kMaxWidth);
  const Vec branch = in.vector("b", 1, kMaxWidth);
  in.same_size(x, "x", branch, "b");
  const Vec update = x + branch;

  Builder b;
  b.part("update", row_of(update));
  b.part("zero-branch", row_of(x));  // F outputs zeros: x + 0 = x
  if (x.size() >= 2) b.mistake("post-ln", "update", row_of(plain_layernorm(update, 0.0).y));
  b.mistake("dropped-residual", "update", row_of(branch));
  b.mistake("zero", "zero-branch", row_of(Vec::Zero(x.size())));
  return b.done();
}

// Only the Post-LN mistake normalises (x + b, the answer to "update"), and it is listed only when defined.
std::string ill_posed_5(const ExerciseSolution& s) {
  for (const Misconception& m : s.misconceptions) {
    if (m.id == "post-ln") return variance_problem(vec_of(find_part(s, "update")->answer), "x + b");
  }
  return "";
}

// ==== Exercise 6: Post-LN x_{i+1} = LN(x + b), ε = 0 ====

ExerciseInputs defaults_6() { return defaults_5(); }

ExerciseInputs draw_6(Dice& dice) {
  for (;;) {
    ExerciseInputs inputs = draw_5(dice);
    if (!is_constant(inputs.at("x").values)) return inputs;  // so LN(x) + b, a mistake, is defined
  }
}

ExerciseSolution solve_6(const ExerciseInputs& inputs) {
  const Reader in(6, inputs, {"x", "b"});
  const Vec x = in.vector("x", 2, kMaxWidth, "LayerNorm of a single number is 0/0");
  const Vec branch = in.vector("b", 2, kMaxWidth, "LayerNorm of a single number is 0/0");
  in.same_size(x, "x", branch, "b");
  const Vec sum = x + branch;
  const LayerNormSteps st = steps_in_range(plain_layernorm(sum, 0.0));
  const double d = double(x.size());

  Builder b;
  b.part("sum", row_of(sum));
  b.part("output", row_of(st.y));
  b.mistake("pre-ln", "output", row_of(sum));
  b.mistake("normalised-before-adding", "output", row_of(Vec(plain_layernorm(x, 0.0).y + branch)));
  b.mistake("variance-d-minus-1", "output", row_of(st.deviations / std::sqrt(st.squares.sum() / (d - 1))));

  b.step("sum", row_of(sum));
  b.layernorm_steps(st);
  return b.done();
}

std::string ill_posed_6(const ExerciseSolution& s) {
  return variance_problem(scalar_step(s, "mean"), scalar_step(s, "variance"), "x + b");
}

// ==== Exercise 8: the Pre-LN block Jacobian I + B, B = J_F·J_LN given ====

ExerciseInputs defaults_8() { return {{"B", Value{2, 2, {0.1, -0.2, 0.05, 0.3}}}}; }

ExerciseInputs draw_8(Dice& dice) {
  const int d = dice.integer(2, 3);
  Value B{d, d, std::vector<double>(size_t(d * d))};
  for (double& v : B.values) v = dice.tenths(-5, 5);
  return {{"B", B}};
}

ExerciseSolution solve_8(const ExerciseInputs& inputs) {
  const Reader in(8, inputs, {"B"});
  const Mat B = in.square("B", 1, kMaxWidth);
  const Mat I = Mat::Identity(B.rows(), B.cols());

  Builder b;
  b.part("jacobian", matrix_of(I + B));  // the bare x_i contributes I; the branch contributes B
  b.mistake("no-identity", "jacobian", matrix_of(B));
  b.mistake("identity-only", "jacobian", matrix_of(I));
  return b.done();
}

// ==== Exercise 15: a Pre-LN block whose branch outputs zero is the identity ====

ExerciseInputs defaults_15() { return {{"x", row_from({0.7, -1.2, 2.5})}}; }

ExerciseInputs draw_15(Dice& dice) {
  for (;;) {
    std::vector<double> x(static_cast<size_t>(dice.integer(2, 4)));
    for (double& v : x) v = dice.tenths(-30, 30);
    if (!is_constant(x)) return {{"x", row_from(x)}};
  }
}

ExerciseSolution solve_15(const ExerciseInputs& inputs) {
  const Reader in(15, inputs, {"x"});
  const Vec x = in.vector("x", 1, kMaxWidth);
  Builder b;
  b.part("output", row_of(x));  // x + F(LN(x)) with F ≡ 0 is x itself
  if (x.size() >= 2 && !is_constant(std::vector<double>(x.data(), x.data() + x.size()))) {
    b.mistake("post-ln", "output", row_of(plain_layernorm(x, 0.0).y));  // normalised, as if the norm sat on the stream
  }
  return b.done();
}

// Only the Post-LN mistake normalises; it is listed only for a non-constant x.
std::string ill_posed_15(const ExerciseSolution& s) {
  for (const Misconception& m : s.misconceptions) {
    if (m.id == "post-ln") return variance_problem(vec_of(find_part(s, "output")->answer), "x");
  }
  return "";
}

}  // namespace

std::vector<Exercise> block_exercises() {
  return {
      {2, defaults_2, draw_2, solve_2},
      {5, defaults_5, draw_5, solve_5, ill_posed_5},
      {6, defaults_6, draw_6, solve_6, ill_posed_6},
      {8, defaults_8, draw_8, solve_8},
      {15, defaults_15, draw_15, solve_15, ill_posed_15},
  };
}

}  // namespace tk::exercise
