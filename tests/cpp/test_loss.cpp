// The losses (loss.hpp): backward against central finite differences, exact invariants, bad input.
#include <gtest/gtest.h>

#include <cmath>

#include "check.hpp"
#include "loss.hpp"

namespace tk {
namespace {

using test::all_close;
using test::Draw;
using test::thrown_message;

TEST(MeanSquaredError, BackwardMatchesFiniteDifferences) {
  Draw draw(3);
  const Mat y = draw.matrix(4, 5), target = draw.matrix(4, 5);
  MseCache cache;
  const double loss = mse_forward(y, target, cache);
  EXPECT_DOUBLE_EQ(loss, (y - target).squaredNorm() / 20.0);
  MseGrads grads;
  mse_backward(cache, grads);
  const Mat numeric = test::numeric_gradient(
      [&](const Mat& p) {
        MseCache c;
        return mse_forward(p, target, c);
      },
      y);
  EXPECT_TRUE(all_close(grads.dx, numeric, 1e-7, 1e-10));
}

TEST(MeanSquaredError, RefusesMismatchedShapes) {
  MseCache cache;
  EXPECT_EQ(thrown_message([&] { mse_forward(Mat::Zero(2, 3), Mat::Zero(3, 2), cache); }),
            "mse: y and target must have the same shape");
}

class CrossEntropy : public ::testing::TestWithParam<int> {};  // the number of classes V

TEST_P(CrossEntropy, BackwardMatchesFiniteDifferences) {
  const int V = GetParam();
  Draw draw(11 + V);
  const Mat logits = draw.matrix(6, V, -3, 3);
  std::vector<std::int64_t> targets;
  for (int n = 0; n < 6; ++n) targets.push_back((3 * n + 1) % V);
  CrossEntropyCache cache;
  cross_entropy_forward(logits, targets, cache);
  CrossEntropyGrads grads;
  cross_entropy_backward(cache, grads);
  const Mat numeric = test::numeric_gradient(
      [&](const Mat& p) {
        CrossEntropyCache c;
        return cross_entropy_forward(p, targets, c);
      },
      logits);
  // central differences of a loss of order 1 with h = 1e-6 carry about 1e-16/1e-6 of rounding
  EXPECT_TRUE(all_close(grads.dx, numeric, 1e-6, 1e-9));
  // softmax − onehot sums to zero along every row: shifting all logits of a row changes nothing
  const double scale = grads.dx.cwiseAbs().maxCoeff();
  EXPECT_TRUE(all_close(Vec(grads.dx.rowwise().sum()), Vec::Zero(6), 0, 1e-15 * scale));
}

TEST_P(CrossEntropy, EqualLogitsCostLogV) {  // a model that knows nothing pays log V per position
  const int V = GetParam();
  CrossEntropyCache cache;
  const double loss = cross_entropy_forward(Mat::Constant(3, V, 0.7), {0, V - 1, V / 2}, cache);
  EXPECT_NEAR(loss, std::log(double(V)), 1e-15 * std::log(double(V)) + 1e-300);
}

INSTANTIATE_TEST_SUITE_P(Classes, CrossEntropy, ::testing::Values(1, 2, 5, 28));

TEST(CrossEntropyLimits, HugeLogitsDoNotOverflow) {
  CrossEntropyCache cache;
  Mat logits(1, 3);
  logits << 1000, 0, -1000;
  EXPECT_NEAR(cross_entropy_forward(logits, {1}, cache), 1000.0, 1e-12);
  EXPECT_DOUBLE_EQ(cross_entropy_forward(logits, {0}, cache), 0.0);
}

TEST(CrossEntropyLimits, RefusesBadTargets) {
  CrossEntropyCache cache;
  EXPECT_EQ(thrown_message([&] {
              cross_entropy_forward(Mat::Zero(2, 3), {0, 3}, cache);
            }),
            "cross-entropy: a target class is outside 0 … 2");
  EXPECT_EQ(thrown_message([&] { cross_entropy_forward(Mat::Zero(2, 3), {0}, cache); }),
            "cross-entropy: 1 targets for 2 rows of logits");
}

}  // namespace
}  // namespace tk
