// The LayerNorm Jacobian's scale against σ and along depth (see norm_scale.hpp for the equations).
#include "norm_scale.hpp"

#include <cmath>
#include <limits>
#include <vector>

#include "layernorm.hpp"
#include "stats.hpp"

namespace tk {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Each check names the input it is about (InputError's `input`: the instrument's field, or "list" for a block of
// the strip's list), so the page puts its message beside that field.
void check_sigma(double sigma, const std::string& who = "σ", const char* input = "sigma") {
  require_input(std::isfinite(sigma), input, [&] { return who + " must be a finite number"; });
  require_input(sigma >= 0, input, [&] { return who + " must be 0 or more (it is a standard deviation)"; });
}

void check_gamma(double gamma) {
  require_input(std::isfinite(gamma), "gamma", "γ must be a finite number");
  require_input(
      gamma > 0, "gamma",
      "γ must be more than 0 here: the scale is drawn on log axes (a negative γ only flips the Jacobian's sign)");
}

void check_depth(Eigen::Index n, const std::string& what, const char* input) {
  require_input(n >= 1 && n <= kMaxStripDepth, input, [&] {
    return what + " must be from 1 to " + std::to_string(kMaxStripDepth) +
           " blocks (the article's deepest stack has 96)";
  });
}

// A quotient that must stay a positive float64: overflow to ∞ or underflow to 0 is reported, never shown.
double in_range(double value, const char* input, const std::string& who) {
  require_input(std::isfinite(value) && value > 0, input, [&] {
    return who +
           " is out of float64's reach here: σ², ε and the scale γ/√(σ² + ε) must stay between about 1e-308 and "
           "1.8e308";
  });
  return value;
}

// √(σ² + ε) as LayerNorm computes it (layernorm.cpp). σ beyond about 1e154 overflows σ², and in_range
// then reports the scale as out of range.
double root(double sigma, double eps) { return std::sqrt(sigma * sigma + eps); }

}  // namespace

NormScalePoint norm_scale_point(double sigma, double eps, double gamma) {
  check_sigma(sigma);
  require_eps(eps);  // the same ε as LayerNorm's, in the same words
  check_gamma(gamma);

  NormScalePoint p;
  p.scale = sigma > 0 || eps > 0 ? in_range(gamma / root(sigma, eps), "sigma", "sigma") : kInf;
  // the two values beside the scale are only ever larger than it: they can overflow, never underflow
  p.scale_no_eps = gamma / sigma;  // +∞ for σ = 0 (or a σ so small that γ/σ overflows): the note says which
  p.cap = gamma / std::sqrt(eps);  // +∞ for ε = 0 (or an ε so small that γ/√ε overflows)
  p.knee = std::sqrt(eps);

  // r = ε/σ², written (√ε/σ)² so that neither σ² nor ε/σ² overflows before it must
  const double r = sigma > 0 ? std::pow(std::sqrt(eps) / sigma, 2) : (eps > 0 ? kInf : 0.0);
  // slope = −σ²/(σ² + ε) = −1/(1 + r); exactly 0 (not −0) when ε alone is left
  p.slope = std::isinf(r) ? 0.0 : -1.0 / (1.0 + r);
  // 1 − σ/√(σ² + ε) = 1 − 1/q with q = √(1 + r), rewritten as r/(q(q + 1)) since q − 1 = r/(q + 1): no
  // cancellation, so it keeps its digits even for r = 1e-20, where 1 − 1/q rounds to 0
  const double q = std::sqrt(1 + r);
  p.eps_effect = std::isinf(r) ? 1.0 : r / (q * (q + 1));

  if (sigma == 0 && eps == 0) {
    p.note =
        "σ = 0 and ε = 0: the scale γ/√(σ² + ε) divides by √0 = 0, so it is infinite, and so is every "
        "entry of the Jacobian. Any ε > 0 caps it at γ/√ε.";
    return p;
  }
  std::string note;
  if (sigma == 0) {
    note = "σ = 0: without ε the scale γ/σ would be infinite; with ε it sits exactly at the cap γ/√ε.";
  } else if (std::isinf(p.scale_no_eps)) {
    note =
        "σ is so small that γ/σ, the scale without ε, is beyond float64's largest number (about 1.8e308); "
        "ε keeps the scale itself finite.";
  }
  if (eps == 0) {
    note += std::string(note.empty() ? "" : " ") +
            "ε = 0: there is no cap. The scale is γ/σ, and it grows without bound as σ → 0.";
  } else if (std::isinf(p.cap)) {
    note += std::string(note.empty() ? "" : " ") +
            "ε is so small that the cap γ/√ε is beyond float64's largest number (about 1.8e308).";
  }
  p.note = note;
  return p;
}

NormScaleCurve norm_scale_curve(double sigma, double eps, double gamma, int points) {
  check_sigma(sigma);
  require_eps(eps);  // the same ε as LayerNorm's, in the same words
  check_gamma(gamma);
  require(points >= 2 && points <= 10000, "the σ axis needs from 2 to 10000 points");

  // log-spaced: σ_j = 10^(lo + j·(hi − lo)/(points − 1))
  const double lo = std::log10(kSigmaAxisMin), hi = std::log10(kSigmaAxisMax);
  std::vector<double> grid;
  grid.reserve(size_t(points) + 1);
  NormScaleCurve c;
  for (int j = 0; j < points; ++j) {
    const double s = std::pow(10.0, lo + (hi - lo) * j / (points - 1));
    if (c.reader < 0 && sigma >= kSigmaAxisMin && sigma <= s) {  // the reader's point, in order
      c.reader = Eigen::Index(grid.size());
      if (sigma < s) grid.push_back(sigma);
    }
    grid.push_back(s);
  }

  const Eigen::Index n = Eigen::Index(grid.size());
  c.sigma = Eigen::Map<const Vec>(grid.data(), n);
  c.scale.resize(n);
  c.scale_no_eps.resize(n);
  for (Eigen::Index j = 0; j < n; ++j) {
    c.scale(j) = in_range(gamma / root(c.sigma(j), eps), "gamma", "gamma");
    c.scale_no_eps(j) = in_range(gamma / c.sigma(j), "gamma", "gamma");
  }
  return c;
}

Vec sigma_profile(double sigma1, double p, int n) {
  check_sigma(sigma1);
  require_input(std::isfinite(p), "p", "p must be a finite number");
  check_depth(n, "L", "L");
  const std::vector<double> curve = power_curve(sigma1, p, n);
  const int out = first_nonfinite_block(curve);
  require_input(out == 0, "p",
                [&] { return "p is too large: σ·i^p leaves float64's range at block " + std::to_string(out); });
  return Eigen::Map<const Vec>(curve.data(), n);
}

Vec sigma_from_variances(const Vec& variance) {
  check_depth(variance.size(), "the list", "list");
  for (Eigen::Index i = 0; i < variance.size(); ++i) {
    const std::string who = "block " + std::to_string(i + 1) + ": the variance";
    require_input(std::isfinite(variance(i)), "list", [&] { return who + " must be a finite number"; });
    require_input(variance(i) >= 0, "list", [&] { return who + " must be 0 or more (it is a mean of squares)"; });
  }
  return variance.cwiseSqrt();
}

NormScaleDepth norm_scale_depth(const Vec& sigma, double eps, double gamma, double delta) {
  const Eigen::Index n = sigma.size();
  check_depth(n, "the list", "list");
  for (Eigen::Index i = 0; i < n; ++i) check_sigma(sigma(i), "block " + std::to_string(i + 1) + ": σ", "list");
  require_eps(eps);  // the same ε as LayerNorm's, in the same words
  check_gamma(gamma);
  require_input(std::isfinite(delta), "delta", "δ must be a finite number");
  require_input(delta >= 0, "delta", "δ must be 0 or more (it bounds a norm)");

  NormScaleDepth d;
  d.sigma = sigma;
  d.scale.resize(n);
  d.chain.resize(n);
  d.chain_log10.resize(n);
  d.bound.resize(n);
  d.bound_log10.resize(n);
  const double log10_step = std::log10(1 + delta);
  double chain = 1, chain_log10 = 0;
  for (Eigen::Index i = 0; i < n; ++i) {
    const std::string block = "block " + std::to_string(i + 1);
    require_input(sigma(i) > 0 || eps > 0, "list", [&] {
      return block +
             " has σ = 0 and ε = 0: its scale γ/√(σ² + ε) is infinite, and so is "
             "the chain. Any ε > 0 caps it at γ/√ε.";
    });
    d.scale(i) = in_range(gamma / root(sigma(i), eps), "list", block + ": σ");
    chain *= d.scale(i);
    chain_log10 += std::log10(d.scale(i));
    d.chain(i) = chain;
    d.chain_log10(i) = chain_log10;
    d.bound(i) = std::pow(1 + delta, double(i + 1));
    d.bound_log10(i) = double(i + 1) * log10_step;
  }
  d.first_over_last = d.scale(0) / d.scale(n - 1);
  d.first_over_last_log10 = std::log10(d.scale(0)) - std::log10(d.scale(n - 1));
  return d;
}

}  // namespace tk
