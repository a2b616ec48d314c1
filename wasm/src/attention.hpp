// Multi-head self-attention, forward and backward side by side (docs/design/protocol.md, "Attention").
//   q, k, v = x·Wqᵀ + bq, x·Wkᵀ + bk, x·Wvᵀ + bv                         (N, d) each, N = B·T
//   per batch b and head h (columns h·hs … h·hs + hs − 1):
//     S = q_bh·k_bhᵀ / √hs      (T, T)    optional causal mask: S_ij = −∞ for key j > query i
//     P = softmax_rows(S)        (T, T)
//     o_bh = P·v_bh              (T, hs)
//   y = o·Woᵀ + bo              heads concatenated back to (N, d)
#pragma once

#include "linear.hpp"

namespace tk {

struct AttentionShape {
  int B;        // sequences in the batch
  int T;        // tokens per sequence
  int H;        // heads; hs = d / H
  bool causal;  // mask future keys
};

struct AttentionParams {
  LinearParams q, k, v, o;  // each (d, d) + (d)
};

struct AttentionGrads {
  Mat dx;                  // (N, d)
  LinearGrads q, k, v, o;  // each projection's dW, db; o.dx is ∂loss/∂o (q, k, v add their dx straight into dx)
  Mat dq, dk, dv;          // (N, d) gradients of the projections' outputs, kept as buffers between calls
};

template <class F>
void for_each_param(AttentionParams& p, const AttentionGrads& g, F&& f) {
  for_each_param(p.q, g.q, f);
  for_each_param(p.k, g.k, f);
  for_each_param(p.v, g.v, f);
  for_each_param(p.o, g.o, f);
}

// Kept for the backward: recomputing the projections would double the forward's GEMMs.
struct AttentionCache {
  Mat x;        // (N, d)      the input, for dWq, dWk, dWv
  Mat q, k, v;  // (N, d)
  Mat P;        // (B·H·T, T)  softmax probabilities, one T×T block per (b, h), b major
  Mat o;        // (N, d)      heads concatenated, the input of Wo
};

Mat attention_forward(const Mat& x, const AttentionParams& p, const AttentionShape& shape, AttentionCache& cache);

// Fills grads (dx (N, d) and every parameter's gradient).
void attention_backward(const Mat& dy, const AttentionParams& p, const AttentionShape& shape,
                        const AttentionCache& cache, AttentionGrads& grads);

}  // namespace tk
