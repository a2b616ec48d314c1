// nn.Linear (linear.cpp): its backward against finite differences, the accumulating form, and the shapes.
#include <gtest/gtest.h>

#include "check.hpp"
#include "grad_walk.hpp"
#include "linear.hpp"

namespace tk {
namespace {

using test::Draw;

// loss = Σ y ⊙ w for a fixed w: its gradient at y is w
struct LinearCase {
  Draw draw{3};
  LinearParams p{draw.matrix(3, 4), draw.vector(3)};
  Mat x = draw.matrix(5, 4);
  Mat w = draw.matrix(5, 3);
  double loss() const { return (linear_forward(x, p).array() * w.array()).sum(); }
};

TEST(Linear, ForwardIsXWTransposedPlusB) {
  LinearCase c;
  const Mat expected = (c.x * c.p.W.transpose()).rowwise() + c.p.b.transpose();
  EXPECT_TRUE(test::all_close(linear_forward(c.x, c.p), expected, 1e-14, 1e-14));
}

TEST(Linear, GradientsMatchFiniteDifferences) {
  LinearCase c;
  LinearGrads g;
  linear_backward(c.w, c.p, c.x, g);
  EXPECT_EQ(test::tensor_count(c.p, g), 2);
  test::expect_param_gradients(
      c.p, g, [&] { return c.loss(); }, 1e-7, 1e-9);
  const Mat numeric_dx =
      test::numeric_gradient([&](const Mat& x) { return (linear_forward(x, c.p).array() * c.w.array()).sum(); }, c.x);
  EXPECT_TRUE(test::all_close(g.dx, numeric_dx, 1e-7, 1e-9));
}

TEST(Linear, AccumulatingBackwardAddsDxAndLeavesTheRestAsIs) {
  LinearCase c;
  LinearGrads plain, acc;
  linear_backward(c.w, c.p, c.x, plain);
  Mat dx = Mat::Ones(5, 4);
  linear_backward(c.w, c.p, c.x, acc, dx, true);
  EXPECT_TRUE(test::all_close(dx, plain.dx + Mat::Ones(5, 4), 1e-15, 1e-15));
  EXPECT_EQ(acc.dW, plain.dW);
  EXPECT_EQ(acc.db, plain.db);
}

}  // namespace
}  // namespace tk
