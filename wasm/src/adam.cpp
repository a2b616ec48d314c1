// Adam (see adam.hpp).
#include "adam.hpp"

#include <algorithm>
#include <cmath>

#include "profile.hpp"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace tk {

void validate(const AdamConfig& c) {
  require(std::isfinite(c.lr) && c.lr >= 0, "the learning rate must be a finite number, 0 or more");
  require(std::isfinite(c.eps) && c.eps >= 0, "Adam's ε must be a finite number, 0 or more");
  require(c.beta1 >= 0 && c.beta1 < 1, "β1 must be 0 or more and less than 1");
  require(c.beta2 >= 0 && c.beta2 < 1, "β2 must be 0 or more and less than 1");
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

double Adam::update(double* value, const double* grad, Eigen::Index n, AdamMoments& s) const {
  TK_PROFILE_OP(Optimiser);
  if (s.m.size() != n) {
    s.m = Vec::Zero(n);
    s.v = Vec::Zero(n);
  }
  const double b1 = config_.beta1, b2 = config_.beta2, one_minus_b1 = 1.0 - b1, one_minus_b2 = 1.0 - b2;
  const double neg_step = -step_size_, c2 = bias_correction2_sqrt_, eps = config_.eps;
  double* m = s.m.data();
  double* v = s.v.data();
  double squares = 0;  // Σ g², one number after another (squared_sum's order)
  Eigen::Index i = 0;
#ifdef __wasm_simd128__
  // Two parameters at a time, each operation the scalar line's own (f64x2 sqrt and division round as the scalar
  // ones do), so the values are the same bit for bit; the compiler does not vectorise the loop by itself (sqrt
  // may set errno).
  const v128_t vb1 = wasm_f64x2_splat(b1), vb2 = wasm_f64x2_splat(b2), v1b1 = wasm_f64x2_splat(one_minus_b1);
  const v128_t v1b2 = wasm_f64x2_splat(one_minus_b2), vstep = wasm_f64x2_splat(neg_step);
  const v128_t vc2 = wasm_f64x2_splat(c2), veps = wasm_f64x2_splat(eps);
  for (; i + 2 <= n; i += 2) {
    squares += grad[i] * grad[i];
    squares += grad[i + 1] * grad[i + 1];
    const v128_t g = wasm_v128_load(grad + i);
    const v128_t mi = wasm_f64x2_add(wasm_f64x2_mul(wasm_v128_load(m + i), vb1), wasm_f64x2_mul(v1b1, g));
    const v128_t vi =
        wasm_f64x2_add(wasm_f64x2_mul(wasm_v128_load(v + i), vb2), wasm_f64x2_mul(wasm_f64x2_mul(v1b2, g), g));
    const v128_t denom = wasm_f64x2_add(wasm_f64x2_div(wasm_f64x2_sqrt(vi), vc2), veps);
    wasm_v128_store(m + i, mi);
    wasm_v128_store(v + i, vi);
    wasm_v128_store(value + i,
                    wasm_f64x2_add(wasm_v128_load(value + i), wasm_f64x2_div(wasm_f64x2_mul(vstep, mi), denom)));
  }
#endif
  for (; i < n; ++i) {
    const double g = grad[i];
    squares += g * g;
    m[i] = m[i] * b1 + one_minus_b1 * g;              // exp_avg.mul_(β1).add_(g, alpha=1 − β1)
    v[i] = v[i] * b2 + one_minus_b2 * g * g;          // exp_avg_sq.mul_(β2).addcmul_(g, g, value=1 − β2)
    const double denom = std::sqrt(v[i]) / c2 + eps;  // (exp_avg_sq.sqrt() / √bc2).add_(eps)
    value[i] = value[i] + neg_step * m[i] / denom;    // p.addcdiv_(exp_avg, denom, value=−step_size)
  }
  return squares;
}

}  // namespace tk
