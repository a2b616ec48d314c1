// Ordered sums: a matrix's rows and columns (the norms, a bias's gradient) and squared norms (every gradient
// norm of the chapter, Adam's Σg²).
//
// One contract: every sum adds its terms in index order, as Eigen sums a row or a column when it does not
// vectorise (as in WebAssembly), so the native build and the wasm module give the same bits. Within that order
// the loops are free to run several independent sums side by side, which the processor overlaps.
#pragma once

#include <initializer_list>

#include "tensor.hpp"

namespace tk {

// For every row r: out[r] = Σ_j term(r, j), summed in j order, four rows at a time: four independent chains of
// additions that the processor overlaps, where one row's chain alone waits on every addition.
template <class Term>
void row_sums(Eigen::Index rows, Eigen::Index d, const Term& term, double* out) {
  Eigen::Index r = 0;
  for (; r + 4 <= rows; r += 4) {
    double s0 = term(r, 0), s1 = term(r + 1, 0), s2 = term(r + 2, 0), s3 = term(r + 3, 0);
    for (Eigen::Index j = 1; j < d; ++j) {
      s0 += term(r, j);
      s1 += term(r + 1, j);
      s2 += term(r + 2, j);
      s3 += term(r + 3, j);
    }
    out[r] = s0, out[r + 1] = s1, out[r + 2] = s2, out[r + 3] = s3;
  }
  for (; r < rows; ++r) {
    double s = term(r, 0);
    for (Eigen::Index j = 1; j < d; ++j) s += term(r, j);
    out[r] = s;
  }
}

// For every column j: out[j] = Σ_r term(r, j), summed in row order (the columns side by side, which the compiler
// vectorises).
template <class Term>
void column_sums(Eigen::Index rows, Eigen::Index d, const Term& term, Vec& out) {
  out.resize(d);
  if (rows == 0) {
    out.setZero();
    return;
  }
  for (Eigen::Index j = 0; j < d; ++j) out(j) = term(0, j);
  for (Eigen::Index r = 1; r < rows; ++r) {
    for (Eigen::Index j = 0; j < d; ++j) out(j) += term(r, j);
  }
}

// Σ over the rows of m, in row order for every column (as Eigen sums a column when it cannot vectorise), into
// out (cols): a bias's gradient. One row after another, every column at once: the columns are independent.
void column_sums(const Mat& m, Vec& out);

// Σ v², one number after another (as Eigen's squaredNorm sums when it has no SIMD, as in WebAssembly): the
// order of every gradient norm of the chapter (Adam::update sums its Σg² in this order as it updates).
double squared_sum(const double* v, Eigen::Index n);

// squared_sum of several matrices into out[k], the same bits, two at a time while they have the same size:
// independent chains of additions that the processor overlaps.
void squared_norms(std::initializer_list<const Mat*> mats, double* out);

}  // namespace tk
