// What the exercise suites share (test_exercises*.cpp): values as the reader types them, a solution's parts and
// mistakes by id, and a mixed check of a value against expected numbers.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "check.hpp"
#include "exercises.hpp"

namespace tk::exercise_test {

inline ExerciseValue num(double v) { return ExerciseValue{1, 1, {v}}; }
inline ExerciseValue row(std::vector<double> v) { return ExerciseValue{1, int(v.size()), v}; }
inline ExerciseValue mat(int rows, int cols, std::vector<double> v) { return ExerciseValue{rows, cols, v}; }

inline const ExercisePart& part(const ExerciseSolution& s, const std::string& id) {
  for (const ExercisePart& p : s.parts) {
    if (p.id == id) return p;
  }
  throw std::runtime_error("no part " + id);
}

inline const Misconception* find_mistake(const ExerciseSolution& s, const std::string& id, const std::string& part_id) {
  for (const Misconception& m : s.misconceptions) {
    if (m.id == id && m.part == part_id) return &m;
  }
  return nullptr;
}

inline const ExerciseValue& mistake(const ExerciseSolution& s, const std::string& id, const std::string& part_id) {
  const Misconception* m = find_mistake(s, id, part_id);
  if (!m) throw std::runtime_error("no mistake " + id + " for " + part_id);
  return m->value;
}

inline std::vector<std::string> part_ids(const ExerciseSolution& s) {
  std::vector<std::string> ids;
  for (const ExercisePart& p : s.parts) ids.push_back(p.id);
  return ids;
}

// (id, part) pairs in order.
inline std::vector<std::string> mistake_ids(const ExerciseSolution& s) {
  std::vector<std::string> ids;
  for (const Misconception& m : s.misconceptions) ids.push_back(m.id + "@" + m.part);
  return ids;
}

// Shape and every entry within tol of the expected numbers.
inline ::testing::AssertionResult near(const ExerciseValue& actual, int rows, int cols,
                                       const std::vector<double>& expected, double tol) {
  if (actual.rows != rows || actual.cols != cols || actual.values.size() != expected.size()) {
    return ::testing::AssertionFailure() << "shape " << actual.rows << "x" << actual.cols << " ("
                                         << actual.values.size() << " values), expected " << rows << "x" << cols;
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    if (!(std::abs(actual.values[i] - expected[i]) <= tol)) {
      return ::testing::AssertionFailure()
             << "entry " << i << ": " << actual.values[i] << " vs " << expected[i] << " (tol " << tol << ")";
    }
  }
  return ::testing::AssertionSuccess();
}
inline ::testing::AssertionResult near(const ExerciseValue& actual, const std::vector<double>& expected, double tol) {
  return near(actual, 1, int(expected.size()), expected, tol);
}

inline ExerciseSolution defaults_solved(int n) { return solve_exercise(n, exercise_defaults(n)); }

// The message of the std::invalid_argument a call throws (check.hpp's).
using test::thrown_message;

inline const double kSqrt2 = std::sqrt(2.0);

}  // namespace tk::exercise_test
