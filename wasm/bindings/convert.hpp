// The one place where JS values become Eigen objects and back. Inputs are copied in; outputs are copied
// out into JS-owned Float64Arrays (a view into wasm memory would detach when memory grows).
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "tensor.hpp"

namespace tk::js {

using emscripten::val;

// Float64Array or a plain Array of numbers → Vec.
inline Vec to_vec(const val& array) {
  const std::vector<double> values = emscripten::convertJSArrayToNumberVector<double>(array);
  return Eigen::Map<const Vec>(values.data(), Eigen::Index(values.size()));
}

// Row-major flat array of rows·cols numbers → Mat.
inline Mat to_mat(const val& array, int rows, int cols) {
  require(rows >= 0 && cols >= 0, "matrix dimensions must be >= 0");
  const std::vector<double> values = emscripten::convertJSArrayToNumberVector<double>(array);
  require(values.size() == size_t(rows) * size_t(cols),
          "expected " + std::to_string(rows) + "x" + std::to_string(cols) + " = " + std::to_string(rows * cols) +
              " numbers, got " + std::to_string(values.size()));
  return Eigen::Map<const Mat>(values.data(), rows, cols);
}

inline val to_js(const double* data, Eigen::Index n) {
  return val::global("Float64Array").new_(emscripten::typed_memory_view(size_t(n), data));
}
template <class Derived>
val to_js(const Eigen::PlainObjectBase<Derived>& m) {  // Vec or row-major Mat, flattened row by row
  return to_js(m.data(), m.size());
}

// Runs a kernel call; any C++ exception reaches JS as a real Error carrying the kernel's message.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  std::string message;
  try {
    return f();
  } catch (const std::exception& e) {
    message = e.what();
  } catch (...) {
    message = "unknown error in the kernels";
  }
  val::global("Error").new_(message).throw_();
}

}  // namespace tk::js
