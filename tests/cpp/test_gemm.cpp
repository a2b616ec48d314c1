// gemm: every layout (a or aᵀ, b or bᵀ), C = A·B and C += A·B, against a plain triple loop (compensated sums).
// Natively this checks the Eigen path; compiled to wasm (TK_WASM_TESTS) it checks the f64x2 kernel, whose
// edge handling the odd sizes (1, 3, 5, 7, 33, 129, …) exercise.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "check.hpp"
#include "gemm.hpp"

namespace tk {
namespace {

using test::all_close;
using test::Draw;

// C = A·B: A is (M, K), B is (K, N).
struct Dims {
  int M, K, N;
};
void PrintTo(const Dims& d, std::ostream* os) { *os << "M=" << d.M << " K=" << d.K << " N=" << d.N; }

struct Layout {
  bool transpose_a, transpose_b, accumulate;
};
const Layout kLayouts[] = {{false, false, false}, {false, true, false}, {true, false, false}, {true, true, false},
                           {false, false, true},  {false, true, true},  {true, false, true},  {true, true, true}};

std::string describe(const Layout& l) {
  return std::string(l.transpose_a ? "aT" : "a") + "·" + (l.transpose_b ? "bT" : "b") +
         (l.accumulate ? ", C +=" : ", C =");
}

// The operands as gemm receives them: a is (M, K) or (K, M), b is (K, N) or (N, K).
Mat operand_a(Draw& draw, const Dims& d, bool transpose_a) {
  return transpose_a ? draw.matrix(d.K, d.M) : draw.matrix(d.M, d.K);
}
Mat operand_b(Draw& draw, const Dims& d, bool transpose_b) {
  return transpose_b ? draw.matrix(d.N, d.K) : draw.matrix(d.K, d.N);
}

// The oracle: each product rounded once (error ≤ u·|term|, u = 2⁻⁵³), summed in order with Neumaier's
// compensation (error ≤ u·|sum| + O(K·u²)·scale), so it sits within about 2u·scale of the exact value whatever
// order gemm sums in. (A long double sum would do natively, but wasm's long double is software binary128 and made
// this suite slow under Node: docs/measurements.md, "The GEMM test's compensated sum".)
struct Reference {
  Mat c;         // (M, N)  C0 + A·B when accumulating, A·B otherwise
  double scale;  // max over entries of |C0| + Σ_k |A_ik|·|B_kj|, what rounding errors are proportional to
};
Reference reference(const Eigen::Ref<const Mat>& a, bool transpose_a, const Eigen::Ref<const Mat>& b, bool transpose_b,
                    const Mat& c0, bool accumulate) {
  const Eigen::Index M = c0.rows(), N = c0.cols(), K = transpose_a ? a.rows() : a.cols();
  Reference ref{Mat(M, N), 0.0};
  for (Eigen::Index i = 0; i < M; ++i) {
    for (Eigen::Index j = 0; j < N; ++j) {
      double sum = accumulate ? c0(i, j) : 0.0, compensation = 0.0, magnitude = std::abs(sum);
      for (Eigen::Index k = 0; k < K; ++k) {
        const double term = (transpose_a ? a(k, i) : a(i, k)) * (transpose_b ? b(j, k) : b(k, j));
        const double next = sum + term;
        compensation += std::abs(sum) >= std::abs(term) ? (sum - next) + term : (term - next) + sum;
        sum = next;
        magnitude += std::abs(term);
      }
      ref.c(i, j) = sum + compensation;
      ref.scale = std::max(ref.scale, magnitude);
    }
  }
  return ref;
}

// Any summation order rounds within K·u·scale of the exact sum (u = 2⁻⁵³), below 1e-13·scale for K ≤ 900.
constexpr double kRtol = 1e-13;
::testing::AssertionResult matches(const Mat& c, const Reference& ref) {
  return all_close(c, ref.c, kRtol, kRtol * ref.scale);
}

void check_all_layouts(const Dims& d, std::uint64_t seed) {
  Draw draw(seed);
  for (const Layout& l : kLayouts) {
    SCOPED_TRACE(describe(l));
    const Mat a = operand_a(draw, d, l.transpose_a), b = operand_b(draw, d, l.transpose_b);
    const Mat c0 = draw.matrix(d.M, d.N);
    Mat c = c0;
    gemm(a, l.transpose_a, b, l.transpose_b, c, l.accumulate);
    EXPECT_TRUE(matches(c, reference(a, l.transpose_a, b, l.transpose_b, c0, l.accumulate)));
  }
}

// ---- Every layout, sizes from 1 to the stack's ----

class GemmShapes : public ::testing::TestWithParam<Dims> {};
std::string dims_name(const ::testing::TestParamInfo<Dims>& info) {
  return "M" + std::to_string(info.param.M) + "_K" + std::to_string(info.param.K) + "_N" + std::to_string(info.param.N);
}

TEST_P(GemmShapes, MatchesTripleLoopInEveryLayout) {
  const Dims d = GetParam();
  check_all_layouts(d, 1000003u * d.M + 1009u * d.K + d.N);
}

// Tiles of C are 4×4 in the wasm kernel and k pairs are packed two at a time: sizes 1–9 hit every remainder
// of both, the primes and 33/129 put the remainders after many full tiles.
INSTANTIATE_TEST_SUITE_P(Small, GemmShapes,
                         ::testing::Values(Dims{1, 1, 1}, Dims{1, 1, 5}, Dims{5, 1, 1}, Dims{1, 7, 1}, Dims{2, 3, 4},
                                           Dims{3, 5, 7}, Dims{4, 4, 4}, Dims{5, 4, 3}, Dims{5, 5, 5}, Dims{6, 2, 9},
                                           Dims{7, 11, 13}, Dims{8, 8, 8}, Dims{9, 6, 4}, Dims{10, 3, 8}),
                         dims_name);
INSTANTIATE_TEST_SUITE_P(Edges, GemmShapes,
                         ::testing::Values(Dims{13, 17, 19}, Dims{33, 31, 29}, Dims{129, 3, 65}, Dims{1, 129, 1},
                                           Dims{65, 129, 33}, Dims{37, 64, 128}),
                         dims_name);
// The stack (N = 128 tokens, d = 128, F = 512): y = x·Wᵀ, dW = dyᵀ·x and dx = dy·W for the (d, d), (F, d)
// and (d, F) projections give these (M, K, N); the layouts loop covers the transposes.
INSTANTIATE_TEST_SUITE_P(Stack, GemmShapes,
                         ::testing::Values(Dims{128, 128, 128}, Dims{128, 128, 512}, Dims{128, 512, 128},
                                           Dims{512, 128, 128}),
                         dims_name);

// ---- Blocks of wider matrices, as attention passes one head's 32 columns ----

TEST(GemmBlocks, RefBindsColumnBlocksWithoutCopying) {
  Mat m = Draw(1).matrix(128, 128);
  const Eigen::Ref<const Mat> in = m.block(0, 32, 128, 32);
  EXPECT_EQ(in.data(), &m(0, 32));
  EXPECT_EQ(in.outerStride(), 128);
  Eigen::Ref<Mat> out = m.middleCols(64, 32);
  EXPECT_EQ(out.data(), &m(0, 64));
}

TEST(GemmBlocks, HeadsOfAWiderMatrixInEveryLayout) {
  // q, k, v (T, d) with H = 4 heads of hs = 32 columns; per head S = q_h·k_hᵀ, o_h = P·v_h into o's block,
  // dv_h = Pᵀ·do_h, and the same with blocks on both sides.
  constexpr int T = 128, d = 128, hs = 32;
  Draw draw(7);
  const Mat q = draw.matrix(T, d), k = draw.matrix(T, d), v = draw.matrix(T, d), P = draw.matrix(T, T);
  for (int h = 0; h < d / hs; ++h) {
    SCOPED_TRACE("head " + std::to_string(h));
    const Eigen::Ref<const Mat> q_h = q.middleCols(h * hs, hs), k_h = k.middleCols(h * hs, hs);
    const Eigen::Ref<const Mat> v_h = v.middleCols(h * hs, hs);
    Mat S(T, T);
    gemm(q_h, false, k_h, true, S);
    EXPECT_TRUE(matches(S, reference(q_h, false, k_h, true, S, false)));

    const Mat o0 = draw.matrix(T, d);
    for (bool accumulate : {false, true}) {
      Mat o = o0;
      gemm(P, false, v_h, false, o.middleCols(h * hs, hs), accumulate);
      EXPECT_TRUE(
          matches(o.middleCols(h * hs, hs), reference(P, false, v_h, false, o0.middleCols(h * hs, hs), accumulate)));
      Mat untouched = o, expected_untouched = o0;  // every column outside the head is left as it was
      untouched.middleCols(h * hs, hs).setZero();
      expected_untouched.middleCols(h * hs, hs).setZero();
      EXPECT_TRUE(all_close(untouched, expected_untouched, 0, 0));

      Mat dv = o0;
      gemm(P, true, q_h, false, dv.middleCols(h * hs, hs), accumulate);
      EXPECT_TRUE(
          matches(dv.middleCols(h * hs, hs), reference(P, true, q_h, false, o0.middleCols(h * hs, hs), accumulate)));
    }
  }
}

TEST(GemmBlocks, OddOffsetsAndStridesInEveryLayout) {
  // Blocks starting at odd rows and columns: nothing is 16-byte aligned and rows are 37 apart.
  Draw draw(11);
  const Mat big_a = draw.matrix(41, 37), big_b = draw.matrix(39, 37);
  for (const Layout& l : kLayouts) {
    SCOPED_TRACE(describe(l));
    const Dims d{7, 9, 6};
    const Eigen::Ref<const Mat> a = l.transpose_a ? big_a.block(3, 5, d.K, d.M) : big_a.block(3, 5, d.M, d.K);
    const Eigen::Ref<const Mat> b = l.transpose_b ? big_b.block(1, 7, d.N, d.K) : big_b.block(1, 7, d.K, d.N);
    Mat big_c = draw.matrix(20, 37);
    const Mat c0 = big_c.block(5, 3, d.M, d.N);
    gemm(a, l.transpose_a, b, l.transpose_b, big_c.block(5, 3, d.M, d.N), l.accumulate);
    EXPECT_TRUE(matches(big_c.block(5, 3, d.M, d.N), reference(a, l.transpose_a, b, l.transpose_b, c0, l.accumulate)));
  }
}

// ---- Calls of different sizes in turn: the packing scratch is reused, never stale ----

TEST(GemmScratch, BigSmallBigInTurn) {
  for (const Dims& d : {Dims{128, 512, 128}, Dims{3, 2, 5}, Dims{33, 31, 29}, Dims{512, 128, 128}, Dims{1, 1, 1}}) {
    SCOPED_TRACE("M " + std::to_string(d.M) + " K " + std::to_string(d.K) + " N " + std::to_string(d.N));
    check_all_layouts(d, 5u + d.M);
  }
}

// ---- Empty sums and special values ----

TEST(GemmEdgeCases, EmptyInnerSizeGivesZerosOrLeavesC) {
  const Mat a(3, 0), b(0, 4);
  const Mat c0 = Draw(3).matrix(3, 4);
  Mat c = c0;
  gemm(a, false, b, false, c, true);
  EXPECT_TRUE(all_close(c, c0, 0, 0));
  gemm(a, false, b, false, c);
  EXPECT_TRUE(all_close(c, Mat::Zero(3, 4), 0, 0));
}

TEST(GemmEdgeCases, EmptyOutputIsFine) {
  Mat c(0, 5);
  gemm(Mat(0, 3), false, Mat(3, 5), false, c);
  EXPECT_EQ(c.size(), 0);
}

TEST(GemmEdgeCases, NaNStaysInItsRowAndInfInItsColumn) {
  // A NaN in A(i, ·) reaches only row i of C, an Inf in B(·, j) only column j: packing mixes nothing.
  constexpr int M = 9, K = 7, N = 6;
  Draw draw(5);
  for (const Layout& l : kLayouts) {
    SCOPED_TRACE(describe(l));
    Mat a = operand_a(draw, {M, K, N}, l.transpose_a), b = operand_b(draw, {M, K, N}, l.transpose_b);
    (l.transpose_a ? a(2, 5) : a(5, 2)) = std::numeric_limits<double>::quiet_NaN();  // A(5, 2)
    (l.transpose_b ? b(4, 3) : b(3, 4)) = std::numeric_limits<double>::infinity();   // B(3, 4)
    Mat c = Mat::Zero(M, N);
    gemm(a, l.transpose_a, b, l.transpose_b, c, l.accumulate);
    for (int i = 0; i < M; ++i) {
      for (int j = 0; j < N; ++j) {
        if (i == 5) {
          EXPECT_TRUE(std::isnan(c(i, j))) << i << ", " << j;
        } else if (j == 4) {
          EXPECT_TRUE(std::isinf(c(i, j))) << i << ", " << j;
        } else {
          EXPECT_TRUE(std::isfinite(c(i, j))) << i << ", " << j;
        }
      }
    }
  }
}

// ---- The bias and ReLU folded into the product: bit for bit the separate steps ----

// Equal bit for bit, signed zeros included; a NaN matches any NaN (WebAssembly leaves the sign and payload of
// an arithmetic NaN to the machine).
::testing::AssertionResult same_bits(const Mat& x, const Mat& y) {
  if (x.rows() != y.rows() || x.cols() != y.cols()) return ::testing::AssertionFailure() << "shapes differ";
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    if (std::isnan(x.data()[i]) && std::isnan(y.data()[i])) continue;
    if (std::memcmp(x.data() + i, y.data() + i, sizeof(double)) != 0) {
      return ::testing::AssertionFailure() << "entry " << i << ": " << x.data()[i] << " vs " << y.data()[i];
    }
  }
  return ::testing::AssertionSuccess();
}

TEST(GemmBias, EqualsProductThenBiasThenMaxInEveryLayout) {
  for (const Dims& d : {Dims{1, 1, 1}, Dims{3, 5, 7}, Dims{5, 4, 3}, Dims{4, 4, 4}, Dims{7, 11, 13}, Dims{33, 31, 29},
                        Dims{128, 128, 512}, Dims{2, 0, 5}}) {
    Draw draw(17u + d.M + d.N);
    for (const Layout& l : kLayouts) {
      if (l.accumulate) continue;
      SCOPED_TRACE(describe(l) + " M " + std::to_string(d.M) + " K " + std::to_string(d.K) + " N " +
                   std::to_string(d.N));
      Mat a = operand_a(draw, d, l.transpose_a), b = operand_b(draw, d, l.transpose_b);
      const Vec bias = draw.matrix(d.N, 1).col(0);
      if (a.size() > 0) a(0, 0) = std::numeric_limits<double>::quiet_NaN();  // a NaN row must stay NaN through max
      for (bool relu : {false, true}) {
        Mat expected(d.M, d.N), c = Mat::Constant(d.M, d.N, 99.0);
        gemm(a, l.transpose_a, b, l.transpose_b, expected);
        expected.rowwise() += bias.transpose();
        if (relu) expected = expected.cwiseMax(0.0);
        gemm_bias(a, l.transpose_a, b, l.transpose_b, bias, c, relu);
        EXPECT_TRUE(same_bits(c, expected)) << (relu ? "with ReLU" : "bias only");
      }
    }
  }
}

// The wasm kernel sums every entry of C over k in order, one product and one add at a time, whatever the layout
// and whichever operand it packs or reads in place: the forward's a·bᵀ must give the same bits as the product
// with bᵀ written out, and as aᵀ given transposed (what lets a faster path replace another without moving a digit
// of tables A–D). Eigen's product (native builds) promises no order, so this is the wasm suite's.
TEST(GemmOrder, EveryLayoutSumsEachEntryInTheSameOrderBitForBit) {
#ifndef __wasm_simd128__
  GTEST_SKIP() << "native builds use Eigen's product, whose summation order depends on the layout";
#else
  for (const Dims& d : {Dims{32, 64, 64}, Dims{32, 64, 256}, Dims{32, 256, 64}, Dims{9, 6, 4}, Dims{2, 3, 8},
                        Dims{37, 64, 128}, Dims{128, 128, 512}, Dims{128, 512, 128}}) {
    SCOPED_TRACE("M " + std::to_string(d.M) + " K " + std::to_string(d.K) + " N " + std::to_string(d.N));
    Draw draw(29u + d.M + d.N);
    const Mat a = draw.matrix(d.M, d.K), w = draw.matrix(d.N, d.K), c0 = draw.matrix(d.M, d.N);
    const Mat wt = w.transpose(), at = a.transpose();
    for (bool accumulate : {false, true}) {
      Mat forward = c0, written_out = c0, both_transposed = c0;
      gemm(a, false, w, true, forward, accumulate);
      gemm(a, false, wt, false, written_out, accumulate);
      gemm(at, true, w, true, both_transposed, accumulate);
      EXPECT_TRUE(same_bits(forward, written_out)) << (accumulate ? "C +=" : "C =");
      EXPECT_TRUE(same_bits(forward, both_transposed)) << (accumulate ? "C +=" : "C =");
    }
  }
#endif
}

TEST(GemmBias, RejectsABiasOfTheWrongLength) {
  Mat c(3, 4);
  EXPECT_EQ(test::thrown_message([&] { gemm_bias(Mat(3, 5), false, Mat(5, 4), false, Vec(3), c); }),
            "gemm_bias: the bias has 3 entries, C has 4 columns: they must match");
}

// require with a message maker (tensor.hpp): the message is made only when the check fails
TEST(Require, BuildsALazyMessageOnlyWhenTheCheckFails) {
  int made = 0;
  const auto message = [&] {
    ++made;
    return "failed after " + std::to_string(made) + " message";
  };
  require(true, message);
  EXPECT_EQ(made, 0);
  EXPECT_EQ(test::thrown_message([&] { require(false, message); }), "failed after 1 message");
  EXPECT_EQ(made, 1);
  EXPECT_EQ(test::thrown_message([&] { require(false, "a plain message"); }), "a plain message");
  EXPECT_EQ(test::thrown_message([&] { require(false, std::string("a string")); }), "a string");
}

// ---- Bad shapes: a clear message ----

TEST(GemmBadInput, RejectsMismatchedShapesWithMessages) {
  auto message = [](auto&& call) { return test::thrown_message(call); };
  Mat c(3, 4);
  EXPECT_EQ(message([&] { gemm(Mat(3, 5), false, Mat(6, 4), false, c); }),
            "gemm: A = a with a 3x5, B = b with b 6x4: A has 5 columns, B has 6 rows: they must match");
  EXPECT_EQ(message([&] { gemm(Mat(5, 3), true, Mat(4, 6), true, c); }),
            "gemm: A = aT with a 5x3, B = bT with b 4x6: A has 5 columns, B has 6 rows: they must match");
  EXPECT_EQ(message([&] { gemm(Mat(3, 5), false, Mat(5, 2), false, c); }),
            "gemm: A = a with a 3x5, B = b with b 5x2: C is 3x4, it must be 3x2");
  EXPECT_EQ(message([&] { gemm(Mat::Zero(3, 5), false, Mat::Zero(4, 5), true, c); }), "(no exception)");
}

}  // namespace
}  // namespace tk
