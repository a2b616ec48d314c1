// The machinery every exercise is built from (exercises.hpp is the public contract): values, tolerances,
// the reader of inputs (messages for the reader, naming the input), the builder of a solution, the dice of
// "new numbers", LayerNorm pieces shared by several exercises, and the table entry that gathers an exercise's
// hooks. The exercises themselves live in exercises_{layernorm,blocks,depth,wirings}.cpp, one section each; adding one
// means a section and a line in its file's list, plus its content file.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "exercises.hpp"
#include "layernorm.hpp"
#include "tensor.hpp"

namespace tk::exercise {

using Value = ExerciseValue;

// ---- Tolerances ----
// Typed to 4 significant digits, an answer is off by at most 5e-4 of its size: rtol 1e-3 passes it.
// Values that may be 0 or of order 1 (means, vectors, Jacobian entries) also get atol 5e-4. Scales,
// products and powers are positive and may be tiny (√ε = 0.001) or large ((1 + δ)ⁿ): relative only.
constexpr double kAtol = 5e-4;
constexpr double kRtol = 1e-3;
constexpr double kAtolRelative = 1e-12;  // only absorbs rounding when the answer is exactly 0

constexpr int kMaxWidth = 16;    // entries of a vector, rows of a square matrix
constexpr int kMaxLayers = 100;  // σ² values (exercise 10), L (exercises 12, 13)
constexpr int kMaxDepth = 1000;  // L in (1 + δ)ᴸ (exercise 16)

// ---- Values ----

Value number(double v);
Value row_of(const Vec& v);
Value row_from(const std::vector<double>& v);
Value matrix_of(const Mat& m);  // Mat is row-major, so its storage is the reader's order
Vec vec_of(const Value& v);
bool all_finite(const Value& v);
bool is_constant(const std::vector<double>& v);
std::string fmt(double v);
std::string fmt(const Value& v);
std::string join(const std::vector<std::string>& names);
std::string plural(size_t count, const std::string& what);

// ---- Reading inputs: every check throws an InputError naming the input, with a message for the reader ----

class Reader {
 public:
  Reader(int exercise, const ExerciseInputs& inputs, std::vector<std::string> names);

  const Value& value(const std::string& name) const;  // any shape, entries finite
  double scalar(const std::string& name) const;
  double non_negative(const std::string& name, const std::string& why) const;
  int whole(const std::string& name, int lo, int hi) const;
  // A row or a column of min_d … max_d numbers.
  Vec vector(const std::string& name, int min_d, int max_d, const std::string& why_min = "") const;
  Vec non_negative_entries(const std::string& name, int min_d, int max_d, const std::string& why) const;
  Mat square(const std::string& name, int min_d, int max_d) const;
  // b has as many entries as a (the message names b, the input to fix).
  void same_size(const Vec& a, const std::string& a_name, const Vec& b, const std::string& b_name) const;

 private:
  const ExerciseInputs& inputs_;
};

// ---- Building a solution ----

class Builder {
 public:
  void part(const std::string& id, Value answer, double atol = kAtol, double rtol = kRtol);
  void relative_part(const std::string& id, Value answer) { part(id, std::move(answer), kAtolRelative, kRtol); }
  // A mistake is listed only where it is defined: a NaN or infinite value (LN of equal entries, 1/0) is not
  // a number a reader could have typed. Returns whether it was listed.
  bool mistake(const std::string& id, const std::string& part, Value value);
  void step(const std::string& name, Value value) { s_.steps[name] = std::move(value); }
  // The steps of one LayerNorm by hand: mean, deviations, squares, variance, sigma (√(σ² + ε)), zhat.
  void layernorm_steps(const LayerNormSteps& st);
  ExerciseSolution done() { return std::move(s_); }

 private:
  ExerciseSolution s_;
};

const ExercisePart* find_part(const ExerciseSolution& s, const std::string& id);
double tolerance(const ExercisePart& p, double right);
// Largest |value − right| / tolerance over the entries: ≤ 1 means the grader cannot tell value from right.
double distance_in_tolerances(const ExercisePart& p, const Value& value);
// Drops the mistakes that give the right answer to within its tolerance (they can never be named).
ExerciseSolution distinguishable_only(ExerciseSolution s);
// Every two mistakes of one part more than twice the tolerance apart in some entry.
bool mistakes_apart(const ExerciseSolution& s);

// ---- Seeded draws for "new numbers": hand-made integers from mt19937_64 (never std::*_distribution) ----

class Dice {
 public:
  explicit Dice(std::uint64_t seed) : engine_(seed) {}
  int integer(int lo, int hi) { return lo + int(engine_() % std::uint64_t(hi - lo + 1)); }  // in [lo, hi]
  double tenths(int lo, int hi) { return integer(lo, hi) / 10.0; }                          // one decimal
  double pick(std::initializer_list<double> options) {
    return *(options.begin() + integer(0, int(options.size()) - 1));
  }

 private:
  std::mt19937_64 engine_;
};

// d integers in [lo, hi], not all equal, with an integer mean (so the deviations are integers too).
std::vector<double> integers_with_integer_mean(Dice& dice, int d, int lo, int hi);
// One of the first `count` of {0.25, 1, 2.25, 4, 6.25, 9, 16, 25}: every square root is exact.
double nice_variance(Dice& dice, int count = 8);
constexpr int kNiceVarianceCount = 8;

// ---- LayerNorm pieces shared by several exercises (γ = 1, β = 0 unless stated) ----

LayerNormSteps plain_layernorm(const Vec& x, double eps);

// An exercise is worked by hand, so each of its steps must be a float64 number. LayerNorm itself still
// normalises entries whose squares leave float64 (it works in a unit, layernorm.hpp); a question about
// them has no steps to show, so it is refused with the reason.
LayerNormSteps steps_in_range(const LayerNormSteps& st);

// The Post-LN stream from x_0 = 0 with a constant branch output b and ε = 0: x_k = LN(x_{k−1} + b).
struct PostLnStream {
  Mat x;      // (n, d)  x_1 … x_n
  Mat sums;   // (n, d)  x_{k−1} + b, what each LN normalises
  Vec mean;   // (n)
  Vec sigma;  // (n)
};
PostLnStream post_ln_stream(const Vec& b, int n);

// "" or the reason σ² is (nearly) zero, for a vector with this mean and population variance: where LN
// normalises, σ² below 5 % of min(1, mean of squares) makes the answer swing with rounding.
std::string variance_problem(double mean, double variance, const std::string& what);
// The same for the entries of v.
std::string variance_problem(const Vec& v, const std::string& what);
double scalar_step(const ExerciseSolution& s, const std::string& name);

// ---- One exercise: its number and hooks, the only place the engine learns about it ----

struct Exercise {
  int number;
  ExerciseInputs (*defaults)();                      // the answer key's own numbers
  ExerciseInputs (*draw)(Dice&);                     // a candidate "new numbers" (the engine redraws if ill posed)
  ExerciseSolution (*solve)(const ExerciseInputs&);  // answers, mistakes, steps; InputError on bad inputs
  // Why the solution's numbers make a poor question where LN normalises (σ² near zero), "" if they do not.
  std::string (*ill_posed)(const ExerciseSolution&) = nullptr;
  // Why an answer can fail to be a finite number, in the exercise's own terms ("" for the generic reason).
  const char* non_finite_reason = "";
};

// The exercises of each file, in order of number.
std::vector<Exercise> layernorm_exercises();  // 4, 7, 9
std::vector<Exercise> block_exercises();      // 2, 5, 6, 8, 15
std::vector<Exercise> depth_exercises();      // 10, 11, 12, 13, 16, 17
std::vector<Exercise> wiring_exercises();     // 18, 19, 20, 21 (Part 4)

}  // namespace tk::exercise
