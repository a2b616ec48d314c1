// The summaries the article prints: median over seeds, stream growth factor and exponent, power curves.
#include <gtest/gtest.h>

#include <cmath>

#include "check.hpp"
#include "stats.hpp"

namespace tk {
namespace {

TEST(Median, OddAndEvenCounts) {
  EXPECT_EQ(median({3.0}), 3.0);
  EXPECT_EQ(median({5.0, 1.0, 3.0}), 3.0);
  EXPECT_EQ(median({0.9, 0.1, 0.5, 0.7, 0.3, 1.1}), 0.6);  // the article's "median of 6": mean of the middle two
  EXPECT_THROW(median({}), std::invalid_argument);
}

// A NaN once gave a median that depended on where it sat ({NaN, 1, 2} → 1, {1, 2, NaN} → 2): now refused.
TEST(Median, RefusesNaNWherEverItSits) {
  for (const std::vector<double>& v : {std::vector<double>{NAN, 1, 2}, {1, NAN, 2}, {1, 2, NAN}, {1, 2, INFINITY, 3}}) {
    EXPECT_NE(test::thrown_message([&] { median(v); }).find("the median needs finite numbers: value"),
              std::string::npos);
  }
}

TEST(StreamGrowth, FactorExponentAndSqrtDepth) {
  const std::vector<double> sd = {1.0, 1.5, 2.0, 2.0};  // L = 4
  const StreamGrowth g = stream_growth(sd);
  EXPECT_EQ(g.factor, 2.0);
  EXPECT_DOUBLE_EQ(g.exponent, 0.5);  // 2 = 4^0.5
  EXPECT_EQ(g.sqrt_depth, 2.0);
  EXPECT_THROW(stream_growth({1.0}), std::invalid_argument);
  // a zero spread would give an infinite factor and exponent; it is said in the wiring's terms (issue 52: the
  // message had stated this function's precondition, in a table's cell)
  EXPECT_EQ(test::thrown_message([] {
              stream_growth({0.0, 1.0});
            }),
            "the stream is exactly 0 after block 1, so it has no growth factor: the wiring carries no stream there "
            "(residual off, or alpha 0) and its branches add 0 (a scale_in, scale_out or gate0 of 0): set one of them "
            "to a value other than 0");
  EXPECT_EQ(test::thrown_message([] {
              stream_growth({1.0, 2.0, 0.0});
            }).rfind("the stream is exactly 0 after block 3", 0),
            0u);
  EXPECT_EQ(test::thrown_message([] {
              stream_growth({1.0, std::nan("")});
            }),
            "the stream's sd after block 2 is not a number, so it has no growth factor");
  EXPECT_THROW(stream_growth({1e-300, 1e300}), std::invalid_argument);
}

TEST(GrowthCurve, PowerOfDepth) {
  const std::vector<double> c = growth_curve(1.5, 0.5, 4);
  ASSERT_EQ(c.size(), 4u);
  EXPECT_EQ(c[0], 1.5);
  EXPECT_DOUBLE_EQ(c[3], 3.0);
  EXPECT_THROW(growth_curve(1, 0.5, 0), std::invalid_argument);
  EXPECT_THROW(growth_curve(NAN, 0.5, 4), std::invalid_argument);
  EXPECT_THROW(growth_curve(1e300, 200, 4), std::invalid_argument);  // 4^200 · 1e300 is beyond float64
}

TEST(StarvationRemoved, ShareOnALogScale) {
  EXPECT_DOUBLE_EQ(starvation_removed(0.25, 0.5), 0.5);  // 4× starved → 2×: half of it on a log scale
  EXPECT_EQ(starvation_removed(0.3, 0.3), 0.0);
  EXPECT_EQ(starvation_removed(0.3, 1.0), 1.0);
  EXPECT_GT(starvation_removed(0.3, 1.2), 1.0);  // the narrower measure tilts the other way
  EXPECT_NE(test::thrown_message([] { starvation_removed(1.2, 0.5); }).find("does not starve the early blocks"),
            std::string::npos);
  EXPECT_THROW(starvation_removed(0.5, 0), std::invalid_argument);
  EXPECT_THROW(starvation_removed(NAN, 0.5), std::invalid_argument);
}

}  // namespace
}  // namespace tk
