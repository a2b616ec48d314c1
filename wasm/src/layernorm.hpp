// LayerNorm over the feature axis of each row: forward, backward and the exact Jacobian, side by side.
//
//   mean = (1/d) Σ x_i          dev = x − mean          var = (1/d) Σ dev_i²   (population form, ÷d)
//   sigma = √(var + ε)          zhat = dev / sigma      y = γ ⊙ zhat + β                       (LN-fwd)
//
// The Jacobian of one row (LN-jac), entry (a, b):
//   J_ab = γ_a / sigma · ( δ_ab  −  1/d  −  zhat_a zhat_b / d )
//                         diagonal  mean removal  variance removal
// Serves the chapter's LayerNorm instrument and exercises 4, 7 and 9, and every LN inside the stack.
//
// Range: LN(x) with ε equals LN(x/u) with ε/u² for any u > 0 (LayerNorm ignores a common factor). A row
// whose variance would underflow or overflow float64 (entries near 1e-300 or 1e200, say) is computed in
// a unit u, a power of two near its size, so its output is as exact as an ordinary row's; every ordinary
// row takes the plain formulas above, bit for bit. Results that float64 cannot hold at all (|y| or a
// gradient above 1.8e308) are reported with a message, never returned as ∞.
#pragma once

#include <string>
#include <vector>

#include "tensor.hpp"

namespace tk {

constexpr double kLayerNormEps = 1e-5;  // nn.LayerNorm's default

struct LayerNormParams {
  Vec gamma;  // (d)  nn.LayerNorm's weight, 1 at initialisation
  Vec beta;   // (d)  nn.LayerNorm's bias, 0 at initialisation
};
// nn.LayerNorm(d)'s initial parameters: γ = 1, β = 0 (it draws no random numbers).
LayerNormParams layernorm_init(Eigen::Index d);

// What the forward computes on the way and the backward needs (zhat and sigma), with the rows' statistics the
// chapter shows. (The deviations x − mean are not kept: a stack keeps a cache for every block; layernorm_steps
// gives them.)
struct LayerNormCache {
  Vec mean;           // (N)     per-row mean
  Vec var;            // (N)     population variance (÷d) (float64's nearest: 0 or ∞ when it lies past float64)
  Vec sigma;          // (N)     √(var + ε): the denominator every derivative carries
  Mat zhat;           // (N, d)  normalised rows, (x − mean) / sigma
  Vec unit;           // (N)     1 for an ordinary row; else the power of two u its statistics were computed in
  Vec sigma_in_unit;  // (N) sigma / unit, kept because sigma itself may be subnormal (imprecise) there
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
// ε = 0) come out as NaN: that is the 0/0 the chapter explains, not an error. Throws when γ·ẑ + β is
// beyond float64.
Mat layernorm_forward(const Mat& x, const LayerNormParams& p, double eps, LayerNormCache& cache);

// dy (N, d) → grads.dx, dgamma, dbeta, using the cache of the forward call that produced y. Throws when a
// gradient does not exist (a row with sigma = 0) or lies beyond float64.
void layernorm_backward(const Mat& dy, const LayerNormParams& p, const LayerNormCache& cache, LayerNormGrads& grads);

// The exact (d, d) Jacobian of y with respect to x for one row x (d), and its three terms, which sum to J.
struct LayerNormJacobian {
  Mat J_y_x;             // (d, d)  the whole Jacobian
  Mat diagonal;          // (d, d)  γ_a/sigma · δ_ab
  Mat mean_removal;      // (d, d)  −γ_a/sigma · 1/d
  Mat variance_removal;  // (d, d)  −γ_a/sigma · zhat_a zhat_b / d
  double sigma;          // √(var + ε) of the row
};
// With sigma = 0 (all entries equal, ε = 0) the entries are ±∞/NaN: the Jacobian does not exist there.
// Throws when its entries lie beyond float64 (σ tiny next to γ).
// d ≤ kMaxJacobianWidth (a d × d matrix and its three terms).
constexpr Eigen::Index kMaxJacobianWidth = 1024;
LayerNormJacobian layernorm_jacobian(const Vec& x, const Vec& gamma, double eps);
// Its fields by the names the page reads; "terms" lists the matrices that sum to J, in the order the page draws them.
template <class F>
void for_each_field(const LayerNormJacobian& j, F&& f) {
  f("d", j.J_y_x.rows());
  f("J", j.J_y_x);
  f("diagonal", j.diagonal);
  f("meanRemoval", j.mean_removal);
  f("varianceRemoval", j.variance_removal);
  f("terms", std::vector<std::string>{"diagonal", "meanRemoval", "varianceRemoval"});
  f("sigma", j.sigma);
}

// One row, every intermediate the step-by-step solution prints (mean → deviations → squares →
// variance → sigma → zhat → y). When unit ≠ 1 the squares and the variance (and perhaps the deviations)
// lie beyond float64 and hold its nearest value (0 or ∞); the same question in that unit, x_in_unit with
// eps_in_unit, has every step inside float64 and the same zhat and y.
struct LayerNormSteps {
  double mean;
  Vec deviations;  // (d)
  Vec squares;     // (d)  deviations²
  double variance;
  double sigma;
  Vec zhat;            // (d)
  Vec y;               // (d)
  double unit;         // 1, or the power of two u the statistics were computed in
  Vec x_in_unit;       // (d) x / u
  double eps_in_unit;  // ε / u²
};
LayerNormSteps layernorm_steps(const Vec& x, const Vec& gamma, const Vec& beta, double eps);
template <class F>
void for_each_field(const LayerNormSteps& s, F&& f) {
  f("mean", s.mean);
  f("deviations", s.deviations);
  f("squares", s.squares);
  f("variance", s.variance);
  f("sigma", s.sigma);
  f("zhat", s.zhat);
  f("y", s.y);
  f("unit", s.unit);
  f("xInUnit", s.x_in_unit);
  f("epsInUnit", s.eps_in_unit);
}

// The ε every norm takes (LayerNorm, RMSNorm, the ε–σ instrument): a finite number, 0 or more. Throws
// std::invalid_argument with the words the page shows beside its ε field.
void require_eps(double eps);

}  // namespace tk
