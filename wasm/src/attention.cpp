// Multi-head self-attention kernels (see attention.hpp).
#include "attention.hpp"

#include "gemm.hpp"
#include "profile.hpp"

#include <cmath>
#include <limits>

namespace tk {

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
    cache.q = linear_forward(x, p.q);
    cache.k = linear_forward(x, p.k);
    cache.v = linear_forward(x, p.v);
  }

  TK_PROFILE_OP(Heads);
  Mat S(T, T);
  for (int b = 0; b < shape.B; ++b) {
    for (int h = 0; h < H; ++h) {
      const auto q_bh = cache.q.block(b * T, h * hs, T, hs);
      const auto k_bh = cache.k.block(b * T, h * hs, T, hs);
      gemm(q_bh, false, k_bh, true, S);
      S /= root_hs;  // divided, as PyTorch's q @ kᵀ / √hs rounds
      auto P = cache.P.block(Eigen::Index(b * H + h) * T, 0, T, T);
      {
        TK_PROFILE_OP(Softmax);
        if (shape.causal) {
          for (int i = 0; i < T; ++i) S.row(i).tail(T - 1 - i).setConstant(-std::numeric_limits<double>::infinity());
        }
        // softmax over keys, shifted by the row maximum so exp never overflows
        const Vec row_max = S.rowwise().maxCoeff();
        P = (S.colwise() - row_max).array().exp();
        const Vec row_sum = P.rowwise().sum();
        P.array().colwise() /= row_sum.array();
      }
      gemm(P, false, cache.v.block(b * T, h * hs, T, hs), false, cache.o.block(b * T, h * hs, T, hs));
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
    Mat dP(T, T), dS(T, T);
    for (int b = 0; b < shape.B; ++b) {
      for (int h = 0; h < H; ++h) {
        const auto P = cache.P.block(Eigen::Index(b * H + h) * T, 0, T, T);
        const auto do_bh = d_o.block(b * T, h * hs, T, hs);
        // forward: o_bh = P·v_bh, so dP = do_bh·v_bhᵀ and dv_bh = Pᵀ·do_bh
        gemm(do_bh, false, cache.v.block(b * T, h * hs, T, hs), true, dP);
        gemm(P, true, do_bh, false, dv.block(b * T, h * hs, T, hs));
        {
          TK_PROFILE_OP(Softmax);
          // forward: P = softmax_rows(S), so dS = P ⊙ (dP − rowsum(dP ⊙ P)); masked entries have P = 0
          const Vec dP_dot_P = (dP.array() * P.array()).rowwise().sum();
          dS = P.array() * (dP.array().colwise() - dP_dot_P.array());
        }
        // forward: S = q_bh·k_bhᵀ / √hs
        gemm(dS, false, cache.k.block(b * T, h * hs, T, hs), false, dq.block(b * T, h * hs, T, hs));
        gemm(dS, true, cache.q.block(b * T, h * hs, T, hs), false, dk.block(b * T, h * hs, T, hs));
      }
    }
    dq /= root_hs;
    dk /= root_hs;
  }

  // forward: q, k, v = x·Wᵀ + b; x feeds all three, so its gradient is the sum of the three paths
  {
    TK_PROFILE_OP(Projections);
    linear_backward(dq, p.q, cache.x, grads.q);
    linear_backward(dk, p.k, cache.x, grads.k);
    linear_backward(dv, p.v, cache.x, grads.v);
  }
  TK_PROFILE_OP(Copies);
  grads.dx = grads.q.dx + grads.k.dx + grads.v.dx;
}

}  // namespace tk
