// Adam (see adam.hpp).
#include "adam.hpp"

#include <algorithm>
#include <cmath>

namespace tk {

void validate(const AdamConfig& c) {
  require(std::isfinite(c.lr) && c.lr >= 0, "the learning rate must be a finite number >= 0");
  require(std::isfinite(c.eps) && c.eps >= 0, "Adam's eps must be a finite number >= 0");
  require(c.beta1 >= 0 && c.beta1 < 1, "β1 must be in [0, 1)");
  require(c.beta2 >= 0 && c.beta2 < 1, "β2 must be in [0, 1)");
}

double warmup_rate(double lr, int warmup, int step) {
  if (warmup <= 0) return lr;
  return lr * std::min(1.0, double(step + 1) / double(warmup));
}

Adam::Adam(const AdamConfig& config) : config_(config) { validate(config); }

void Adam::begin_step(double lr_t) {
  ++t_;
  // Python: bias_correction1 = 1 - beta1 ** step (step a float), step_size = lr / bias_correction1
  const double bias_correction1 = 1.0 - std::pow(config_.beta1, double(t_));
  const double bias_correction2 = 1.0 - std::pow(config_.beta2, double(t_));
  step_size_ = lr_t / bias_correction1;
  bias_correction2_sqrt_ = std::sqrt(bias_correction2);
}

void Adam::update(double* value, const double* grad, Eigen::Index n, AdamMoments& s) const {
  if (s.m.size() != n) {
    s.m = Vec::Zero(n);
    s.v = Vec::Zero(n);
  }
  const double b1 = config_.beta1, b2 = config_.beta2, one_minus_b1 = 1.0 - b1, one_minus_b2 = 1.0 - b2;
  const double neg_step = -step_size_, c2 = bias_correction2_sqrt_, eps = config_.eps;
  double* m = s.m.data();
  double* v = s.v.data();
  for (Eigen::Index i = 0; i < n; ++i) {
    const double g = grad[i];
    m[i] = m[i] * b1 + one_minus_b1 * g;            // exp_avg.mul_(β1).add_(g, alpha=1 − β1)
    v[i] = v[i] * b2 + one_minus_b2 * g * g;        // exp_avg_sq.mul_(β2).addcmul_(g, g, value=1 − β2)
    const double denom = std::sqrt(v[i]) / c2 + eps;  // (exp_avg_sq.sqrt() / √bc2).add_(eps)
    value[i] = value[i] + neg_step * m[i] / denom;    // p.addcdiv_(exp_avg, denom, value=−step_size)
  }
}

}  // namespace tk
