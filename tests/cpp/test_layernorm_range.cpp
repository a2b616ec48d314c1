// LayerNorm's range (layernorm_range.cpp): LN(x) with ε is LN(x/u) with ε/u², so rows whose squares leave float64
// (entries near 1e-300 or 1e200, subnormals) are normalised in a unit u and give the same digits as ordinary ones.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "check.hpp"
#include "layernorm.hpp"
#include "layernorm_test.hpp"

namespace tk {
namespace {

using test::all_close;
using test::Draw;
using test::vec;
using namespace layernorm_test;

const Vec kOneTwoThreeLN = vec({-std::sqrt(1.5), 0, std::sqrt(1.5)});  // LN([1, 2, 3]) with ε = 0

TEST(LayerNormRange, TinyEntriesAreNormalisedNotZeroOverZero) {  // issue 10: was [−∞, NaN, ∞]
  const LayerNormSteps s = layernorm_steps(vec({1e-300, 2e-300, 3e-300}), Vec::Ones(3), Vec::Zero(3), 0);
  EXPECT_TRUE(all_close(s.y, kOneTwoThreeLN, 1e-15, 0));
  EXPECT_NEAR(s.sigma / 1e-300, std::sqrt(2.0 / 3.0), 1e-15);
  EXPECT_NE(s.unit, 1.0);
  // the same question in the unit has every step inside float64, and the same answer
  const LayerNormSteps in_unit = layernorm_steps(s.x_in_unit, Vec::Ones(3), Vec::Zero(3), s.eps_in_unit);
  EXPECT_EQ(in_unit.unit, 1.0);
  EXPECT_GT(in_unit.variance, 0);
  EXPECT_TRUE(all_close(in_unit.y, s.y, 0, 0));
  EXPECT_TRUE(all_close(Vec(s.x_in_unit * s.unit), vec({1e-300, 2e-300, 3e-300}), 0, 0));
}

TEST(LayerNormRange, HugeEntriesAreNormalisedNotAnError) {  // issue 10: was "the variance overflows"
  for (double eps : {0.0, 1e-5}) {
    const LayerNormSteps s = layernorm_steps(vec({1e200, 2e200, 3e200}), Vec::Ones(3), Vec::Zero(3), eps);
    EXPECT_TRUE(all_close(s.y, kOneTwoThreeLN, 1e-15, 0)) << "eps " << eps;
    EXPECT_NEAR(s.sigma / 1e200, std::sqrt(2.0 / 3.0), 1e-15);
    EXPECT_TRUE(std::isinf(s.variance));  // 6.7e399: float64's nearest, and unit says so
    EXPECT_NE(s.unit, 1.0);
  }
  EXPECT_TRUE(all_close(layernorm_steps(vec({-1e200, 1e200}), Vec::Ones(2), Vec::Zero(2), 0).y, vec({-1, 1}), 0, 0));
}

TEST(LayerNormRange, SubnormalEntries) {  // 1, 2, 3 times the smallest subnormal, 4.9e-324
  const double tiny = std::numeric_limits<double>::denorm_min();
  const LayerNormSteps s = layernorm_steps(vec({tiny, 2 * tiny, 3 * tiny}), Vec::Ones(3), Vec::Zero(3), 0);
  EXPECT_TRUE(all_close(s.y, kOneTwoThreeLN, 1e-15, 0));
}

TEST(LayerNormRange, EntriesNearTheLargestDouble) {  // their sum, mean and deviations overflow
  const LayerNormSteps s = layernorm_steps(vec({-1.7e308, 1.7e308, 1.7e308}), Vec::Ones(3), Vec::Zero(3), 0);
  EXPECT_TRUE(all_close(s.y, vec({-std::sqrt(2.0), std::sqrt(0.5), std::sqrt(0.5)}), 1e-15, 0));
  for (double eps : {0.0, 1e-5}) {
    const LayerNormSteps same = layernorm_steps(vec({1.7e308, 1.7e308}), Vec::Ones(2), vec({0.5, -2}), eps);
    EXPECT_EQ(same.mean, 1.7e308);
    if (eps == 0)
      EXPECT_TRUE(same.y.array().isNaN().all());  // 0/0, as for [5, 5]
    else
      EXPECT_TRUE(all_close(same.y, vec({0.5, -2}), 0, 0));  // ẑ = 0/√ε: the output is β
  }
}

TEST(LayerNormRange, TinyEntriesWithTinyEpsilon) {  // ε dominates: ẑ = dev/√ε ≈ ±2.5e-174, not 0 or NaN
  const double tiny = std::numeric_limits<double>::denorm_min();
  const LayerNormSteps s = layernorm_steps(vec({tiny, 2 * tiny}), Vec::Ones(2), Vec::Zero(2), 1e-300);
  const double expected = tiny / 1e-150 * 0.5;  // in this order: 0.5·tiny alone underflows to 0
  EXPECT_TRUE(all_close(s.zhat, vec({-expected, expected}), 1e-14, 0));
}

TEST(LayerNormRange, OutputWhereOnlyTheProductOverflows) {  // γ·ẑ = ±1.6e308·1.22 overflows, γ·ẑ + β does not
  const Vec beta = vec({1e308, 0, -1e308});
  const LayerNormSteps s = layernorm_steps(vec({1, 2, 3}), Vec::Constant(3, 1.6e308), beta, 0);
  for (Eigen::Index a = 0; a < 3; ++a)
    EXPECT_NEAR(s.y(a) / 1e308, 1.6 * kOneTwoThreeLN(a) + beta(a) / 1e308, 1e-15) << a;
}

TEST(LayerNormRange, OrdinaryRowsTakeThePlainFormulas) {  // the stack's rows: nothing rescaled
  Draw draw(7);
  LayerNormCache cache;
  forward(draw.matrix(64, 128, -3, 3), Vec::Ones(128), Vec::Zero(128), kLayerNormEps, cache);
  EXPECT_TRUE((cache.unit.array() == 1).all());
  EXPECT_TRUE(all_close(cache.sigma_in_unit, cache.sigma, 0, 0));
}

// A fixed-seed fuzz: rows of d ≤ 9 numbers with entries from 1e-30 to 1 around a common size 2^k,
// k from −1074 to 1023 (so the whole row may be subnormal or near the largest double), ε = 0 or up to
// that size squared, γ, β and dy of other sizes. The oracle is the same question in LayerNorm's own
// symmetry, moved to sizes near 1 by powers of two (exact): y and ẑ do not move, dx scales by 2^(m+j−k),
// J by 2^(j−k). Every result either matches, or lies past float64 and is reported with a message.
struct Scaled {
  Mat x, x0;  // (1, d) the row, and the row moved to size about 1: x = x0·2^k exactly
  double eps, eps0;
  int k;
};

double ldexp_of(double v, int e) { return std::ldexp(v, e); }

Scaled draw_row(Draw& draw, int d) {
  Scaled s;
  s.k = int(std::floor(draw.uniform(-1074, 1024)));
  s.x.resize(1, d);
  for (int i = 0; i < d; ++i) {
    const double size = std::pow(10.0, -30 * std::pow(draw.uniform(0, 1), 4));  // mostly near 1, some far below
    s.x(0, i) = ldexp_of(draw.uniform(-1, 1) * size, s.k);
  }
  s.x0 = s.x.unaryExpr([&](double v) { return ldexp_of(v, -s.k); });  // exact: x itself is what was rounded
  const double pick = draw.uniform(0, 1);
  s.eps = pick < 0.4 ? 0.0 : ldexp_of(std::pow(10.0, draw.uniform(-20, 1)), 2 * s.k);
  if (!std::isfinite(s.eps)) s.eps = 0;  // past 1.8e308: ε must be finite
  s.eps0 = ldexp_of(s.eps, -2 * s.k);
  return s;
}

TEST(LayerNormRange, FuzzAgainstTheScaleSymmetry) {
  Draw draw(20240611);
  int checked = 0, beyond = 0, degenerate = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const int d = 1 + int(draw.uniform(0, 9));
    const Scaled row = draw_row(draw, d);
    const int j = int(std::floor(draw.uniform(-200, 200)));  // γ's size 2^j
    const int m = int(std::floor(draw.uniform(-300, 300)));  // dy's size 2^m
    const Vec gamma0 = draw.vector(d, 0.5, 2), beta = Vec::Zero(d);
    const Mat dy0 = draw.matrix(1, d);
    const Vec gamma = gamma0.unaryExpr([&](double v) { return ldexp_of(v, j); });
    const Mat dy = dy0.unaryExpr([&](double v) { return ldexp_of(v, m); });
    SCOPED_TRACE(::testing::Message() << "trial " << trial << " k " << row.k << " j " << j << " m " << m << " eps "
                                      << row.eps << " x(0) " << row.x(0, 0));

    LayerNormCache ref_cache;
    const Mat y0 = forward(row.x0, Vec::Ones(d), beta, row.eps0, ref_cache);
    if (!y0.allFinite()) {  // all entries equal with ε = 0: the 0/0 the chapter teaches
      LayerNormCache cache;
      EXPECT_TRUE(forward(row.x, Vec::Ones(d), beta, row.eps, cache).array().isNaN().all());
      ++degenerate;
      continue;
    }
    LayerNormCache cache;
    const Mat y = forward(row.x, Vec::Ones(d), beta, row.eps, cache);
    ASSERT_TRUE(all_close(y, y0, 1e-13, 1e-300));
    ASSERT_TRUE(all_close(cache.zhat, ref_cache.zhat, 1e-13, 1e-300));

    // dx = Jᵀ(γ ⊙ dy) scales by 2^(j + m − k); dγ by 2^m (a sum over rows of dy ⊙ ẑ); dβ by 2^m
    const LayerNormGrads g0 = backward(dy0, gamma0, ref_cache);
    const Mat dx_expected = g0.dx.unaryExpr([&](double v) { return ldexp_of(v, j + m - row.k); });
    const std::string grads = test::thrown_message([&] {
      const LayerNormGrads g = backward(dy, gamma, cache);
      const double floor_dx = ldexp_of(1e-13 * g0.dx.cwiseAbs().maxCoeff(), j + m - row.k) + 1e-320;
      ASSERT_TRUE(all_close(g.dx, dx_expected, 1e-12, floor_dx));
      ASSERT_TRUE(all_close(Mat(g.dbeta), Mat(dy.transpose()), 0, 0));
    });
    if (grads != "(no exception)") {
      EXPECT_NE(grads.find("larger than float64 can hold"), std::string::npos) << grads;
      EXPECT_FALSE(dx_expected.allFinite()) << "reported past float64, but the gradient is " << dx_expected;
      ++beyond;
    }

    const LayerNormJacobian J0 = layernorm_jacobian(row.x0.row(0).transpose(), gamma0, row.eps0);
    const Mat J_expected = J0.J_y_x.unaryExpr([&](double v) { return ldexp_of(v, j - row.k); });
    const std::string jac = test::thrown_message([&] {
      const LayerNormJacobian J = layernorm_jacobian(row.x.row(0).transpose(), gamma, row.eps);
      const double floor_J = ldexp_of(1e-13 * J0.J_y_x.cwiseAbs().maxCoeff(), j - row.k) + 1e-320;
      ASSERT_TRUE(all_close(J.J_y_x, J_expected, 1e-12, floor_J));
    });
    if (jac != "(no exception)") {
      EXPECT_NE(jac.find("larger than float64 can hold"), std::string::npos) << jac;
      bool past = false;  // the kernel returns J and its three terms: one of them past float64
      for (const Mat* term : {&J0.J_y_x, &J0.diagonal, &J0.mean_removal, &J0.variance_removal}) {
        past = past || !Mat(term->unaryExpr([&](double v) { return ldexp_of(v, j - row.k); })).allFinite();
      }
      EXPECT_TRUE(past) << "reported past float64, but the Jacobian is " << J_expected;
      ++beyond;
    }
    ++checked;
  }
  std::cout << "LayerNorm range fuzz: " << checked << " rows checked, " << beyond << " results past float64 reported, "
            << degenerate << " 0/0 rows\n";
  EXPECT_GT(checked, 3000);
  EXPECT_GT(beyond, 50);  // the fuzz reaches past float64, so the reporting is exercised
}

TEST(LayerNormRange, RowsOfDifferentSizesInOneCall) {  // each row gets its own unit; dγ sums them
  Mat x(3, 3);
  x << 1e-300, 2e-300, 4e-300, 1, 2, 4, 1e200, 2e200, 4e200;
  LayerNormCache cache;
  const Mat y = forward(x, Vec::Ones(3), Vec::Zero(3), 0, cache);
  for (Eigen::Index r = 1; r < 3; ++r) EXPECT_TRUE(all_close(Mat(y.row(r)), Mat(y.row(0)), 1e-14, 0)) << r;
  EXPECT_EQ(cache.unit(1), 1.0);
  const Mat dy = RowVec(vec({1, 0, 0}).transpose()).replicate(3, 1);
  const LayerNormGrads g = backward(dy, Vec::Ones(3), cache);
  // dx scales as 1/size: row 0 (size 1e-300) and row 2 (1e200) are row 1's, rescaled
  const double atol = 1e-14 * g.dx.row(1).cwiseAbs().maxCoeff();
  EXPECT_TRUE(all_close(Mat(g.dx.row(0) * 1e-300), Mat(g.dx.row(1)), 1e-14, atol));
  EXPECT_TRUE(all_close(Mat(g.dx.row(2) * 1e200), Mat(g.dx.row(1)), 1e-14, atol));
  EXPECT_TRUE(all_close(g.dgamma, Vec(3 * (dy.row(1).array() * y.row(1).array()).transpose()), 1e-15, 1e-15));
}

}  // namespace
}  // namespace tk
