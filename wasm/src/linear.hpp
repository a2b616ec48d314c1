// nn.Linear, forward and backward side by side: y = x·Wᵀ + b, with W stored (out, in) as PyTorch does.
// Serves every projection of the stack (Wq, Wk, Wv, Wo, W1, W2).
#pragma once

#include "tensor.hpp"

namespace tk {

struct LinearParams {
  Mat W;  // (out, in)
  Vec b;  // (out)
};

struct LinearGrads {
  Mat dW;  // (out, in)
  Vec db;  // (out)
};

// x (N, in) → y (N, out). Nothing to cache: the backward needs only x, which the caller keeps.
Mat linear_forward(const Mat& x, const LinearParams& p);

// forward: y = x·Wᵀ + b. Fills grads; returns dx (N, in).
Mat linear_backward(const Mat& dy, const Mat& x, const LinearParams& p, LinearGrads& grads);

}  // namespace tk
