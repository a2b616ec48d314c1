// What the exercises' bindings share (bind_exercises.cpp, bind_design.cpp): an exercise's number and seed, its
// values {rows, cols, values} both ways, and errors that name the input they are about.
#pragma once

#include <cmath>
#include <cstdint>
#include <map>
#include <string>

#include "convert.hpp"
#include "exercises.hpp"

namespace tk::js {

inline int exercise_number(const val& n) { return whole_arg(n, "the exercise number"); }

// Seeds are JS numbers: whole, 0 … kLargestSeed (convert.hpp), all exact in a double.
inline std::uint64_t seed_from(const val& v) {
  const double seed = number_arg(v, "seed");
  require(seed == std::floor(seed) && seed >= 0 && seed <= kLargestSeed,
          [] { return std::string("seed must be a whole number from 0 to ") + kLargestSeedText; });
  return std::uint64_t(seed);
}

// The most numbers one value may hold: the exercises' largest matrix is 16 × 16.
constexpr double kMaxValueNumbers = 4096;

inline ExerciseValue value_from(const val& v, const std::string& name) {
  require(v.typeOf().as<std::string>() == "object" && !v.isNull(),
          [&] { return name + " must be an object {rows, cols, values}"; });
  ExerciseValue out;
  out.values = numbers_arg(v["values"], name + ".values", kMaxValueNumbers);
  out.rows = int_field(v, "rows", 1);
  out.cols = int_field(v, "cols", int(out.values.size()));
  return out;
}

inline ExerciseInputs inputs_from(const val& inputs) {
  require(inputs.typeOf().as<std::string>() == "object" && !inputs.isNull(),
          "inputs must be an object {name: {rows, cols, values}}");
  ExerciseInputs out;
  const val keys = val::global("Object").call<val>("keys", inputs);
  const int count = keys["length"].as<int>();
  for (int i = 0; i < count; ++i) {
    const std::string name = keys[i].as<std::string>();
    out[name] = value_from(inputs[name], name);
  }
  return out;
}

inline val to_js(const ExerciseValue& v) {
  val out = val::object();
  out.set("rows", v.rows);
  out.set("cols", v.cols);
  out.set("values", tk::js::to_js(v.values.data(), Eigen::Index(v.values.size())));
  return out;
}

inline val to_js(const std::map<std::string, ExerciseValue>& values) {
  val out = val::object();
  for (const auto& [name, value] : values) out.set(name, to_js(value));
  return out;
}

}  // namespace tk::js
