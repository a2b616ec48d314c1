// Multi-head self-attention kernels (see attention.hpp).
#include "attention.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "gemm.hpp"
#include "profile.hpp"

namespace tk {

namespace {

// One head's scores S (T, T) in place: divided by √hs (as PyTorch's q @ kᵀ / √hs rounds), masked (causal: S_ij
// = −∞ for key j > query i), then each row's softmax over keys into P, shifted by the row maximum so exp never
// overflows. Row by row, each step rounds as the row-wise Eigen expressions before it did: max in key order,
// exp(S − max), the sum in key order, the division.
void scaled_softmax(Mat& S, double root_hs, bool causal, Eigen::Ref<Mat> P) {
  const Eigen::Index T = S.rows();
  for (Eigen::Index i = 0; i < T; ++i) {
    double* s = &S(i, 0);
    double* p = &P(i, 0);
    for (Eigen::Index j = 0; j < T; ++j) s[j] /= root_hs;
    if (causal) std::fill(s + i + 1, s + T, -std::numeric_limits<double>::infinity());
    double max = s[0];
    for (Eigen::Index j = 1; j < T; ++j) max = max < s[j] ? s[j] : max;
    for (Eigen::Index j = 0; j < T; ++j) p[j] = std::exp(s[j] - max);
    double sum = p[0];
    for (Eigen::Index j = 1; j < T; ++j) sum += p[j];
    for (Eigen::Index j = 0; j < T; ++j) p[j] /= sum;
  }
}

// forward: P = softmax_rows(S), so dS = P ⊙ (dP − rowsum(dP ⊙ P)); masked entries have P = 0. Row by row,
// the row sum in key order. dS may be dP itself.
void softmax_backward(const Mat& dP, const Eigen::Ref<const Mat>& P, Mat& dS) {
  const Eigen::Index T = P.rows();
  for (Eigen::Index i = 0; i < T; ++i) {
    const double* g = &dP(i, 0);
    const double* p = &P.coeffRef(i, 0);
    double* out = &dS(i, 0);
    double dot = g[0] * p[0];
    for (Eigen::Index j = 1; j < T; ++j) dot += g[j] * p[j];
    for (Eigen::Index j = 0; j < T; ++j) out[j] = p[j] * (g[j] - dot);
  }
}

}  // namespace

Mat attention_forward(const Mat& x, const AttentionParams& p, const AttentionShape& shape, AttentionCache& cache) {
  const int d = int(x.cols()), T = shape.T, H = shape.H, hs = d / H;
  const double root_hs = std::sqrt(double(hs));
  {
    TK_PROFILE_OP(Copies);
    cache.x = x;
    cache.P.resize(Eigen::Index(shape.B) * H * T, T);
    cache.o.resize(x.rows(), d);
  }
  {
    TK_PROFILE_OP(Projections);
    linear_forward(x, p.q, cache.q);
    linear_forward(x, p.k, cache.k);
    linear_forward(x, p.v, cache.v);
  }

  {
    TK_PROFILE_OP(Heads);
    Mat S(T, T);
    for (int b = 0; b < shape.B; ++b) {
      for (int h = 0; h < H; ++h) {
        const auto q_bh = cache.q.block(b * T, h * hs, T, hs);
        const auto k_bh = cache.k.block(b * T, h * hs, T, hs);
        gemm(q_bh, false, k_bh, true, S);
        auto P = cache.P.block(Eigen::Index(b * H + h) * T, 0, T, T);
        {
          TK_PROFILE_OP(Softmax);
          scaled_softmax(S, root_hs, shape.causal, P);
        }
        gemm(P, false, cache.v.block(b * T, h * hs, T, hs), false, cache.o.block(b * T, h * hs, T, hs));
      }
    }
  }
  TK_PROFILE_OP(Projections);
  return linear_forward(cache.o, p.o);
}

void attention_backward(const Mat& dy, const AttentionParams& p, const AttentionShape& shape,
                        const AttentionCache& cache, AttentionGrads& grads) {
  const int d = int(cache.x.cols()), T = shape.T, H = shape.H, hs = d / H;
  const double root_hs = std::sqrt(double(hs));

  // forward: y = o·Woᵀ + bo
  {
    TK_PROFILE_OP(Projections);
    linear_backward(dy, p.o, cache.o, grads.o);
  }
  const Mat& d_o = grads.o.dx;

  Mat& dq = grads.dq;
  Mat& dk = grads.dk;
  Mat& dv = grads.dv;
  {
    TK_PROFILE_OP(Copies);
    dq.resize(cache.q.rows(), d);
    dk.resize(cache.k.rows(), d);
    dv.resize(cache.v.rows(), d);
  }
  {
    TK_PROFILE_OP(Heads);
    Mat dP(T, T);
    for (int b = 0; b < shape.B; ++b) {
      for (int h = 0; h < H; ++h) {
        const auto P = cache.P.block(Eigen::Index(b * H + h) * T, 0, T, T);
        const auto do_bh = d_o.block(b * T, h * hs, T, hs);
        // forward: o_bh = P·v_bh, so dP = do_bh·v_bhᵀ and dv_bh = Pᵀ·do_bh
        gemm(do_bh, false, cache.v.block(b * T, h * hs, T, hs), true, dP);
        gemm(P, true, do_bh, false, dv.block(b * T, h * hs, T, hs));
        {
          TK_PROFILE_OP(Softmax);
          softmax_backward(dP, P, dP);  // dP becomes dS
        }
        // forward: S = q_bh·k_bhᵀ / √hs
        gemm(dP, false, cache.k.block(b * T, h * hs, T, hs), false, dq.block(b * T, h * hs, T, hs));
        gemm(dP, true, cache.q.block(b * T, h * hs, T, hs), false, dk.block(b * T, h * hs, T, hs));
      }
    }
    dq /= root_hs;
    dk /= root_hs;
  }

  // forward: q, k, v = x·Wᵀ + b; x feeds all three, so its gradient is the sum of the three paths, added up in
  // dx as they come (dq·Wq, then + dk·Wk, then + dv·Wv)
  TK_PROFILE_OP(Projections);
  linear_backward(dq, p.q, cache.x, grads.q, grads.dx, false);
  linear_backward(dk, p.k, cache.x, grads.k, grads.dx, true);
  linear_backward(dv, p.v, cache.x, grads.v, grads.dx, true);
}

}  // namespace tk
