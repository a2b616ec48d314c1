// What the block and stack suites share (test_block.cpp, test_stack.cpp): a block's own wiring parameters moved
// off their initial values, so that their gradients, and the Linear layers' behind a closed gate, are checked too.
#pragma once

#include <string>

#include "block.hpp"
#include "check.hpp"

namespace tk::block_test {

// for_each_param walks a block's twelve Linear tensors first (attention's Wq, bq … Wo, bo, then the FFN's W1, b1,
// W2, b2), then its norms and gates: the tensors a wiring adds.
constexpr int kLinearTensors = 12;

// The norms and gates (γ = 1, β = 0, r = 0, tiny λ at initialisation) drawn in [0.5, 1.5).
inline void perturb_wiring(BlockParams& p, test::Draw& draw) {
  const BlockGrads none;
  int k = 0;
  for_each_param(p, none, [&](auto& value, const auto&) {
    if (k++ >= kLinearTensors) value = draw.vector(value.size(), 0.5, 1.5);
  });
}

// A written wiring drawn at random, as its JSON text: every key of the description takes a value off its preset's
// somewhere (both norms, each place on and off, every gate, formulas in L and in i, first_post), and the places
// keep at least one norm or a residual so that a tiny stack stays in float64's range.
inline std::string random_wiring(test::Draw& draw) {
  const auto pick = [&](std::initializer_list<const char*> values) {
    const int k = std::min(int(values.size()) - 1, int(draw.uniform(0, double(values.size()))));
    return std::string(*(values.begin() + k));
  };
  const auto flag = [&] { return draw.uniform(0, 1) < 0.5; };
  const bool in = flag(), out = flag(), after = flag() || !(in || out), residual = draw.uniform(0, 1) < 0.75;
  const std::string gate = pick({"none", "block", "sublayer", "channel"});
  std::string json = "{\"from\": \"" + pick({"post", "pre", "nores", "peri", "rezero", "layerscale", "mixln"}) +
                     "\", \"norm\": \"" + pick({"ln", "rms"}) + "\"";
  for (const auto& [key, value] :
       {std::pair{"in", in}, {"out", out}, {"after", after}, {"residual", residual}, {"final", flag()}}) {
    json += std::string(", \"") + key + "\": " + (value ? "true" : "false");
  }
  json += ", \"alpha\": \"" + pick({"1", "0.5", "(2*L)^0.25", "1+0.1*i"}) + "\"";
  json += ", \"scale_in\": \"" + pick({"1", "0.7", "1/sqrt(i)", "2"}) + "\"";
  json += ", \"scale_out\": \"" + pick({"1", "1/sqrt(2*L)", "0.5", "1.5"}) + "\"";
  json += ", \"gate\": \"" + gate + "\"";
  if (gate != "none") json += ", \"gate0\": \"" + pick({"0.5", "0.1*L^-0.5", "1", "0.3+0.1*i"}) + "\"";
  json += ", \"beta\": \"" + pick({"1", "(8*L)^0.25", "2", "1+0.5*i"}) + "\"";
  json += ", \"first_post\": \"" + pick({"0", "L/4", "1", "L/2"}) + "\"}";
  return json;
}

}  // namespace tk::block_test
