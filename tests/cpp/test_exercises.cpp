// Exercises (exercises.cpp): the list of numeric exercises, the grader (tolerance, shapes, mistakes named or
// not), reader-facing errors, well-posedness, and 1,000 seeded variants per numeric exercise.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "check.hpp"
#include "block.hpp"
#include "exercises.hpp"
#include "exercise_test.hpp"

namespace tk {
namespace {

using namespace exercise_test;

// ---- The numeric exercises (each one's answer key: test_exercises_<topic>.cpp) ----

TEST(ExerciseAnswerKey, ListsTheNumericExercises) {
  EXPECT_EQ(numeric_exercises(), (std::vector<int>{2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 21}));
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
  EXPECT_TRUE(grade_part(defaults_solved(9), "jacobian",
                         mat(3, 3, {0.2041, -0.4082, 0.2041, -0.4082, 0.8165, -0.4082, 0.2041, -0.4082, 0.2041}))
                  .correct);
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

  const Grade m = grade_part(defaults_solved(9), "jacobian",
                             mat(3, 3, {0.2041, -0.4082, 0.2041, -0.4082, 0.8165, -0.4082, 0.2041, 0.4082, 0.2041}));
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
  EXPECT_EQ(grade_part(s, "output", mat(2, 2, {-1.414, 0, 0, 1.414})).message,
            "expected 4 numbers in one row, got 2 rows");
  EXPECT_TRUE(grade_part(s, "output", mat(4, 1, {-1.414, 0, 0, 1.414})).correct);  // a column is fine for a vector
  EXPECT_FALSE(grade_part(s, "output", mat(1, 4, {1, 2, 3})).shape_ok);            // declared 1×4, holds 3

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
  const auto digits = [](const ExerciseSolution& s, const std::string& id, const ExerciseValue& a,
                         std::vector<double> ulp) { return grade_part(s, id, a, ulp); };
  Grade g = digits(ln, "sigma", num(1.41), {0.01});
  EXPECT_FALSE(g.correct);
  EXPECT_TRUE(g.more_digits);
  EXPECT_EQ(g.digits_needed, 4);  // 1.414 is within the tolerance, 1.41 is not
  EXPECT_EQ(g.message, "right to the digits given, but the tolerance needs 4 significant digits");
  EXPECT_TRUE(digits(ln, "sigma", num(1.4), {0.1}).more_digits);  // rounded to two digits
  EXPECT_TRUE(digits(defaults_solved(16), "bound", num(2.59), {0.01}).more_digits);
  EXPECT_TRUE(digits(defaults_solved(16), "bound", num(2.6), {0.1}).more_digits);    // "~2.6"
  EXPECT_TRUE(digits(defaults_solved(16), "bound", num(2.58), {0.01}).more_digits);  // cut, not rounded
  EXPECT_FALSE(digits(ln, "sigma", num(1.42), {0.01}).more_digits);                  // neither rounded nor cut
  EXPECT_FALSE(digits(ln, "sigma", num(1), {1}).more_digits);  // one significant digit says little
  EXPECT_FALSE(digits(defaults_solved(11), "deep", num(0.3), {0.1}).more_digits);
  EXPECT_FALSE(digits(ln, "sigma", num(1.41), {0}).more_digits);  // typed as an exact expression
  EXPECT_FALSE(grade_part(ln, "sigma", num(1.41)).more_digits);   // digits unknown
  EXPECT_TRUE(digits(ln, "sigma", num(1.414), {0.001}).correct);  // enough digits: simply right
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
  EXPECT_EQ(thrown_message([] { grade_part(defaults_solved(4), "sd", num(1)); }),
            "this exercise has no part 'sd' (its parts are mean, variance, sigma, output)");
}

// ---- Bad inputs: std::invalid_argument with a message for the reader ----

TEST(ExerciseInputs, BadInputsThrowReadableMessages) {
  const ExerciseValue x = row({2, 4, 4, 6});
  EXPECT_EQ(thrown_message([&] { solve_exercise(4, {{"x", x}}); }), "missing input 'eps'");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(4, {{"x", x}, {"eps", num(-1)}});
            }),
            "ε must be 0 or more (it is added under a square root), got -1");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(4, {{"x", row({2, NAN, 4})}, {"eps", num(0)}});
            }),
            "x must contain only finite numbers (entry 2 is not)");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(4, {{"x", row({2, 4})}, {"eps", num(INFINITY)}});
            }),
            "eps must contain only finite numbers");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(4, {{"x", mat(2, 2, {1, 2, 3, 4})}, {"eps", num(0)}});
            }),
            "x must be a vector (one row of numbers), got a 2x2 matrix");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(4, {{"x", row({2})}, {"eps", num(0)}});
            }),
            "x needs at least 2 numbers (LayerNorm of a single number is 0/0), got 1");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(4, {{"x", x}, {"eps", row({0, 1})}});
            }),
            "eps must be a single number, got 2 numbers");
  EXPECT_EQ(thrown_message([&] { solve_exercise(4, {{"x", x}, {"eps", row({})}}); }), "eps is empty: enter a number");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(4, {{"x", mat(1, 4, {2, 4, 4})}, {"eps", num(0)}});
            }),
            "x is declared 1x4 but holds 3 numbers");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(4, {{"x", x}, {"eps", num(0)}, {"gamma", num(1)}});
            }),
            "exercise 4 has no input 'gamma' (its inputs are x, eps)");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(5, {{"x", row({1, 3})}, {"b", row({1, 2, 3})}});
            }),
            "b has 3 numbers, x has 2: they must match");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(8, {{"B", mat(2, 3, {1, 2, 3, 4, 5, 6})}});
            }),
            "B must be a square matrix, got 2 rows of 3 numbers");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(9, {{"x", row({1, 2, 3})}, {"eps", num(0)}, {"gamma", row({1, 2})}});
            }),
            "gamma must be one number or one per entry of x (3), got 2 numbers");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(10, {{"sigma2", row({1, -4})}, {"gamma", num(1)}, {"eps", num(0)}});
            }),
            "sigma2 holds variances, which are >= 0: entry 2 is -4");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(12, {{"b", row({0.1, 0.1})}, {"L", num(2.5)}});
            }),
            "L must be a whole number from 2 to 100, got 2.5");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(16, {{"delta", num(0.02)}, {"L", num(10000)}});
            }),
            "L must be a whole number from 1 to 1000, got 10000");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(16, {{"delta", num(-0.1)}, {"L", num(4)}});
            }),
            "δ must be 0 or more (it bounds a norm ‖B_i‖), got -0.1");
  EXPECT_EQ(thrown_message([&] {
              solve_exercise(4, {{"x", row({1e200, -1e200})}, {"eps", num(0)}});
            }).rfind("the variance overflows", 0),
            0u);
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
  EXPECT_EQ(thrown_message([] { exercise_defaults(3); }),
            "exercise 3 is multiple choice: the page grades it without a kernel");
  EXPECT_EQ(thrown_message([] { exercise_variant(14, 1); }),
            "exercise 14 is multiple choice: the page grades it without a kernel");
  EXPECT_EQ(thrown_message([] { solve_exercise(22, {}); }),
            "there is no exercise 22 (the exercises are numbered 1 to 21)");
  EXPECT_EQ(thrown_message([] { check_well_posed(1, ExerciseSolution{}); }),
            "exercise 1 is multiple choice: the page grades it without a kernel");
}

// ---- Well-posedness ----

TEST(ExerciseWellPosed, TheAnswerKeysOwnNumbersAre) {
  for (int n : numeric_exercises()) EXPECT_EQ(check_well_posed(n, defaults_solved(n)), "") << "exercise " << n;
}

TEST(ExerciseWellPosed, SaysWhyNot) {
  const auto reason = [](int n, const ExerciseInputs& inputs) {
    return check_well_posed(n, solve_exercise(n, inputs));
  };
  EXPECT_EQ(reason(4, {{"x", row({3, 3, 3})}, {"eps", num(0)}}).rfind("all entries of x are equal, so σ² = 0", 0), 0u);
  EXPECT_EQ(reason(4, {{"x", row({100, 100.1})}, {"eps", num(0)}}).rfind("the entries of x are nearly equal", 0), 0u);
  EXPECT_EQ(reason(6, {{"x", row({1, 2})}, {"b", row({1, 0})}}).rfind("all entries of x + b are equal", 0), 0u);
  EXPECT_EQ(reason(13, {{"b", row({0.1, 0.1})}, {"L", num(3)}}).rfind("all entries of b (block 1) are equal", 0), 0u);
  EXPECT_EQ(
      reason(7, {{"x", row({5, 5})}, {"eps", num(0)}, {"gamma", num(1)}}).rfind("with ε = 0 and equal entries", 0), 0u);
  EXPECT_EQ(reason(11, {{"sigma2_deep", num(0)}, {"sigma2_shallow", num(1)}, {"gamma", num(1)}}),
            "σ² + ε = 0 makes the scale γ/√(σ² + ε) infinite");
  EXPECT_EQ(reason(16, {{"delta", num(1e3)}, {"L", num(1000)}}).rfind("(1 + δ)ᴸ is too large", 0), 0u);
  // 1.01²⁴ = 1.26973 and e^0.24 = 1.27125: apart by more than one tolerance (so listed) but less than two
  EXPECT_EQ(
      reason(16, {{"delta", num(0.01)}, {"L", num(24)}}).rfind("the mistake 'exp-approx' gives 1.27125 for 'bound'", 0),
      0u);
  // exercise 7 is about σ² = 0: with ε > 0 it is well posed, and with unequal entries it is another question
  EXPECT_EQ(reason(7, {{"x", row({5, 5, 5, 5})}, {"eps", num(1e-5)}, {"gamma", num(2)}}), "");
  EXPECT_EQ(reason(7, {{"x", row({0.1, 0.1, 0.1})}, {"eps", num(1e-5)}, {"gamma", num(2)}}), "");
  EXPECT_EQ(
      reason(7, {{"x", row({5, 6, 5})}, {"eps", num(1e-5)}, {"gamma", num(1)}}).rfind("the entries of x differ", 0),
      0u);
  EXPECT_EQ(reason(15, {{"x", row({1, 1.0001})}}).rfind("the entries of x are nearly equal", 0), 0u);
  EXPECT_EQ(reason(5, {{"x", row({1, 3})}, {"b", row({1, -0.999})}}).rfind("the entries of x + b are nearly equal", 0),
            0u);
  EXPECT_EQ(reason(5, {{"x", row({1, 3})}, {"b", row({1, -1})}}), "");  // x + b constant: that mistake is not asked
  EXPECT_EQ(reason(10, {{"sigma2", row({1, 0})}, {"gamma", num(1)}, {"eps", num(0)}}),
            "σ² + ε = 0 makes the scale γ/√(σ² + ε) infinite");
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
