// The feed-forward sublayer, forward and backward side by side:
//   h = act(x·W1ᵀ + b1)   (N, F), F = ffn_mult·d        act = ReLU, or GELU in PyTorch's exact erf form
//   y = h·W2ᵀ + b2        (N, d)
#pragma once

#include "linear.hpp"

namespace tk {

enum class Activation { ReLU, GELU };

// "relu" or "gelu", as the command line, the bindings and the page name them.
const char* activation_name(Activation act);
Activation activation_from_name(const std::string& name);  // throws std::invalid_argument for any other name

struct FfnParams {
  LinearParams up;    // W1 (F, d), b1 (F)
  LinearParams down;  // W2 (d, F), b2 (d)
};

struct FfnGrads {
  Mat dx;                // (N, d)
  LinearGrads up, down;  // W1, b1 and W2, b2; down.dx is a buffer (∂loss/∂pre), up.dx unused (up's dx is dx)
};

template <class F>
void for_each_param(FfnParams& p, const FfnGrads& g, F&& f) {
  for_each_param(p.up, g.up, f);
  for_each_param(p.down, g.down, f);
}

struct FfnCache {
  Mat x;    // (N, d)  input, for dW1
  Mat pre;  // (N, F)  x·W1ᵀ + b1, for GELU's derivative; empty for ReLU, whose derivative needs only h > 0
  Mat h;    // (N, F)  act(pre), for dW2
};

Mat ffn_forward(const Mat& x, const FfnParams& p, Activation act, FfnCache& cache);

// Fills grads (dx (N, d) and every parameter's gradient).
void ffn_backward(const Mat& dy, const FfnParams& p, Activation act, const FfnCache& cache, FfnGrads& grads);

}  // namespace tk
