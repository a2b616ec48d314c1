// Adam as torch.optim.Adam (PyTorch 1.13, single-tensor path, no weight decay, no amsgrad), one tensor at a
// time, with the training lab's linear warmup (docs/design/training.md). For a parameter p with gradient g, at
// step t = 1, 2, … with rate lr_t:
//   m = β1·m + (1 − β1)·g                 v = β2·v + (1 − β2)·g·g
//   step_size = lr_t / (1 − β1^t)         denom = √v / √(1 − β2^t) + eps
//   p = p − step_size · m / denom
// Each line is evaluated in PyTorch's order of operations (mul_, add_, addcmul_, addcdiv_), so results agree
// with PyTorch's to the rounding of its fused CPU kernels.
#pragma once

#include <vector>

#include "tensor.hpp"

namespace tk {

struct AdamConfig {
  double lr = 3e-3;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double eps = 1e-8;
};

// Throws std::invalid_argument for what torch.optim.Adam refuses (lr < 0, eps < 0, β outside [0, 1)).
void validate(const AdamConfig& config);

// The first and second moments of one parameter tensor, zero before the first step.
struct AdamMoments {
  Vec m;  // (size of the tensor)
  Vec v;
};

// The rate of step s = 0, 1, 2, …: lr · min(1, (s + 1)/W) during a warmup of W steps (W = 0: none), as
// LambdaLR(lambda s: min(1, (s + 1) / W)) stepped after every optimiser step gives it.
double warmup_rate(double lr, int warmup, int step);

class Adam {
 public:
  explicit Adam(const AdamConfig& config);

  // Starts optimiser step t + 1 at rate lr_t: every tensor updated until the next begin_step uses it.
  void begin_step(double lr_t);
  int steps() const { return t_; }

  // Updates one tensor (n numbers) in place from its gradient; the moments are created at the first call.
  // Returns the gradient's squared norm, Σ g², summed in order (squared_sum's value, bit for bit): the lab
  // records each block's gradient norm, and summing here, where every g is loaded anyway and the loop waits on
  // its divisions, costs nothing, where a pass of its own over the gradients cost 2 % of a step.
  double update(double* value, const double* grad, Eigen::Index n, AdamMoments& moments) const;

  // Updates every parameter of a kernel's params struct (for_each_param), with one AdamMoments per tensor in
  // `group`, in the walk's order; squares, if given, receives each tensor's Σ g² in the same order.
  template <class Params, class Grads>
  void update_all(Params& params, const Grads& grads, std::vector<AdamMoments>& group,
                  double* squares = nullptr) const {
    std::size_t k = 0;
    for_each_param(params, grads, [&](auto& value, const auto& grad) {
      if (group.size() <= k) group.resize(k + 1);
      const double sq = update(value.data(), grad.data(), value.size(), group[k]);
      if (squares) squares[k] = sq;
      ++k;
    });
  }

 private:
  AdamConfig config_;
  int t_ = 0;
  double step_size_ = 0;              // lr_t / (1 − β1^t)
  double bias_correction2_sqrt_ = 0;  // √(1 − β2^t)
};

}  // namespace tk
