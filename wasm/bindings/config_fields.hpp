// A kernel's configuration struct as a plain JS object, both ways, driven by the struct's own field list
// (for_each_field in stack.hpp, train.hpp): the bindings never list a configuration's fields themselves.
//   FieldReader: options object → struct; a field left out (undefined) keeps the struct's C++ default.
//   FieldWriter: struct → object (what xxxDefaults() reports, so the page never types a default).
// Enumerations travel as the names the kernels give them (activation_name, task_name); a wiring as its text
// form (wiring.hpp: a preset's name or the JSON of a written wiring).
#pragma once

#include <cmath>
#include <cstdint>

#include "convert.hpp"
#include "train.hpp"

namespace tk::js {

struct FieldReader {
  const val& object;

  void operator()(const char* name, int& field) const { field = int_field(object, name, field); }
  void operator()(const char* name, double& field) const { field = number_field(object, name, field); }
  void operator()(const char* name, bool& field) const { field = bool_field(object, name, field); }
  // torch.manual_seed takes any integer; negative ones wrap modulo 2^64. JS numbers are exact to kLargestSeed.
  void operator()(const char* name, std::uint64_t& field) const {
    const double seed = number_field(object, name, double(field));
    require(seed == std::floor(seed) && std::abs(seed) <= kLargestSeed,
            [&] { return std::string(name) + " must be a whole number (|" + name + "| <= " + kLargestSeedText + ")"; });
    field = std::uint64_t(std::int64_t(seed));
  }
  void operator()(const char* name, WiringSpec& field) const {
    if (has_field(object, name)) field = read_wiring(string_field(object, name, ""));
  }
  void operator()(const char* name, Activation& field) const {
    field = activation_from_name(string_field(object, name, activation_name(field)));
  }
  void operator()(const char* name, Task& field) const {
    field = task_from_name(string_field(object, name, task_name(field)));
  }
};

struct FieldWriter {
  val& object;

  void operator()(const char* name, int field) const { object.set(name, field); }
  void operator()(const char* name, double field) const { object.set(name, field); }
  void operator()(const char* name, bool field) const { object.set(name, field); }
  void operator()(const char* name, std::uint64_t field) const { object.set(name, double(field)); }
  void operator()(const char* name, const WiringSpec& field) const { object.set(name, wiring_text(field)); }
  void operator()(const char* name, Activation field) const { object.set(name, std::string(activation_name(field))); }
  void operator()(const char* name, Task field) const { object.set(name, std::string(task_name(field))); }
};

// options → Config: every field the object has, the C++ default for the rest.
template <class Config>
Config config_from(const val& options) {
  require_options(options);
  Config c;
  for_each_field(c, FieldReader{options});
  return c;
}

// Config's defaults as a plain object, field by field.
template <class Config>
val config_defaults() {
  Config c;
  val out = val::object();
  for_each_field(c, FieldWriter{out});
  return out;
}

}  // namespace tk::js
