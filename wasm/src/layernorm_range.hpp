// The range rescue of the LayerNorm kernels (layernorm.cpp): the rows and outputs whose plain computation
// underflows or overflows although the answer lies in float64 (entries near 1e-300 or 1e200, γ near 1e308),
// computed again in a unit, a power of two, where nothing over- or underflows. Internal to the LayerNorm
// kernels: layernorm.hpp is the interface.
#pragma once

#include <cmath>
#include <limits>

#include "layernorm.hpp"

namespace tk {

// v · 2^e for every entry, exact unless the result itself leaves float64's range.
template <class M>
M times_power_of_two(const M& v, int e) {
  return v.unaryExpr([e](double a) { return std::ldexp(a, e); });
}

// The binary exponent of a positive size (v = m · 2^e with 1 ≤ m < 2); 0 for 0, so that scaling by it is a no-op.
inline int exponent_of(double size) { return size > 0 ? std::ilogb(size) : 0; }

// (LN-fwd) as written for every row of x (layernorm.cpp): the statistics the rescue recomputes in a unit.
void plain_statistics(const Mat& x, double eps, LayerNormCache& cache, Mat* deviations);

inline constexpr double kSmallestNormal = std::numeric_limits<double>::min();  // about 2.2e-308
// A variance (or σ² + ε) at least this large has lost nothing that matters to underflow: a square below
// kSmallestNormal loses at most 2^-1075, under one part in 2^52 of this (≈ 2e-292).
inline constexpr double kSmallestExactVariance = kSmallestNormal / std::numeric_limits<double>::epsilon();

// Whether the plain statistics of row r are exact to float64's precision: its variance is finite and what
// underflow may have taken from σ² + ε, or from deviations of subnormal entries, does not matter. (Inline: the
// forward asks it of every row.)
inline bool is_ordinary(const Mat& x, Eigen::Index r, double var, double eps) {
  if (!std::isfinite(var) || var + eps < kSmallestExactVariance) return false;
  return var >= kSmallestExactVariance || x.row(r).cwiseAbs().maxCoeff() >= kSmallestNormal;
}

// Row r of the forward again, in its unit; the cache records the unit (cache.unit, cache.sigma_in_unit).
void statistics_in_unit(const Mat& x, Eigen::Index r, double eps, LayerNormCache& cache, Mat* deviations);

// y = γ·ẑ + β for the entries where γ·ẑ alone overflows; throws where y itself lies beyond float64.
void output_without_overflow(const Vec& gamma, const Vec& beta, const LayerNormCache& cache, Mat& y);

// The backward with dy and γ scaled by powers of two, where an intermediate overflows.
void backward_in_units(const Mat& dy, const Vec& gamma, const LayerNormCache& cache, LayerNormGrads& grads);

}  // namespace tk
