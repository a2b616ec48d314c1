// The one matrix product every projection of the stack goes through (see linear.cpp and attention.cpp):
//   C = A·B  or  C += A·B,  where A is a or aᵀ and B is b or bᵀ, all float64 and row-major.
// In the stack, with N rows (tokens), d model width and F FFN width:
//   forward   y  = x·Wᵀ    (N, in)·(out, in)ᵀ      transpose_b
//   backward  dW = dyᵀ·x   (N, out)ᵀ·(N, in)       transpose_a
//             dx = dy·W    (N, out)·(out, in)      neither
// Built for WebAssembly with SIMD, it runs a hand-written register-blocked f64x2 kernel, because Eigen 3.4
// has no wasm SIMD backend and reaches about half the speed (docs/design/performance.md). Everywhere else it is
// Eigen's product, which is also the reference the wasm kernel is tested against. The two differ only in
// the order of the sums.
#pragma once

#include "tensor.hpp"

namespace tk {

// a: (M, K), or (K, M) when transpose_a.   b: (K, N), or (N, K) when transpose_b.   c: (M, N).
// C = A·B when accumulate is false, C += A·B when it is true. Shapes are checked (std::invalid_argument).
// Blocks of row-major matrices (m.block(r, c, h, w), e.g. one head's 32 columns of a 128-wide matrix) bind to
// the Refs without a copy. C must not share memory with A or B (not checked).
void gemm(const Eigen::Ref<const Mat>& a, bool transpose_a, const Eigen::Ref<const Mat>& b, bool transpose_b,
          Eigen::Ref<Mat> c, bool accumulate = false);

// C = A·B + 1·biasᵀ (bias, one number per column of C, added to every row), then with relu max(C, 0) entry by
// entry: a Linear's forward, and the FFN's first layer with its ReLU, in the product's own pass over C. Each
// entry rounds exactly as the separate steps (product, + bias, max) round it.
void gemm_bias(const Eigen::Ref<const Mat>& a, bool transpose_a, const Eigen::Ref<const Mat>& b, bool transpose_b,
               const Vec& bias, Eigen::Ref<Mat> c, bool relu = false);

}  // namespace tk
