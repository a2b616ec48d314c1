// The one place where JS values become Eigen objects and back. Inputs are copied in; outputs are copied
// out into JS-owned Float64Arrays (a view into wasm memory would detach when memory grows).
#pragma once

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "memory_limit.hpp"
#include "tensor.hpp"

// Whether every entry of a plain Array is a JS number (NaN and ±∞ included: the kernels name those);
// written in JavaScript (convert.cpp), where typeof is one operation.
extern "C" bool tk_every_entry_is_number(emscripten::EM_VAL array);

namespace tk::js {

using emscripten::val;

// Arguments arrive as plain JS values and are checked here before anything is copied, so a wrong type or a
// huge array-like gets a message, not a silent conversion ("123" read as [1, 2, 3], 2^32 + 1 rows read as 1)
// or an allocation the tab cannot afford.

// The most numbers one array argument may hold (32 MiB of doubles): far above what any figure sends.
constexpr double kMaxArrayNumbers = 4194304;

// The largest seed a binding takes, stated once: seeds arrive as JS numbers, and every whole number up to 2^53 is
// a double exactly (past it one double stands for several seeds). The page takes it from here too (largestSeed(),
// written into web/src/wasm/presets.js at each build by scripts/emit-presets.mjs): the progress store's check of a
// saved seed and its messages.
constexpr double kLargestSeed = 9007199254740992.0;
constexpr const char* kLargestSeedText = "2^53";
static_assert(kLargestSeed == double(std::uint64_t(1) << 53), "kLargestSeedText names kLargestSeed");

// "a string", "null", "an array", … for messages.
inline std::string kind_of(const val& v) {
  if (v.isNull()) return "null";
  if (v.isUndefined()) return "nothing (undefined)";
  if (val::global("Array").call<bool>("isArray", v)) return "an array";
  const std::string type = v.typeOf().as<std::string>();
  return (type == "object" || type == "undefined" ? "an " : "a ") + type;
}

// A JS number (NaN and ±∞ included: the kernels' own checks name those).
inline double number_arg(const val& v, const std::string& name) {
  require(v.isNumber(), [&] { return name + " must be a number (got " + kind_of(v) + ")"; });
  return v.as<double>();
}

// A whole JS number from lo to hi (by default any C++ int; the kernel then checks its own range).
inline int whole_arg(const val& v, const std::string& name, int lo = -2147483647 - 1, int hi = 2147483647) {
  const double x = number_arg(v, name);
  require(x == std::floor(x) && x >= lo && x <= hi, [&] {
    return lo == -2147483647 - 1
               ? name + " must be a whole number"
               : name + " must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
  });
  return int(x);
}

// A Float64Array, or an Array of numbers, of at most `most` entries → its numbers.
inline std::vector<double> numbers_arg(const val& array, const std::string& name, double most = kMaxArrayNumbers) {
  const bool typed = array.instanceof (val::global("Float64Array"));
  require(typed || val::global("Array").call<bool>("isArray", array), [&] {
    return name + " must be an array of numbers (an Array or a Float64Array; got " + kind_of(array) + ")";
  });
  const double count = array["length"].as<double>();
  require(count <= most, [&] {
    return name + " has " + std::to_string(std::size_t(count)) + " numbers, more than the " +
           std::to_string(std::size_t(most)) + " it may have here";
  });
  // a plain Array is copied through Number(): refuse what Number() would have to invent a value for ("2", null)
  require(typed || tk_every_entry_is_number(array.as_handle()), [&] { return name + " must contain only numbers"; });
  return emscripten::convertJSArrayToNumberVector<double>(array);
}

inline Vec to_vec(const val& array, const std::string& name) {
  const std::vector<double> values = numbers_arg(array, name);
  return Eigen::Map<const Vec>(values.data(), Eigen::Index(values.size()));
}

// Row-major flat array of rows·cols numbers → Mat.
inline Mat to_mat(const val& array, const val& rows_arg, const val& cols_arg, const std::string& name) {
  const int rows = whole_arg(rows_arg, "rows", 0, 1 << 30), cols = whole_arg(cols_arg, "cols", 0, 1 << 30);
  const double count = double(rows) * double(cols);
  require(count <= kMaxArrayNumbers, [&] {
    return name + " would be " + std::to_string(rows) + " × " + std::to_string(cols) + ", more than the " +
           std::to_string(std::size_t(kMaxArrayNumbers)) + " numbers it may have here";
  });
  const std::vector<double> values = numbers_arg(array, name);
  require(double(values.size()) == count, [&] {
    return name + ": expected " + std::to_string(rows) + "x" + std::to_string(cols) + " = " +
           std::to_string(std::size_t(count)) + " numbers, got " + std::to_string(values.size());
  });
  return Eigen::Map<const Mat>(values.data(), rows, cols);
}

inline val to_js(const double* data, Eigen::Index n) {
  return val::global("Float64Array").new_(emscripten::typed_memory_view(size_t(n), data));
}
template <class Derived>
val to_js(const Eigen::PlainObjectBase<Derived>& m) {  // Vec or row-major Mat, flattened row by row
  return to_js(m.data(), m.size());
}
inline val to_js(const std::vector<double>& v) { return to_js(v.data(), Eigen::Index(v.size())); }

// One field of a result: a number as a number, a flag as a boolean, text as a string, a list of numbers as a
// Float64Array (a copy, never a view).
inline val field_js(double v) { return val(v); }
inline val field_js(int v) { return val(v); }
inline val field_js(bool v) { return val(v); }
inline val field_js(const std::string& v) { return val(v); }
inline val field_js(long v) { return val(double(v)); }  // an Eigen::Index on wasm32
inline val field_js(const std::vector<double>& v) { return to_js(v); }
inline val field_js(const std::vector<std::string>& v) {
  val out = val::array();
  for (const std::string& s : v) out.call<void>("push", val(s));
  return out;
}
template <class Derived>
val field_js(const Eigen::PlainObjectBase<Derived>& m) {
  return to_js(m);
}

// A result nested in another (a curve beside the point it is drawn around): an object of its own.
template <class Result>
val result_to_js(const Result& r);
struct FieldProbe {
  template <class V>
  void operator()(const char*, const V&) const {}
};
template <class T, class = void>
struct has_fields : std::false_type {};
template <class T>
struct has_fields<T, std::void_t<decltype(for_each_field(std::declval<const T&>(), std::declval<FieldProbe&>()))>>
    : std::true_type {};
template <class T, std::enable_if_t<has_fields<T>::value, int> = 0>
val field_js(const T& r) {
  return result_to_js(r);
}
// A list of such results: an array of objects.
template <class T, std::enable_if_t<has_fields<T>::value, int> = 0>
val field_js(const std::vector<T>& list) {
  val out = val::array();
  for (const T& r : list) out.call<void>("push", result_to_js(r));
  return out;
}

// A result as a JS object: one property per field its for_each_field names (the kernel's one list of them).
template <class Result>
val result_to_js(const Result& r) {
  val out = val::object();
  for_each_field(r, [&](const char* name, const auto& v) { out.set(name, field_js(v)); });
  return out;
}

// A plain JS options object ({L: 20, …}), checked before any field is read: an array, a typed array or a
// Date has no such fields, and would silently run the defaults.
inline void require_options(const val& options, const std::string& name = "options", const char* example = "{L: 20}") {
  const bool plain =
      options.typeOf().as<std::string>() == "object" && !options.isNull() &&
      val::global("Object")["prototype"]["toString"].call<std::string>("call", options) == "[object Object]";
  require(plain, [&] { return name + " must be an object such as " + example + " (got " + kind_of(options) + ")"; });
}

// Fields of a plain JS options object; a missing (undefined) field takes the kernel's default.
// Every message here is built only if its check fails (a lambda): a run's options are read several times
// before it starts (check, FLOP count, the run), and kind_of asks JS what the value is.
inline bool has_field(const val& object, const char* name) { return !object[name].isUndefined(); }

inline double number_field(const val& object, const char* name, double fallback) {
  if (!has_field(object, name)) return fallback;
  const val v = object[name];
  require(v.isNumber(), [&] { return std::string(name) + " must be a number (got " + kind_of(v) + ")"; });
  return v.as<double>();
}

inline int int_field(const val& object, const char* name, int fallback) {
  const double v = number_field(object, name, fallback);
  require(v == std::floor(v) && std::abs(v) < 2147483648.0,
          [&] { return std::string(name) + " must be a whole number"; });
  return int(v);
}

inline bool bool_field(const val& object, const char* name, bool fallback) {
  if (!has_field(object, name)) return fallback;
  require(object[name].isTrue() || object[name].isFalse(),
          [&] { return std::string(name) + " must be true or false"; });
  return object[name].as<bool>();
}

inline std::string string_field(const val& object, const char* name, const std::string& fallback) {
  if (!has_field(object, name)) return fallback;
  require(object[name].isString(), [&] { return std::string(name) + " must be a string"; });
  return object[name].as<std::string>();
}

// Runs a kernel call; any C++ exception reaches JS as a real Error carrying the kernel's message. An
// allocation that fails (std::bad_alloc, or a std::vector asked for more than it can hold) gets the same
// sentence as an estimate's refusal (memory_limit.hpp), ending with what the reader can reduce.
// What a binding's failure tells the page: the reader's message, and the input it is about ('' when none).
struct JsError {
  std::string message, input;
};
// The exception being handled, as a JsError; call it inside a catch block. Out of line (convert.cpp): one copy for
// every binding, not one per guarded() call site.
JsError current_js_error(const char* advice);
// Throws a JS Error carrying e.message, and e.input as its `input` property when there is one.
[[noreturn]] void throw_js_error(const JsError& e);

// Runs f; any C++ exception becomes a JS Error with the reader's message, and an InputError's input name travels
// on it as `input` (the page shows the message beside that field). The JS Error is thrown after the catch block
// has ended, so the C++ exception is freed first.
template <class F>
auto guarded(F&& f, const char* advice = "use smaller inputs") -> decltype(f()) {
  JsError error;
  try {
    return f();
  } catch (...) {
    error = current_js_error(advice);
  }
  throw_js_error(error);
}

}  // namespace tk::js
