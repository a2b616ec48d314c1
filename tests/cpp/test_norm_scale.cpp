// The LayerNorm Jacobian's scale (norm_scale.hpp): the answer key's numbers (exercises 7, 10, 11, 16),
// closed forms, the cap as σ → 0, the chain and the bound against products taken one factor at a time,
// the log–log slope against finite differences, and the reader-facing message of every bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "check.hpp"
#include "layernorm.hpp"
#include "norm_scale.hpp"

namespace tk {
namespace {

using test::all_close;
using test::Draw;
using test::thrown_message;
using test::vec;

constexpr double kInf = std::numeric_limits<double>::infinity();

// The definition, written out: γ / √(σ² + ε).
double closed_form(double sigma, double eps, double gamma) { return gamma / std::sqrt(sigma * sigma + eps); }

// ---- The answer key's numbers ----

TEST(NormScaleAnswerKey, Exercise7CapAtSigmaZero) {  // x = [5, 5, 5, 5]: σ = 0, ε = 1e-5, γ = 1 → γ/√ε
  const NormScalePoint p = norm_scale_point(0, 1e-5, 1);
  EXPECT_EQ(p.scale, 1 / std::sqrt(1e-5));
  EXPECT_EQ(p.cap, p.scale);
  EXPECT_NEAR(p.cap, 316.22776601683796, 1e-12);
  EXPECT_EQ(p.scale_no_eps, kInf);
  EXPECT_EQ(p.slope, 0.0);
  EXPECT_FALSE(std::signbit(p.slope));  // 0, not −0
  EXPECT_EQ(p.eps_effect, 1.0);
  EXPECT_NE(p.note.find("cap"), std::string::npos) << p.note;
}

TEST(NormScaleAnswerKey, Exercise10ChainOfFourScales) {  // σ² = [0.25, 1, 4, 9], γ = 1, ε = 0 → 2·1·½·⅓ = ⅓
  const NormScaleDepth d = norm_scale_depth(sigma_from_variances(vec({0.25, 1, 4, 9})), 0, 1, 0);
  EXPECT_TRUE(all_close(d.scale, vec({2, 1, 0.5, 1.0 / 3}), 1e-15, 0));
  EXPECT_TRUE(all_close(d.chain, vec({2, 2, 1, 1.0 / 3}), 1e-15, 0));
  EXPECT_NEAR(d.chain_log10(3), std::log10(1.0 / 3), 1e-15);
}

TEST(NormScaleAnswerKey, Exercise11ShallowOverDeepIsSix) {  // σ² = 0.25 (shallow) and 9 (deep): 2 and ⅓
  const NormScaleDepth d = norm_scale_depth(sigma_from_variances(vec({0.25, 9})), 0, 1, 0);
  EXPECT_EQ(d.scale(0), 2.0);
  EXPECT_NEAR(d.scale(1), 1.0 / 3, 1e-16);
  EXPECT_NEAR(d.first_over_last, 6.0, 1e-14);
  EXPECT_NEAR(d.first_over_last_log10, std::log10(6.0), 1e-15);
}

TEST(NormScaleAnswerKey, Exercise16BoundAtFortyEight) {  // (1 + 0.02)^48 ≈ 2.587
  const NormScaleDepth d = norm_scale_depth(Vec::Ones(48), 1e-5, 1, 0.02);
  EXPECT_NEAR(d.bound(47), 2.587, 5e-4);
  EXPECT_NEAR(d.bound(47), std::pow(1.02, 48), 1e-14);
  EXPECT_NEAR(d.bound_log10(47), 48 * std::log10(1.02), 1e-14);
}

// ---- Closed forms and limits ----

TEST(NormScale, MatchesTheClosedFormOverAGrid) {
  for (double sigma : {1e-6, 1e-3, 0.1, 0.5, 1.0, 1.04, 3.59, 50.0, 1e4}) {
    for (double eps : {0.0, 1e-12, 1e-5, 0.1, 1.0}) {
      for (double gamma : {0.5, 1.0, 3.0}) {
        const NormScalePoint p = norm_scale_point(sigma, eps, gamma);
        const double want = closed_form(sigma, eps, gamma);
        EXPECT_EQ(p.scale, want) << "σ " << sigma << " ε " << eps << " γ " << gamma;
        EXPECT_NEAR(p.scale_no_eps, gamma / sigma, 1e-16 * gamma / sigma);
        if (eps > 0) {
          EXPECT_NEAR(p.cap, gamma / std::sqrt(eps), 1e-16 * p.cap);
          EXPECT_LE(p.scale, p.cap) << "and never past the cap";
        }
        EXPECT_EQ(p.knee, std::sqrt(eps));
        EXPECT_LE(p.scale, p.scale_no_eps) << "ε only ever lowers the scale";
      }
    }
  }
}

TEST(NormScale, AgreesWithTheLayerNormJacobiansPrefactor) {
  // x = [−1, 1]·σ has population sd σ; the Jacobian's diagonal term is exactly γ/√(σ² + ε) on the diagonal
  for (double sigma : {0.01, 0.7, 2.0}) {
    const LayerNormJacobian jac = layernorm_jacobian(vec({-sigma, sigma}), vec({1.5, 1.5}), 1e-5);
    EXPECT_NEAR(norm_scale_point(sigma, 1e-5, 1.5).scale, jac.diagonal(0, 0), 2e-16 * jac.diagonal(0, 0));
  }
}

TEST(NormScale, CapIsTheLimitAsSigmaShrinks) {
  const double eps = 1e-5, gamma = 2, cap = gamma / std::sqrt(eps);
  double previous = 0;
  for (double sigma = 1; sigma > 1e-12; sigma /= 10) {
    const NormScalePoint p = norm_scale_point(sigma, eps, gamma);
    EXPECT_GE(p.scale, previous) << "the scale grows as σ shrinks";
    EXPECT_LE(p.scale, cap);
    // cap − s = cap·(1 − (1 + σ²/ε)^(−½)) ≤ cap·σ²/(2ε)
    EXPECT_LE(cap - p.scale, cap * sigma * sigma / (2 * eps) * (1 + 1e-12) + 1e-13 * cap) << "σ " << sigma;
    previous = p.scale;
  }
  EXPECT_NEAR(norm_scale_point(1e-9, eps, gamma).scale, cap, 1e-12 * cap);
}

TEST(NormScale, WithoutEpsTheScaleIsGammaOverSigmaAndUncapped) {
  const NormScalePoint p = norm_scale_point(0.25, 0, 1);
  EXPECT_EQ(p.scale, 4.0);
  EXPECT_EQ(p.scale_no_eps, 4.0);
  EXPECT_EQ(p.cap, kInf);
  EXPECT_EQ(p.slope, -1.0);
  EXPECT_EQ(p.eps_effect, 0.0);
  EXPECT_NE(p.note.find("no cap"), std::string::npos) << p.note;
}

TEST(NormScale, SigmaAndEpsBothZeroIsInfiniteWithAReason) {
  const NormScalePoint p = norm_scale_point(0, 0, 1);
  EXPECT_EQ(p.scale, kInf);
  EXPECT_EQ(p.cap, kInf);
  EXPECT_EQ(p.slope, -1.0);
  EXPECT_EQ(p.eps_effect, 0.0);
  EXPECT_NE(p.note.find("infinite"), std::string::npos) << p.note;
  EXPECT_EQ(norm_scale_point(1, 1e-5, 1).note, "") << "finite values need no note";
}

TEST(NormScale, ValuesBesideTheScaleThatOverflowAreExplained) {
  const NormScalePoint p = norm_scale_point(1e-310, 1e-5, 1);  // γ/σ overflows; the capped scale does not
  EXPECT_NEAR(p.scale, 1 / std::sqrt(1e-5), 1e-12);
  EXPECT_EQ(p.scale_no_eps, kInf);
  EXPECT_NE(p.note.find("γ/σ, the scale without ε, is beyond float64"), std::string::npos) << p.note;
  const NormScalePoint q = norm_scale_point(1, 1e-320, 1e200);  // γ/√ε overflows; the scale is 1e200
  EXPECT_NEAR(q.scale, 1e200, 1e186);
  EXPECT_EQ(q.cap, kInf);
  EXPECT_NE(q.note.find("the cap γ/√ε is beyond float64"), std::string::npos) << q.note;
}

TEST(NormScale, LargeSigmaStaysInRange) {
  const NormScalePoint p = norm_scale_point(1e150, 1, 1);
  EXPECT_NEAR(p.scale, 1e-150, 1e-165);
  EXPECT_EQ(p.slope, -1.0);
}

// ---- The log–log slope: d ln s / d ln σ = −σ²/(σ² + ε) against central differences in ln σ ----

TEST(NormScale, SlopeMatchesFiniteDifferences) {
  const double h = 1e-5;  // in ln σ
  for (double eps : {0.0, 1e-5, 0.3}) {
    for (double sigma : {1e-4, 1e-3, std::sqrt(1e-5), 0.01, 0.5, 2.0, 80.0}) {
      const auto ln_s = [&](double u) { return std::log(norm_scale_point(std::exp(u), eps, 1.7).scale); };
      const double u = std::log(sigma);
      const double fd = (ln_s(u + h) - ln_s(u - h)) / (2 * h);
      const double slope = norm_scale_point(sigma, eps, 1.7).slope;
      EXPECT_NEAR(slope, fd, 1e-9) << "σ " << sigma << " ε " << eps;
    }
  }
  EXPECT_EQ(norm_scale_point(std::sqrt(0.25), 0.25, 1).slope, -0.5) << "−½ exactly at the knee σ = √ε";
}

TEST(NormScale, EpsEffectIsOneMinusTheRatioOfScales) {
  for (double sigma : {0.001, 0.01, 0.3, 1.0, 3.59}) {
    for (double eps : {1e-5, 1e-2, 1.0}) {
      const NormScalePoint p = norm_scale_point(sigma, eps, 1);
      EXPECT_NEAR(p.eps_effect, 1 - p.scale / p.scale_no_eps, 1e-13) << "σ " << sigma << " ε " << eps;
    }
  }
  // for ε ≪ σ², 1 − (1 + r)^(−½) ≈ r/2: kept to full precision where 1 − ratio would round to 0
  EXPECT_NEAR(norm_scale_point(1, 1e-20, 1).eps_effect, 5e-21, 1e-33);
  const double r = 1e-5 / (1.04 * 1.04);  // the series 1 − (1 + r)^(−½) = r/2 − 3r²/8 + 5r³/16 − …
  EXPECT_NEAR(norm_scale_point(1.04, 1e-5, 1).eps_effect, r / 2 - 3 * r * r / 8 + 5 * r * r * r / 16, 1e-19);
}

// ---- The curve the instrument draws ----

TEST(NormScaleCurve, SpansTheAxisWithTheReadersPointInOrder) {
  const NormScaleCurve c = norm_scale_curve(0.0123, 1e-5, 2);
  ASSERT_EQ(c.sigma.size(), kSigmaAxisPoints + 1);
  EXPECT_NEAR(c.sigma(0), kSigmaAxisMin, 1e-19);
  EXPECT_NEAR(c.sigma(c.sigma.size() - 1), kSigmaAxisMax, 1e-13);
  ASSERT_GE(c.reader, 0);
  EXPECT_EQ(c.sigma(c.reader), 0.0123);
  for (Eigen::Index j = 1; j < c.sigma.size(); ++j) EXPECT_LT(c.sigma(j - 1), c.sigma(j)) << j;
  for (Eigen::Index j = 0; j < c.sigma.size(); ++j) {
    EXPECT_EQ(c.scale(j), closed_form(c.sigma(j), 1e-5, 2));
    EXPECT_NEAR(c.scale_no_eps(j), 2 / c.sigma(j), 1e-16 * c.scale_no_eps(j));
  }
  // 20 points per decade: σ = 1 is a grid point, so nothing is inserted
  const NormScaleCurve on_grid = norm_scale_curve(1, 1e-5, 1);
  EXPECT_EQ(on_grid.sigma.size(), kSigmaAxisPoints);
  EXPECT_EQ(on_grid.sigma(on_grid.reader), 1.0);
}

TEST(NormScaleCurve, ReaderOffTheAxis) {
  for (double sigma : {0.0, 5e-5, 1e3}) {
    const NormScaleCurve c = norm_scale_curve(sigma, 1e-5, 1);
    EXPECT_EQ(c.reader, -1) << "σ " << sigma;
    EXPECT_EQ(c.sigma.size(), kSigmaAxisPoints);
  }
}

// ---- Along depth ----

TEST(NormScaleDepth, ChainAndBoundAreTheProductsTakenOneFactorAtATime) {
  Draw draw(13);
  const Eigen::Index n = 37;
  const Vec sigma = draw.vector(n, 0.05, 4);
  const double eps = 1e-3, gamma = 1.3, delta = 0.07;
  const NormScaleDepth d = norm_scale_depth(sigma, eps, gamma, delta);
  Vec chain(n), bound(n);
  double c = 1, b = 1;
  for (Eigen::Index k = 0; k < n; ++k) {
    c *= closed_form(sigma(k), eps, gamma);  // the same factors, so the products agree to rounding
    b *= 1 + delta;
    chain(k) = c;
    bound(k) = b;
  }
  EXPECT_TRUE(all_close(d.sigma, sigma, 0, 0));
  EXPECT_TRUE(all_close(d.chain, chain, 1e-13, 0));
  EXPECT_TRUE(all_close(d.bound, bound, 1e-13, 0));
  EXPECT_TRUE(all_close(d.chain_log10, Vec(chain.array().log10()), 1e-13, 1e-13));
  EXPECT_TRUE(all_close(d.bound_log10, Vec(bound.array().log10()), 1e-13, 1e-13));
  EXPECT_NEAR(d.first_over_last, closed_form(sigma(0), eps, gamma) / closed_form(sigma(n - 1), eps, gamma), 1e-13);
}

TEST(NormScaleDepth, LongChainsLeaveFloat64ButTheirLogDoesNot) {
  const NormScaleDepth d = norm_scale_depth(Vec::Constant(kMaxStripDepth, 10), 0, 1, 2);
  EXPECT_EQ(d.chain(kMaxStripDepth - 1), 0.0);  // 10^−1000 underflows
  EXPECT_NEAR(d.chain_log10(kMaxStripDepth - 1), -1000, 1e-11);
  EXPECT_EQ(d.bound(kMaxStripDepth - 1), kInf);  // 3^1000 ≈ 10^477 overflows
  EXPECT_NEAR(d.bound_log10(kMaxStripDepth - 1), 1000 * std::log10(3.0), 1e-11);
}

TEST(NormScaleDepth, SigmaProfileIsAPowerOfDepth) {
  const Vec s = sigma_profile(1, 0.5, 6);
  for (int i = 1; i <= 6; ++i) EXPECT_NEAR(s(i - 1), std::sqrt(double(i)), 1e-15);
  const Vec t = sigma_profile(1.04, 0.272, 96);
  EXPECT_NEAR(t(95), 1.04 * std::pow(96.0, 0.272), 1e-14);
  EXPECT_TRUE(all_close(sigma_profile(0, 2, 5), Vec::Zero(5), 0, 0));
}

// ---- Bad input: the message the reader reads beside the field ----

TEST(NormScaleBadInput, MessagesNameTheField) {
  const auto point = [](double s, double e, double g) { return thrown_message([&] { norm_scale_point(s, e, g); }); };
  EXPECT_EQ(point(-1, 1e-5, 1), "σ must be 0 or more (it is a standard deviation)");
  EXPECT_EQ(point(NAN, 1e-5, 1), "σ must be a finite number");
  EXPECT_EQ(point(kInf, 1e-5, 1), "σ must be a finite number");
  EXPECT_EQ(point(1, -1, 1), "ε must be 0 or more (it is added under a square root)");
  EXPECT_EQ(point(1, NAN, 1), "ε must be a finite number");
  EXPECT_EQ(point(1, 1e-5, 0),
            "γ must be more than 0 here: the scale is drawn on log axes (a negative γ only flips the Jacobian's sign)");
  EXPECT_EQ(point(1, 1e-5, kInf), "γ must be a finite number");
  EXPECT_EQ(point(1e-310, 0, 1),
            "sigma is out of float64's reach here: σ², ε and the scale γ/√(σ² + ε) must stay between about 1e-308 and "
            "1.8e308");
  EXPECT_EQ(point(1e160, 1e-5, 1),  // σ² overflows: reported, not shown as a scale of 0
            "sigma is out of float64's reach here: σ², ε and the scale γ/√(σ² + ε) must stay between about 1e-308 and "
            "1.8e308");
  // the LayerNorm instrument says the same about the same ε
  EXPECT_EQ(point(1, -1, 1), thrown_message([] { layernorm_steps(vec({1, 2}), Vec::Ones(2), Vec::Zero(2), -1); }));
}

TEST(NormScaleBadInput, DepthMessages) {
  const auto depth = [](const Vec& s, double e, double g, double d) {
    return thrown_message([&] { norm_scale_depth(s, e, g, d); });
  };
  EXPECT_EQ(depth(vec({1, 2, -3}), 0, 1, 0), "block 3: σ must be 0 or more (it is a standard deviation)");
  EXPECT_EQ(depth(vec({1, 0}), 0, 1, 0),
            "block 2 has σ = 0 and ε = 0: its scale γ/√(σ² + ε) is infinite, and so is the chain. Any ε > 0 caps it at "
            "γ/√ε.");
  EXPECT_EQ(depth(vec({1}), 0, 1, -0.1), "δ must be 0 or more (it bounds a norm)");
  EXPECT_EQ(depth(Vec::Ones(10000), 0, 1, 0),
            "the list must be from 1 to 1000 blocks (the article's deepest stack has 96)");
  EXPECT_EQ(thrown_message([] { sigma_profile(1, 0.5, 10000); }),
            "L must be from 1 to 1000 blocks (the article's deepest stack has 96)");
  EXPECT_EQ(thrown_message([] { sigma_profile(1, NAN, 4); }), "p must be a finite number");
  EXPECT_EQ(thrown_message([] { sigma_profile(1, 400, 10); }),
            "p is too large: σ·i^p leaves float64's range at block 6");
  EXPECT_EQ(thrown_message([] {
              sigma_from_variances(vec({1, -4}));
            }),
            "block 2: the variance must be 0 or more (it is a mean of squares)");
  EXPECT_EQ(thrown_message([] { norm_scale_curve(1, 1e-5, 1e306); }),
            "gamma is out of float64's reach here: σ², ε and the scale γ/√(σ² + ε) must stay between about 1e-308 and "
            "1.8e308");
}

}  // namespace
}  // namespace tk
