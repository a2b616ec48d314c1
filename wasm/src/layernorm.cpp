// LayerNorm kernels (see layernorm.hpp for the equations and shapes).
#include "layernorm.hpp"

#include <cmath>

#include "profile.hpp"

namespace tk {

namespace {

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

}  // namespace

LayerNormParams layernorm_init(Eigen::Index d) { return LayerNormParams{Vec::Ones(d), Vec::Zero(d)}; }

Mat layernorm_forward(const Mat& x, const LayerNormParams& p, double eps, LayerNormCache& cache) {
  TK_PROFILE_OP(LayerNorm);
  const Eigen::Index d = x.cols();
  const Vec& gamma = p.gamma;
  const Vec& beta = p.beta;
  check_params(d, gamma, &beta, eps);
  require(x.allFinite(), "x must contain only finite numbers");

  cache.mean = x.rowwise().mean();
  cache.dev = x.colwise() - cache.mean;
  cache.var = cache.dev.array().square().rowwise().sum() / double(d);
  require(cache.var.allFinite(), "the variance overflows float64: the entries are too far apart (keep them below about 1e150)");
  cache.sigma = (cache.var.array() + eps).sqrt();
  // 0/0 stays NaN on purpose when sigma = 0 (all entries equal, eps = 0).
  cache.zhat = cache.dev.array().colwise() / cache.sigma.array();

  Mat y = (cache.zhat.array().rowwise() * gamma.transpose().array()).rowwise() + beta.transpose().array();
  return y;
}

void layernorm_backward(const Mat& dy, const LayerNormParams& p, const LayerNormCache& cache, LayerNormGrads& grads) {
  TK_PROFILE_OP(LayerNorm);
  const Eigen::Index d = cache.zhat.cols();
  const Vec& gamma = p.gamma;
  require(dy.rows() == cache.zhat.rows() && dy.cols() == d, "layernorm_backward: dy must have the shape of y");
  require(gamma.size() == d, "layernorm_backward: gamma must have d entries");

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
}

LayerNormJacobian layernorm_jacobian(const Vec& x, const Vec& gamma, double eps) {
  const Eigen::Index d = x.size();
  check_params(d, gamma, nullptr, eps);
  LayerNormCache cache;
  layernorm_forward(x.transpose(), LayerNormParams{gamma, Vec::Zero(d)}, eps, cache);

  LayerNormJacobian jac;
  jac.sigma = cache.sigma(0);
  const Vec zhat = cache.zhat.row(0).transpose();
  const Vec scale = gamma / jac.sigma;  // γ_a / sigma, one factor per output row a
  jac.diagonal = scale.asDiagonal().toDenseMatrix();
  jac.mean_removal = (-scale / double(d)) * RowVec::Ones(d);
  jac.variance_removal = (-scale.cwiseProduct(zhat) / double(d)) * zhat.transpose();
  jac.J_y_x = jac.diagonal + jac.mean_removal + jac.variance_removal;
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
  return steps;
}

}  // namespace tk
