// LayerNorm kernels (see layernorm.hpp for the equations and shapes).
#include "layernorm.hpp"

#include <cmath>

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

// Finite in every row whose sigma is above 0 (a row with sigma = 0 is the documented 0/0).
bool finite_where_defined(const Mat& m, const Vec& sigma) {
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    if (sigma(r) > 0 && !m.row(r).allFinite()) return false;
  }
  return true;
}

}  // namespace

LayerNormParams layernorm_init(Eigen::Index d) { return LayerNormParams{Vec::Ones(d), Vec::Zero(d)}; }

Mat layernorm_forward(const Mat& x, const LayerNormParams& p, double eps, LayerNormCache& cache) {
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
  for (Eigen::Index r = 0; r < x.rows(); ++r) {  // sigma = 0 must mean equal entries, not squares lost to underflow
    require(cache.sigma(r) > 0 || cache.dev.row(r).isZero(0), "the entries of x differ by so little (below about 1e-154) "
            "that their squares vanish in float64 and the variance comes out 0: with ε = 0 they cannot be normalised; "
            "use ε > 0 or spread the entries");
  }
  // 0/0 stays NaN on purpose when sigma = 0 (all entries equal, eps = 0).
  cache.zhat = cache.dev.array().colwise() / cache.sigma.array();

  Mat y = (cache.zhat.array().rowwise() * gamma.transpose().array()).rowwise() + beta.transpose().array();
  require(finite_where_defined(y, cache.sigma), "gamma or beta is too large: the output γ·ẑ + β goes beyond "
                                                "float64's range (about ±1.8e308)");
  return y;
}

void layernorm_backward(const Mat& dy, const LayerNormParams& p, const LayerNormCache& cache, LayerNormGrads& grads) {
  const Eigen::Index d = cache.zhat.cols();
  const Vec& gamma = p.gamma;
  require(dy.rows() == cache.zhat.rows() && dy.cols() == d, "layernorm_backward: dy must have the shape of y");
  require(gamma.size() == d, "layernorm_backward: gamma must have d entries");
  require(dy.allFinite(), "dy must contain only finite numbers");

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
  // a row with sigma = 0 makes dx's row and, through the sums, dγ NaN: the forward's documented 0/0
  const bool defined = (cache.sigma.array() > 0).all();
  require(finite_where_defined(grads.dx, cache.sigma) &&
              (!defined || (grads.dgamma.allFinite() && grads.dbeta.allFinite())),
          "dy or gamma is too large: the gradient goes beyond float64's range (about ±1.8e308)");
}

LayerNormJacobian layernorm_jacobian(const Vec& x, const Vec& gamma, double eps) {
  const Eigen::Index d = x.size();
  check_params(d, gamma, nullptr, eps);
  require(d <= kMaxJacobianWidth, "the Jacobian of " + std::to_string(d) + " features has " + std::to_string(d) +
                                      " × " + std::to_string(d) + " entries: at most " +
                                      std::to_string(kMaxJacobianWidth) + " features here");
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
  require(jac.sigma == 0 || jac.J_y_x.allFinite(), "gamma is too large for this x: the Jacobian's scale γ/σ goes "
                                                   "beyond float64's range (σ is tiny); use ε > 0 or spread the entries");
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
