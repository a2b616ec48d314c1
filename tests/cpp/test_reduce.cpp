// The ordered sums (reduce.cpp): every one adds its terms in index order, so native and wasm give the same bits.
// Checked bit for bit against a plain left-to-right loop, on sizes that leave the four-at-a-time loops a remainder,
// and on terms whose sum depends on the order.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "check.hpp"
#include "reduce.hpp"

namespace tk {
namespace {

using test::Draw;

// The sums as the contract states them: one term after another, in index order.
double in_order(const std::vector<double>& terms) {
  double s = terms.empty() ? 0 : terms[0];
  for (size_t i = 1; i < terms.size(); ++i) s += terms[i];
  return s;
}

TEST(Reduce, RowSumsAddEachRowInColumnOrder) {
  Draw draw(1);
  for (Eigen::Index rows : {1, 3, 4, 5, 9}) {
    const Mat m = draw.matrix(rows, 7, -1e3, 1e3);
    std::vector<double> out(size_t(rows), 0.0);
    row_sums(
        rows, 7, [&](Eigen::Index r, Eigen::Index j) { return m(r, j); }, out.data());
    for (Eigen::Index r = 0; r < rows; ++r) {
      std::vector<double> terms(m.row(r).data(), m.row(r).data() + 7);
      EXPECT_EQ(out[size_t(r)], in_order(terms)) << "row " << r << " of " << rows;  // the same bits, not close
    }
  }
}

TEST(Reduce, ColumnSumsAddEachColumnInRowOrder) {
  Draw draw(2);
  const Mat m = draw.matrix(11, 6, -1e3, 1e3);
  Vec out;
  column_sums(m, out);
  ASSERT_EQ(out.size(), 6);
  for (Eigen::Index j = 0; j < 6; ++j) {
    std::vector<double> terms;
    for (Eigen::Index r = 0; r < 11; ++r) terms.push_back(m(r, j));
    EXPECT_EQ(out(j), in_order(terms)) << "column " << j;
  }
  Vec empty;
  column_sums(Mat(0, 3), empty);
  EXPECT_EQ(empty, Vec::Zero(3));  // no rows: every sum is 0
}

TEST(Reduce, SquaredSumAndSquaredNormsAgreeBitForBit) {
  Draw draw(3);
  const Mat a = draw.matrix(5, 3), b = draw.matrix(5, 3), c = draw.matrix(2, 7);
  double out[3];
  squared_norms({&a, &b, &c}, out);
  int k = 0;
  for (const Mat* m : {&a, &b, &c}) {
    std::vector<double> squares;
    for (Eigen::Index i = 0; i < m->size(); ++i) squares.push_back(m->data()[i] * m->data()[i]);
    EXPECT_EQ(squared_sum(m->data(), m->size()), in_order(squares)) << "matrix " << k;
    EXPECT_EQ(out[k], in_order(squares)) << "matrix " << k;
    ++k;
  }
}

// The order is the contract: these three terms sum to 0 left to right and to 1 in any order that adds the 1 last.
TEST(Reduce, TheOrderIsTheOneStated) {
  const Mat m = (Mat(1, 3) << 1e16, -1e16, 1).finished();
  std::vector<double> row(1);
  row_sums(
      1, 3, [&](Eigen::Index r, Eigen::Index j) { return m(r, j); }, row.data());
  EXPECT_EQ(row[0], 1.0);  // (1e16 − 1e16) + 1
  const Mat late = (Mat(1, 3) << 1e16, 1, -1e16).finished();
  row_sums(
      1, 3, [&](Eigen::Index r, Eigen::Index j) { return late(r, j); }, row.data());
  EXPECT_EQ(row[0], 0.0);  // (1e16 + 1) − 1e16: the 1 is lost, as in index order it must be
}

}  // namespace
}  // namespace tk
