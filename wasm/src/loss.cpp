// The losses (see loss.hpp).
#include "loss.hpp"

#include <cmath>
#include <string>

namespace tk {

double mse_forward(const Mat& y, const Mat& target, MseCache& cache) {
  require(y.rows() == target.rows() && y.cols() == target.cols(), "mse: y and target must have the same shape");
  require(y.size() >= 1, "mse: needs at least one entry");
  cache.residual = y - target;
  return cache.residual.squaredNorm() / double(cache.residual.size());
}

void mse_backward(const MseCache& cache, MseGrads& grads) {
  // forward: loss = Σ r² / (N·d), so dloss/dy = 2·r / (N·d)
  grads.dx = cache.residual * (2.0 / double(cache.residual.size()));
}

double cross_entropy_forward(const Mat& logits, const std::vector<std::int64_t>& targets, CrossEntropyCache& cache) {
  const Eigen::Index N = logits.rows(), V = logits.cols();
  require(N >= 1 && V >= 1, "cross-entropy: needs at least one row and one class");
  require(std::size_t(N) == targets.size(), [&] {
    return "cross-entropy: " + std::to_string(targets.size()) + " targets for " + std::to_string(N) + " rows of logits";
  });
  for (std::int64_t t : targets) {
    require(t >= 0 && t < V, [&] { return "cross-entropy: a target class is outside 0 … " + std::to_string(V - 1); });
  }
  const Vec row_max = logits.rowwise().maxCoeff();
  cache.log_p = logits.colwise() - row_max;
  const Vec log_sum = cache.log_p.array().exp().rowwise().sum().log();
  cache.log_p.colwise() -= log_sum;
  cache.targets = targets;
  double sum = 0;
  for (Eigen::Index n = 0; n < N; ++n) sum += cache.log_p(n, Eigen::Index(targets[std::size_t(n)]));
  return -sum / double(N);
}

void cross_entropy_backward(const CrossEntropyCache& cache, CrossEntropyGrads& grads) {
  // forward: loss = −(1/N) Σ_n log p[n, t_n]; through the softmax, dloss/dz[n, v] = (p[n, v] − [v = t_n]) / N
  const Eigen::Index N = cache.log_p.rows();
  grads.dx = cache.log_p.array().exp();
  for (Eigen::Index n = 0; n < N; ++n) grads.dx(n, Eigen::Index(cache.targets[std::size_t(n)])) -= 1.0;
  grads.dx /= double(N);
}

}  // namespace tk
