// LayerNorm kernels (see layernorm.hpp for the equations and shapes).
#include "layernorm.hpp"

#include <cmath>
#include <limits>

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

// Whether every entry is finite (|v| ≤ the largest double is false for ±∞ and NaN), as one pass of comparisons
// the compiler vectorises, where Eigen's allFinite (x − x == 0) took half the forward's time in WebAssembly.
bool all_finite(const Mat& m) {
  bool finite = true;
  const double* v = m.data();
  for (Eigen::Index i = 0; i < m.size(); ++i) finite &= std::fabs(v[i]) <= std::numeric_limits<double>::max();
  return finite;
}

// For every row r: out[r] = Σ_j term(r, j), summed in j order as Eigen sums a row (so the values are the same
// bits), four rows at a time: four independent chains of additions that the processor overlaps, where one row's
// chain alone waits on every addition.
template <class Term>
void row_sums(Eigen::Index rows, Eigen::Index d, const Term& term, double* out) {
  Eigen::Index r = 0;
  for (; r + 4 <= rows; r += 4) {
    double s0 = term(r, 0), s1 = term(r + 1, 0), s2 = term(r + 2, 0), s3 = term(r + 3, 0);
    for (Eigen::Index j = 1; j < d; ++j) {
      s0 += term(r, j);
      s1 += term(r + 1, j);
      s2 += term(r + 2, j);
      s3 += term(r + 3, j);
    }
    out[r] = s0, out[r + 1] = s1, out[r + 2] = s2, out[r + 3] = s3;
  }
  for (; r < rows; ++r) {
    double s = term(r, 0);
    for (Eigen::Index j = 1; j < d; ++j) s += term(r, j);
    out[r] = s;
  }
}

// For every column j: out[j] = Σ_r term(r, j), summed in row order as Eigen sums a column (the columns side by
// side, which the compiler vectorises).
template <class Term>
void column_sums(Eigen::Index rows, Eigen::Index d, const Term& term, Vec& out) {
  out.resize(d);
  if (rows == 0) {
    out.setZero();
    return;
  }
  for (Eigen::Index j = 0; j < d; ++j) out(j) = term(0, j);
  for (Eigen::Index r = 1; r < rows; ++r) {
    for (Eigen::Index j = 0; j < d; ++j) out(j) += term(r, j);
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
  require(all_finite(x), "x must contain only finite numbers");

  // (LN-fwd) row by row, each step rounded as written: mean = Σx / d, dev = x − mean, var = Σdev² / d,
  // sigma = √(var + ε), zhat = dev / sigma, y = zhat·γ + β
  const Eigen::Index N = x.rows();
  cache.mean.resize(N);
  cache.var.resize(N);
  cache.sigma.resize(N);
  cache.dev.resize(N, d);
  cache.zhat.resize(N, d);
  Mat y(N, d);
  row_sums(N, d, [&](Eigen::Index r, Eigen::Index j) { return x(r, j); }, cache.mean.data());
  for (Eigen::Index r = 0; r < N; ++r) {
    const double mean = cache.mean(r) /= double(d);
    const double* in = &x(r, 0);
    double* dev = &cache.dev(r, 0);
    for (Eigen::Index j = 0; j < d; ++j) dev[j] = in[j] - mean;
  }
  row_sums(N, d, [&](Eigen::Index r, Eigen::Index j) { return cache.dev(r, j) * cache.dev(r, j); }, cache.var.data());
  for (Eigen::Index r = 0; r < N; ++r) cache.var(r) /= double(d);
  require(cache.var.allFinite(), "the variance overflows float64: the entries are too far apart (keep them below about 1e150)");
  for (Eigen::Index r = 0; r < N; ++r) {
    const double sigma = cache.sigma(r) = std::sqrt(cache.var(r) + eps);
    const double* dev = &cache.dev(r, 0);
    const double* g = gamma.data();
    const double* b = beta.data();
    double* zhat = &cache.zhat(r, 0);
    double* out = &y(r, 0);
    // 0/0 stays NaN on purpose when sigma = 0 (all entries equal, eps = 0).
    for (Eigen::Index j = 0; j < d; ++j) zhat[j] = dev[j] / sigma;
    for (Eigen::Index j = 0; j < d; ++j) out[j] = zhat[j] * g[j] + b[j];
  }
  return y;
}

void layernorm_backward(const Mat& dy, const LayerNormParams& p, const LayerNormCache& cache, LayerNormGrads& grads) {
  TK_PROFILE_OP(LayerNorm);
  const Eigen::Index d = cache.zhat.cols();
  const Vec& gamma = p.gamma;
  require(dy.rows() == cache.zhat.rows() && dy.cols() == d, "layernorm_backward: dy must have the shape of y");
  require(gamma.size() == d, "layernorm_backward: gamma must have d entries");

  const Mat& zhat = cache.zhat;
  const Eigen::Index N = dy.rows();

  // forward: y = γ ⊙ zhat + β, so dγ = Σ_rows dy ⊙ zhat and dβ = Σ_rows dy
  column_sums(N, d, [&](Eigen::Index r, Eigen::Index j) { return dy(r, j) * zhat(r, j); }, grads.dgamma);
  column_sums(N, d, [&](Eigen::Index r, Eigen::Index j) { return dy(r, j); }, grads.dbeta);

  // forward: zhat = (x − mean) / √(var + ε). With g = dy ⊙ γ, each row's J_zhat_xᵀ·g is
  //   (1/sigma) · ( g  −  mean(g)  −  zhat · mean(g ⊙ zhat) )
  //                term 1  term 2 (mean removal)  term 3 (variance removal)
  // row by row, each step rounded as written (the means are sums in j order divided by d)
  Mat g(N, d);
  for (Eigen::Index r = 0; r < N; ++r) {
    const double* in = &dy(r, 0);
    const double* scale = gamma.data();
    double* out = &g(r, 0);
    for (Eigen::Index j = 0; j < d; ++j) out[j] = in[j] * scale[j];
  }
  Vec g_mean(N), gz_mean(N);
  row_sums(N, d, [&](Eigen::Index r, Eigen::Index j) { return g(r, j); }, g_mean.data());
  row_sums(N, d, [&](Eigen::Index r, Eigen::Index j) { return g(r, j) * zhat(r, j); }, gz_mean.data());
  grads.dx.resize(N, d);
  for (Eigen::Index r = 0; r < N; ++r) {
    const double term2 = g_mean(r) / double(d), mean_gz = gz_mean(r) / double(d), sigma = cache.sigma(r);
    const double* gr = &g(r, 0);
    const double* z = &zhat(r, 0);
    double* out = &grads.dx(r, 0);
    for (Eigen::Index j = 0; j < d; ++j) out[j] = ((gr[j] - term2) - z[j] * mean_gz) / sigma;
  }
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
