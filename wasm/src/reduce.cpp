// Ordered sums (see reduce.hpp): each adds its terms in index order, so native and wasm give the same bits.
#include "reduce.hpp"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace tk {

void column_sums(const Mat& m, Vec& out) {
  out.resize(m.cols());
  if (m.rows() == 0) {
    out.setZero();
    return;
  }
  // two columns per f64x2 in wasm, each still summed down its rows in order
  double* sums = out.data();
  const double* row = m.data();
  const Eigen::Index d = m.cols();
  for (Eigen::Index j = 0; j < d; ++j) sums[j] = row[j];
  for (Eigen::Index r = 1; r < m.rows(); ++r) {
    row += d;
    Eigen::Index j = 0;
#ifdef __wasm_simd128__
    for (; j + 2 <= d; j += 2)
      wasm_v128_store(sums + j, wasm_f64x2_add(wasm_v128_load(sums + j), wasm_v128_load(row + j)));
#endif
    for (; j < d; ++j) sums[j] += row[j];
  }
}

double squared_sum(const double* v, Eigen::Index n) {
  double sum = 0;
  for (Eigen::Index i = 0; i < n; ++i) sum += v[i] * v[i];
  return sum;
}

void squared_norms(std::initializer_list<const Mat*> mats, double* out) {
  const Mat* const* m = mats.begin();
  std::size_t k = 0;
  for (; k + 2 <= mats.size() && m[k]->size() == m[k + 1]->size() && m[k]->size() > 0; k += 2) {
    const double* a = m[k]->data();
    const double* b = m[k + 1]->data();
    double sa = a[0] * a[0], sb = b[0] * b[0];
    for (Eigen::Index i = 1; i < m[k]->size(); ++i) {
      sa += a[i] * a[i];
      sb += b[i] * b[i];
    }
    out[k] = sa, out[k + 1] = sb;
  }
  for (; k < mats.size(); ++k) out[k] = squared_sum(m[k]->data(), m[k]->size());
}

}  // namespace tk
