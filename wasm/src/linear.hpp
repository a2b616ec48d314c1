// nn.Linear, forward and backward side by side: y = x·Wᵀ + b, with W stored (out, in) as PyTorch does.
// Serves every projection of the stack (Wq, Wk, Wv, Wo, W1, W2) and the training lab's output head.
#pragma once

#include "tensor.hpp"

namespace tk {

struct LinearParams {
  Mat W;  // (out, in)
  Vec b;  // (out)
};

struct LinearGrads {
  Mat dx;  // (N, in)
  Mat dW;  // (out, in)
  Vec db;  // (out)
};

template <class F>
void for_each_param(LinearParams& p, const LinearGrads& g, F&& f) {
  f(p.W, g.dW);
  f(p.b, g.db);
}

// x (N, in) → y (N, out). Linear's cache is its input x, which every caller keeps already (attention
// feeds one x to three projections; copying it three times would only cost memory).
Mat linear_forward(const Mat& x, const LinearParams& p);
// The same into y, resized only when its shape differs: a buffer kept between calls is reused.
void linear_forward(const Mat& x, const LinearParams& p, Mat& y);

// forward: y = x·Wᵀ + b. x is the forward's input. Fills grads.dx (N, in), dW, db.
void linear_backward(const Mat& dy, const LinearParams& p, const Mat& x, LinearGrads& grads);
// The same, except that dy·W goes to dx, or with accumulate is added to it (grads.dx is left alone): how
// attention sums the paths through q, k and v into one dx without a buffer for each.
void linear_backward(const Mat& dy, const LinearParams& p, const Mat& x, LinearGrads& grads, Mat& dx, bool accumulate);

}  // namespace tk
