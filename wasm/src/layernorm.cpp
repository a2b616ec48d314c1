// LayerNorm kernels (see layernorm.hpp for the equations and shapes): the forward and backward every block calls,
// the Jacobian and the steps. Rows whose numbers leave float64's comfortable range (entries near 1e-300 or
// 1e200) are computed again in layernorm_range.cpp.
#include "layernorm.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "layernorm_range.hpp"
#include "profile.hpp"
#include "reduce.hpp"

namespace tk {

namespace {

void check_params(Eigen::Index d, const Vec& gamma, const Vec* beta, double eps) {
  require_input(d >= 1, "x", "LayerNorm needs at least one feature (d >= 1)");
  require_eps(eps);
  require_input(gamma.size() == d, "gamma", [&] {
    return "gamma has " + std::to_string(gamma.size()) + " entries, x has " + std::to_string(d) + ": they must match";
  });
  require_input(gamma.allFinite(), "gamma", "gamma must contain only finite numbers");
  if (beta) {
    require_input(beta->size() == d, "beta", [&] {
      return "beta has " + std::to_string(beta->size()) + " entries, x has " + std::to_string(d) + ": they must match";
    });
    require_input(beta->allFinite(), "beta", "beta must contain only finite numbers");
  }
}

}  // namespace

// (LN-fwd) as written, for every row, each step rounded as written: mean = Σx / d, dev = x − mean,
// var = Σdev² / d, sigma = √(var + ε), zhat = dev / sigma. The deviations are made in zhat's place and divided
// there (the backward needs only zhat: a stack keeps one (N, d) matrix a LayerNorm, not two); deviations, if
// asked for, receives a copy of them.
void plain_statistics(const Mat& x, double eps, LayerNormCache& cache, Mat* deviations) {
  const Eigen::Index N = x.rows(), d = x.cols();
  cache.mean.resize(N);
  cache.var.resize(N);
  cache.sigma.resize(N);
  cache.zhat.resize(N, d);
  row_sums(
      N, d, [&](Eigen::Index r, Eigen::Index j) { return x(r, j); }, cache.mean.data());
  for (Eigen::Index r = 0; r < N; ++r) {
    const double mean = cache.mean(r) /= double(d);
    const double* in = &x(r, 0);
    double* dev = &cache.zhat(r, 0);
    for (Eigen::Index j = 0; j < d; ++j) dev[j] = in[j] - mean;
  }
  const Mat& dev = cache.zhat;
  row_sums(
      N, d, [&](Eigen::Index r, Eigen::Index j) { return dev(r, j) * dev(r, j); }, cache.var.data());
  if (deviations) *deviations = dev;
  for (Eigen::Index r = 0; r < N; ++r) {
    cache.var(r) /= double(d);
    const double sigma = cache.sigma(r) = std::sqrt(cache.var(r) + eps);
    double* zhat = &cache.zhat(r, 0);
    // 0/0 stays NaN on purpose when sigma = 0 (all entries equal, eps = 0).
    for (Eigen::Index j = 0; j < d; ++j) zhat[j] /= sigma;
  }
}

LayerNormParams layernorm_init(Eigen::Index d) { return LayerNormParams{Vec::Ones(d), Vec::Zero(d)}; }

namespace {

// The forward; deviations (optional) receives x − mean, for the step-by-step solution (layernorm_steps).
Mat forward(const Mat& x, const LayerNormParams& p, double eps, LayerNormCache& cache, Mat* deviations) {
  TK_PROFILE_OP(LayerNorm);
  const Vec& gamma = p.gamma;
  const Vec& beta = p.beta;
  check_params(x.cols(), gamma, &beta, eps);
  require_input(all_finite(x), "x", "x must contain only finite numbers");

  plain_statistics(x, eps, cache, deviations);
  cache.unit = Vec::Ones(x.rows());
  cache.sigma_in_unit = cache.sigma;
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    if (!is_ordinary(x, r, cache.var(r), eps)) statistics_in_unit(x, r, eps, cache, deviations);
  }

  const Eigen::Index N = x.rows(), d = x.cols();
  Mat y(N, d);
  for (Eigen::Index r = 0; r < N; ++r) {
    const double* zhat = &cache.zhat(r, 0);
    const double* g = gamma.data();
    const double* b = beta.data();
    double* out = &y(r, 0);
    for (Eigen::Index j = 0; j < d; ++j) out[j] = zhat[j] * g[j] + b[j];
  }
  if (!all_finite(y)) output_without_overflow(gamma, beta, cache, y);
  return y;
}

}  // namespace

Mat layernorm_forward(const Mat& x, const LayerNormParams& p, double eps, LayerNormCache& cache) {
  return forward(x, p, eps, cache, nullptr);
}

namespace {

// (LN-bwd) as written, each step rounded as written (the means are sums in j order divided by d); rows
// computed in a unit divide by sigma in that unit, then by the unit.
void plain_backward(const Mat& dy, const Vec& gamma, const LayerNormCache& cache, LayerNormGrads& grads) {
  const Mat& zhat = cache.zhat;
  const Eigen::Index N = dy.rows(), d = dy.cols();

  // forward: y = γ ⊙ zhat + β, so dγ = Σ_rows dy ⊙ zhat and dβ = Σ_rows dy
  column_sums(
      N, d, [&](Eigen::Index r, Eigen::Index j) { return dy(r, j) * zhat(r, j); }, grads.dgamma);
  column_sums(
      N, d, [&](Eigen::Index r, Eigen::Index j) { return dy(r, j); }, grads.dbeta);

  // forward: zhat = (x − mean) / √(var + ε). With g = dy ⊙ γ, each row's J_zhat_xᵀ·g is
  //   (1/sigma) · ( g  −  mean(g)  −  zhat · mean(g ⊙ zhat) )
  //                term 1  term 2 (mean removal)  term 3 (variance removal)
  Mat g(N, d);
  for (Eigen::Index r = 0; r < N; ++r) {
    const double* in = &dy(r, 0);
    const double* scale = gamma.data();
    double* out = &g(r, 0);
    for (Eigen::Index j = 0; j < d; ++j) out[j] = in[j] * scale[j];
  }
  Vec g_mean(N), gz_mean(N);
  row_sums(
      N, d, [&](Eigen::Index r, Eigen::Index j) { return g(r, j); }, g_mean.data());
  row_sums(
      N, d, [&](Eigen::Index r, Eigen::Index j) { return g(r, j) * zhat(r, j); }, gz_mean.data());
  grads.dx.resize(N, d);
  for (Eigen::Index r = 0; r < N; ++r) {
    const double term2 = g_mean(r) / double(d), mean_gz = gz_mean(r) / double(d);
    const double* gr = &g(r, 0);
    const double* z = &zhat(r, 0);
    double* out = &grads.dx(r, 0);
    if (cache.unit(r) == 1) {
      const double sigma = cache.sigma(r);
      for (Eigen::Index j = 0; j < d; ++j) out[j] = ((gr[j] - term2) - z[j] * mean_gz) / sigma;
    } else {
      const double sigma = cache.sigma_in_unit(r), unit = cache.unit(r);
      for (Eigen::Index j = 0; j < d; ++j) out[j] = ((gr[j] - term2) - z[j] * mean_gz) / sigma / unit;
    }
  }
}

bool grads_finite(const LayerNormGrads& g) { return all_finite(g.dx) && all_finite(g.dgamma) && all_finite(g.dbeta); }

}  // namespace

void layernorm_backward(const Mat& dy, const LayerNormParams& p, const LayerNormCache& cache, LayerNormGrads& grads) {
  TK_PROFILE_OP(LayerNorm);
  const Eigen::Index d = cache.zhat.cols();
  const Vec& gamma = p.gamma;
  require(dy.rows() == cache.zhat.rows() && dy.cols() == d, "layernorm_backward: dy must have the shape of y");
  require(gamma.size() == d, "layernorm_backward: gamma must have d entries");
  require(all_finite(dy), "dy must contain only finite numbers");

  plain_backward(dy, gamma, cache, grads);
  if (grads_finite(grads)) return;
  require((cache.sigma.array() > 0).all(),
          "the gradient does not exist where all entries of a row are equal and ε = 0 (σ² + ε = 0)");
  backward_in_units(dy, gamma, cache, grads);
  require(grads_finite(grads),
          "the gradients are larger than float64 can hold (about 1.8e308): dy or gamma is too large for this x");
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
    require(m->allFinite(),
            "the Jacobian's entries are larger than float64 can hold (about 1.8e308): its scale "
            "γ/√(σ² + ε) overflows, because σ is tiny next to gamma");
  }
  return jac;
}

LayerNormSteps layernorm_steps(const Vec& x, const Vec& gamma, const Vec& beta, double eps) {
  LayerNormCache cache;
  Mat deviations;
  const Mat y = forward(x.transpose(), LayerNormParams{gamma, beta}, eps, cache, &deviations);
  LayerNormSteps steps;
  steps.mean = cache.mean(0);
  steps.deviations = deviations.row(0).transpose();
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

void require_eps(double eps) {
  require_input(std::isfinite(eps), "eps", "ε must be a finite number");
  require_input(eps >= 0, "eps", "ε must be 0 or more (it is added under a square root)");
}

}  // namespace tk
