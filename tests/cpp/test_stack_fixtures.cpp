// The stack against PyTorch 1.13 float64 (tests/reference/fixtures/stack, written by make_reference.py):
// per-block gradient norms, input-gradient norms, stream sd, loss and ratio within a relative 1e-9 (only
// the summation order differs), and the drawn x and target: bit-exact natively, within 4 ulp in wasm
// (emscripten's libm log/sin/cos differ from glibc's in the last bit).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "check.hpp"
#include "fixtures.hpp"
#include "stack.hpp"

namespace tk {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kFixtures = fs::path(TK_SOURCE_DIR) / "tests/reference/fixtures/stack";

#ifdef __EMSCRIPTEN__
constexpr std::uint64_t kRandnUlp = 4;  // Box–Muller through emscripten's libm
#else
constexpr std::uint64_t kRandnUlp = 0;  // glibc, as PyTorch: bit for bit
#endif

std::vector<std::string> fixture_names() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(kFixtures)) {
    if (entry.path().extension() == ".json") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

json load(const std::string& name) {
  std::ifstream in(kFixtures / (name + ".json"));
  return json::parse(in);
}

StackConfig config_of(const json& c) { return test::config_from_fixture<StackConfig>(c); }

::testing::AssertionResult close_to(const std::vector<double>& actual, const json& expected, double rtol) {
  Vec a = Eigen::Map<const Vec>(actual.data(), Eigen::Index(actual.size()));
  const std::vector<double> e = expected.get<std::vector<double>>();
  return test::all_close(a, Eigen::Map<const Vec>(e.data(), Eigen::Index(e.size())), rtol, 0);
}

class PyTorchFixture : public ::testing::TestWithParam<std::string> {};

TEST_P(PyTorchFixture, GradientsAndStreamMatch) {
  const json f = load(GetParam());
  const StackResult r = run_stack(config_of(f.at("config")));
  constexpr double rtol = 1e-9;
  EXPECT_TRUE(close_to(r.grad_norm, f.at("grad_norm"), rtol)) << "grad_norm";
  EXPECT_TRUE(close_to(r.grad_norm_weights, f.at("grad_norm_weights"), rtol)) << "grad_norm_weights";
  EXPECT_TRUE(close_to(r.grad_norm_no_ln, f.at("grad_norm_no_ln"), rtol)) << "grad_norm_no_ln";
  EXPECT_TRUE(close_to(r.input_grad_norm, f.at("input_grad_norm"), rtol)) << "input_grad_norm";
  EXPECT_TRUE(close_to(r.stream_sd, f.at("stream_sd"), rtol)) << "stream_sd";
  EXPECT_NEAR(r.loss, f.at("loss").get<double>(), rtol * f.at("loss").get<double>());
  EXPECT_NEAR(r.ratio, f.at("ratio").get<double>(), rtol * f.at("ratio").get<double>());
}

TEST_P(PyTorchFixture, InputsAreTheSameDraws) {
  const json f = load(GetParam());
  const StackInit init(config_of(f.at("config")));
  for (const auto& [tensor, key] : {std::pair{&init.x(), "x"}, std::pair{&init.target(), "target"}}) {
    if (kRandnUlp == 0) {
      EXPECT_EQ(test::hex64(test::fnv1a64(tensor->data(), size_t(tensor->size()))), f.at(std::string(key) + "_fnv1a64"))
          << key << " checksum";
    }
    if (!f.contains(std::string(key) + "_hex")) continue;  // only small fixtures carry every value
    const auto hex = f.at(std::string(key) + "_hex").get<std::vector<std::string>>();
    ASSERT_EQ(hex.size(), size_t(tensor->size()));
    std::uint64_t worst = 0;
    for (size_t i = 0; i < hex.size(); ++i) {
      worst = std::max(worst, test::ulp_distance(tensor->data()[i], std::strtod(hex[i].c_str(), nullptr)));
    }
    EXPECT_LE(worst, kRandnUlp) << key << ": largest distance from PyTorch's value, in ulp";
  }
}

INSTANTIATE_TEST_SUITE_P(Stack, PyTorchFixture, ::testing::ValuesIn(fixture_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace tk
