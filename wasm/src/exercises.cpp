// Exercise kernels (see exercises.hpp). One section per exercise: its inputs as the answer key states them,
// its seeded variant, and its solver (answers, known mistakes, steps). The shared machinery (reading inputs,
// dropping mistakes a grader cannot see, well-posedness, grading) comes first.
#include "exercises.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <random>
#include <stdexcept>

#include "layernorm.hpp"
#include "tensor.hpp"

namespace tk {
namespace {

// ---- Tolerances ----
// Typed to 4 significant digits, an answer is off by at most 5e-4 of its size: rtol 1e-3 passes it.
// Values that may be 0 or of order 1 (means, vectors, Jacobian entries) also get atol 5e-4. Scales,
// products and powers are positive and may be tiny (√ε = 0.001) or large ((1 + δ)ⁿ): relative only.
constexpr double kAtol = 5e-4;
constexpr double kRtol = 1e-3;
constexpr double kAtolRelative = 1e-12;  // only absorbs rounding when the answer is exactly 0

// Where LN normalises, σ² below this fraction of min(1, mean of squares) counts as near zero.
constexpr double kNearZeroVariance = 0.05;

constexpr int kMaxWidth = 16;     // entries of a vector, rows of a square matrix
constexpr int kMaxLayers = 100;   // σ² values (exercise 10), n (exercises 12, 13)
constexpr int kMaxDepth = 1000;   // n in (1 + δ)ⁿ (exercise 16)
constexpr int kMaxDraws = 100000; // a variant is redrawn until well posed; a few draws suffice in practice

using Value = ExerciseValue;

// ---- Values ----

Value number(double v) { return Value{1, 1, {v}}; }
Value row_of(const Vec& v) { return Value{1, int(v.size()), std::vector<double>(v.data(), v.data() + v.size())}; }
Value matrix_of(const Mat& m) {  // Mat is row-major, so its storage is the reader's order
  return Value{int(m.rows()), int(m.cols()), std::vector<double>(m.data(), m.data() + m.size())};
}
Vec vec_of(const Value& v) { return Eigen::Map<const Vec>(v.values.data(), Eigen::Index(v.values.size())); }

bool all_finite(const Value& v) {
  return std::all_of(v.values.begin(), v.values.end(), [](double x) { return std::isfinite(x); });
}

std::string fmt(double v) {
  if (v == 0) return "0";  // also −0
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string fmt(const Value& v) {
  if (v.values.size() == 1) return fmt(v.values[0]);
  std::string out = "[";
  for (int i = 0; i < v.rows; ++i) {
    if (v.rows > 1) out += i ? ", [" : "[";
    for (int j = 0; j < v.cols; ++j) out += (j ? ", " : "") + fmt(v.values[size_t(i) * v.cols + j]);
    if (v.rows > 1) out += "]";
  }
  return out + "]";
}

std::string join(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
  return out;
}

std::string plural(size_t count, const std::string& what) {
  return std::to_string(count) + " " + what + (count == 1 ? "" : "s");
}

// ---- Reading inputs: every check produces a message the page can show beside the input ----

class Reader {
 public:
  Reader(int exercise, const ExerciseInputs& inputs, std::vector<std::string> names) : inputs_(inputs) {
    for (const auto& entry : inputs) {
      require(std::find(names.begin(), names.end(), entry.first) != names.end(),
              "exercise " + std::to_string(exercise) + " has no input '" + entry.first + "' (its inputs are " +
                  join(names) + ")");
    }
  }

  // A value of any shape, entries finite.
  const Value& value(const std::string& name) const {
    const auto it = inputs_.find(name);
    require(it != inputs_.end(), "missing input '" + name + "'");
    const Value& v = it->second;
    require(!v.values.empty(), name + " is empty: enter a number");
    require(v.rows >= 1 && v.cols >= 1 && v.values.size() == size_t(v.rows) * size_t(v.cols),
            name + " is declared " + std::to_string(v.rows) + "x" + std::to_string(v.cols) + " but holds " +
                plural(v.values.size(), "number"));
    for (size_t i = 0; i < v.values.size(); ++i) {
      require(std::isfinite(v.values[i]), name + " must contain only finite numbers" +
                                              (v.values.size() > 1 ? " (entry " + std::to_string(i + 1) + " is not)" : ""));
    }
    return v;
  }

  double scalar(const std::string& name) const {
    const Value& v = value(name);
    require(v.values.size() == 1, name + " must be a single number, got " + plural(v.values.size(), "number"));
    return v.values[0];
  }

  double non_negative(const std::string& name, const std::string& why) const {
    const double v = scalar(name);
    require(v >= 0, name + " must be >= 0 (" + why + "), got " + fmt(v));
    return v;
  }

  int whole(const std::string& name, int lo, int hi) const {
    const double v = scalar(name);
    require(v == std::floor(v) && v >= lo && v <= hi, name + " must be a whole number from " + std::to_string(lo) +
                                                          " to " + std::to_string(hi) + ", got " + fmt(v));
    return int(v);
  }

  // A row or a column of min_d … max_d numbers.
  Vec vector(const std::string& name, int min_d, int max_d, const std::string& why_min = "") const {
    const Value& v = value(name);
    require(v.rows == 1 || v.cols == 1, name + " must be a vector (one row of numbers), got a " +
                                            std::to_string(v.rows) + "x" + std::to_string(v.cols) + " matrix");
    const int d = int(v.values.size());
    require(d >= min_d, name + " needs at least " + plural(size_t(min_d), "number") +
                            (why_min.empty() ? "" : " (" + why_min + ")") + ", got " + std::to_string(d));
    require(d <= max_d, name + " may have at most " + std::to_string(max_d) + " numbers, got " + std::to_string(d));
    return vec_of(v);
  }

  Mat square(const std::string& name, int min_d, int max_d) const {
    const Value& v = value(name);
    require(v.rows == v.cols, name + " must be a square matrix, got " + std::to_string(v.rows) + " rows of " +
                                  plural(size_t(v.cols), "number"));
    require(v.rows >= min_d && v.rows <= max_d, name + " must have " + std::to_string(min_d) + " to " +
                                                    std::to_string(max_d) + " rows, got " + std::to_string(v.rows));
    return Eigen::Map<const Mat>(v.values.data(), v.rows, v.cols);
  }

 private:
  const ExerciseInputs& inputs_;
};

void require_same_size(const Vec& a, const char* a_name, const Vec& b, const char* b_name) {
  require(a.size() == b.size(), std::string(b_name) + " has " + plural(size_t(b.size()), "number") + ", " + a_name +
                                    " has " + std::to_string(a.size()) + ": they must match");
}

// ---- Building a solution ----

class Builder {
 public:
  void part(const std::string& id, Value answer, double atol = kAtol, double rtol = kRtol) {
    s_.parts.push_back(ExercisePart{id, std::move(answer), atol, rtol});
  }
  void relative_part(const std::string& id, Value answer) { part(id, std::move(answer), kAtolRelative, kRtol); }

  // A mistake is listed only where it is defined: a NaN or infinite value (LN of equal entries, 1/0) is not
  // a number a reader could have typed.
  void mistake(const std::string& id, const std::string& part, Value value) {
    if (all_finite(value)) s_.misconceptions.push_back(Misconception{id, part, std::move(value)});
  }

  void step(const std::string& name, Value value) { s_.steps[name] = std::move(value); }

  ExerciseSolution done() { return std::move(s_); }

 private:
  ExerciseSolution s_;
};

const ExercisePart* find_part(const ExerciseSolution& s, const std::string& id) {
  for (const ExercisePart& p : s.parts) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

double tolerance(const ExercisePart& p, double right) { return p.atol + p.rtol * std::abs(right); }

// Largest |value − right| / tolerance over the entries: ≤ 1 means the grader cannot tell value from right.
double distance_in_tolerances(const ExercisePart& p, const Value& value) {
  if (value.values.size() != p.answer.values.size()) return INFINITY;
  double worst = 0;
  for (size_t i = 0; i < value.values.size(); ++i) {
    const double right = p.answer.values[i];
    const double gap = std::abs(value.values[i] - right);
    if (std::isnan(gap)) return INFINITY;
    worst = std::max(worst, gap / tolerance(p, right));
  }
  return worst;
}

// A mistake that gives the right answer to within its tolerance can never be named: the page does not
// list it (ε outside the root when ε = 0, say).
ExerciseSolution distinguishable_only(ExerciseSolution s) {
  std::vector<Misconception> kept;
  for (Misconception& m : s.misconceptions) {
    const ExercisePart* p = find_part(s, m.part);
    if (p && distance_in_tolerances(*p, m.value) > 1) kept.push_back(std::move(m));
  }
  s.misconceptions = std::move(kept);
  return s;
}

// Every two mistakes of one part more than twice the tolerance apart in some entry.
bool mistakes_apart(const ExerciseSolution& s) {
  for (size_t i = 0; i < s.misconceptions.size(); ++i) {
    for (size_t j = i + 1; j < s.misconceptions.size(); ++j) {
      const Misconception& a = s.misconceptions[i];
      const Misconception& b = s.misconceptions[j];
      if (a.part != b.part) continue;
      ExercisePart as_if_right = *find_part(s, a.part);
      as_if_right.answer = a.value;
      if (!(distance_in_tolerances(as_if_right, b.value) > 2)) return false;
    }
  }
  return true;
}

// ---- Seeded draws for "new numbers": hand-made integers from mt19937_64 (never std::*_distribution) ----

class Dice {
 public:
  explicit Dice(std::uint64_t seed) : engine_(seed) {}
  int integer(int lo, int hi) { return lo + int(engine_() % std::uint64_t(hi - lo + 1)); }  // in [lo, hi]
  double tenths(int lo, int hi) { return integer(lo, hi) / 10.0; }                       // one decimal
  double pick(std::initializer_list<double> options) {
    return *(options.begin() + integer(0, int(options.size()) - 1));
  }

 private:
  std::mt19937_64 engine_;
};

Value row_from(const std::vector<double>& v) { return Value{1, int(v.size()), v}; }

bool is_constant(const std::vector<double>& v) {
  return std::all_of(v.begin(), v.end(), [&](double x) { return x == v.front(); });
}

// d integers in [lo, hi], not all equal, with an integer mean (so the deviations are integers too).
std::vector<double> integers_with_integer_mean(Dice& dice, int d, int lo, int hi) {
  for (;;) {
    std::vector<double> x(static_cast<size_t>(d));
    int sum = 0;
    for (double& v : x) sum += int(v = dice.integer(lo, hi));
    if (sum % d == 0 && !is_constant(x)) return x;
  }
}

// ---- LayerNorm pieces shared by several exercises (γ = 1, β = 0 unless stated) ----

LayerNormSteps plain_layernorm(const Vec& x, double eps) {
  return layernorm_steps(x, Vec::Ones(x.size()), Vec::Zero(x.size()), eps);
}

// The Post-LN stream from x_0 = 0 with a constant branch output b and ε = 0: x_k = LN(x_{k−1} + b).
struct PostLnStream {
  Mat x;      // (n, d)  x_1 … x_n
  Mat sums;   // (n, d)  x_{k−1} + b, what each LN normalises
  Vec mean;   // (n)
  Vec sigma;  // (n)
};
PostLnStream post_ln_stream(const Vec& b, int n) {
  const Eigen::Index d = b.size();
  PostLnStream s{Mat(n, d), Mat(n, d), Vec(n), Vec(n)};
  Vec x = Vec::Zero(d);
  for (int k = 0; k < n; ++k) {
    const Vec sum = x + b;
    if (!sum.allFinite()) {  // an earlier LN was 0/0 (b constant): the rest of the stream is undefined too
      s.x.bottomRows(n - k).setConstant(NAN);
      s.sums.bottomRows(n - k).setConstant(NAN);
      s.mean.tail(n - k).setConstant(NAN);
      s.sigma.tail(n - k).setConstant(NAN);
      break;
    }
    const LayerNormSteps st = plain_layernorm(sum, 0.0);
    x = st.y;
    s.x.row(k) = x.transpose();
    s.sums.row(k) = sum.transpose();
    s.mean(k) = st.mean;
    s.sigma(k) = st.sigma;
  }
  return s;
}

// "" or the reason σ² is (nearly) zero, for a vector with this mean and population variance.
std::string variance_problem(double mean, double variance, const std::string& what) {
  const double scale = std::min(1.0, variance + mean * mean);  // mean of squares, but never more than 1
  if (variance == 0) {
    return "all entries of " + what + " are equal, so σ² = 0: there is nothing to normalise, and with ε = 0 LayerNorm "
           "divides 0 by 0 (exercise 7 is about this case)";
  }
  if (!(variance >= kNearZeroVariance * scale)) {
    return "the entries of " + what + " are nearly equal (σ² = " + fmt(variance) +
           "): LayerNorm would blow tiny differences up, so rounding in your working would swing the answer";
  }
  return "";
}

double scalar_step(const ExerciseSolution& s, const std::string& name) { return s.steps.at(name).values.at(0); }

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
  const LayerNormSteps st = plain_layernorm(x, eps);

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

  b.step("mean", number(st.mean));
  b.step("deviations", row_of(st.deviations));
  b.step("squares", row_of(st.squares));
  b.step("variance", number(st.variance));
  b.step("sigma", number(st.sigma));
  b.step("zhat", row_of(st.zhat));
  return b.done();
}

// ==== Exercise 5: Pre-LN update x + F(LN(x)), the branch output b given ====

ExerciseInputs defaults_5() { return {{"x", row_from({1, 3})}, {"b", row_from({0.5, -1})}}; }

// x integers, b halves, neither all zero; x + b not constant, so the Post-LN mistake is defined.
ExerciseInputs draw_5(Dice& dice) {
  for (;;) {
    const int d = dice.integer(2, 3);
    std::vector<double> x(static_cast<size_t>(d)), b(static_cast<size_t>(d)), sum(static_cast<size_t>(d));
    for (int i = 0; i < d; ++i) {
      x[size_t(i)] = dice.integer(-3, 5);
      b[size_t(i)] = dice.integer(-4, 4) / 2.0;
      sum[size_t(i)] = x[size_t(i)] + b[size_t(i)];
    }
    const auto zero = [](const std::vector<double>& v) { return std::all_of(v.begin(), v.end(), [](double e) { return e == 0; }); };
    if (!zero(x) && !zero(b) && !is_constant(sum)) return {{"x", row_from(x)}, {"b", row_from(b)}};
  }
}

ExerciseSolution solve_5(const ExerciseInputs& inputs) {
  const Reader in(5, inputs, {"x", "b"});
  const Vec x = in.vector("x", 1, kMaxWidth);
  const Vec branch = in.vector("b", 1, kMaxWidth);
  require_same_size(x, "x", branch, "b");
  const Vec update = x + branch;

  Builder b;
  b.part("update", row_of(update));
  b.part("zero-branch", row_of(x));  // F outputs zeros: x + 0 = x
  if (x.size() >= 2) b.mistake("post-ln", "update", row_of(plain_layernorm(update, 0.0).y));
  b.mistake("dropped-residual", "update", row_of(branch));
  b.mistake("zero", "zero-branch", row_of(Vec::Zero(x.size())));
  return b.done();
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
  require_same_size(x, "x", branch, "b");
  const Vec sum = x + branch;
  const LayerNormSteps st = plain_layernorm(sum, 0.0);
  const double d = double(x.size());

  Builder b;
  b.part("sum", row_of(sum));
  b.part("output", row_of(st.y));
  b.mistake("pre-ln", "output", row_of(sum));
  b.mistake("normalised-before-adding", "output", row_of(Vec(plain_layernorm(x, 0.0).y + branch)));
  b.mistake("variance-d-minus-1", "output", row_of(st.deviations / std::sqrt(st.squares.sum() / (d - 1))));

  b.step("sum", row_of(sum));
  b.step("mean", number(st.mean));
  b.step("deviations", row_of(st.deviations));
  b.step("variance", number(st.variance));
  b.step("sigma", number(st.sigma));
  return b.done();
}

// ==== Exercise 7: ε with a constant input; the gradient scale is capped at γ/√ε ====

ExerciseInputs defaults_7() {
  return {{"x", row_from({5, 5, 5, 5})}, {"eps", number(1e-5)}, {"gamma", number(1)}};
}

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
  const LayerNormSteps st = layernorm_steps(x, Vec::Constant(x.size(), gamma), Vec::Zero(x.size()), eps);

  Builder b;
  b.relative_part("denominator", number(st.sigma));  // √(σ² + ε)
  b.part("output", row_of(st.y));
  b.relative_part("cap", number(gamma / std::sqrt(eps)));  // γ/√(σ² + ε) at σ = 0
  b.mistake("eps-without-root", "denominator", number(st.variance + eps));
  b.mistake("cap-eps-without-root", "cap", number(gamma / eps));
  b.mistake("cap-times", "cap", number(gamma * std::sqrt(eps)));

  b.step("mean", number(st.mean));
  b.step("variance", number(st.variance));
  b.step("denominator", number(st.sigma));
  return b.done();
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

// ==== Exercise 9: the exact LN Jacobian, term by term ====

ExerciseInputs defaults_9() {
  return {{"x", row_from({1, 2, 3})}, {"eps", number(0)}, {"gamma", number(1)}};
}

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
  require(g.size() == 1 || g.size() == x.size(), "gamma must be one number or one per entry of x (" +
                                                     std::to_string(x.size()) + "), got " + plural(size_t(g.size()), "number"));
  const Vec gamma = g.size() == 1 ? Vec(Vec::Constant(x.size(), g(0))) : g;
  const LayerNormJacobian jac = layernorm_jacobian(x, gamma, eps);
  const LayerNormSteps st = layernorm_steps(x, gamma, Vec::Zero(x.size()), eps);

  Builder b;
  b.part("jacobian", matrix_of(jac.J_y_x));
  b.mistake("no-variance-term", "jacobian", matrix_of(Mat(jac.diagonal + jac.mean_removal)));
  b.mistake("no-mean-term", "jacobian", matrix_of(Mat(jac.diagonal + jac.variance_removal)));
  b.mistake("diagonal-only", "jacobian", matrix_of(jac.diagonal));
  // γ/(σ² + ε) in front instead of γ/√(σ² + ε): one more factor 1/√(σ² + ε)
  b.mistake("variance-scale", "jacobian", matrix_of(Mat(jac.J_y_x / jac.sigma)));

  b.step("mean", number(st.mean));
  b.step("variance", number(st.variance));
  b.step("sigma", number(st.sigma));
  b.step("zhat", row_of(st.zhat));
  b.step("diagonal", matrix_of(jac.diagonal));
  b.step("mean-removal", matrix_of(jac.mean_removal));
  b.step("variance-removal", matrix_of(jac.variance_removal));
  return b.done();
}

// ==== Exercise 10: Post-LN's gradient carries ∏ γ/√(σ_i² + ε) ====

// Perfect squares and quarter-squares, so every √ is exact.
constexpr double kNiceVariances[] = {0.25, 1, 2.25, 4, 6.25, 9, 16, 25};
constexpr int kNiceVarianceCount = int(sizeof kNiceVariances / sizeof kNiceVariances[0]);

// One of the first `count` nice variances.
double pick_nice_variance(Dice& dice, int count) { return kNiceVariances[dice.integer(0, count - 1)]; }

ExerciseInputs defaults_10() {
  return {{"sigma2", row_from({0.25, 1, 4, 9})}, {"gamma", number(1)}, {"eps", number(0)}};
}

ExerciseInputs draw_10(Dice& dice) {
  std::vector<double> sigma2(size_t(dice.integer(3, 5)));
  for (double& v : sigma2) v = pick_nice_variance(dice, kNiceVarianceCount - 1);  // up to 16
  return {{"sigma2", row_from(sigma2)}, {"gamma", number(dice.pick({1, 1, 0.5, 2}))}, {"eps", number(0)}};
}

ExerciseSolution solve_10(const ExerciseInputs& inputs) {
  const Reader in(10, inputs, {"sigma2", "gamma", "eps"});
  const Vec sigma2 = in.vector("sigma2", 1, kMaxLayers);
  for (Eigen::Index i = 0; i < sigma2.size(); ++i) {
    require(sigma2(i) >= 0, "sigma2 holds variances, which are >= 0: entry " + std::to_string(i + 1) + " is " + fmt(sigma2(i)));
  }
  const double gamma = in.scalar("gamma");
  const double eps = in.non_negative("eps", "it is added under a square root");
  const Vec under_root = sigma2.array() + eps;
  const Vec scales = gamma / under_root.array().sqrt();

  Builder b;
  b.relative_part("product", number(scales.prod()));
  b.mistake("sum", "product", number(scales.sum()));
  b.mistake("variance-not-sd", "product", number(Vec(gamma / under_root.array()).prod()));
  b.mistake("pre-ln", "product", number(1.0));  // Pre-LN's identity path carries 1 through every layer
  b.step("scales", row_of(scales));
  return b.done();
}

// ==== Exercise 11: gradient scale γ/σ at a deep and a shallow layer ====

ExerciseInputs defaults_11() {
  return {{"sigma2_deep", number(9)}, {"sigma2_shallow", number(0.25)}, {"gamma", number(1)}};
}

ExerciseInputs draw_11(Dice& dice) {
  double deep = 0, shallow = 0;
  while (deep <= shallow) {  // the stream grows with depth: the deep layer has the larger variance
    deep = pick_nice_variance(dice, kNiceVarianceCount);
    shallow = pick_nice_variance(dice, kNiceVarianceCount);
  }
  return {{"sigma2_deep", number(deep)}, {"sigma2_shallow", number(shallow)}, {"gamma", number(dice.pick({1, 1, 0.5, 2}))}};
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

// ==== Exercise 12: the Pre-LN stream with a constant branch output b, from x_0 = 0: x_n = n·b ====

ExerciseInputs defaults_12() { return {{"b", row_from({0.1, 0.1})}, {"n", number(3)}}; }

// Entries one decimal, non-zero and not all equal (so the Post-LN mistake is defined).
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
  return {{"b", row_from(b)}, {"n", number(dice.integer(3, 10))}};
}

ExerciseSolution solve_12(const ExerciseInputs& inputs) {
  const Reader in(12, inputs, {"b", "n"});
  const Vec branch = in.vector("b", 1, kMaxWidth);
  const int n = in.whole("n", 2, kMaxLayers);
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

ExerciseInputs defaults_13() { return {{"b", row_from({0.1, -0.1})}, {"n", number(3)}}; }

ExerciseInputs draw_13(Dice& dice) {
  const std::vector<double> b = draw_branch(dice, dice.integer(2, 4), true);
  return {{"b", row_from(b)}, {"n", number(dice.integer(3, 5))}};
}

ExerciseSolution solve_13(const ExerciseInputs& inputs) {
  const Reader in(13, inputs, {"b", "n"});
  const Vec branch = in.vector("b", 2, kMaxWidth, "LayerNorm of a single number is 0/0");
  const int n = in.whole("n", 2, kMaxLayers);
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

// ==== Exercise 16: the bound ‖∏(I + B_i)‖ ≤ (1 + δ)ⁿ ====

ExerciseInputs defaults_16() { return {{"delta", number(0.02)}, {"n", number(48)}}; }

ExerciseInputs draw_16(Dice& dice) {
  return {{"delta", number(dice.integer(1, 5) / 100.0)}, {"n", number(dice.pick({12, 24, 48, 96}))}};
}

ExerciseSolution solve_16(const ExerciseInputs& inputs) {
  const Reader in(16, inputs, {"delta", "n"});
  const double delta = in.non_negative("delta", "it bounds a norm ‖B_i‖");
  const int n = in.whole("n", 1, kMaxDepth);

  Builder b;
  b.relative_part("bound", number(std::pow(1 + delta, n)));
  b.mistake("linear", "bound", number(1 + n * delta));
  b.mistake("exp-approx", "bound", number(std::exp(n * delta)));  // an upper estimate: 1 + δ ≤ e^δ
  b.mistake("n-times", "bound", number(n * (1 + delta)));
  b.mistake("delta-power", "bound", number(std::pow(delta, n)));
  b.step("factor", number(1 + delta));
  return b.done();
}

// ---- The table of numeric exercises ----

struct Exercise {
  int number;
  ExerciseInputs (*defaults)();
  ExerciseInputs (*draw)(Dice&);
  ExerciseSolution (*solve)(const ExerciseInputs&);
};

const Exercise kExercises[] = {
    {2, defaults_2, draw_2, solve_2},     {4, defaults_4, draw_4, solve_4},     {5, defaults_5, draw_5, solve_5},
    {6, defaults_6, draw_6, solve_6},     {7, defaults_7, draw_7, solve_7},     {8, defaults_8, draw_8, solve_8},
    {9, defaults_9, draw_9, solve_9},     {10, defaults_10, draw_10, solve_10}, {11, defaults_11, draw_11, solve_11},
    {12, defaults_12, draw_12, solve_12}, {13, defaults_13, draw_13, solve_13}, {15, defaults_15, draw_15, solve_15},
    {16, defaults_16, draw_16, solve_16},
};

const Exercise& exercise(int n) {
  for (const Exercise& e : kExercises) {
    if (e.number == n) return e;
  }
  const std::string which = "exercise " + std::to_string(n);
  require(n != 1 && n != 3 && n != 14, which + " is multiple choice: the page grades it without a kernel");
  throw std::invalid_argument("there is no " + which + " (the exercises are numbered 1 to 16)");
}

// Why an answer is not finite, in the exercise's own terms.
std::string non_finite_reason(int n, const ExercisePart& p) {
  switch (n) {
    case 7: return "with eps = 0 and equal entries, √(σ² + ε) = 0: the output is 0/0 and the cap γ/√ε is infinite (ε > 0 is what prevents this)";
    case 10: case 11: return "σ² + ε = 0 makes the scale γ/√(σ² + ε) infinite";
    case 16: return "(1 + δ)ⁿ is too large for float64: choose a smaller delta or n";
    default: return "the answer to '" + p.id + "' is not a finite number for these inputs";
  }
}

}  // namespace

std::vector<int> numeric_exercises() {
  std::vector<int> out;
  for (const Exercise& e : kExercises) out.push_back(e.number);
  return out;
}

ExerciseInputs exercise_defaults(int n) { return exercise(n).defaults(); }

ExerciseSolution solve_exercise(int n, const ExerciseInputs& inputs) {
  return distinguishable_only(exercise(n).solve(inputs));
}

ExerciseInputs exercise_variant(int n, std::uint64_t seed) {
  const Exercise& e = exercise(n);
  Dice dice(seed ^ (0x9E3779B97F4A7C15ull * std::uint64_t(n)));  // the same seed gives each exercise its own draw
  for (int draw = 0; draw < kMaxDraws; ++draw) {
    ExerciseInputs candidate = e.draw(dice);
    const ExerciseSolution all = e.solve(candidate);
    const ExerciseSolution shown = distinguishable_only(all);
    // Every mistake of the exercise is listed, the grader can tell each from the right answer, and no two
    // mistakes of a part give numbers the grader could confuse (so the one named is the one made).
    if (shown.misconceptions.size() == all.misconceptions.size() && check_well_posed(n, shown).empty() &&
        mistakes_apart(shown)) {
      return candidate;
    }
  }
  throw std::logic_error("exercise " + std::to_string(n) + ": no well-posed variant for seed " + std::to_string(seed));
}

std::string check_well_posed(int n, const ExerciseSolution& s) {
  exercise(n);  // throws for an exercise without a kernel

  // Near-zero variance where LN normalises (first, so a 0/0 is explained as such).
  std::string problem;
  switch (n) {
    case 15:  // only the Post-LN mistake normalises; it is listed only for a non-constant x
      for (const Misconception& m : s.misconceptions) {
        if (m.id != "post-ln") continue;
        const Vec x = vec_of(find_part(s, "output")->answer);
        const Vec dev = x.array() - x.mean();
        problem = variance_problem(x.mean(), dev.squaredNorm() / double(x.size()), "x");
      }
      break;
    case 4: case 9:
      problem = variance_problem(scalar_step(s, "mean"), scalar_step(s, "variance"), "x");
      break;
    case 6:
      problem = variance_problem(scalar_step(s, "mean"), scalar_step(s, "variance"), "x + b");
      break;
    case 5:  // only the Post-LN mistake normalises, and it is listed only when x + b is not constant
      for (const Misconception& m : s.misconceptions) {
        if (m.id != "post-ln") continue;
        const Vec sum = vec_of(find_part(s, "update")->answer);
        const Vec dev = sum.array() - sum.mean();
        problem = variance_problem(sum.mean(), dev.squaredNorm() / double(sum.size()), "x + b");
      }
      break;
    case 13: {
      const Value& mean = s.steps.at("mean");
      const Value& sigma = s.steps.at("sigma");
      for (size_t k = 0; k < mean.values.size() && problem.empty(); ++k) {
        const std::string what = k == 0 ? "b (layer 1)" : "x_" + std::to_string(k) + " + b (layer " + std::to_string(k + 1) + ")";
        problem = variance_problem(mean.values[k], sigma.values[k] * sigma.values[k], what);  // ε = 0: σ² = variance
      }
      break;
    }
    default:
      break;  // exercise 7 is about σ² = 0; the others do not normalise
  }
  if (!problem.empty()) return problem;

  for (const ExercisePart& p : s.parts) {
    if (!all_finite(p.answer)) return non_finite_reason(n, p);
    for (double r : p.answer.values) {  // the grader accepts r ± tolerance: both ends must be numbers
      if (!std::isfinite(r + tolerance(p, r)) || !std::isfinite(r - tolerance(p, r))) {
        return "the answer to '" + p.id + "' is " + fmt(r) + ", so close to float64's limit (about 1.8e308) that no " +
               "tolerance fits around it: use smaller numbers";
      }
    }
  }

  for (const Misconception& m : s.misconceptions) {
    const ExercisePart* p = find_part(s, m.part);
    if (!p) return "the mistake '" + m.id + "' refers to a part '" + m.part + "' this exercise does not have";
    if (!(distance_in_tolerances(*p, m.value) > 2)) {
      return "the mistake '" + m.id + "' gives " + fmt(m.value) + " for '" + m.part + "', too close to the right answer " +
             fmt(p->answer) + " for a grader to tell them apart";
    }
  }
  return "";
}

Grade grade_part(const ExerciseSolution& s, const std::string& part, const ExerciseValue& answer) {
  const ExercisePart* p = find_part(s, part);
  if (!p) {
    std::vector<std::string> ids;
    for (const ExercisePart& q : s.parts) ids.push_back(q.id);
    throw std::invalid_argument("this exercise has no part '" + part + "' (its parts are " + join(ids) + ")");
  }
  const Value& right = p->answer;
  const size_t count = right.values.size();

  Grade g;
  for (double r : right.values) {
    const double tol = tolerance(*p, r);
    g.lo.push_back(r - tol);
    g.hi.push_back(r + tol);
  }

  // Shape: a vector (or a number) may come as a row or a column; a matrix must match rows and columns.
  const size_t got = answer.values.size();
  const bool consistent = answer.rows >= 0 && answer.cols >= 0 && got == size_t(answer.rows) * size_t(answer.cols);
  const bool right_is_vector = right.rows == 1 || right.cols == 1;
  const bool answer_is_vector = answer.rows == 1 || answer.cols == 1;
  if (!consistent) {
    g.shape_ok = false;
    g.message = "the answer is declared " + std::to_string(answer.rows) + "x" + std::to_string(answer.cols) +
                " but holds " + plural(got, "number");
  } else if (right_is_vector) {
    if (got != count) {
      g.shape_ok = false;
      g.message = "expected " + plural(count, "number") + ", got " + (got == 0 ? "none" : std::to_string(got));
    } else if (!answer_is_vector) {
      g.shape_ok = false;
      g.message = "expected " + plural(count, "number") + " in one row, got " + std::to_string(answer.rows) + " rows";
    }
  } else if (answer.rows != right.rows) {
    g.shape_ok = false;
    g.message = "expected " + std::to_string(right.rows) + " rows, got " + std::to_string(answer.rows);
  } else if (answer.cols != right.cols) {
    g.shape_ok = false;
    g.message = "expected " + plural(size_t(right.cols), "number") + " in each row, got " + std::to_string(answer.cols);
  }
  if (!g.shape_ok) return g;

  size_t wrong = 0, first_non_finite = count;
  for (size_t i = 0; i < count; ++i) {
    const double a = answer.values[i];
    const bool ok = std::isfinite(a) && std::abs(a - right.values[i]) <= tolerance(*p, right.values[i]);
    g.entry_ok.push_back(ok);
    if (!ok) ++wrong;
    if (!std::isfinite(a) && first_non_finite == count) first_non_finite = i;
  }
  g.correct = wrong == 0;
  if (g.correct) return g;

  if (first_non_finite < count) {
    g.message = count == 1 ? "the answer is not a finite number"
                           : "entry " + std::to_string(first_non_finite + 1) + " is not a finite number";
    return g;
  }
  if (!all_finite(right)) {
    g.message = "this part has no finite answer for these inputs";
    return g;
  }
  g.message = count == 1 ? "outside the tolerance"
                         : std::to_string(wrong) + " of " + std::to_string(count) + (wrong == 1 ? " entries is" : " entries are") +
                               " outside the tolerance";

  for (const Misconception& m : s.misconceptions) {
    if (m.part != part || m.value.values.size() != count) continue;
    if (!(distance_in_tolerances(*p, m.value) > 1)) continue;  // indistinguishable from the right answer
    bool matches = true;
    for (size_t i = 0; i < count && matches; ++i) {
      matches = std::abs(answer.values[i] - m.value.values[i]) <= tolerance(*p, m.value.values[i]);
    }
    if (matches) {
      g.misconception = m.id;
      break;
    }
  }
  return g;
}

}  // namespace tk
