// What every kernel shares out of line (tensor.cpp): the finiteness check, and the one place they throw.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "check.hpp"
#include "tensor.hpp"

namespace tk {
namespace {

TEST(Tensor, AllFiniteRefusesNaNAndBothInfinities) {
  const double inf = std::numeric_limits<double>::infinity();
  const double largest = std::numeric_limits<double>::max(), tiny = std::numeric_limits<double>::denorm_min();
  const Mat constant = Mat::Constant(3, 2, 1.5);
  EXPECT_TRUE(all_finite(constant));
  const Vec extremes = (Vec(3) << largest, -largest, tiny).finished();
  EXPECT_TRUE(all_finite(extremes));  // the extremes are still numbers
  EXPECT_TRUE(all_finite(Vec(0)));
  for (double bad : {std::nan(""), inf, -inf}) {
    Vec v = Vec::Zero(5);
    v(4) = bad;  // the last entry: the check reads them all
    EXPECT_FALSE(all_finite(v)) << bad;
  }
}

TEST(Tensor, ThrowsInvalidArgumentWithTheMessage) {
  EXPECT_EQ(test::thrown_message([] { throw_invalid_argument("x must be finite"); }), "x must be finite");
  EXPECT_EQ(test::thrown_message([] { throw_invalid_argument(std::string("d must be ") + "at least 1"); }),
            "d must be at least 1");
  EXPECT_THROW(throw_invalid_argument("any"), std::invalid_argument);
}

}  // namespace
}  // namespace tk
