// One block (block.cpp), every wiring: its backward against finite differences tensor by tensor (walked with
// for_each_param, so a wrong gradient is named by its tensor, not found as a whole stack's mismatch), with the
// norms and gates moved off their initial values so nothing hides behind a closed gate.
#include <gtest/gtest.h>

#include <vector>

#include "block_test.hpp"
#include "check.hpp"
#include "grad_walk.hpp"
#include "stack.hpp"

namespace tk {
namespace {

using test::Draw;

class Block : public ::testing::TestWithParam<Placement> {};

TEST_P(Block, GradientsMatchFiniteDifferences) {
  StackConfig c;
  c.placement = GetParam();
  c.L = 4, c.d = 8, c.heads = 2, c.B = 2, c.T = 3, c.seed = 0;
  const StackInit init(c);
  const BlockShape shape{{c.B, c.T, c.heads, true}, Activation::GELU};
  for (int i : {0, c.L - 1}) {  // (Mix-LN: its first block is wired Post-LN, its last Pre-LN)
    SCOPED_TRACE("block " + std::to_string(i));
    BlockParams p = init.block(i);
    Draw draw(13 + i);
    block_test::perturb_wiring(p, draw);
    const BlockWiring wiring = block_wiring(c.placement, i, c.L);
    const Mat x = draw.matrix(c.B * c.T, c.d);
    const Mat w = draw.matrix(c.B * c.T, c.d);
    auto loss_of = [&](const Mat& input) {
      BlockCache cache;
      return (block_forward(input, p, shape, wiring, cache).array() * w.array()).sum();
    };
    BlockCache cache;
    block_forward(x, p, shape, wiring, cache);
    BlockGrads g;
    block_backward(w, p, shape, wiring, cache, g);
    EXPECT_EQ(test::tensor_count(p, g), kBlockTensors);
    test::expect_param_gradients(p, g, [&] { return loss_of(x); }, 1e-6, 1e-8);
    EXPECT_TRUE(test::all_close(g.dx, test::numeric_gradient(loss_of, x), 1e-6, 1e-8));
  }
}

std::vector<Placement> every_wiring() {
  std::vector<Placement> out;
  for (const Wiring& w : kWirings) out.push_back(w.placement);
  return out;
}

INSTANTIATE_TEST_SUITE_P(EveryWiring, Block, ::testing::ValuesIn(every_wiring()),
                         [](const auto& info) { return std::string(placement_name(info.param)); });

}  // namespace
}  // namespace tk
