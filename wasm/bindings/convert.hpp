// The one place where JS values become Eigen objects and back. Inputs are copied in; outputs are copied
// out into JS-owned Float64Arrays (a view into wasm memory would detach when memory grows).
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
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

// Fields of a plain JS options object; a missing (undefined) field takes the kernel's default.
inline bool has_field(const val& object, const char* name) { return !object[name].isUndefined(); }

inline double number_field(const val& object, const char* name, double fallback) {
  if (!has_field(object, name)) return fallback;
  const val v = object[name];
  require(v.isNumber(), std::string(name) + " must be a number");
  return v.as<double>();
}

inline int int_field(const val& object, const char* name, int fallback) {
  const double v = number_field(object, name, fallback);
  require(v == std::floor(v) && std::abs(v) < 2147483648.0, std::string(name) + " must be a whole number");
  return int(v);
}

inline bool bool_field(const val& object, const char* name, bool fallback) {
  if (!has_field(object, name)) return fallback;
  require(object[name].isTrue() || object[name].isFalse(), std::string(name) + " must be true or false");
  return object[name].as<bool>();
}

inline std::string string_field(const val& object, const char* name, const std::string& fallback) {
  if (!has_field(object, name)) return fallback;
  require(object[name].isString(), std::string(name) + " must be a string");
  return object[name].as<std::string>();
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
