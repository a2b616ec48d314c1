// One block (block.cpp), every wiring: its backward against finite differences tensor by tensor (walked with
// for_each_param, so a wrong gradient is named by its tensor, not found as a whole stack's mismatch), with the
// norms and gates moved off their initial values so nothing hides behind a closed gate.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "block_test.hpp"
#include "check.hpp"
#include "grad_walk.hpp"
#include "stack.hpp"

namespace tk {
namespace {

using test::Draw;

class Block : public ::testing::TestWithParam<std::string> {};

TEST_P(Block, GradientsMatchFiniteDifferences) {
  StackConfig c;
  c.wiring = read_wiring(GetParam());
  c.L = 4, c.d = 8, c.heads = 2, c.B = 2, c.T = 3, c.seed = 0;
  const StackInit init(c);
  const BlockShape shape{{c.B, c.T, c.heads, true}, Activation::GELU};
  for (int i : {0, 2, c.L - 1}) {  // (Mix-LN: its first block is wired Post-LN, its last Pre-LN)
    SCOPED_TRACE("block " + std::to_string(i));
    BlockParams p = init.block(i);
    Draw draw(13 + i);
    block_test::perturb_wiring(p, draw);
    const BlockWiring wiring = block_wiring(c.wiring, i, c.L);
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
    test::expect_param_gradients(
        p, g, [&] { return loss_of(x); }, 1e-6, 1e-8);
    EXPECT_TRUE(test::all_close(g.dx, test::numeric_gradient(loss_of, x), 1e-6, 1e-8));
  }
}

std::vector<std::string> every_preset() {
  std::vector<std::string> out;
  for (const WiringPreset& w : wiring_presets()) out.push_back(w.name);
  return out;
}

INSTANTIATE_TEST_SUITE_P(EveryPreset, Block, ::testing::ValuesIn(every_preset()),
                         [](const auto& info) { return info.param; });

// Written wirings, drawn at random: every key of the description off its preset's value somewhere.
std::vector<std::string> written_wirings() {
  std::vector<std::string> out;
  Draw draw(2026);
  for (int k = 0; k < 24; ++k) out.push_back(block_test::random_wiring(draw));
  return out;
}

INSTANTIATE_TEST_SUITE_P(Written, Block, ::testing::ValuesIn(written_wirings()),
                         [](const auto& info) { return "w" + std::to_string(info.index); });

// The draws above reach every value of every key (else a key could be wrong and no test would see it).
TEST(Block, WrittenWiringsExerciseEveryKey) {
  std::set<std::string> seen;
  for (const std::string& text : written_wirings()) {
    const WiringSpec w = read_wiring(text);
    for (const std::string& key : wiring_changes(w)) seen.insert(key);
    seen.insert(std::string("norm ") + norm_key(w.norm));
    seen.insert(std::string("gate ") + gate_key(w.gate));
    seen.insert(std::string("in ") + (w.in ? "on" : "off"));
    seen.insert(std::string("out ") + (w.out ? "on" : "off"));
    seen.insert(std::string("after ") + (w.after ? "on" : "off"));
    seen.insert(std::string("residual ") + (w.residual ? "on" : "off"));
    if (w.residual && w.alpha.text() != "1") seen.insert("alpha on the stream");
    if (w.alpha.uses_i() || w.scale_in.uses_i() || w.gate0.uses_i() || w.beta.uses_i()) seen.insert("formula in i");
  }
  for (const char* want : {"norm",         "in",
                           "out",          "after",
                           "residual",     "alpha",
                           "scale_in",     "scale_out",
                           "gate",         "gate0",
                           "beta",         "final",
                           "first_post",   "norm ln",
                           "norm rms",     "gate none",
                           "gate block",   "gate sublayer",
                           "gate channel", "in on",
                           "in off",       "out on",
                           "out off",      "after on",
                           "after off",    "residual on",
                           "residual off", "alpha on the stream",
                           "formula in i"}) {
    EXPECT_TRUE(seen.count(want)) << want;
  }
}

}  // namespace
}  // namespace tk
