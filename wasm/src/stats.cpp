// Summaries of runs (see stats.hpp).
#include "stats.hpp"

#include <algorithm>
#include <cmath>

#include "tensor.hpp"

namespace tk {

double median(std::vector<double> values) {
  require(!values.empty(), "median of no values");
  const size_t n = values.size(), mid = n / 2;
  std::nth_element(values.begin(), values.begin() + mid, values.end());
  if (n % 2 == 1) return values[mid];
  const double upper = values[mid];
  const double lower = *std::max_element(values.begin(), values.begin() + mid);
  return 0.5 * (lower + upper);
}

StreamGrowth stream_growth(const std::vector<double>& stream_sd) {
  require(stream_sd.size() >= 2, "stream growth needs at least 2 blocks");
  const double factor = stream_sd.back() / stream_sd.front();
  return {factor, std::log(factor) / std::log(double(stream_sd.size()))};
}

}  // namespace tk
