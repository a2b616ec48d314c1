// The exercise engine (see exercises.hpp): the table of exercises gathered from their files, and what every
// exercise gets from it: defaults, well-posed variants, solving, the well-posedness check and the grader.
// Nothing here knows a particular exercise; each one's knowledge is in its table entry (exercise_kit.hpp).
#include "exercises.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "exercise_kit.hpp"

namespace tk {
namespace {

using exercise::Exercise;

constexpr int kMaxDraws = 100000;  // a variant is redrawn until well posed; a few draws suffice in practice
// The multiple-choice exercises: graded by the page, without a kernel.
constexpr int kChoiceExercises[] = {1, 3, 14};

const std::vector<Exercise>& table() {
  static const std::vector<Exercise> all = [] {
    std::vector<Exercise> t;
    for (auto list : {exercise::layernorm_exercises, exercise::block_exercises, exercise::depth_exercises,
                      exercise::wiring_exercises}) {
      for (const Exercise& e : list()) t.push_back(e);
    }
    std::sort(t.begin(), t.end(), [](const Exercise& a, const Exercise& b) { return a.number < b.number; });
    return t;
  }();
  return all;
}

int exercise_count() {
  int last = 0;
  for (const Exercise& e : table()) last = std::max(last, e.number);
  for (int n : kChoiceExercises) last = std::max(last, n);
  return last;
}

const Exercise& find_exercise(int n) {
  for (const Exercise& e : table()) {
    if (e.number == n) return e;
  }
  const std::string which = "exercise " + std::to_string(n);
  for (int choice : kChoiceExercises)
    require(n != choice, which + " is multiple choice: the page grades it without a kernel");
  throw std::invalid_argument("there is no " + which + " (the exercises are numbered 1 to " +
                              std::to_string(exercise_count()) + ")");
}

// The right value rounded, or cut, to the digits the reader typed (one unit in the last place = ulp).
bool right_to_digits_typed(double typed, double right, double ulp) {
  if (!(ulp > 0) || !(std::abs(typed) >= 10 * ulp)) return false;  // exact, or fewer than two significant digits
  const double slack = 1e-9 * ulp;                                 // the typed number is itself rounded to binary
  const bool rounded = std::abs(right - typed) <= ulp / 2 + slack;
  const bool cut = (right >= 0) == (typed >= 0) && std::abs(right) >= std::abs(typed) - slack &&
                   std::abs(right) - std::abs(typed) < ulp + slack;
  return rounded || cut;
}

// x rounded to s significant digits, as a reader would write it (decimal rounding, read back as a double).
double round_significant(double x, int s) {
  char text[40];
  std::snprintf(text, sizeof text, "%.*e", s - 1, x);
  return std::strtod(text, nullptr);
}

// The fewest significant digits (1 to 17) to which every entry of right, rounded, is within its tolerance.
int digits_needed(const ExercisePart& p, const ExerciseValue& right) {
  for (int s = 1; s < 17; ++s) {
    bool enough = true;
    for (double r : right.values) {
      enough = enough && std::abs(round_significant(r, s) - r) <= exercise::tolerance(p, r);
    }
    if (enough) return s;
  }
  return 17;
}

}  // namespace

std::vector<int> numeric_exercises() {
  std::vector<int> out;
  for (const Exercise& e : table()) out.push_back(e.number);
  return out;
}

ExerciseInputs exercise_defaults(int n) { return find_exercise(n).defaults(); }

ExerciseSolution solve_exercise(int n, const ExerciseInputs& inputs) {
  return exercise::distinguishable_only(find_exercise(n).solve(inputs));
}

ExerciseInputs exercise_variant(int n, std::uint64_t seed) {
  const Exercise& e = find_exercise(n);
  exercise::Dice dice(seed ^ (0x9E3779B97F4A7C15ull * std::uint64_t(n)));  // each exercise its own draw per seed
  for (int draw = 0; draw < kMaxDraws; ++draw) {
    ExerciseInputs candidate = e.draw(dice);
    const ExerciseSolution all = e.solve(candidate);
    const ExerciseSolution shown = exercise::distinguishable_only(all);
    // Every mistake of the exercise is listed, the grader can tell each from the right answer, and no two
    // mistakes of a part give numbers the grader could confuse (so the one named is the one made).
    if (shown.misconceptions.size() == all.misconceptions.size() && check_well_posed(n, shown).empty() &&
        exercise::mistakes_apart(shown)) {
      return candidate;
    }
  }
  throw std::logic_error("exercise " + std::to_string(n) + ": no well-posed variant for seed " + std::to_string(seed));
}

std::string check_well_posed(int n, const ExerciseSolution& s) {
  const Exercise& e = find_exercise(n);

  // Near-zero variance where LN normalises (first, so a 0/0 is explained as such).
  if (e.ill_posed) {
    std::string problem = e.ill_posed(s);
    if (!problem.empty()) return problem;
  }

  for (const ExercisePart& p : s.parts) {
    if (exercise::all_finite(p.answer)) {
      for (double r : p.answer.values) {  // the grader accepts r ± tolerance: both ends must be numbers
        const double tol = exercise::tolerance(p, r);
        if (!std::isfinite(r + tol) || !std::isfinite(r - tol)) {
          return "the answer to '" + p.id + "' is " + exercise::fmt(r) + ", so close to float64's limit (about " +
                 "1.8e308) that no tolerance fits around it: use smaller numbers";
        }
      }
      continue;
    }
    if (*e.non_finite_reason) return e.non_finite_reason;
    return "the answer to '" + p.id + "' is not a finite number for these inputs";
  }

  for (const Misconception& m : s.misconceptions) {
    const ExercisePart* p = exercise::find_part(s, m.part);
    if (!p) return "the mistake '" + m.id + "' refers to a part '" + m.part + "' this exercise does not have";
    if (!(exercise::distance_in_tolerances(*p, m.value) > 2)) {
      return "the mistake '" + m.id + "' gives " + exercise::fmt(m.value) + " for '" + m.part +
             "', too close to the right answer " + exercise::fmt(p->answer) + " for a grader to tell them apart";
    }
  }
  return "";
}

Grade grade_part(const ExerciseSolution& s, const std::string& part, const ExerciseValue& answer,
                 const std::vector<double>& typed_ulp) {
  using exercise::plural;
  const ExercisePart* p = exercise::find_part(s, part);
  if (!p) {
    std::vector<std::string> ids;
    for (const ExercisePart& q : s.parts) ids.push_back(q.id);
    throw std::invalid_argument("this exercise has no part '" + part + "' (its parts are " + exercise::join(ids) + ")");
  }
  const ExerciseValue& right = p->answer;
  const size_t count = right.values.size();

  Grade g;
  for (double r : right.values) {
    const double tol = exercise::tolerance(*p, r);
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
    const bool ok = std::isfinite(a) && std::abs(a - right.values[i]) <= exercise::tolerance(*p, right.values[i]);
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
  // the first mistake of this part the answer matches, if any
  const auto named = [&]() -> std::string {
    for (const Misconception& m : s.misconceptions) {
      if (m.part != part || m.value.values.size() != count) continue;
      if (!(exercise::distance_in_tolerances(*p, m.value) > 1)) continue;  // indistinguishable from the right answer
      bool matches = true;
      for (size_t i = 0; i < count && matches; ++i) {
        matches = std::abs(answer.values[i] - m.value.values[i]) <= exercise::tolerance(*p, m.value.values[i]);
      }
      if (matches) return m.id;
    }
    return "";
  };
  if (!exercise::all_finite(right)) {
    // (a finite answer to a 0/0 can still be a known mistake: zeros for an output that does not exist)
    g.message = "this part has no finite answer for these inputs";
    g.misconception = named();
    return g;
  }
  g.message = count == 1 ? "outside the tolerance"
                         : std::to_string(wrong) + " of " + std::to_string(count) +
                               (wrong == 1 ? " entries is" : " entries are") + " outside the tolerance";
  g.misconception = named();
  if (!g.misconception.empty()) return g;

  // No mistake matches: is every wrong entry the right value to fewer digits than the tolerance needs?
  if (typed_ulp.size() == count) {
    bool short_only = true;
    for (size_t i = 0; i < count && short_only; ++i) {
      short_only = g.entry_ok[i] || right_to_digits_typed(answer.values[i], right.values[i], typed_ulp[i]);
    }
    if (short_only) {
      g.more_digits = true;
      g.digits_needed = digits_needed(*p, right);
      g.message = "right to the digits given, but the tolerance needs " + std::to_string(g.digits_needed) +
                  " significant digits";
    }
  }
  return g;
}

}  // namespace tk
