// The range rescue of the LayerNorm kernels (see layernorm_range.hpp): each function here runs only for a row
// or an output that the plain computation in layernorm.cpp cannot give exactly.
#include "layernorm_range.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tk {

// Out of line and cold (and in a file of their own): the forward and backward that every block calls stay small,
// which is what V8's optimising compiler must get through before a reader's first run is fast.

// Row r again, in the unit u = the power of two at or below max(max|x|, √ε): LN(x) with ε is LN(x/u) with
// ε/u², and there every entry is at most 2 and ε/u² below 4, so nothing overflows, and the deviations
// (at least 2^-53 of the largest entry unless they are 0) square without underflow.
__attribute__((noinline, cold)) void statistics_in_unit(const Mat& x, Eigen::Index r, double eps, LayerNormCache& cache,
                                                        Mat* deviations) {
  const double size = std::max(x.row(r).cwiseAbs().maxCoeff(), std::sqrt(eps));
  if (size == 0) return;  // x = 0 and ε = 0: the plain 0/0 is the answer
  const double u = std::ldexp(1.0, std::ilogb(size));
  LayerNormCache in_unit;
  Mat dev_in_unit;
  plain_statistics(x.row(r) / u, eps / u / u, in_unit, &dev_in_unit);
  cache.mean(r) = in_unit.mean(0) * u;
  if ((dev_in_unit.array() == 0).all()) {
    // all entries equal: ẑ = 0/√ε needs no unit (and ε/u² may have rounded to 0 where ε itself is not)
    if (deviations) deviations->row(r).setZero();
    cache.var(r) = 0;
    cache.sigma(r) = cache.sigma_in_unit(r) = std::sqrt(eps);
    cache.zhat.row(r).setZero();
    cache.zhat.row(r) /= cache.sigma(r);  // 0/0 = NaN where ε = 0, as the plain rows
    return;
  }
  if (deviations) deviations->row(r) = dev_in_unit.row(0) * u;  // float64's nearest: ±∞ past 1.8e308
  cache.var(r) = in_unit.var(0) * u * u;                        // 0 or ∞ when it lies past float64
  cache.sigma(r) = in_unit.sigma(0) * u;
  cache.zhat.row(r) = in_unit.zhat.row(0);
  cache.unit(r) = u;
  cache.sigma_in_unit(r) = in_unit.sigma(0);
}

// y = γ·ẑ + β where γ·ẑ alone overflows (γ near 1e308) though y may not: both terms in the unit of
// max(|γ_a|, |β_a|). An entry that still overflows is beyond float64: reported.
__attribute__((noinline, cold)) void output_without_overflow(const Vec& gamma, const Vec& beta,
                                                             const LayerNormCache& cache, Mat& y) {
  for (Eigen::Index r = 0; r < y.rows(); ++r) {
    for (Eigen::Index a = 0; a < y.cols(); ++a) {
      if (std::isfinite(y(r, a)) || !std::isfinite(cache.zhat(r, a))) continue;  // NaN rows: the 0/0 above
      const int e = exponent_of(std::max(std::abs(gamma(a)), std::abs(beta(a))));
      y(r, a) = std::ldexp(std::ldexp(gamma(a), -e) * cache.zhat(r, a) + std::ldexp(beta(a), -e), e);
      require_input(
          std::isfinite(y(r, a)), "gamma",
          "gamma and beta make the output larger than float64 can hold (about 1.8e308): y = γ·ẑ + β overflows");
    }
  }
}

// The backward is linear in dy and in γ. When an intermediate overflows (dy·γ near 1e308) though the
// gradients may not, compute with each row of dy, and γ, scaled to about 1 by powers of two, and scale
// each result back in one step.
__attribute__((noinline, cold)) void backward_in_units(const Mat& dy, const Vec& gamma, const LayerNormCache& cache,
                                                       LayerNormGrads& grads) {
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

}  // namespace tk
