// Matrix product for the stack's projections (see gemm.hpp).
//
// The WebAssembly SIMD kernel, in three steps (docs/design/performance.md has the measurements behind each choice):
//   1. pack A into panels of 4 rows and B into panels of 4 columns, each laid out k by k, so the inner loop
//      reads both operands contiguously whatever the transposes (packing makes aᵀ and bᵀ cost nothing); when
//      A has few rows and B is b itself, B is read where it lies instead (see PanelB);
//   2. for every 4×4 tile of C, run over k keeping the tile in 8 f64x2 registers: the 4 numbers of B(k, ·)
//      are two f64x2 loads, each of the 4 numbers of A(·, k) is broadcast by a splat load, then mul and add
//      (wasm SIMD128 has no fused multiply-add);
//   3. add or store the tile into C (adding the bias and taking the ReLU on the way when asked), through a small
//      buffer at the ragged right and bottom edges.
// Native builds use Eigen's product instead.
#include "gemm.hpp"

#include "profile.hpp"

#include <algorithm>
#include <string>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include <vector>
#endif

namespace tk {

namespace {

using Eigen::Index;

std::string shape(const Eigen::Ref<const Mat>& m) { return std::to_string(m.rows()) + "x" + std::to_string(m.cols()); }

#ifdef __wasm_simd128__

// The register budget: V8 allocates 15 vector registers on x86-64 (xmm0–xmm14; xmm15 is its scratch), and its
// scheduler issues all the loads of a k step before the arithmetic, so every loaded value is live at once.
// A 4×4 tile needs 8 accumulators + 2 halves of B(k, ·) + 4 broadcasts of A(·, k) + 1 product = 15: it fits.
// A 5×4 tile needs 18: V8 keeps 3 accumulators on the stack and the kernel runs at half the speed, and
// unrolling the k loop spills in the same way (docs/measurements.md, "GEMM's 4×4 tile"). If a change here moves the
// speed, look at the machine code: node --no-liftoff --print-wasm-code (bench/gemm_bench.cpp).
// 4 also divides the stack's sizes (128, 512), so its products have no edge tiles.
constexpr Index kTile = 4;

// Address of m(r, c), for the f64x2 loads (a const Ref's operator() returns a copy).
const double* at(const Eigen::Ref<const Mat>& m, Index r, Index c) { return &m.coeffRef(r, c); }

// Packs X = m (transposed = false) or mᵀ (transposed = true), of size K×n, into panels of 4 columns, each K
// groups of 4 numbers: panel[k·4 + j] = X(k, j0 + j). Columns past the right edge of X are zeros, so the kernel
// never branches on the edge. B is packed as X = B; A as X = Aᵀ, so that group k of an A panel holds A(i0.., k).
void pack_panels(const Eigen::Ref<const Mat>& m, bool transposed, Index K, Index n, double* packed) {
  Index j0 = 0;
  // X = m: two panels in one pass down the rows, each row's 8 numbers a whole cache line (one panel at a time read
  // half a line per row, and with rows a power of two apart, 1–4 KB, the line was gone when the next panel came
  // back for its other half); the panels left over below
  for (; !transposed && j0 + 2 * kTile <= n; j0 += 2 * kTile, packed += 2 * kTile * K) {
    double* next = packed + kTile * K;
    for (Index k = 0; k < K; ++k) {
      const double* row = at(m, k, j0);
      wasm_v128_store(packed + k * kTile, wasm_v128_load(row));
      wasm_v128_store(packed + k * kTile + 2, wasm_v128_load(row + 2));
      wasm_v128_store(next + k * kTile, wasm_v128_load(row + 4));
      wasm_v128_store(next + k * kTile + 2, wasm_v128_load(row + 6));
    }
  }
  for (; j0 < n; j0 += kTile, packed += kTile * K) {
    const Index width = std::min(kTile, n - j0);
    if (!transposed && width == kTile) {
      // X(k, j) = m(k, j): group k is 4 contiguous numbers of row k of m
      for (Index k = 0; k < K; ++k) {
        wasm_v128_store(packed + k * kTile, wasm_v128_load(at(m, k, j0)));
        wasm_v128_store(packed + k * kTile + 2, wasm_v128_load(at(m, k, j0 + 2)));
      }
    } else if (transposed && width == kTile) {
      // X(k, j) = m(j, k): k runs along the rows of m; 2×2 transposes of f64x2 pairs, two k at a time
      Index k = 0;
      for (; k + 2 <= K; k += 2) {
        double* dst = packed + k * kTile;
        for (Index j = 0; j < kTile; j += 2) {
          const v128_t upper = wasm_v128_load(at(m, j0 + j, k));      // m(j, k)    m(j, k+1)
          const v128_t lower = wasm_v128_load(at(m, j0 + j + 1, k));  // m(j+1, k)  m(j+1, k+1)
          wasm_v128_store(dst + j, wasm_i64x2_shuffle(upper, lower, 0, 2));
          wasm_v128_store(dst + kTile + j, wasm_i64x2_shuffle(upper, lower, 1, 3));
        }
      }
      for (; k < K; ++k) {
        for (Index j = 0; j < kTile; ++j) packed[k * kTile + j] = m(j0 + j, k);
      }
    } else {
      for (Index k = 0; k < K; ++k) {
        for (Index j = 0; j < kTile; ++j) {
          packed[k * kTile + j] = j >= width ? 0.0 : transposed ? m(j0 + j, k) : m(k, j0 + j);
        }
      }
    }
  }
}

// What happens to a tile's sums on their way into C: added to C, or stored with a bias (bias[j] for column
// j of the tile) added and then, with relu, max(·, 0), which is std::max(v, 0.0) = (v < 0 ? 0 : v), as
// wasm's pmax and Eigen's cwiseMax(0.0) take it.
struct Epilogue {
  bool accumulate = false;
  const double* bias = nullptr;
  bool relu = false;
};

// Where the kernel reads one 4-column panel of B: B(k, j0 + j) = b[k·k_step + j] for j < 4, the four numbers of
// one k side by side. A packed panel has k_step = 4. A panel of b itself (B = b, not transposed) can be read
// where it lies (k_step = ldb): worth it when few panels of A pass it, as in the training lab's products with 32
// tokens, where packing cost as much as a fifth of the step; with 128 rows of A, packing pays for itself (the
// packed panel stays in L1, where rows of b a power of two apart would evict one another).
struct PanelB {
  const double* b;
  Index k_step;
};
constexpr Index kMaxRowsForUnpackedB = 64;

// One 4×4 tile of C from a packed A panel (K×4) and a panel of B. c points at C(i0, j0), ldc is the distance
// between rows of C; rows × cols is the part of the tile inside C (4×4 except at the edges). acc[r][0] holds
// C(r, 0..1) and acc[r][1] holds C(r, 2..3).
void multiply_tile(Index K, const double* pa, PanelB panel_b, double* c, Index ldc, Index rows, Index cols,
                   const Epilogue& epilogue) {
  const bool accumulate = epilogue.accumulate;
  v128_t acc[kTile][2];
  for (Index r = 0; r < kTile; ++r) acc[r][0] = acc[r][1] = wasm_f64x2_splat(0.0);
  const double* pb = panel_b.b;
  const Index b_step = panel_b.k_step;
#pragma clang loop unroll(disable)  // a second k step in flight needs registers the tile does not leave (see kTile)
  for (Index k = 0; k < K; ++k, pa += kTile, pb += b_step) {
    const v128_t b01 = wasm_v128_load(pb);
    const v128_t b23 = wasm_v128_load(pb + 2);
    for (Index r = 0; r < kTile; ++r) {
      const v128_t a = wasm_v128_load64_splat(pa + r);
      acc[r][0] = wasm_f64x2_add(acc[r][0], wasm_f64x2_mul(a, b01));
      acc[r][1] = wasm_f64x2_add(acc[r][1], wasm_f64x2_mul(a, b23));
    }
  }

  if (rows == kTile && cols == kTile) {
    if (epilogue.bias) {
      const v128_t bias01 = wasm_v128_load(epilogue.bias), bias23 = wasm_v128_load(epilogue.bias + 2);
      const v128_t zero = wasm_f64x2_splat(0.0);
      for (Index r = 0; r < kTile; ++r) {
        acc[r][0] = wasm_f64x2_add(acc[r][0], bias01);
        acc[r][1] = wasm_f64x2_add(acc[r][1], bias23);
        if (epilogue.relu) {
          acc[r][0] = wasm_f64x2_pmax(acc[r][0], zero);
          acc[r][1] = wasm_f64x2_pmax(acc[r][1], zero);
        }
      }
    }
    for (Index r = 0; r < kTile; ++r, c += ldc) {
      if (accumulate) {
        acc[r][0] = wasm_f64x2_add(wasm_v128_load(c), acc[r][0]);
        acc[r][1] = wasm_f64x2_add(wasm_v128_load(c + 2), acc[r][1]);
      }
      wasm_v128_store(c, acc[r][0]);
      wasm_v128_store(c + 2, acc[r][1]);
    }
    return;
  }
  // The edge: write the whole tile to a buffer and copy out the part inside C.
  double tile[kTile][kTile];
  for (Index r = 0; r < kTile; ++r) {
    wasm_v128_store(&tile[r][0], acc[r][0]);
    wasm_v128_store(&tile[r][2], acc[r][1]);
  }
  for (Index r = 0; r < rows; ++r, c += ldc) {
    for (Index j = 0; j < cols; ++j) {
      double v = tile[r][j];
      if (epilogue.bias) {
        v += epilogue.bias[j];
        if (epilogue.relu) v = std::max(v, 0.0);
      }
      c[j] = accumulate ? c[j] + v : v;
    }
  }
}

void simd_gemm(const Eigen::Ref<const Mat>& a, bool transpose_a, const Eigen::Ref<const Mat>& b, bool transpose_b,
               Eigen::Ref<Mat>& c, Epilogue epilogue) {
  const Index M = c.rows(), N = c.cols(), K = transpose_a ? a.rows() : a.cols();
  const Index row_panels = (M + kTile - 1) / kTile, col_panels = (N + kTile - 1) / kTile;
  // B's whole panels read where they lie (see PanelB), the others packed
  const Index in_place = !transpose_b && M <= kMaxRowsForUnpackedB ? N / kTile : 0;
  // Scratch kept between calls, so a call allocates only when it needs more room than any call before it
  // (for the stack's shapes at most 512×128 numbers each, 0.5 MB). Rows and columns are rounded up to
  // whole panels, padded with zeros.
  static thread_local std::vector<double> packed_a, packed_b;
  const std::size_t b_size = std::size_t((col_panels - in_place) * kTile * K);
  if (packed_a.size() < std::size_t(row_panels * kTile * K)) packed_a.resize(row_panels * kTile * K);
  if (packed_b.size() < b_size) packed_b.resize(b_size);
  {
    TK_PROFILE_OP(Packing);
    pack_panels(a, !transpose_a, K, M, packed_a.data());  // X = Aᵀ: a when A = aᵀ, aᵀ when A = a
    if (transpose_b) {
      pack_panels(b, true, K, N, packed_b.data());  // X = B = bᵀ
    } else if (in_place < col_panels) {             // X = B from its first panel not read in place
      pack_panels(b.rightCols(N - in_place * kTile), false, K, N - in_place * kTile, packed_b.data());
    }
  }

  // The bias padded to whole panels, so that a tile's four columns can always be loaded together. Only
  // widths that are not a multiple of 4 need it (none of the article's): allocated per call, never kept.
  std::vector<double> padded_bias;
  const double* bias = epilogue.bias;
  if (bias && N % kTile != 0) {
    padded_bias.assign(col_panels * kTile, 0.0);
    std::copy(bias, bias + N, padded_bias.begin());
    bias = padded_bias.data();
  }

  // One B panel (K×4, 4 KB at K = 128) stays in L1 while every A panel streams past it from L2.
  for (Index jp = 0; jp < col_panels; ++jp) {
    const Index j0 = jp * kTile;
    const PanelB pb = jp < in_place ? PanelB{b.data() + j0, b.outerStride()}
                                    : PanelB{packed_b.data() + (jp - in_place) * kTile * K, kTile};
    if (bias) epilogue.bias = bias + j0;
    for (Index ip = 0; ip < row_panels; ++ip) {
      const Index i0 = ip * kTile;
      multiply_tile(K, packed_a.data() + i0 * K, pb, &c(i0, j0), c.outerStride(), std::min(kTile, M - i0),
                    std::min(kTile, N - j0), epilogue);
    }
  }
}

#else

template <class A, class B>
void eigen_gemm(const A& a, const B& b, Eigen::Ref<Mat>& c, bool accumulate) {
  if (accumulate) {
    c.noalias() += a * b;
  } else {
    c.noalias() = a * b;
  }
}

#endif

// Throws the message for shapes of C = A·B that do not fit. Out of line and cold: check_shapes runs before every
// product, and the message's string building inlined there would be code V8 optimises for nothing.
// M × K and K_b × N: the shapes of op(A) and op(B), as check_shapes found them.
[[noreturn]] __attribute__((noinline, cold)) void throw_shapes(const Eigen::Ref<const Mat>& a, bool transpose_a,
                                                               const Eigen::Ref<const Mat>& b, bool transpose_b,
                                                               const Eigen::Ref<Mat>& c, Index M, Index K, Index K_b,
                                                               Index N) {
  const std::string operands = std::string("gemm: A = ") + (transpose_a ? "aT" : "a") + " with a " + shape(a) +
                               ", B = " + (transpose_b ? "bT" : "b") + " with b " + shape(b);
  require(K == K_b, operands + ": A has " + std::to_string(K) + " columns, B has " + std::to_string(K_b) +
                        " rows: they must match");
  throw_invalid_argument(operands + ": C is " + shape(c) + ", it must be " + std::to_string(M) + "x" +
                         std::to_string(N));
}

// The shapes of C = A·B checked (std::invalid_argument); false when there is nothing to multiply (M, N or K is 0),
// in which case C has been set as the product of an empty sum leaves it.
bool check_shapes(const Eigen::Ref<const Mat>& a, bool transpose_a, const Eigen::Ref<const Mat>& b, bool transpose_b,
                  Eigen::Ref<Mat>& c, bool accumulate) {
  const Index M = transpose_a ? a.cols() : a.rows(), K = transpose_a ? a.rows() : a.cols();
  const Index K_b = transpose_b ? b.cols() : b.rows(), N = transpose_b ? b.rows() : b.cols();
  if (K != K_b || c.rows() != M || c.cols() != N) throw_shapes(a, transpose_a, b, transpose_b, c, M, K, K_b, N);
  if (M == 0 || N == 0) return false;
  if (K == 0) {  // an empty sum
    if (!accumulate) c.setZero();
    return false;
  }
  return true;
}

#ifndef __wasm_simd128__
void eigen_gemm(const Eigen::Ref<const Mat>& a, bool transpose_a, const Eigen::Ref<const Mat>& b, bool transpose_b,
                Eigen::Ref<Mat>& c, bool accumulate) {
  if (transpose_a && transpose_b) {
    eigen_gemm(a.transpose(), b.transpose(), c, accumulate);
  } else if (transpose_a) {
    eigen_gemm(a.transpose(), b, c, accumulate);
  } else if (transpose_b) {
    eigen_gemm(a, b.transpose(), c, accumulate);
  } else {
    eigen_gemm(a, b, c, accumulate);
  }
}
#endif

}  // namespace

void gemm(const Eigen::Ref<const Mat>& a, bool transpose_a, const Eigen::Ref<const Mat>& b, bool transpose_b,
          Eigen::Ref<Mat> c, bool accumulate) {
  if (!check_shapes(a, transpose_a, b, transpose_b, c, accumulate)) return;
#ifdef __wasm_simd128__
  simd_gemm(a, transpose_a, b, transpose_b, c, Epilogue{accumulate});
#else
  eigen_gemm(a, transpose_a, b, transpose_b, c, accumulate);
#endif
}

void gemm_bias(const Eigen::Ref<const Mat>& a, bool transpose_a, const Eigen::Ref<const Mat>& b, bool transpose_b,
               const Vec& bias, Eigen::Ref<Mat> c, bool relu) {
  require(bias.size() == c.cols(), [&] {
    return "gemm_bias: the bias has " + std::to_string(bias.size()) + " entries, C has " + std::to_string(c.cols()) +
           " columns: they must match";
  });
  const bool multiply = check_shapes(a, transpose_a, b, transpose_b, c, false);  // K = 0 has set C = 0
#ifdef __wasm_simd128__
  if (multiply) {
    simd_gemm(a, transpose_a, b, transpose_b, c, Epilogue{false, bias.data(), relu});
    return;
  }
#else
  if (multiply) eigen_gemm(a, transpose_a, b, transpose_b, c, false);
#endif
  c.rowwise() += bias.transpose();
  if (relu) c = c.cwiseMax(0.0);
}

}  // namespace tk
