// RMSNorm kernels (see rmsnorm.hpp for the equations and shapes).
#include "rmsnorm.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "layernorm.hpp"
#include "layernorm_range.hpp"  // (kSmallestNormal)
#include "profile.hpp"
#include "reduce.hpp"

namespace tk {

namespace {

// A mean square (or ms + ε) at least this large has lost nothing that matters to underflow (as LayerNorm's).
constexpr double kSmallestExactMeanSquare = kSmallestNormal / std::numeric_limits<double>::epsilon();

void check_params(Eigen::Index d, const Vec& gain, double eps) {
  require_input(d >= 1, "x", "RMSNorm needs at least one feature (d >= 1)");
  require_eps(eps);
  require_input(gain.size() == d, "gain", [&] {
    return "the gain g has " + std::to_string(gain.size()) + " entries, x has " + std::to_string(d) +
           ": they must match";
  });
  require_input(all_finite(gain), "gain", "the gain g must contain only finite numbers");
}

// (RMS-fwd) as written, for every row, each step rounded as written: ms = Σx² / d, rms = √(ms + ε), xhat = x / rms.
void plain_statistics(const Mat& x, double eps, RMSNormCache& cache) {
  const Eigen::Index N = x.rows(), d = x.cols();
  cache.ms.resize(N);
  cache.rms.resize(N);
  cache.xhat.resize(N, d);
  row_sums(
      N, d, [&](Eigen::Index r, Eigen::Index j) { return x(r, j) * x(r, j); }, cache.ms.data());
  for (Eigen::Index r = 0; r < N; ++r) {
    cache.ms(r) /= double(d);
    const double rms = cache.rms(r) = std::sqrt(cache.ms(r) + eps);
    const double* in = &x(r, 0);
    double* xhat = &cache.xhat(r, 0);
    // 0/0 stays NaN on purpose when rms = 0 (an all-zero row, eps = 0)
    for (Eigen::Index j = 0; j < d; ++j) xhat[j] = in[j] / rms;
  }
}

// Whether row r's plain statistics are exact to float64's precision (as LayerNorm's is_ordinary).
bool mean_square_is_ordinary(const Mat& x, Eigen::Index r, double ms, double eps) {
  if (!std::isfinite(ms) || ms + eps < kSmallestExactMeanSquare)
    return x.row(r).cwiseAbs().maxCoeff() == 0 && std::isfinite(ms);
  return true;
}

// Row r again, in the unit u = the power of two at or below max(max|x|, √ε): every entry is at most 2 there and
// ε/u² below 4, so nothing overflows and the largest square does not underflow.
__attribute__((noinline, cold)) void statistics_in_unit(const Mat& x, Eigen::Index r, double eps, RMSNormCache& cache) {
  const double size = std::max(x.row(r).cwiseAbs().maxCoeff(), std::sqrt(eps));
  const double u = std::ldexp(1.0, std::ilogb(size));
  RMSNormCache in_unit;
  plain_statistics(x.row(r) / u, eps / u / u, in_unit);
  cache.ms(r) = in_unit.ms(0) * u * u;  // 0 or ∞ when it lies past float64
  cache.rms(r) = in_unit.rms(0) * u;
  cache.xhat.row(r) = in_unit.xhat.row(0);
  cache.unit(r) = u;
  cache.rms_in_unit(r) = in_unit.rms(0);
}

}  // namespace

RMSNormParams rmsnorm_init(Eigen::Index d) { return RMSNormParams{Vec::Ones(d)}; }

Mat rmsnorm_forward(const Mat& x, const RMSNormParams& p, double eps, RMSNormCache& cache) {
  TK_PROFILE_OP(LayerNorm);
  check_params(x.cols(), p.gain, eps);
  require_input(all_finite(x), "x", "x must contain only finite numbers");
  plain_statistics(x, eps, cache);
  cache.unit = Vec::Ones(x.rows());
  cache.rms_in_unit = cache.rms;
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    if (!mean_square_is_ordinary(x, r, cache.ms(r), eps)) statistics_in_unit(x, r, eps, cache);
  }
  const Eigen::Index N = x.rows(), d = x.cols();
  Mat y(N, d);
  for (Eigen::Index r = 0; r < N; ++r) {
    const double* xhat = &cache.xhat(r, 0);
    const double* g = p.gain.data();
    double* out = &y(r, 0);
    for (Eigen::Index j = 0; j < d; ++j) out[j] = xhat[j] * g[j];
  }
  require_input(all_finite(y) || !all_finite(cache.xhat), "gain",
                "the gain makes the output larger than float64 can hold (about 1.8e308): y = g ⊙ xhat overflows");
  return y;
}

void rmsnorm_backward(const Mat& dy, const RMSNormParams& p, const RMSNormCache& cache, RMSNormGrads& grads) {
  TK_PROFILE_OP(LayerNorm);
  const Mat& xhat = cache.xhat;
  const Eigen::Index N = dy.rows(), d = dy.cols();
  require(N == xhat.rows() && d == xhat.cols(), "rmsnorm_backward: dy must have the shape of y");
  require(p.gain.size() == d, "rmsnorm_backward: the gain must have d entries");
  require(all_finite(dy), "dy must contain only finite numbers");
  require((cache.rms.array() > 0).all(), "the gradient does not exist where a row is all zeros and ε = 0 (ms + ε = 0)");

  // forward: y = g ⊙ xhat, so dg = Σ_rows dy ⊙ xhat
  column_sums(
      N, d, [&](Eigen::Index r, Eigen::Index j) { return dy(r, j) * xhat(r, j); }, grads.dgain);

  // forward: xhat = x / √(mean(x²) + ε). With h = dy ⊙ g, each row's J_xhat_xᵀ·h is
  //   (1/rms) · ( h  −  xhat · mean(h ⊙ xhat) )
  //              term 1  term 2 (scale removal)
  Mat h(N, d);
  for (Eigen::Index r = 0; r < N; ++r) {
    const double* in = &dy(r, 0);
    const double* g = p.gain.data();
    double* out = &h(r, 0);
    for (Eigen::Index j = 0; j < d; ++j) out[j] = in[j] * g[j];
  }
  Vec hx_mean(N);
  row_sums(
      N, d, [&](Eigen::Index r, Eigen::Index j) { return h(r, j) * xhat(r, j); }, hx_mean.data());
  grads.dx.resize(N, d);
  for (Eigen::Index r = 0; r < N; ++r) {
    const double mean_hx = hx_mean(r) / double(d);
    const double* hr = &h(r, 0);
    const double* z = &xhat(r, 0);
    double* out = &grads.dx(r, 0);
    if (cache.unit(r) == 1) {
      const double rms = cache.rms(r);
      for (Eigen::Index j = 0; j < d; ++j) out[j] = (hr[j] - z[j] * mean_hx) / rms;
    } else {
      const double rms = cache.rms_in_unit(r), unit = cache.unit(r);
      for (Eigen::Index j = 0; j < d; ++j) out[j] = (hr[j] - z[j] * mean_hx) / rms / unit;
    }
  }
  require(all_finite(grads.dx) && all_finite(grads.dgain),
          "the gradients are larger than float64 can hold (about 1.8e308): dy or the gain is too large for this x");
}

RMSNormJacobian rmsnorm_jacobian(const Vec& x, const Vec& gain, double eps) {
  const Eigen::Index d = x.size();
  check_params(d, gain, eps);
  require(d <= kMaxJacobianWidth, [&] {
    return "the Jacobian of " + std::to_string(d) + " features has " + std::to_string(d) + " × " + std::to_string(d) +
           " entries: at most " + std::to_string(kMaxJacobianWidth) + " features here";
  });
  RMSNormCache cache;
  rmsnorm_forward(x.transpose(), rmsnorm_init(d), eps, cache);
  RMSNormJacobian jac;
  jac.rms = cache.rms(0);
  const Vec xhat = cache.xhat.row(0).transpose();
  // g_a / rms, one factor per output row a, taken in the row's unit so that a subnormal rms loses nothing
  const Vec scale = gain / cache.rms_in_unit(0) / cache.unit(0);
  jac.diagonal = scale.asDiagonal().toDenseMatrix();
  jac.scale_removal = (-scale.cwiseProduct(xhat) / double(d)) * xhat.transpose();
  jac.J_y_x = jac.diagonal + jac.scale_removal;
  // rms = 0 (an all-zero row, ε = 0): ±∞ and NaN, the Jacobian does not exist there
  require(jac.rms == 0 || (all_finite(jac.J_y_x) && all_finite(jac.diagonal)),
          "the Jacobian's entries are larger than float64 can hold (about 1.8e308): its scale g/√(ms + ε) overflows, "
          "because the row is tiny next to the gain");
  return jac;
}

RMSNormSteps rmsnorm_steps(const Vec& x, const Vec& gain, double eps) {
  RMSNormCache cache;
  const Mat y = rmsnorm_forward(x.transpose(), RMSNormParams{gain}, eps, cache);
  RMSNormSteps steps;
  steps.squares = x.array().square();
  steps.mean_square = cache.ms(0);
  steps.rms = cache.rms(0);
  steps.xhat = cache.xhat.row(0).transpose();
  steps.y = y.row(0).transpose();
  steps.unit = cache.unit(0);
  steps.x_in_unit = x / steps.unit;
  steps.eps_in_unit = eps / steps.unit / steps.unit;
  return steps;
}

}  // namespace tk
