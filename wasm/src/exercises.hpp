// The chapter's numeric exercises (Parts 2 and 4): for each, the answer key's inputs, seeded "new numbers", the
// answers with their tolerances, the values known mistakes give, the intermediates the worked solution
// prints, and the grader. Every number the exercises page shows comes from here; LayerNorm itself is
// layernorm.hpp's (exercises 4, 5, 6, 7, 9, 12, 13, 15).
//
// Values are what the reader types: a number (1×1), a vector (1×n) or a matrix (rows×cols), row-major.
// Exercises 1, 3 and 14 are multiple choice: they have no kernel. The machinery is exercise_kit.hpp; the
// exercises are exercises_{layernorm,blocks,depth,wirings}.cpp.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tk {

// A value as the reader types it: a number (1×1), a vector (1×n) or a matrix (rows×cols), row-major.
struct ExerciseValue {
  int rows = 1, cols = 1;
  std::vector<double> values;  // (rows·cols), row by row
};
// Named inputs, e.g. {"x": {1, 4, {2, 4, 4, 6}}, "eps": {1, 1, {0}}}.
using ExerciseInputs = std::map<std::string, ExerciseValue>;

// One answer the page asks for. An answer a is accepted when |a − answer| ≤ atol + rtol·|answer| per entry.
struct ExercisePart {
  std::string id;
  ExerciseValue answer;
  double atol;
  double rtol;
};

// The answer a known mistake gives for one part. Only mistakes that are defined for the inputs and that a
// grader can tell apart from the right answer (some entry outside its tolerance) are listed.
struct Misconception {
  std::string id;
  std::string part;
  ExerciseValue value;
};

struct ExerciseSolution {
  std::vector<ExercisePart> parts;             // in the order the page asks them
  std::vector<Misconception> misconceptions;   // in order of precedence when naming a mistake
  std::map<std::string, ExerciseValue> steps;  // named intermediates the worked solution prints
};

// {2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 21}: the exercises with a kernel, in order.
std::vector<int> numeric_exercises();

// The answer key's own numbers. Throws std::invalid_argument for an exercise without a kernel.
ExerciseInputs exercise_defaults(int n);

// "New numbers": deterministic in the seed, well posed (check_well_posed passes, every mistake of the
// exercise is listed, and no two mistakes of a part are within twice the tolerance of each other), small
// integers or one decimal where the exercise allows.
ExerciseInputs exercise_variant(int n, std::uint64_t seed);

// Answers, mistakes and steps for the inputs. Throws InputError (a std::invalid_argument) with a message for
// the reader on bad inputs (missing or unknown name, wrong shape, non-finite entry, eps < 0, ...). Degenerate
// but legal inputs (equal entries with eps = 0) are not errors: the answer is NaN, and check_well_posed says why.
ExerciseSolution solve_exercise(int n, const ExerciseInputs& inputs);

// "" when the exercise is fit to be asked with these numbers, else the reason, for the reader: every
// answer entry finite, and its accepted interval (answer ± tolerance) too; every listed mistake more than twice the
// part's tolerance away from the right answer in some entry (so neither can pass for the other); no near-zero variance
// where LN normalises (σ² < 0.05·min(1, mean of squares)), except in exercise 7, which is about exactly that.
std::string check_well_posed(int n, const ExerciseSolution& solution);

// Grading one part: |a − b| ≤ atol + rtol·|b| per entry.
struct Grade {
  bool correct = false;
  std::vector<bool> entry_ok;  // per entry of the answer (empty when the shape is wrong)
  std::vector<double> lo, hi;  // the accepted interval per entry of the right answer
  bool shape_ok = true;        // false: wrong number of entries or rows (then message says so)
  std::string message;         // e.g. "expected 4 numbers, got 3"; "" for a right answer
  std::string misconception;   // id of the mistake a wrong answer matches, "" if none
  bool more_digits = false;    // wrong only for want of digits: "1.41" for √2 (right idea, give more digits)
  int digits_needed = 0;       // when more_digits: the significant digits the tolerance needs (4 for √2)
};
// A wrong answer names mistake m (of that part) when it is within the part's tolerance of m's value in
// every entry and m's value is distinguishable from the right answer; the first such m in the list.
// Otherwise, given typed_ulp (per entry, one unit in the last digit the reader typed; 0 for an exact
// expression such as 1/3), the answer is "right idea, give more digits" when every wrong entry has at least
// two significant digits and is the right value rounded or cut to the digits typed.
// Vectors may be typed as a row or a column. Throws std::invalid_argument for an unknown part.
Grade grade_part(const ExerciseSolution& s, const std::string& part, const ExerciseValue& answer,
                 const std::vector<double>& typed_ulp = {});

}  // namespace tk
