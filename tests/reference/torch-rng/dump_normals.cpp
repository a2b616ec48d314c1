// One-off generator of normals.bin / normals_index.json: PyTorch 1.13's full float64 values for the
// Box–Muller outputs (randn, normal, embedding, randn_t) of selected vectors.json cases.
//
// Why: vectors.json holds only a checksum, the first five and the last value of each tensor. Natively the
// checksum decides bit-exactness, but in WebAssembly emscripten's log/sin/cos differ from glibc's in the
// last bit, so the wasm tests compare element by element within 4 ulp and need every value.
//
// Why the values are PyTorch's although this program computes them: it runs the case with tk::TorchGenerator
// natively (glibc FMA libm, the spec's primary personality) and writes an array only if its FNV-1a-64
// equals the PyTorch checksum in vectors.json; otherwise it stops without writing. The test suite
// re-checks every stored array against that checksum.
//
// Selection: every Box–Muller output with numel <= 800, plus seq_s0's randn 4x32x128 (the article's
// sequence). Layout: normals.bin = the arrays back to back, float64 little-endian; normals_index.json =
// [{case, output (index in the case's outputs), name, offset (in values), count}].
//
// Built and run once by hand, from the repository root (x86-64 with FMA+AVX2, glibc 2.36):
//   g++ -std=c++17 -O2 -ffp-contract=off -I wasm/src -I /usr/include/eigen3 tests/reference/torch-rng/dump_normals.cpp wasm/src/torch_rng.cpp -o /tmp/dump_normals
//   /tmp/dump_normals tests/reference/torch-rng
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "../../cpp/bits.hpp"
#include "torch_rng_cases.hpp"

namespace {

constexpr std::size_t kMaxStoredNumel = 800;

bool selected(const std::string& case_name, const tk::rng_cases::Output& out) {
  return out.box_muller && (out.values.size() <= kMaxStoredNumel || case_name == "seq_s0");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: dump_normals <dir holding vectors.json>\n";
    return 2;
  }
  const std::string dir = argv[1];
  std::ifstream in(dir + "/vectors.json");
  if (!in) {
    std::cerr << "cannot read " << dir << "/vectors.json\n";
    return 1;
  }
  const nlohmann::json vectors = nlohmann::json::parse(in);

  std::vector<double> all;
  nlohmann::json index = nlohmann::json::array();
  for (const auto& c : vectors.at("vectors")) {
    const std::string name = c.at("name");
    const std::vector<std::string> ops = c.at("ops");
    if (tk::rng_cases::uses_float32(ops)) continue;
    const std::vector<tk::rng_cases::Output> outputs = tk::rng_cases::run_case(ops);
    for (std::size_t i = 0; i < outputs.size(); ++i) {
      if (!selected(name, outputs[i])) continue;
      const auto& expected = c.at("outputs").at(i);
      const std::string got = tk::test::hex64(tk::test::fnv1a64(outputs[i].values));
      if (got != expected.at("fnv1a64").get<std::string>() || outputs[i].name != expected.at("output")) {
        std::cerr << name << " output " << i << " (" << outputs[i].name << "): checksum " << got
                  << " is not PyTorch's " << expected.at("fnv1a64") << "; nothing written\n";
        return 1;
      }
      index.push_back({{"case", name}, {"output", i}, {"name", outputs[i].name}, {"offset", all.size()},
                       {"count", outputs[i].values.size()}});
      all.insert(all.end(), outputs[i].values.begin(), outputs[i].values.end());
    }
  }

  // The host is little-endian x86-64, so the doubles' bytes go out as they are.
  std::ofstream bin(dir + "/normals.bin", std::ios::binary);
  bin.write(reinterpret_cast<const char*>(all.data()), std::streamsize(all.size() * sizeof(double)));
  std::ofstream idx(dir + "/normals_index.json");
  idx << "[\n";  // one array per line, so a diff of the index stays readable
  for (std::size_t i = 0; i < index.size(); ++i) idx << " " << index[i].dump() << (i + 1 < index.size() ? ",\n" : "\n");
  idx << "]\n";
  std::cout << index.size() << " arrays, " << all.size() << " values written to " << dir << "\n";
  return bin && idx ? 0 : 1;
}
