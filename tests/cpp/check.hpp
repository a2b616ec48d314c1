// Test helpers shared by every C++ test: mixed-tolerance comparison that reports the worst entry,
// central finite differences, and a small deterministic random source (no std::*_distribution).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <random>
#include <sstream>
#include <string>

#include "bits.hpp"
#include "tensor.hpp"

namespace tk::test {

// A vector written out: vec({2, 4, 4, 6}).
inline Vec vec(std::initializer_list<double> values) {
  Vec v(values.size());
  Eigen::Index i = 0;
  for (double x : values) v(i++) = x;
  return v;
}

// |a − b| ≤ atol + rtol·|b| for every entry; on failure names the worst entry and both values.
inline ::testing::AssertionResult all_close(const Mat& actual, const Mat& expected, double rtol, double atol) {
  if (actual.rows() != expected.rows() || actual.cols() != expected.cols()) {
    return ::testing::AssertionFailure() << "shape " << actual.rows() << "x" << actual.cols() << " vs expected "
                                         << expected.rows() << "x" << expected.cols();
  }
  double worst_excess = -1;
  Eigen::Index wi = 0, wj = 0;
  for (Eigen::Index i = 0; i < actual.rows(); ++i) {
    for (Eigen::Index j = 0; j < actual.cols(); ++j) {
      const double a = actual(i, j), b = expected(i, j);
      const double excess = std::isnan(a) || std::isnan(b) ? INFINITY : std::abs(a - b) - (atol + rtol * std::abs(b));
      if (excess > worst_excess) worst_excess = excess, wi = i, wj = j;
    }
  }
  std::ostringstream where;
  where.precision(17);
  where << "worst entry (" << wi << ", " << wj << "): actual " << actual(wi, wj) << ", expected " << expected(wi, wj)
        << " (rtol " << rtol << ", atol " << atol << ")";
  if (worst_excess > 0) return ::testing::AssertionFailure() << where.str();
  return ::testing::AssertionSuccess() << where.str();
}

inline ::testing::AssertionResult all_close(const Vec& actual, const Vec& expected, double rtol, double atol) {
  return all_close(Mat(actual.transpose()), Mat(expected.transpose()), rtol, atol);
}

// The message of the std::invalid_argument a call throws, or "(no exception)": bad-input tests compare
// the exact reader-facing message.
template <class F>
std::string thrown_message(F&& call) {
  try {
    call();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(no exception)";
}

// Deterministic uniforms on [lo, hi) from the 53 top bits of mt19937_64; fully specified, so every
// platform draws the same test inputs.
class Draw {
 public:
  explicit Draw(std::uint64_t seed) : engine_(seed) {}
  double uniform(double lo, double hi) { return lo + (hi - lo) * double(engine_() >> 11) * 0x1p-53; }
  Mat matrix(Eigen::Index rows, Eigen::Index cols, double lo = -1, double hi = 1) {
    Mat m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = uniform(lo, hi);
    return m;
  }
  Vec vector(Eigen::Index n, double lo = -1, double hi = 1) { return matrix(n, 1, lo, hi).col(0); }

 private:
  std::mt19937_64 engine_;
};

// Central difference of a scalar function along every entry of x: (f(x + h e_i) − f(x − h e_i)) / 2h.
inline Mat numeric_gradient(const std::function<double(const Mat&)>& f, const Mat& x, double rel_step = 1e-6) {
  Mat grad(x.rows(), x.cols());
  Mat probe = x;
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    const double h = rel_step * std::max(1.0, std::abs(x.data()[i]));
    probe.data()[i] = x.data()[i] + h;
    const double up = f(probe);
    probe.data()[i] = x.data()[i] - h;
    const double down = f(probe);
    probe.data()[i] = x.data()[i];
    grad.data()[i] = (up - down) / (2 * h);
  }
  return grad;
}

}  // namespace tk::test
