// RMSNorm over the feature axis of each row (Zhang & Sennrich 2019; LLaMA's norm): forward, backward and the
// exact Jacobian, side by side. LayerNorm without the mean: nothing is subtracted, and there is no β.
//
//   ms = (1/d) Σ x_i²          rms = √(ms + ε)          xhat = x / rms          y = g ⊙ xhat         (RMS-fwd)
//
// The Jacobian of one row (RMS-jac), entry (a, b):
//   J_ab = g_a / rms · ( δ_ab  −  xhat_a xhat_b / d )
//                       diagonal  scale removal
// LayerNorm's Jacobian has a third term, −1/d, its mean removal: RMSNorm keeps a row's mean direction.
// Serves the blocks of the Pre-RMSNorm wiring (and its final norm) and the LayerNorm instrument's RMSNorm switch.
//
// Range: RMS(x) with ε equals RMS(x/u) with ε/u² for any u > 0, as for LayerNorm. A row whose mean square would
// overflow or underflow float64 is computed in a unit u, a power of two near its size; every ordinary row takes
// the plain formulas above. Results float64 cannot hold are reported with a message, never returned as ∞.
#pragma once

#include <string>
#include <vector>

#include "tensor.hpp"

namespace tk {

constexpr double kRMSNormEps = 1e-6;  // LLaMA's RMSNorm eps

struct RMSNormParams {
  Vec gain;  // (d)  g, 1 at initialisation
};
// LLaMA's RMSNorm(d) at initialisation: g = 1 (it draws no random numbers).
RMSNormParams rmsnorm_init(Eigen::Index d);

struct RMSNormCache {
  Vec ms;           // (N)     per-row mean of the squares (float64's nearest: 0 or ∞ when it lies past float64)
  Vec rms;          // (N)     √(ms + ε): the denominator every derivative carries
  Mat xhat;         // (N, d)  x / rms, what the backward needs
  Vec unit;         // (N)     1 for an ordinary row; else the power of two u its statistics were computed in
  Vec rms_in_unit;  // (N)     rms / unit, kept because rms itself may be subnormal (imprecise) there
};

struct RMSNormGrads {
  Mat dx;     // (N, d)
  Vec dgain;  // (d)
};

template <class F>
void for_each_param(RMSNormParams& p, const RMSNormGrads& g, F&& f) {
  f(p.gain, g.dgain);
}

// x (N, d), p.gain (d), eps ≥ 0. Returns y (N, d). Rows that are all zero with ε = 0 come out as NaN (0/0, as
// LayerNorm's equal rows). Throws when g ⊙ xhat lies beyond float64.
Mat rmsnorm_forward(const Mat& x, const RMSNormParams& p, double eps, RMSNormCache& cache);

// dy (N, d) → grads.dx, dgain, using the cache of the forward call that produced y:
//   dgain = Σ_rows dy ⊙ xhat;   with h = dy ⊙ g,  dx = ( h − xhat · mean(h ⊙ xhat) ) / rms
// Throws where the gradient does not exist (an all-zero row with ε = 0) or lies beyond float64.
void rmsnorm_backward(const Mat& dy, const RMSNormParams& p, const RMSNormCache& cache, RMSNormGrads& grads);

// The exact (d, d) Jacobian of y with respect to x for one row x (d), and its two terms, which sum to J.
struct RMSNormJacobian {
  Mat J_y_x;          // (d, d)  the whole Jacobian
  Mat diagonal;       // (d, d)  g_a/rms · δ_ab
  Mat scale_removal;  // (d, d)  −g_a/rms · xhat_a xhat_b / d
  double rms;         // √(ms + ε) of the row
};
// d ≤ kMaxJacobianWidth (layernorm.hpp). With rms = 0 the entries are ±∞/NaN: the Jacobian does not exist there.
RMSNormJacobian rmsnorm_jacobian(const Vec& x, const Vec& gain, double eps);
// Its fields by the names the page reads; "terms" lists the matrices that sum to J, in the order the page draws them.
template <class F>
void for_each_field(const RMSNormJacobian& j, F&& f) {
  f("d", j.J_y_x.rows());
  f("J", j.J_y_x);
  f("diagonal", j.diagonal);
  f("scaleRemoval", j.scale_removal);
  f("terms", std::vector<std::string>{"diagonal", "scaleRemoval"});
  f("rms", j.rms);
}

// One row, every intermediate the step-by-step view prints (squares → mean square → rms → xhat → y). When
// unit ≠ 1 the squares and their mean lie beyond float64 and hold its nearest value; the same question in that
// unit, x_in_unit with eps_in_unit, has every step inside float64 and the same xhat and y.
struct RMSNormSteps {
  Vec squares;  // (d)  x²
  double mean_square;
  double rms;
  Vec xhat;            // (d)
  Vec y;               // (d)
  double unit;         // 1, or the power of two u the statistics were computed in
  Vec x_in_unit;       // (d) x / u
  double eps_in_unit;  // ε / u²
};
RMSNormSteps rmsnorm_steps(const Vec& x, const Vec& gain, double eps);
template <class F>
void for_each_field(const RMSNormSteps& s, F&& f) {
  f("squares", s.squares);
  f("meanSquare", s.mean_square);
  f("rms", s.rms);
  f("xhat", s.xhat);
  f("y", s.y);
  f("unit", s.unit);
  f("xInUnit", s.x_in_unit);
  f("epsInUnit", s.eps_in_unit);
}

}  // namespace tk
