// LayerNorm over the feature axis of each row: forward, backward and the exact Jacobian, side by side.
//
//   mean = (1/d) Σ x_i          dev = x − mean          var = (1/d) Σ dev_i²   (population form, ÷d)
//   sigma = √(var + ε)          zhat = dev / sigma      y = γ ⊙ zhat + β                       (LN-fwd)
//
// The Jacobian of one row (LN-jac), entry (a, b):
//   J_ab = γ_a / sigma · ( δ_ab  −  1/d  −  zhat_a zhat_b / d )
//                         diagonal  mean removal  variance removal
// Serves the chapter's LayerNorm instrument and exercises 4, 7 and 9, and every LN inside the stack.
#pragma once

#include "tensor.hpp"

namespace tk {

constexpr double kLayerNormEps = 1e-5;  // nn.LayerNorm's default

struct LayerNormParams {
  Vec gamma;  // (d)  nn.LayerNorm's weight, 1 at initialisation
  Vec beta;   // (d)  nn.LayerNorm's bias, 0 at initialisation
};
// nn.LayerNorm(d)'s initial parameters: γ = 1, β = 0 (it draws no random numbers).
LayerNormParams layernorm_init(Eigen::Index d);

// Everything the forward computes on the way, kept because the backward needs zhat and sigma, and
// because the chapter shows each step.
struct LayerNormCache {
  Vec mean;    // (N)     per-row mean
  Mat dev;     // (N, d)  deviations x − mean
  Vec var;     // (N)     population variance (÷d)
  Vec sigma;   // (N)     √(var + ε): the denominator every derivative carries
  Mat zhat;    // (N, d)  normalised rows, dev / sigma
};

struct LayerNormGrads {
  Mat dx;      // (N, d)
  Vec dgamma;  // (d)
  Vec dbeta;   // (d)
};

template <class F>
void for_each_param(LayerNormParams& p, const LayerNormGrads& g, F&& f) {
  f(p.gamma, g.dgamma);
  f(p.beta, g.dbeta);
}

// x (N, d), p.gamma (d), p.beta (d), eps ≥ 0. Returns y (N, d). Rows whose sigma is 0 (all entries equal,
// ε = 0) come out as NaN: that is the 0/0 the chapter explains, not an error. Every other non-finite result
// is refused with a message: a variance that overflows, or underflows to 0 for entries that differ, and an
// output γ·ẑ + β beyond float64's range.
Mat layernorm_forward(const Mat& x, const LayerNormParams& p, double eps, LayerNormCache& cache);

// dy (N, d), finite → grads.dx, dgamma, dbeta, using the cache of the forward call that produced y. A row
// with sigma = 0 gives NaN in its dx row and in dγ (the forward's 0/0); any other overflow is refused.
void layernorm_backward(const Mat& dy, const LayerNormParams& p, const LayerNormCache& cache, LayerNormGrads& grads);

// The exact (d, d) Jacobian of y with respect to x for one row x (d), and its three terms, which sum to J.
struct LayerNormJacobian {
  Mat J_y_x;             // (d, d)  the whole Jacobian
  Mat diagonal;          // (d, d)  γ_a/sigma · δ_ab
  Mat mean_removal;      // (d, d)  −γ_a/sigma · 1/d
  Mat variance_removal;  // (d, d)  −γ_a/sigma · zhat_a zhat_b / d
  double sigma;          // √(var + ε) of the row
};
// d ≤ kMaxJacobianWidth (a d × d matrix and its three terms). NaN when sigma = 0, as the forward.
constexpr Eigen::Index kMaxJacobianWidth = 1024;
LayerNormJacobian layernorm_jacobian(const Vec& x, const Vec& gamma, double eps);

// One row, every intermediate the step-by-step solution prints (mean → deviations → squares →
// variance → sigma → zhat → y).
struct LayerNormSteps {
  double mean;
  Vec deviations;  // (d)
  Vec squares;     // (d)  deviations²
  double variance;
  double sigma;
  Vec zhat;        // (d)
  Vec y;           // (d)
};
LayerNormSteps layernorm_steps(const Vec& x, const Vec& gamma, const Vec& beta, double eps);

}  // namespace tk
