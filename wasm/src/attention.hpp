// Multi-head self-attention, forward and backward side by side (protocol.md, "Attention").
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
  LinearGrads q, k, v, o;
};

// Kept for the backward: recomputing the projections would double the forward's GEMMs.
struct AttentionCache {
  Mat x;  // (N, d)      the input, for dWq, dWk, dWv
  Mat q, k, v;  // (N, d)
  Mat P;  // (B·H·T, T)  softmax probabilities, one T×T block per (b, h), b major
  Mat o;  // (N, d)      heads concatenated, the input of Wo
};

Mat attention_forward(const Mat& x, const AttentionParams& p, const AttentionShape& shape, AttentionCache& cache);

// Fills grads; returns dx (N, d).
Mat attention_backward(const Mat& dy, const AttentionParams& p, const AttentionShape& shape,
                       const AttentionCache& cache, AttentionGrads& grads);

}  // namespace tk
