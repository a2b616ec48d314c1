// nn.Linear kernels (see linear.hpp).
#include "linear.hpp"

#include "gemm.hpp"
#include "profile.hpp"
#include "reduce.hpp"

namespace tk {

// The matrix products are charged to the caller's operation (projections or FFN) when profiling; the bias is
// added in the product's own pass (gemm_bias).
Mat linear_forward(const Mat& x, const LinearParams& p) {
  Mat y;
  linear_forward(x, p, y);
  return y;
}

void linear_forward(const Mat& x, const LinearParams& p, Mat& y) {
  {
    TK_PROFILE_OP(Copies);
    y.resize(x.rows(), p.W.rows());
  }
  gemm_bias(x, false, p.W, true, p.b, y);
}

void linear_backward(const Mat& dy, const LinearParams& p, const Mat& x, LinearGrads& grads) {
  linear_backward(dy, p, x, grads, grads.dx, false);
}

void linear_backward(const Mat& dy, const LinearParams& p, const Mat& x, LinearGrads& grads, Mat& dx, bool accumulate) {
  // forward: y = x·Wᵀ + b, so dW = dyᵀ·x, db = Σ_rows dy, dx = dy·W
  {
    TK_PROFILE_OP(Copies);
    grads.dW.resize(p.W.rows(), p.W.cols());
    if (!accumulate) dx.resize(dy.rows(), p.W.cols());
  }
  gemm(dy, true, x, false, grads.dW);
  {
    TK_PROFILE_OP(BiasActivation);
    column_sums(dy, grads.db);
  }
  gemm(dy, false, p.W, false, dx, accumulate);
}

}  // namespace tk
