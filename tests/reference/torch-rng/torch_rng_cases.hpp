// The case grammar of the PyTorch RNG vectors (vectors.json, docs/design/torch-rng.md §10.1), run against
// tk::TorchGenerator. Shared by the GoogleTest suite (tests/cpp/test_torch_rng.cpp) and the one-off
// program that wrote the Box–Muller reference values (dump_normals.cpp), so both read a case alike.
//
//   seed S | rand SHAPE | randn SHAPE | uniform SHAPE FROM TO | normal SHAPE MEAN STD
//   linear IN OUT [nobias] | layernorm D | embedding V D | randn_t R C         (SHAPE like 4x32x128)
//
// The float32 ops (rand32, uniform32) are not implemented: the chapter builds float64 models only, and
// cases that use them are left out by the callers (uses_float32).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "torch_rng.hpp"

namespace tk::rng_cases {

// One tensor a case produces, values in logical row-major order, named as vectors.json names it.
struct Output {
  std::string name;
  std::vector<double> values;
  bool box_muller = false;  // went through log/sin/cos (randn, normal, embedding, randn_t)
};

inline std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator)) {
    if (!part.empty()) parts.push_back(part);
  }
  return parts;
}

// Python ints from -2^63 to 2^64 - 1, negatives wrapped modulo 2^64 as torch.manual_seed does.
inline std::uint64_t parse_seed(const std::string& text) {
  if (!text.empty() && text[0] == '-') return std::uint64_t(std::stoll(text));
  return std::stoull(text);
}

inline std::size_t parse_numel(const std::string& shape) {
  std::size_t numel = 1;
  for (const std::string& dim : split(shape, 'x')) numel *= std::stoull(dim);
  return numel;
}

inline double parse_double(const std::string& text) { return std::strtod(text.c_str(), nullptr); }

inline bool uses_float32(const std::vector<std::string>& ops) {
  for (const std::string& op : ops) {
    const std::string head = split(op, ' ').at(0);
    if (head == "rand32" || head == "uniform32") return true;
  }
  return false;
}

// Runs the ops in one generator, as one Python process would, and returns the tensors in order.
inline std::vector<Output> run_case(const std::vector<std::string>& ops) {
  TorchGenerator gen;
  std::vector<Output> outputs;
  for (const std::string& op : ops) {
    const std::vector<std::string> w = split(op, ' ');
    const std::string& head = w.at(0);
    if (head == "seed") {
      gen.manual_seed(parse_seed(w.at(1)));
    } else if (head == "rand" || head == "uniform") {
      Output o{op, std::vector<double>(parse_numel(w.at(1))), false};
      const bool plain = head == "rand";
      gen.uniform(o.values.data(), o.values.size(), plain ? 0.0 : parse_double(w.at(2)),
                  plain ? 1.0 : parse_double(w.at(3)));
      outputs.push_back(std::move(o));
    } else if (head == "randn" || head == "normal") {
      Output o{op, std::vector<double>(parse_numel(w.at(1))), true};
      const bool plain = head == "randn";
      gen.normal(o.values.data(), o.values.size(), plain ? 0.0 : parse_double(w.at(2)),
                 plain ? 1.0 : parse_double(w.at(3)));
      outputs.push_back(std::move(o));
    } else if (head == "linear") {
      const int in = std::stoi(w.at(1)), out = std::stoi(w.at(2));
      const bool bias = !(w.size() > 3 && w[3] == "nobias");
      Mat weight(out, in);
      Vec b;
      if (bias) {
        linear_init(gen, weight, b);
      } else {
        linear_init(gen, weight);
      }
      outputs.push_back({op + " .weight", std::vector<double>(weight.data(), weight.data() + weight.size()), false});
      if (bias) outputs.push_back({op + " .bias", std::vector<double>(b.data(), b.data() + b.size()), false});
    } else if (head == "layernorm") {
      // nn.LayerNorm initialises to ones and zeros: nothing drawn, nothing output.
    } else if (head == "embedding") {
      Output o{op + " .weight", std::vector<double>(parse_numel(w.at(1)) * parse_numel(w.at(2))), true};
      gen.normal(o.values.data(), o.values.size(), 0.0, 1.0);
      outputs.push_back(std::move(o));
    } else if (head == "randn_t") {
      // torch.empty(C, R).t().normal_(): an R x C view whose storage is C rows of R, filled serially in
      // storage order; the output is the view read row by row.
      const std::size_t rows = parse_numel(w.at(1)), cols = parse_numel(w.at(2));
      std::vector<double> storage(rows * cols);
      gen.normal_serial(storage.data(), storage.size(), 0.0, 1.0);
      Output o{op, std::vector<double>(rows * cols), true};
      for (std::size_t i = 0; i < rows; ++i) {
        for (std::size_t j = 0; j < cols; ++j) o.values[i * cols + j] = storage[j * rows + i];
      }
      outputs.push_back(std::move(o));
    } else {
      throw std::invalid_argument("unknown op in RNG case: " + op);
    }
  }
  return outputs;
}

}  // namespace tk::rng_cases
