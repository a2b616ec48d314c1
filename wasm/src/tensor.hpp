// Shared types and conventions for every kernel of the chapter.
//
// Shapes: N rows of width d (a row is one token's vector). For the stack: B batches, T tokens,
// N = B*T rows, d model width, H heads, hs = d/H head size, F = 4d FFN width.
// All matrices are float64, dynamic size, row-major, so a JS Float64Array maps onto them directly.
// Gradients carry a `d` prefix (dx, dgamma). Jacobians are J_<out>_<in>, shape (dim out, dim in).
// Forward functions return their output and fill a named cache; backward functions take the cache.
#pragma once

#include <Eigen/Dense>
#include <stdexcept>
#include <string>

namespace tk {

using Mat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vec = Eigen::VectorXd;        // a column of d numbers (one token, or gamma/beta)
using RowVec = Eigen::RowVectorXd;  // a row of d numbers (a bias broadcast over rows)

// Kernels report bad arguments with this; the bindings turn it into a JS Error with the same message.
inline void require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument(message);
}

}  // namespace tk
