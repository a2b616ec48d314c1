// Reading the committed PyTorch fixtures (tests/reference/fixtures) from the source tree, natively and in wasm
// (NODERAWFS), and the JSON helpers the fixture tests share.
#pragma once

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "train.hpp"

namespace tk::test {

using Json = nlohmann::json;

inline Json read_fixture(const std::string& relative) {
  const std::string path = std::string(TK_SOURCE_DIR) + "/tests/reference/fixtures/" + relative;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the fixture " + path);
  return Json::parse(in);
}

// A list of numbers written as float.hex() strings (exact) → Vec.
inline Vec hex_vector(const Json& list) {
  Vec v(Eigen::Index(list.size()));
  for (std::size_t i = 0; i < list.size(); ++i)
    v(Eigen::Index(i)) = std::strtod(list[i].get<std::string>().c_str(), nullptr);
  return v;
}

inline Vec number_vector(const Json& list) {
  const std::vector<double> values = list.get<std::vector<double>>();
  return Eigen::Map<const Vec>(values.data(), Eigen::Index(values.size()));
}

// The kernels' camelCase field names as the Python fixtures spell them: "ffnMult" → "ffn_mult".
inline std::string snake_case(const std::string& name) {
  if (name.size() <= 1) return name;
  std::string out;
  for (char ch : name) {
    if (std::isupper(static_cast<unsigned char>(ch))) out += '_';
    out += char(std::tolower(static_cast<unsigned char>(ch)));
  }
  return out;
}

// A fixture's "config" object into a kernel's config struct, field by field in the struct's own list
// (for_each_field); a field the fixture does not name keeps its C++ default.
struct FixtureFieldReader {
  const Json& config;
  template <class T>
  void operator()(const char* name, T& field) const {
    const std::string key = snake_case(name);
    if (!config.contains(key)) return;
    if constexpr (std::is_same_v<T, WiringSpec>) {  // a preset's name, or a written wiring as an object
      const Json& w = config.at(key);
      field = read_wiring(w.is_string() ? w.get<std::string>() : w.dump());
    } else if constexpr (std::is_same_v<T, Activation>) {
      field = activation_from_name(config.at(key));
    } else if constexpr (std::is_same_v<T, Task>) {
      field = task_from_name(config.at(key));
    } else {
      field = config.at(key).get<T>();
    }
  }
};

template <class Config>
Config config_from_fixture(const Json& config) {
  Config c;
  for_each_field(c, FixtureFieldReader{config});
  return c;
}

}  // namespace tk::test
