// The two losses of the chapter, forward and backward side by side. Both reduce to one number by the mean,
// and both backward passes start from d loss / d loss = 1.
//   mean squared error (the article's loss, and the training lab's `regress` task):
//     loss = (1/(N·d)) Σ (y − target)²                     dy = 2·(y − target) / (N·d)
//   cross-entropy over logits (the training lab's `char` task), one row per position, V classes:
//     p = softmax_rows(logits)      loss = −(1/N) Σ_n log p[n, target_n]
//     dlogits = (p − onehot(target)) / N
#pragma once

#include <cstdint>
#include <vector>

#include "tensor.hpp"

namespace tk {

struct MseCache {
  Mat residual;  // (N, d)  y − target, the only thing the backward needs
};

struct MseGrads {
  Mat dx;  // (N, d)  d loss / d y
};

// y, target (N, d) → the mean of the squared differences.
double mse_forward(const Mat& y, const Mat& target, MseCache& cache);
void mse_backward(const MseCache& cache, MseGrads& grads);

struct CrossEntropyCache {
  Mat log_p;                          // (N, V)  log softmax of each row, kept for the backward's p = exp(log_p)
  std::vector<std::int64_t> targets;  // (N)     the class each row should predict
};

struct CrossEntropyGrads {
  Mat dx;  // (N, V)  d loss / d logits
};

// logits (N, V), targets (N) with 0 ≤ target < V → the mean of −log softmax(logits)[target] over the N rows.
// log softmax is taken as PyTorch does: (z − max) − log Σ exp(z − max), so no exp overflows.
double cross_entropy_forward(const Mat& logits, const std::vector<std::int64_t>& targets, CrossEntropyCache& cache);
void cross_entropy_backward(const CrossEntropyCache& cache, CrossEntropyGrads& grads);

}  // namespace tk
