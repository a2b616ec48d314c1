// LayerNorm: answer-key values, finite differences for backward and Jacobian, exact invariants.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <limits>
#include <tuple>

#include "check.hpp"
#include "layernorm.hpp"
#include "layernorm_test.hpp"

namespace tk {
namespace {

using test::all_close;
using test::Draw;
using test::vec;
using namespace layernorm_test;

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
                         ::testing::Values(Case{2, 0.0, true}, Case{4, 0.0, true}, Case{4, 1e-5, false},
                                           Case{7, 0.5, true}, Case{16, 0.0, false}, Case{16, 1e-5, true}),
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
  EXPECT_EQ(message([&] {
              layernorm_steps(vec({1, NAN}), Vec::Ones(2), Vec::Zero(2), 0);
            }),
            "x must contain only finite numbers");
  EXPECT_EQ(message([&] { layernorm_steps(Vec(0), Vec(0), Vec(0), 0); }),
            "LayerNorm needs at least one feature (d >= 1)");
}

TEST(LayerNormBadInput, ReportsWhatFloat64CannotHold) {
  auto message = [](auto&& call) { return test::thrown_message(call); };
  // y = 1.5e308 · 1.2247 is past 1.8e308
  EXPECT_EQ(message([&] {
              layernorm_steps(vec({1, 2, 3}), Vec::Constant(3, 1.5e308), Vec::Zero(3), 0);
            }),
            "gamma and beta make the output larger than float64 can hold (about 1.8e308): y = γ·ẑ + β overflows");
  // γ/σ = 1 / 4e-318 is past 1.8e308
  EXPECT_NE(message([&] {
              layernorm_jacobian(vec({5e-324, 1e-317}), Vec::Ones(2), 0);
            }).find("the Jacobian's entries are larger than float64 can hold"),
            std::string::npos);
  LayerNormCache cache;
  forward(vec({1e-300, 2e-300, 4e-300}).transpose(), Vec::Ones(3), Vec::Zero(3), 0, cache);
  // dx ≈ dy / σ ≈ 1e300 / 1e-300
  EXPECT_NE(message([&] {
              backward(Mat(vec({1e300, 0, -1e300}).transpose()), Vec::Ones(3), cache);
            }).find("the gradients are larger than float64 can hold"),
            std::string::npos);
  EXPECT_EQ(message([&] { backward(Mat::Constant(1, 3, NAN), Vec::Ones(3), cache); }),
            "dy must contain only finite numbers");
  forward(vec({5, 5}).transpose(), Vec::Ones(2), Vec::Zero(2), 0, cache);
  EXPECT_EQ(message([&] { backward(Mat::Ones(1, 2), Vec::Ones(2), cache); }),
            "the gradient does not exist where all entries of a row are equal and ε = 0 (σ² + ε = 0)");
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
  EXPECT_EQ(message([&] {
              layernorm_backward(Mat(vec({0.5, NAN, 1}).transpose()), p, cache, grads);
            }),
            "dy must contain only finite numbers");
  EXPECT_EQ(message([&] {
              layernorm_backward(Mat(vec({1e307, -1e307, 0}).transpose()), p, cache, grads);
            }),
            "the gradients are larger than float64 can hold (about 1.8e308): dy or gamma is too large for this x");
  // the Jacobian: γ/σ beyond float64, and a width whose d × d matrices would not fit
  EXPECT_NE(message([&] {
              layernorm_jacobian(vec({0, 1e-150}), Vec::Constant(2, 1e300), 0);
            }).find("γ/√(σ² + ε) overflows"),
            std::string::npos);
  EXPECT_EQ(message([&] {
              layernorm_jacobian(Vec::LinSpaced(kMaxJacobianWidth + 1, 0, 1), Vec::Ones(kMaxJacobianWidth + 1), 0);
            }),
            "the Jacobian of 1025 features has 1025 × 1025 entries: at most 1024 features here");
  // the documented case still gives its NaN, and no message
  EXPECT_TRUE(layernorm_steps(vec({5, 5}), Vec::Ones(2), Vec::Zero(2), 0).y.array().isNaN().all());
}

}  // namespace
}  // namespace tk
