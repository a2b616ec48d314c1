// nn.Linear kernels (see linear.hpp).
#include "linear.hpp"

#include "gemm.hpp"
#include "profile.hpp"

namespace tk {

// The matrix products are charged to the caller's operation (projections or FFN) when profiling.
Mat linear_forward(const Mat& x, const LinearParams& p) {
  Mat y;
  {
    TK_PROFILE_OP(Copies);
    y.resize(x.rows(), p.W.rows());
  }
  gemm(x, false, p.W, true, y);
  TK_PROFILE_OP(BiasActivation);
  y.rowwise() += p.b.transpose();
  return y;
}

void linear_backward(const Mat& dy, const LinearParams& p, const Mat& x, LinearGrads& grads) {
  // forward: y = x·Wᵀ + b, so dW = dyᵀ·x, db = Σ_rows dy, dx = dy·W
  {
    TK_PROFILE_OP(Copies);
    grads.dW.resize(p.W.rows(), p.W.cols());
    grads.dx.resize(dy.rows(), p.W.cols());
  }
  gemm(dy, true, x, false, grads.dW);
  {
    TK_PROFILE_OP(BiasActivation);
    grads.db = dy.colwise().sum().transpose();
  }
  gemm(dy, false, p.W, false, grads.dx);
}

}  // namespace tk
