// nn.Linear kernels (see linear.hpp).
#include "linear.hpp"

#include "gemm.hpp"

namespace tk {

Mat linear_forward(const Mat& x, const LinearParams& p) {
  Mat y(x.rows(), p.W.rows());
  gemm(x, false, p.W, true, y);
  y.rowwise() += p.b.transpose();
  return y;
}

void linear_backward(const Mat& dy, const LinearParams& p, const Mat& x, LinearGrads& grads) {
  // forward: y = x·Wᵀ + b, so dW = dyᵀ·x, db = Σ_rows dy, dx = dy·W
  grads.dW.resize(p.W.rows(), p.W.cols());
  gemm(dy, true, x, false, grads.dW);
  grads.db = dy.colwise().sum().transpose();
  grads.dx.resize(dy.rows(), p.W.cols());
  gemm(dy, false, p.W, false, grads.dx);
}

}  // namespace tk
