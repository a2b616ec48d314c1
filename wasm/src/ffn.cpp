// Feed-forward kernels (see ffn.hpp).
#include "ffn.hpp"

#include "gemm.hpp"
#include "profile.hpp"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

#include <cmath>

namespace tk {

namespace {

constexpr double kInvSqrt2 = 0.70710678118654752440;    // 1/√2
constexpr double kInvSqrt2Pi = 0.39894228040143267794;  // 1/√(2π)

// GELU(z) = z·Φ(z) = ½·z·(1 + erf(z/√2)), as torch.nn.functional.gelu computes it by default
double gelu(double z) { return 0.5 * z * (1.0 + std::erf(z * kInvSqrt2)); }
// d/dz [z·Φ(z)] = Φ(z) + z·φ(z)
double gelu_grad(double z) { return 0.5 * (1.0 + std::erf(z * kInvSqrt2)) + z * kInvSqrt2Pi * std::exp(-0.5 * z * z); }

}  // namespace

const char* activation_name(Activation act) { return act == Activation::ReLU ? "relu" : "gelu"; }

Activation activation_from_name(const std::string& name) {
  if (name == "relu") return Activation::ReLU;
  if (name == "gelu") return Activation::GELU;
  throw std::invalid_argument("activation must be relu or gelu (got \"" + name + "\")");
}

Mat ffn_forward(const Mat& x, const FfnParams& p, Activation act, FfnCache& cache) {
  {
    TK_PROFILE_OP(Copies);
    cache.x = x;
  }
  TK_PROFILE_OP(Ffn);
  if (act == Activation::ReLU) {
    // h = max(x·W1ᵀ + b1, 0) in the product's own pass; pre is not kept (ReLU's derivative needs only h > 0)
    cache.pre.resize(0, 0);
    cache.h.resize(x.rows(), p.up.W.rows());
    gemm_bias(x, false, p.up.W, true, p.up.b, cache.h, true);
  } else {
    linear_forward(x, p.up, cache.pre);
    TK_PROFILE_OP(BiasActivation);
    cache.h = cache.pre.unaryExpr(&gelu);
  }
  return linear_forward(cache.h, p.down);
}

void ffn_backward(const Mat& dy, const FfnParams& p, Activation act, const FfnCache& cache, FfnGrads& grads) {
  TK_PROFILE_OP(Ffn);
  // forward: y = h·W2ᵀ + b2
  linear_backward(dy, p.down, cache.h, grads.down);
  Mat& dh = grads.down.dx;  // (N, F), turned into d(pre) in place
  {
    TK_PROFILE_OP(BiasActivation);
    // forward: h = act(pre); ReLU passes the gradient where pre > 0, which is where h > 0
    if (act == Activation::ReLU) {
      const double* h = cache.h.data();
      double* g = dh.data();
      Eigen::Index i = 0;
#ifdef __wasm_simd128__
      // the gradient's bits where h > 0, else all zero bits (+0.0): the select below, two at a time
      const v128_t zero = wasm_f64x2_splat(0.0);
      for (; i + 2 <= dh.size(); i += 2) {
        wasm_v128_store(g + i, wasm_v128_and(wasm_v128_load(g + i), wasm_f64x2_gt(wasm_v128_load(h + i), zero)));
      }
#endif
      for (; i < dh.size(); ++i) g[i] = h[i] > 0.0 ? g[i] : 0.0;
    } else {
      dh.array() *= cache.pre.unaryExpr(&gelu_grad).array();
    }
  }
  // forward: pre = x·W1ᵀ + b1
  linear_backward(dh, p.up, cache.x, grads.up, grads.dx, false);
}

}  // namespace tk
