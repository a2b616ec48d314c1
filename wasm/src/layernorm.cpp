// LayerNorm kernels (see layernorm.hpp for the equations and shapes).
#include "layernorm.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tk {

namespace {

constexpr double kSmallestNormal = std::numeric_limits<double>::min();  // about 2.2e-308
// A variance (or σ² + ε) at least this large has lost nothing that matters to underflow: a square below
// kSmallestNormal loses at most 2^-1075, under one part in 2^52 of this (≈ 2e-292).
constexpr double kSmallestExactVariance = kSmallestNormal / std::numeric_limits<double>::epsilon();

void check_params(Eigen::Index d, const Vec& gamma, const Vec* beta, double eps) {
  require(d >= 1, "LayerNorm needs at least one feature (d >= 1)");
  require(std::isfinite(eps), "epsilon must be a finite number");
  require(eps >= 0, "epsilon must be >= 0 (it is added under a square root)");
  require(gamma.size() == d, "gamma has " + std::to_string(gamma.size()) + " entries, x has " +
                                 std::to_string(d) + ": they must match");
  require(gamma.allFinite(), "gamma must contain only finite numbers");
  if (beta) {
    require(beta->size() == d, "beta has " + std::to_string(beta->size()) + " entries, x has " +
                                   std::to_string(d) + ": they must match");
    require(beta->allFinite(), "beta must contain only finite numbers");
  }
}

// v · 2^e for every entry, exact unless the result itself leaves float64's range.
template <class M>
M times_power_of_two(const M& v, int e) {
  return v.unaryExpr([e](double a) { return std::ldexp(a, e); });
}

// A fast screen for NaN and ∞: one of them anywhere makes the sum non-finite. (A sum of finite entries
// that overflows also fails it, which only sends the caller to its careful path.) allFinite() costs
// several times as much, and the stack calls LayerNorm twice per block.
template <class M>
bool sum_is_finite(const M& m) {
  return std::isfinite(m.sum());
}

// The binary exponent of a positive size (v = m · 2^e with 1 ≤ m < 2); 0 for 0, so that scaling by it is a no-op.
int exponent_of(double size) { return size > 0 ? std::ilogb(size) : 0; }

// (LN-fwd) as written, for every row: mean, deviations, variance, sigma, zhat.
void plain_statistics(const Mat& x, double eps, LayerNormCache& cache) {
  cache.mean = x.rowwise().mean();
  cache.dev = x.colwise() - cache.mean;
  cache.var = cache.dev.array().square().rowwise().sum() / double(x.cols());
  cache.sigma = (cache.var.array() + eps).sqrt();
  // 0/0 stays NaN on purpose when sigma = 0 (all entries equal, eps = 0).
  cache.zhat = cache.dev.array().colwise() / cache.sigma.array();
}

// Whether the plain statistics of row r are exact to float64's precision: its variance is finite and
// what underflow may have taken from σ² + ε, or from deviations of subnormal entries, does not matter.
bool is_ordinary(const Mat& x, Eigen::Index r, double var, double eps) {
  if (!std::isfinite(var) || var + eps < kSmallestExactVariance) return false;
  return var >= kSmallestExactVariance || x.row(r).cwiseAbs().maxCoeff() >= kSmallestNormal;
}

// Row r again, in the unit u = the power of two at or below max(max|x|, √ε): LN(x) with ε is LN(x/u) with
// ε/u², and there every entry is at most 2 and ε/u² below 4, so nothing overflows, and the deviations
// (at least 2^-53 of the largest entry unless they are 0) square without underflow.
void statistics_in_unit(const Mat& x, Eigen::Index r, double eps, LayerNormCache& cache) {
  const double size = std::max(x.row(r).cwiseAbs().maxCoeff(), std::sqrt(eps));
  if (size == 0) return;  // x = 0 and ε = 0: the plain 0/0 is the answer
  const double u = std::ldexp(1.0, std::ilogb(size));
  LayerNormCache in_unit;
  plain_statistics(x.row(r) / u, eps / u / u, in_unit);
  cache.mean(r) = in_unit.mean(0) * u;
  if ((in_unit.dev.array() == 0).all()) {
    // all entries equal: ẑ = 0/√ε needs no unit (and ε/u² may have rounded to 0 where ε itself is not)
    cache.dev.row(r).setZero();
    cache.var(r) = 0;
    cache.sigma(r) = cache.sigma_in_unit(r) = std::sqrt(eps);
    cache.zhat.row(r) = cache.dev.row(r) / cache.sigma(r);
    return;
  }
  cache.dev.row(r) = in_unit.dev.row(0) * u;  // float64's nearest: ±∞ past 1.8e308
  cache.var(r) = in_unit.var(0) * u * u;      // 0 or ∞ when it lies past float64
  cache.sigma(r) = in_unit.sigma(0) * u;
  cache.zhat.row(r) = in_unit.zhat.row(0);
  cache.unit(r) = u;
  cache.sigma_in_unit(r) = in_unit.sigma(0);
}

// y = γ·ẑ + β where γ·ẑ alone overflows (γ near 1e308) though y may not: both terms in the unit of
// max(|γ_a|, |β_a|). An entry that still overflows is beyond float64: reported.
void output_without_overflow(const Vec& gamma, const Vec& beta, const LayerNormCache& cache, Mat& y) {
  for (Eigen::Index r = 0; r < y.rows(); ++r) {
    for (Eigen::Index a = 0; a < y.cols(); ++a) {
      if (std::isfinite(y(r, a)) || !std::isfinite(cache.zhat(r, a))) continue;  // NaN rows: the 0/0 above
      const int e = exponent_of(std::max(std::abs(gamma(a)), std::abs(beta(a))));
      y(r, a) = std::ldexp(std::ldexp(gamma(a), -e) * cache.zhat(r, a) + std::ldexp(beta(a), -e), e);
      require(std::isfinite(y(r, a)),
              "gamma and beta make the output larger than float64 can hold (about 1.8e308): y = γ·ẑ + β overflows");
    }
  }
}

}  // namespace

LayerNormParams layernorm_init(Eigen::Index d) { return LayerNormParams{Vec::Ones(d), Vec::Zero(d)}; }

Mat layernorm_forward(const Mat& x, const LayerNormParams& p, double eps, LayerNormCache& cache) {
  const Vec& gamma = p.gamma;
  const Vec& beta = p.beta;
  check_params(x.cols(), gamma, &beta, eps);
  require(x.allFinite(), "x must contain only finite numbers");

  plain_statistics(x, eps, cache);
  cache.unit = Vec::Ones(x.rows());
  cache.sigma_in_unit = cache.sigma;
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    if (!is_ordinary(x, r, cache.var(r), eps)) statistics_in_unit(x, r, eps, cache);
  }

  Mat y = (cache.zhat.array().rowwise() * gamma.transpose().array()).rowwise() + beta.transpose().array();
  if (!sum_is_finite(y)) output_without_overflow(gamma, beta, cache, y);
  return y;
}

namespace {

// (LN-bwd) as written; rows computed in a unit divide by sigma in that unit, then by the unit.
void plain_backward(const Mat& dy, const Vec& gamma, const LayerNormCache& cache, LayerNormGrads& grads) {
  // forward: y = γ ⊙ zhat + β, so dγ = Σ_rows dy ⊙ zhat and dβ = Σ_rows dy
  grads.dgamma = (dy.array() * cache.zhat.array()).colwise().sum().transpose();
  grads.dbeta = dy.colwise().sum().transpose();

  // forward: zhat = (x − mean) / √(var + ε). With g = dy ⊙ γ, each row's J_zhat_xᵀ·g is
  //   (1/sigma) · ( g  −  mean(g)  −  zhat · mean(g ⊙ zhat) )
  //                term 1  term 2 (mean removal)  term 3 (variance removal)
  const Mat g = dy.array().rowwise() * gamma.transpose().array();
  const Vec g_mean = g.rowwise().mean();
  const Vec gz_mean = (g.array() * cache.zhat.array()).rowwise().mean();
  const Mat centred = (g.colwise() - g_mean) - (cache.zhat.array().colwise() * gz_mean.array()).matrix();
  grads.dx = centred.array().colwise() / cache.sigma.array();
  for (Eigen::Index r = 0; r < dy.rows(); ++r) {
    if (cache.unit(r) != 1) grads.dx.row(r) = centred.row(r) / cache.sigma_in_unit(r) / cache.unit(r);
  }
}

// The backward is linear in dy and in γ. When an intermediate overflows (dy·γ near 1e308) though the
// gradients may not, compute with each row of dy, and γ, scaled to about 1 by powers of two, and scale
// each result back in one step.
void backward_in_units(const Mat& dy, const Vec& gamma, const LayerNormCache& cache, LayerNormGrads& grads) {
  const int e_gamma = exponent_of(gamma.cwiseAbs().maxCoeff());
  const RowVec gamma_in_unit = times_power_of_two(Vec(gamma), -e_gamma).transpose();
  grads.dx.resize(dy.rows(), dy.cols());
  for (Eigen::Index r = 0; r < dy.rows(); ++r) {
    const int e_dy = exponent_of(dy.row(r).cwiseAbs().maxCoeff());
    const RowVec g = times_power_of_two(RowVec(dy.row(r)), -e_dy).cwiseProduct(gamma_in_unit);
    const RowVec zhat = cache.zhat.row(r);
    const RowVec centred = (g.array() - g.mean()) - zhat.array() * g.cwiseProduct(zhat).mean();
    const int e = e_dy + e_gamma - exponent_of(cache.unit(r));
    grads.dx.row(r) = times_power_of_two(RowVec(centred / cache.sigma_in_unit(r)), e);
  }
  const int e_dy = exponent_of(dy.cwiseAbs().maxCoeff());
  const Mat dy_in_unit = times_power_of_two(dy, -e_dy);
  grads.dgamma = times_power_of_two(Vec((dy_in_unit.array() * cache.zhat.array()).colwise().sum().transpose()), e_dy);
  grads.dbeta = times_power_of_two(Vec(dy_in_unit.colwise().sum().transpose()), e_dy);
}

bool all_finite(const LayerNormGrads& g) { return g.dx.allFinite() && g.dgamma.allFinite() && g.dbeta.allFinite(); }
bool sums_finite(const LayerNormGrads& g) { return sum_is_finite(g.dx) && sum_is_finite(g.dgamma) && sum_is_finite(g.dbeta); }

}  // namespace

void layernorm_backward(const Mat& dy, const LayerNormParams& p, const LayerNormCache& cache, LayerNormGrads& grads) {
  const Eigen::Index d = cache.zhat.cols();
  const Vec& gamma = p.gamma;
  require(dy.rows() == cache.zhat.rows() && dy.cols() == d, "layernorm_backward: dy must have the shape of y");
  require(gamma.size() == d, "layernorm_backward: gamma must have d entries");
  if (!sum_is_finite(dy)) require(dy.allFinite(), "dy must contain only finite numbers");

  plain_backward(dy, gamma, cache, grads);
  if (sums_finite(grads) || all_finite(grads)) return;
  require((cache.sigma.array() > 0).all(),
          "the gradient does not exist where all entries of a row are equal and epsilon = 0 (σ² + ε = 0)");
  backward_in_units(dy, gamma, cache, grads);
  require(all_finite(grads), "the gradients are larger than float64 can hold (about 1.8e308): dy or gamma is too large for this x");
}

LayerNormJacobian layernorm_jacobian(const Vec& x, const Vec& gamma, double eps) {
  const Eigen::Index d = x.size();
  check_params(d, gamma, nullptr, eps);
  require(d <= kMaxJacobianWidth, "the Jacobian of " + std::to_string(d) + " features has " + std::to_string(d) +
                                      " × " + std::to_string(d) + " entries: at most " +
                                      std::to_string(kMaxJacobianWidth) + " features here");
  LayerNormCache cache;
  layernorm_forward(x.transpose(), layernorm_init(d), eps, cache);  // only zhat and sigma are used

  LayerNormJacobian jac;
  jac.sigma = cache.sigma(0);
  const Vec zhat = cache.zhat.row(0).transpose();
  const auto fill = [&](const Vec& scale) {  // scale: γ_a / sigma, one factor per output row a
    jac.diagonal = scale.asDiagonal().toDenseMatrix();
    jac.mean_removal = (-scale / double(d)) * RowVec::Ones(d);
    jac.variance_removal = (-scale.cwiseProduct(zhat) / double(d)) * zhat.transpose();
    jac.J_y_x = jac.diagonal + jac.mean_removal + jac.variance_removal;
  };
  const bool in_unit = cache.unit(0) != 1;
  if (!in_unit) {
    fill(gamma / jac.sigma);
    // sigma = 0 (all entries equal, ε = 0): ±∞ and NaN, the Jacobian does not exist there
    const bool finite = jac.J_y_x.allFinite() && jac.diagonal.allFinite() && jac.mean_removal.allFinite() &&
                        jac.variance_removal.allFinite();
    if (finite || jac.sigma == 0) return jac;
  }
  // γ/sigma overflows, or sigma is subnormal: the terms in the unit 2^e of max|γ| / sigma, then scaled back
  const int e = exponent_of(gamma.cwiseAbs().maxCoeff()) - exponent_of(cache.unit(0));
  fill(times_power_of_two(gamma, -exponent_of(gamma.cwiseAbs().maxCoeff())) / cache.sigma_in_unit(0));
  for (Mat* m : {&jac.J_y_x, &jac.diagonal, &jac.mean_removal, &jac.variance_removal}) {
    *m = times_power_of_two(*m, e);
    require(m->allFinite(), "the Jacobian's entries are larger than float64 can hold (about 1.8e308): its scale "
                            "γ/√(σ² + ε) overflows, because σ is tiny next to gamma");
  }
  return jac;
}

LayerNormSteps layernorm_steps(const Vec& x, const Vec& gamma, const Vec& beta, double eps) {
  LayerNormCache cache;
  const Mat y = layernorm_forward(x.transpose(), LayerNormParams{gamma, beta}, eps, cache);
  LayerNormSteps steps;
  steps.mean = cache.mean(0);
  steps.deviations = cache.dev.row(0).transpose();
  steps.squares = steps.deviations.array().square();
  steps.variance = cache.var(0);
  steps.sigma = cache.sigma(0);
  steps.zhat = cache.zhat.row(0).transpose();
  steps.y = y.row(0).transpose();
  steps.unit = cache.unit(0);
  steps.x_in_unit = x / steps.unit;
  steps.eps_in_unit = eps / steps.unit / steps.unit;
  return steps;
}

}  // namespace tk
