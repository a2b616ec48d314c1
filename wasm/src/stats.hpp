// The summaries the article prints of its runs: the median over seeds, and the growth of the residual
// stream (factor = last sd / first sd, exponent = ln(factor) / ln(L)).
#pragma once

#include <vector>

namespace tk {

// Median; for an even count the mean of the middle two (the article's "median of 6"). Throws if empty.
double median(std::vector<double> values);

struct StreamGrowth {
  double factor;    // sd after block L / sd after block 1
  double exponent;  // ln(factor) / ln(L): 0.5 would be √L growth
};
// stream_sd (L ≥ 2) as run_stack reports it.
StreamGrowth stream_growth(const std::vector<double>& stream_sd);

}  // namespace tk
