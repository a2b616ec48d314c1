// The summaries the article prints of its runs: the median over seeds, and the growth of the residual
// stream (factor = last sd / first sd, exponent = ln(factor) / ln(L)); and beyond the article, how much of
// the early blocks' starvation a narrower measure of a block's gradient removes.
#pragma once

#include <vector>

namespace tk {

// Median; for an even count the mean of the middle two (the article's "median of 6"). Throws if empty or if a
// value is not finite (a NaN's place in the order, and so the answer, would be arbitrary).
double median(std::vector<double> values);

struct StreamGrowth {
  double factor;      // sd after block L / sd after block 1
  double exponent;    // ln(factor) / ln(L): 0.5 would be √L growth
  double sqrt_depth;  // √L, the factor the "add L independent terms" argument predicts
};
// stream_sd (L ≥ 2) as run_stack reports it; the first and last entries must be positive and finite.
StreamGrowth stream_growth(const std::vector<double>& stream_sd);
template <class F>
void for_each_field(const StreamGrowth& g, F&& f) {
  f("factor", g.factor);
  f("exponent", g.exponent);
  f("sqrtDepth", g.sqrt_depth);
}

// How much of the early blocks' starvation under the article's measure (ratio_all < 1: the first block's
// gradient over the last block's) another measure of a block's gradient removes, on a log scale, where a
// ratio of 1 is no starvation: 1 − ln(ratio_measure) / ln(ratio_all). 0 keeps all of it, 1 removes all of
// it, above 1 tilts the other way. Throws when ratio_all ≥ 1: nothing is starved, so there is no share.
double starvation_removed(double ratio_all, double ratio_measure);

// first · i^exponent for i = 1 … L: the stream's sd if it grew as a power of depth (exponent 0.5: √L).
// Throws when an input is not finite or the curve leaves float64's range.
std::vector<double> growth_curve(double first, double exponent, int L);
// The same curve unchecked (entries may be ∞): for callers that word their own message.
std::vector<double> power_curve(double first, double exponent, int L);
// The 1-based block where a curve first leaves float64 (∞ or NaN), 0 when it never does.
int first_nonfinite_block(const std::vector<double>& curve);

}  // namespace tk
