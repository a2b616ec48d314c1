// What the block and stack suites share (test_block.cpp, test_stack.cpp): a block's own wiring parameters moved
// off their initial values, so that their gradients, and the Linear layers' behind a closed gate, are checked too.
#pragma once

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

}  // namespace tk::block_test
