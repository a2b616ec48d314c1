// Summaries of runs (see stats.hpp).
#include "stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>

#include "tensor.hpp"

namespace tk {

double median(std::vector<double> values) {
  require(!values.empty(), "median of no values");
  // NaN has no place in an order (where it sat would decide the answer), and the mean of −∞ and ∞ is none
  for (size_t i = 0; i < values.size(); ++i) {
    require(std::isfinite(values[i]), [&] {
      return "the median needs finite numbers: value " + std::to_string(i + 1) + " of " +
             std::to_string(values.size()) + " is " + (std::isnan(values[i]) ? "NaN (not a number)" : "infinite");
    });
  }
  const size_t n = values.size(), mid = n / 2;
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(mid);
  std::nth_element(values.begin(), middle, values.end());
  if (n % 2 == 1) return values[mid];
  const double upper = values[mid];
  const double lower = *std::max_element(values.begin(), middle);
  return 0.5 * (lower + upper);
}

StreamGrowth stream_growth(const std::vector<double>& stream_sd) {
  require(stream_sd.size() >= 2, "stream growth needs at least 2 blocks");
  // (said in the wiring's terms: a zero stream is what a reader's wiring makes, not a misuse of this function)
  for (std::size_t at : {std::size_t(0), stream_sd.size() - 1}) {
    const double sd = stream_sd[at];
    require(sd != 0, [&] {
      return "the stream is exactly 0 after block " + std::to_string(at + 1) +
             ", so it has no growth factor: the wiring carries no stream there (residual off, or alpha 0) and its "
             "branches add 0 (a scale_in, scale_out or gate0 of 0): set one of them to a value other than 0";
    });
    require(std::isfinite(sd) && sd > 0, [&] {
      return "the stream's sd after block " + std::to_string(at + 1) + " is " +
             (std::isnan(sd) ? std::string("not a number") : std::string("beyond float64's range")) +
             ", so it has no growth factor";
    });
  }
  const double factor = stream_sd.back() / stream_sd.front();
  const double L = double(stream_sd.size());
  require(std::isfinite(factor) && factor > 0, "the growth factor (last spread / first) is beyond float64's range");
  return {factor, std::log(factor) / std::log(L), std::sqrt(L)};
}

double starvation_removed(double ratio_all, double ratio_measure) {
  require(std::isfinite(ratio_all) && ratio_all > 0 && std::isfinite(ratio_measure) && ratio_measure > 0,
          "gradient ratios are positive numbers");
  require(
      ratio_all < 1,
      "the article's measure does not starve the early blocks here (ratio >= 1): there is no starvation to share out");
  return 1 - std::log(ratio_measure) / std::log(ratio_all);
}

int first_nonfinite_block(const std::vector<double>& curve) {
  for (size_t i = 0; i < curve.size(); ++i) {
    if (!std::isfinite(curve[i])) return int(i) + 1;
  }
  return 0;
}

std::vector<double> power_curve(double first, double exponent, int L) {
  std::vector<double> curve(static_cast<size_t>(std::max(L, 0)));
  for (int i = 1; i <= L; ++i) curve[size_t(i - 1)] = first * std::pow(double(i), exponent);
  return curve;
}

std::vector<double> growth_curve(double first, double exponent, int L) {
  require(L >= 1 && L <= 100000, "the growth curve needs a depth L from 1 to 100000");
  require(std::isfinite(first) && std::isfinite(exponent), "growth curve needs a finite first value and exponent");
  std::vector<double> curve = power_curve(first, exponent, L);
  const int out = first_nonfinite_block(curve);
  require(out == 0,
          "the exponent is too large: first · i^exponent leaves float64's range at block " + std::to_string(out));
  return curve;
}

}  // namespace tk
