// RMSNorm: the exercise's values, PyTorch (LLaMA's RMSNorm, tests/reference/fixtures/rmsnorm.json), finite
// differences for the backward and the Jacobian, exact invariants, range and bad input.
#include <gtest/gtest.h>

#include <cmath>

#include "check.hpp"
#include "fixtures.hpp"
#include "rmsnorm.hpp"

namespace tk {
namespace {

using test::all_close;
using test::Draw;
using test::vec;

// Part 4's exercise: RMSNorm of [2, 4, 4, 6], ε = 0, g = 1: mean square 18, rms √18, y = x/√18. The mean (4) stays:
// y's entries keep their common offset, where LayerNorm's output [−√2, 0, 0, √2] has mean 0.
TEST(RMSNormExercise, TwoFourFourSix) {
  const RMSNormSteps s = rmsnorm_steps(vec({2, 4, 4, 6}), Vec::Ones(4), 0.0);
  EXPECT_TRUE(all_close(s.squares, vec({4, 16, 16, 36}), 0, 0));
  EXPECT_EQ(s.mean_square, 18.0);
  EXPECT_EQ(s.rms, std::sqrt(18.0));
  EXPECT_TRUE(all_close(s.y, vec({2, 4, 4, 6}) / std::sqrt(18.0), 1e-15, 0));
  EXPECT_NEAR(s.y.mean(), 4 / std::sqrt(18.0), 1e-15);
}

TEST(RMSNormExercise, AllZeroRowWithZeroEpsIsZeroOverZero) {
  const RMSNormSteps s = rmsnorm_steps(Vec::Zero(3), Vec::Ones(3), 0.0);
  EXPECT_EQ(s.rms, 0.0);
  for (Eigen::Index i = 0; i < 3; ++i) EXPECT_TRUE(std::isnan(s.y(i)));
  EXPECT_TRUE(all_close(rmsnorm_steps(Vec::Zero(3), Vec::Ones(3), 1e-6).y, Vec::Zero(3), 0, 0));
}

// PyTorch's own forward and backward (autograd through x * rsqrt(mean(x²) + ε) * g), to 1e-12.
TEST(RMSNormPyTorch, ForwardAndBackwardMatch) {
  const test::Json f = test::read_fixture("rmsnorm.json");
  for (const test::Json& c : f.at("cases")) {
    const Eigen::Index n = c.at("rows").get<int>(), d = c.at("d").get<int>();
    const auto as_mat = [&](const char* key) {
      const Vec v = test::hex_vector(c.at(key));
      return Mat(Eigen::Map<const Mat>(v.data(), n, d));
    };
    const RMSNormParams p{test::hex_vector(c.at("gain"))};
    RMSNormCache cache;
    const Mat y = rmsnorm_forward(as_mat("x"), p, c.at("eps").get<double>(), cache);
    RMSNormGrads grads;
    rmsnorm_backward(as_mat("dy"), p, cache, grads);
    const std::string what = "d=" + std::to_string(d) + " eps=" + std::to_string(c.at("eps").get<double>());
    EXPECT_TRUE(all_close(y, as_mat("y"), 1e-13, 1e-15)) << what;
    EXPECT_TRUE(all_close(grads.dx, as_mat("dx"), 1e-12, 1e-14)) << what;
    EXPECT_TRUE(all_close(grads.dgain, test::hex_vector(c.at("dgain")), 1e-12, 1e-14)) << what;
  }
}

struct Case {
  int d;
  double eps;
  bool constant_gain;
};
void PrintTo(const Case& c, std::ostream* os) { *os << "d=" << c.d << " eps=" << c.eps; }

class RMSNormProperties : public ::testing::TestWithParam<Case> {
 protected:
  void SetUp() override {
    const Case c = GetParam();
    Draw draw(2000 + c.d);
    x = draw.matrix(3, c.d, -2, 3);
    gain = c.constant_gain ? Vec::Constant(c.d, 1.7) : draw.vector(c.d, 0.5, 2.0);
    dy = draw.matrix(3, c.d);
  }
  Mat x, dy;
  Vec gain;
};

TEST_P(RMSNormProperties, BackwardMatchesFiniteDifferences) {
  const double eps = GetParam().eps;
  RMSNormCache cache;
  rmsnorm_forward(x, RMSNormParams{gain}, eps, cache);
  RMSNormGrads grads;
  rmsnorm_backward(dy, RMSNormParams{gain}, cache, grads);
  // loss = Σ dy ⊙ y, so its gradient is exactly what backward(dy) returns
  auto loss = [&](const Mat& x_, const Vec& g_) {
    RMSNormCache c;
    return (rmsnorm_forward(x_, RMSNormParams{g_}, eps, c).array() * dy.array()).sum();
  };
  const Mat dx_num = test::numeric_gradient([&](const Mat& p) { return loss(p, gain); }, x);
  const Mat dgain_num = test::numeric_gradient([&](const Mat& p) { return loss(x, p.col(0)); }, Mat(gain));
  EXPECT_TRUE(all_close(grads.dx, dx_num, 1e-6, 1e-8));
  EXPECT_TRUE(all_close(Mat(grads.dgain), dgain_num, 1e-6, 1e-8));
}

TEST_P(RMSNormProperties, JacobianMatchesFiniteDifferencesAndItsTerms) {
  const double eps = GetParam().eps;
  const Vec row = x.row(0).transpose();
  const RMSNormJacobian jac = rmsnorm_jacobian(row, gain, eps);
  Mat numeric(row.size(), row.size());
  for (Eigen::Index a = 0; a < row.size(); ++a) {
    auto y_a = [&](const Mat& p) {
      RMSNormCache c;
      return rmsnorm_forward(p.transpose(), RMSNormParams{gain}, eps, c)(0, a);
    };
    numeric.row(a) = test::numeric_gradient(y_a, Mat(row)).transpose();
  }
  EXPECT_TRUE(all_close(jac.J_y_x, numeric, 1e-6, 1e-8));
  EXPECT_TRUE(all_close(jac.J_y_x, jac.diagonal + jac.scale_removal, 1e-15, 1e-15));
}

TEST_P(RMSNormProperties, BackwardIsJacobianTransposeTimesDy) {
  const double eps = GetParam().eps;
  RMSNormCache cache;
  rmsnorm_forward(x, RMSNormParams{gain}, eps, cache);
  RMSNormGrads grads;
  rmsnorm_backward(dy, RMSNormParams{gain}, cache, grads);
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    const RMSNormJacobian jac = rmsnorm_jacobian(x.row(r).transpose(), gain, eps);
    const Vec expected = jac.J_y_x.transpose() * dy.row(r).transpose();
    EXPECT_TRUE(all_close(Vec(grads.dx.row(r).transpose()), expected, 1e-12, 1e-13)) << "row " << r;
  }
}

// ε = 0: scaling the row moves nothing (J·x = 0), and a common shift does move it (J·1 ≠ 0, unlike LayerNorm).
TEST_P(RMSNormProperties, JacobianAnnihilatesTheRowNotTheOnesWhenEpsIsZero) {
  const Vec row = x.row(1).transpose();
  const RMSNormJacobian jac = rmsnorm_jacobian(row, gain, 0.0);
  const double scale = jac.J_y_x.cwiseAbs().maxCoeff();
  EXPECT_TRUE(all_close(Vec(jac.J_y_x * row), Vec::Zero(row.size()), 0, 1e-13 * scale * row.cwiseAbs().maxCoeff()));
  if (row.size() > 1) {
    EXPECT_GT((jac.J_y_x * Vec::Ones(row.size())).norm(), 1e-3 * scale);
  }
}

// Constant g, ε = 0: d − 1 singular values equal to g/rms and one exact zero, along x.
TEST_P(RMSNormProperties, SingularValuesWithConstantGain) {
  const int d = GetParam().d;
  if (d < 2) GTEST_SKIP() << "one feature: the only direction is x itself";
  const RMSNormJacobian jac = rmsnorm_jacobian(x.row(2).transpose(), Vec::Constant(d, 1.7), 0.0);
  Eigen::JacobiSVD<Mat> svd(jac.J_y_x);
  const Vec s = svd.singularValues();
  for (int k = 0; k < d - 1; ++k) EXPECT_NEAR(s(k), 1.7 / jac.rms, 1e-12 * 1.7 / jac.rms) << "singular value " << k;
  EXPECT_NEAR(s(d - 1), 0.0, 1e-12 * 1.7 / jac.rms);
}

INSTANTIATE_TEST_SUITE_P(Sizes, RMSNormProperties,
                         ::testing::Values(Case{1, 1e-6, true}, Case{2, 0.0, true}, Case{4, 0.0, false},
                                           Case{4, 1e-6, false}, Case{7, 0.5, true}, Case{16, 1e-6, true}),
                         [](const auto& info) {
                           return "d" + std::to_string(info.param.d) + (info.param.eps == 0 ? "_eps0" : "_eps") +
                                  (info.param.constant_gain ? "_gainconst" : "_gainvaries");
                         });

// RMS(x) with ε equals RMS(x/u) with ε/u²: rows near float64's edges give the same x̂ as ordinary ones.
TEST(RMSNormRange, HugeAndTinyRowsNormaliseExactly) {
  const Vec row = vec({2, 4, 4, 6});
  const RMSNormSteps ordinary = rmsnorm_steps(row, Vec::Ones(4), 0.0);
  for (double u : {0x1p700, 0x1p-1000, 0x1p-1070}) {
    const RMSNormSteps s = rmsnorm_steps(row * u, Vec::Ones(4), 0.0);
    EXPECT_TRUE(all_close(s.xhat, ordinary.xhat, 1e-15, 0)) << "unit " << u;
    EXPECT_NE(s.unit, 1.0) << "unit " << u;
  }
  // a tiny row with ε = 1e-6: ε dominates, x̂ = x/√ε, no unit needed
  const RMSNormSteps tiny = rmsnorm_steps(row * 1e-300, Vec::Ones(4), 1e-6);
  EXPECT_TRUE(all_close(tiny.xhat, row * 1e-300 / std::sqrt(1e-6), 1e-12, 0));
}

TEST(RMSNormBadInput, RejectsWithMessages) {
  const Vec x = vec({1, 2, 3});
  using test::thrown_message;
  EXPECT_EQ(thrown_message([&] { rmsnorm_steps(x, Vec::Ones(3), -1); }),
            "ε must be 0 or more (it is added under a square root)");
  EXPECT_EQ(thrown_message([&] { rmsnorm_steps(x, Vec::Ones(3), NAN); }), "ε must be a finite number");
  EXPECT_EQ(thrown_message([&] { rmsnorm_steps(x, Vec::Ones(2), 0); }),
            "the gain g has 2 entries, x has 3: they must match");
  EXPECT_EQ(thrown_message([&] {
              rmsnorm_steps(vec({1, NAN, 2}), Vec::Ones(3), 0);
            }),
            "x must contain only finite numbers");
  EXPECT_EQ(thrown_message([&] {
              rmsnorm_steps(vec({1, 0, 0}), Vec::Constant(3, 1.5e308), 0);
            }),
            "the gain makes the output larger than float64 can hold (about 1.8e308): y = g ⊙ xhat overflows");
  RMSNormCache cache;
  rmsnorm_forward(Mat::Zero(1, 3), rmsnorm_init(3), 0.0, cache);
  RMSNormGrads grads;
  EXPECT_EQ(thrown_message([&] { rmsnorm_backward(Mat::Ones(1, 3), rmsnorm_init(3), cache, grads); }),
            "the gradient does not exist where a row is all zeros and ε = 0 (ms + ε = 0)");
}

}  // namespace
}  // namespace tk
