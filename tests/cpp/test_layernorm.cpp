// LayerNorm: answer-key values, finite differences for backward and Jacobian, exact invariants.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <limits>
#include <tuple>

#include "check.hpp"
#include "layernorm.hpp"

namespace tk {
namespace {

using test::all_close;
using test::Draw;

Vec vec(std::initializer_list<double> values) {
  Vec v(values.size());
  Eigen::Index i = 0;
  for (double x : values) v(i++) = x;
  return v;
}

// ---- The answer key's worked examples (exercises 4, 6, 7, 13) ----

TEST(LayerNormAnswerKey, TwoFourFourSixWithZeroEps) {
  const LayerNormSteps s = layernorm_steps(vec({2, 4, 4, 6}), Vec::Ones(4), Vec::Zero(4), 0.0);
  EXPECT_EQ(s.mean, 4.0);
  EXPECT_TRUE(all_close(s.deviations, vec({-2, 0, 0, 2}), 0, 0));
  EXPECT_TRUE(all_close(s.squares, vec({4, 0, 0, 4}), 0, 0));
  EXPECT_EQ(s.variance, 2.0);
  EXPECT_EQ(s.sigma, std::sqrt(2.0));
  EXPECT_TRUE(all_close(s.y, vec({-std::sqrt(2.0), 0, 0, std::sqrt(2.0)}), 1e-15, 0));
}

TEST(LayerNormAnswerKey, ResidualSumThenNormalise) {  // exercise 6: LN([1,3] + [0.5,-1]) = [-1, 1]
  const LayerNormSteps s = layernorm_steps(vec({1.5, 2}), Vec::Ones(2), Vec::Zero(2), 0.0);
  EXPECT_EQ(s.mean, 1.75);
  EXPECT_EQ(s.variance, 0.0625);
  EXPECT_EQ(s.sigma, 0.25);
  EXPECT_TRUE(all_close(s.y, vec({-1, 1}), 0, 0));
}

TEST(LayerNormAnswerKey, ConstantInputWithZeroEpsIsZeroOverZero) {
  const LayerNormSteps s = layernorm_steps(vec({5, 5, 5, 5}), Vec::Ones(4), Vec::Zero(4), 0.0);
  EXPECT_EQ(s.variance, 0.0);
  EXPECT_EQ(s.sigma, 0.0);
  for (Eigen::Index i = 0; i < 4; ++i) EXPECT_TRUE(std::isnan(s.y(i))) << "entry " << i;
}

TEST(LayerNormAnswerKey, ConstantInputWithEpsGivesZeros) {
  const LayerNormSteps s = layernorm_steps(vec({5, 5, 5, 5}), Vec::Ones(4), Vec::Zero(4), 1e-5);
  EXPECT_EQ(s.sigma, std::sqrt(1e-5));
  EXPECT_TRUE(all_close(s.y, Vec::Zero(4), 0, 0));
}

TEST(LayerNormAnswerKey, GradientScaleCappedAtGammaOverRootEps) {  // exercise 7 (iii)
  const LayerNormJacobian jac = layernorm_jacobian(vec({5, 5, 5, 5}), Vec::Constant(4, 2.0), 1e-5);
  EXPECT_NEAR(jac.diagonal(0, 0), 2.0 / std::sqrt(1e-5), 1e-9);
}

// ---- Finite differences and invariants over sizes, eps and gamma ----

struct Case {
  int d;
  double eps;
  bool constant_gamma;
};
void PrintTo(const Case& c, std::ostream* os) {
  *os << "d=" << c.d << " eps=" << c.eps << (c.constant_gamma ? " constant gamma" : " varying gamma");
}

class LayerNormProperties : public ::testing::TestWithParam<Case> {
 protected:
  void SetUp() override {
    const Case c = GetParam();
    Draw draw(1000 + c.d);
    x = draw.matrix(3, c.d, -2, 3);
    gamma = c.constant_gamma ? Vec::Constant(c.d, 1.7) : draw.vector(c.d, 0.5, 2.0);
    beta = draw.vector(c.d);
    dy = draw.matrix(3, c.d);
  }
  Mat x, dy;
  Vec gamma, beta;
};

TEST_P(LayerNormProperties, BackwardMatchesFiniteDifferences) {
  const double eps = GetParam().eps;
  LayerNormCache cache;
  layernorm_forward(x, LayerNormParams{gamma, beta}, eps, cache);
  LayerNormGrads grads;
  layernorm_backward(dy, LayerNormParams{gamma, beta}, cache, grads);

  // loss = Σ dy ⊙ y, so its gradient is exactly what backward(dy) returns
  auto loss = [&](const Mat& x_, const Vec& g_, const Vec& b_) {
    LayerNormCache c;
    return (layernorm_forward(x_, LayerNormParams{g_, b_}, eps, c).array() * dy.array()).sum();
  };
  const Mat dx_num = test::numeric_gradient([&](const Mat& p) { return loss(p, gamma, beta); }, x);
  const Mat dgamma_num = test::numeric_gradient([&](const Mat& p) { return loss(x, p.col(0), beta); }, Mat(gamma));
  const Mat dbeta_num = test::numeric_gradient([&](const Mat& p) { return loss(x, gamma, p.col(0)); }, Mat(beta));
  EXPECT_TRUE(all_close(grads.dx, dx_num, 1e-6, 1e-8));
  EXPECT_TRUE(all_close(Mat(grads.dgamma), dgamma_num, 1e-6, 1e-8));
  EXPECT_TRUE(all_close(Mat(grads.dbeta), dbeta_num, 1e-6, 1e-8));
}

TEST_P(LayerNormProperties, JacobianMatchesFiniteDifferences) {
  const double eps = GetParam().eps;
  const Vec row = x.row(0).transpose();
  const LayerNormJacobian jac = layernorm_jacobian(row, gamma, eps);
  Mat numeric(row.size(), row.size());
  for (Eigen::Index a = 0; a < row.size(); ++a) {
    auto y_a = [&](const Mat& p) {
      LayerNormCache c;
      return layernorm_forward(p.transpose(), LayerNormParams{gamma, beta}, eps, c)(0, a);
    };
    numeric.row(a) = test::numeric_gradient(y_a, Mat(row)).transpose();
  }
  EXPECT_TRUE(all_close(jac.J_y_x, numeric, 1e-6, 1e-8));
  EXPECT_TRUE(all_close(jac.J_y_x, jac.diagonal + jac.mean_removal + jac.variance_removal, 1e-15, 1e-15));
}

TEST_P(LayerNormProperties, RowsOfJacobianSumToZero) {  // J·1 = 0: shifting every input moves nothing
  const Vec row = x.row(1).transpose();
  const LayerNormJacobian jac = layernorm_jacobian(row, gamma, GetParam().eps);
  const double scale = jac.J_y_x.cwiseAbs().maxCoeff();
  EXPECT_TRUE(all_close(Vec(jac.J_y_x * Vec::Ones(row.size())), Vec::Zero(row.size()), 0, 1e-14 * scale));
}

TEST_P(LayerNormProperties, JacobianSymmetricWhenGammaConstant) {
  const Vec constant_gamma = Vec::Constant(GetParam().d, 1.7);
  const LayerNormJacobian jac = layernorm_jacobian(x.row(2).transpose(), constant_gamma, GetParam().eps);
  EXPECT_TRUE(all_close(jac.J_y_x, Mat(jac.J_y_x.transpose()), 1e-14, 1e-14));
}

TEST_P(LayerNormProperties, BackwardIsJacobianTransposeTimesDy) {
  const double eps = GetParam().eps;
  LayerNormCache cache;
  layernorm_forward(x, LayerNormParams{gamma, beta}, eps, cache);
  LayerNormGrads grads;
  layernorm_backward(dy, LayerNormParams{gamma, beta}, cache, grads);
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    const LayerNormJacobian jac = layernorm_jacobian(x.row(r).transpose(), gamma, eps);
    const Vec expected = jac.J_y_x.transpose() * dy.row(r).transpose();
    EXPECT_TRUE(all_close(Vec(grads.dx.row(r).transpose()), expected, 1e-12, 1e-13)) << "row " << r;
  }
}

TEST_P(LayerNormProperties, JacobianAnnihilatesZhatWhenEpsIsZero) {  // scaling the deviations moves nothing
  const Vec row = x.row(0).transpose();
  LayerNormCache cache;
  layernorm_forward(row.transpose(), LayerNormParams{gamma, beta}, 0.0, cache);
  const LayerNormJacobian jac = layernorm_jacobian(row, gamma, 0.0);  // gamma may vary: J·zhat = 0 still
  const Vec zhat = cache.zhat.row(0).transpose();
  EXPECT_TRUE(all_close(Vec(jac.J_y_x * zhat), Vec::Zero(row.size()), 0, 1e-13 * jac.J_y_x.cwiseAbs().maxCoeff()));
}

TEST_P(LayerNormProperties, JacobianKeepsSmallZhatComponentWhenEpsPositive) {
  // With eps > 0 and constant γ, J·zhat = (γ/sigma)·(eps/(var + eps))·zhat: small, but not zero.
  const double eps = 0.3;
  const Vec constant_gamma = Vec::Constant(GetParam().d, 1.7);
  const Vec row = x.row(0).transpose();
  LayerNormCache cache;
  layernorm_forward(row.transpose(), LayerNormParams{constant_gamma, beta}, eps, cache);
  const LayerNormJacobian jac = layernorm_jacobian(row, constant_gamma, eps);
  const Vec zhat = cache.zhat.row(0).transpose();
  const double var = cache.var(0);
  const Vec expected = (1.7 / jac.sigma) * (eps / (var + eps)) * zhat;
  EXPECT_TRUE(all_close(Vec(jac.J_y_x * zhat), expected, 1e-10, 1e-15));
}

INSTANTIATE_TEST_SUITE_P(Sizes, LayerNormProperties,
                         ::testing::Values(Case{2, 0.0, true}, Case{4, 0.0, true},
                                           Case{4, 1e-5, false}, Case{7, 0.5, true}, Case{16, 0.0, false},
                                           Case{16, 1e-5, true}),
                         [](const auto& info) {
                           return "d" + std::to_string(info.param.d) + (info.param.eps == 0 ? "_eps0" : "_eps") +
                                  (info.param.constant_gamma ? "_gammaconst" : "_gammavaries");
                         });

TEST(LayerNormOneFeature, OutputIsBetaAndJacobianZero) {
  const LayerNormSteps s = layernorm_steps(vec({3.5}), vec({2}), vec({0.25}), 1e-5);
  EXPECT_EQ(s.y(0), 0.25);
  EXPECT_EQ(layernorm_jacobian(vec({3.5}), vec({2}), 1e-5).J_y_x(0, 0), 0.0);
}

// ---- Bad arguments: a clear message, never a silent NaN ----

TEST(LayerNormBadInput, RejectsWithMessages) {
  const Vec x = vec({1, 2, 3});
  auto message = [](auto&& call) { return test::thrown_message(call); };
  EXPECT_EQ(message([&] { layernorm_steps(x, Vec::Ones(3), Vec::Zero(3), -1); }),
            "ε must be 0 or more (it is added under a square root)");
  EXPECT_EQ(message([&] { layernorm_steps(x, Vec::Ones(3), Vec::Zero(3), NAN); }), "ε must be a finite number");
  EXPECT_EQ(message([&] { layernorm_steps(x, Vec::Ones(2), Vec::Zero(3), 0); }),
            "gamma has 2 entries, x has 3: they must match");
  EXPECT_EQ(message([&] { layernorm_steps(x, Vec::Ones(3), Vec::Zero(4), 0); }),
            "beta has 4 entries, x has 3: they must match");
  EXPECT_EQ(message([&] { layernorm_steps(vec({1, NAN}), Vec::Ones(2), Vec::Zero(2), 0); }),
            "x must contain only finite numbers");
  EXPECT_EQ(message([&] { layernorm_steps(Vec(0), Vec(0), Vec(0), 0); }),
            "LayerNorm needs at least one feature (d >= 1)");
}

// The kernels with γ and β as vectors, and the backward's grads returned: shorter to read in the tests below.
Mat forward(const Mat& x, const Vec& gamma, const Vec& beta, double eps, LayerNormCache& cache) {
  return layernorm_forward(x, LayerNormParams{gamma, beta}, eps, cache);
}
LayerNormGrads backward(const Mat& dy, const Vec& gamma, const LayerNormCache& cache) {
  LayerNormGrads grads;
  layernorm_backward(dy, LayerNormParams{gamma, Vec::Zero(gamma.size())}, cache, grads);
  return grads;
}

TEST(LayerNormBadInput, ReportsWhatFloat64CannotHold) {
  auto message = [](auto&& call) { return test::thrown_message(call); };
  // y = 1.5e308 · 1.2247 is past 1.8e308
  EXPECT_EQ(message([&] { layernorm_steps(vec({1, 2, 3}), Vec::Constant(3, 1.5e308), Vec::Zero(3), 0); }),
            "gamma and beta make the output larger than float64 can hold (about 1.8e308): y = γ·ẑ + β overflows");
  // γ/σ = 1 / 4e-318 is past 1.8e308
  EXPECT_NE(message([&] { layernorm_jacobian(vec({5e-324, 1e-317}), Vec::Ones(2), 0); })
                .find("the Jacobian's entries are larger than float64 can hold"),
            std::string::npos);
  LayerNormCache cache;
  forward(vec({1e-300, 2e-300, 4e-300}).transpose(), Vec::Ones(3), Vec::Zero(3), 0, cache);
  // dx ≈ dy / σ ≈ 1e300 / 1e-300
  EXPECT_NE(message([&] { backward(Mat(vec({1e300, 0, -1e300}).transpose()), Vec::Ones(3), cache); })
                .find("the gradients are larger than float64 can hold"),
            std::string::npos);
  EXPECT_EQ(message([&] { backward(Mat::Constant(1, 3, NAN), Vec::Ones(3), cache); }),
            "dy must contain only finite numbers");
  forward(vec({5, 5}).transpose(), Vec::Ones(2), Vec::Zero(2), 0, cache);
  EXPECT_EQ(message([&] { backward(Mat::Ones(1, 2), Vec::Ones(2), cache); }),
            "the gradient does not exist where all entries of a row are equal and ε = 0 (σ² + ε = 0)");
}

// ---- Range: LN(x) with ε is LN(x/u) with ε/u², so tiny and huge entries give the same digits ----

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
    if (eps == 0) EXPECT_TRUE(same.y.array().isNaN().all());  // 0/0, as for [5, 5]
    else EXPECT_TRUE(all_close(same.y, vec({0.5, -2}), 0, 0));  // ẑ = 0/√ε: the output is β
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
  for (Eigen::Index a = 0; a < 3; ++a) EXPECT_NEAR(s.y(a) / 1e308, 1.6 * kOneTwoThreeLN(a) + beta(a) / 1e308, 1e-15) << a;
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
  Mat x, x0;       // (1, d) the row, and the row moved to size about 1: x = x0·2^k exactly
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
    SCOPED_TRACE(::testing::Message() << "trial " << trial << " k " << row.k << " j " << j << " m " << m
                                      << " eps " << row.eps << " x(0) " << row.x(0, 0));

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
  std::cout << "LayerNorm range fuzz: " << checked << " rows checked, " << beyond
            << " results past float64 reported, " << degenerate << " 0/0 rows\n";
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

// Every non-finite result other than the documented 0/0 row (sigma = 0) is refused with a message.
TEST(LayerNormBadInput, NoSilentInfinityOrNaN) {
  auto message = [](auto&& call) { return test::thrown_message(call); };
  // γ·ẑ + β beyond float64: ẑ = ±√(d − 1) at most, here 2 for d = 5
  const Vec x = vec({0, 0, 0, 0, 1});
  EXPECT_EQ(message([&] { layernorm_steps(x, Vec::Constant(5, 1e308), Vec::Zero(5), 0); }),
            "gamma and beta make the output larger than float64 can hold (about 1.8e308): y = γ·ẑ + β overflows");
  // entries that differ, but whose squared deviations underflow to 0: not the equal-entries 0/0, and not an
  // error either (LayerNorm is scale-invariant, so it is computed in the entries' own unit)
  EXPECT_TRUE(all_close(layernorm_steps(vec({0, 1e-200}), Vec::Ones(2), Vec::Zero(2), 0).y, vec({-1, 1}), 1e-15, 0));
  // the backward refuses a NaN dy rather than passing it through, and an overflowing gradient
  LayerNormCache cache;
  const LayerNormParams p{Vec::Ones(3), Vec::Zero(3)};
  layernorm_forward(Mat(vec({0, 1e-3, 2e-3}).transpose()), p, 0, cache);  // sigma ≈ 8e-4
  LayerNormGrads grads;
  EXPECT_EQ(message([&] { layernorm_backward(Mat(vec({0.5, NAN, 1}).transpose()), p, cache, grads); }),
            "dy must contain only finite numbers");
  EXPECT_EQ(message([&] { layernorm_backward(Mat(vec({1e307, -1e307, 0}).transpose()), p, cache, grads); }),
            "the gradients are larger than float64 can hold (about 1.8e308): dy or gamma is too large for this x");
  // the Jacobian: γ/σ beyond float64, and a width whose d × d matrices would not fit
  EXPECT_NE(message([&] { layernorm_jacobian(vec({0, 1e-150}), Vec::Constant(2, 1e300), 0); }).find("γ/√(σ² + ε) overflows"),
            std::string::npos);
  EXPECT_EQ(message([&] { layernorm_jacobian(Vec::LinSpaced(kMaxJacobianWidth + 1, 0, 1), Vec::Ones(kMaxJacobianWidth + 1), 0); }),
            "the Jacobian of 1025 features has 1025 × 1025 entries: at most 1024 features here");
  // the documented case still gives its NaN, and no message
  EXPECT_TRUE(layernorm_steps(vec({5, 5}), Vec::Ones(2), Vec::Zero(2), 0).y.array().isNaN().all());
}

}  // namespace
}  // namespace tk
