// Adam (adam.hpp) against torch.optim.Adam's own updates (tests/reference/fixtures/adam.json, written by
// make_reference.py), the warmup schedule, and what the optimiser refuses.
#include <gtest/gtest.h>

#include "adam.hpp"
#include "reduce.hpp"
#include "block.hpp"
#include "check.hpp"
#include "fixtures.hpp"
#include "stack.hpp"

namespace tk {
namespace {

using test::Json;

TEST(AdamFixture, EveryStepMatchesPyTorch) {
  const Json cases = test::read_fixture("adam.json").at("cases");
  ASSERT_GE(cases.size(), 3u);
  for (const Json& c : cases) {
    const AdamConfig config{c.at("lr"), c.at("beta1"), c.at("beta2"), c.at("eps")};
    Adam adam(config);
    Vec p = test::hex_vector(c.at("param"));
    AdamMoments moments;
    for (std::size_t k = 0; k < c.at("grads").size(); ++k) {
      const Vec g = test::hex_vector(c.at("grads")[k]);
      adam.begin_step(config.lr);
      adam.update(p.data(), g.data(), p.size(), moments);
      // PyTorch fuses some multiply-adds on this CPU; the unfused order agrees to a few ulp
      EXPECT_TRUE(test::all_close(p, test::hex_vector(c.at("after")[k]), 1e-14, 1e-16))
          << "lr " << config.lr << ", step " << k + 1;
    }
    EXPECT_EQ(adam.steps(), int(c.at("grads").size()));
  }
}

TEST(AdamWarmup, RampsLinearlyThenHolds) {
  EXPECT_EQ(warmup_rate(3e-3, 0, 0), 3e-3);
  EXPECT_EQ(warmup_rate(3e-3, 50, 0), 3e-3 * (1.0 / 50));
  EXPECT_EQ(warmup_rate(3e-3, 50, 24), 3e-3 * (25.0 / 50));
  EXPECT_EQ(warmup_rate(3e-3, 50, 49), 3e-3);
  EXPECT_EQ(warmup_rate(3e-3, 50, 500), 3e-3);
}

TEST(AdamFirstStep, MovesEveryEntryByTheRateAgainstItsGradientSign) {
  // at t = 1, m/√v is g/|g| exactly (bias corrections cancel), so each entry moves by lr·|g|/(|g| + eps)
  Adam adam(AdamConfig{0.01, 0.9, 0.999, 0.0});
  Vec p = Vec::Zero(3);
  const Vec g = (Vec(3) << 2.0, -0.5, 1e-9).finished();
  AdamMoments s;
  adam.begin_step(0.01);
  adam.update(p.data(), g.data(), 3, s);
  EXPECT_TRUE(test::all_close(p, Vec((Vec(3) << -0.01, 0.01, -0.01).finished()), 1e-14, 0));
}

// The squared norm Adam returns is squared_sum's, bit for bit, for any length (the SIMD pairs and the tail), and
// update_all gives one per tensor in for_each_param's order: the lab's gradient norms come from it.
TEST(AdamSquares, AreTheGradientsSquaredNormsInSquaredSumsOrder) {
  Adam adam(AdamConfig{});
  adam.begin_step(1e-3);
  for (Eigen::Index n : {1, 2, 7, 64, 257}) {
    const Vec g = Vec::LinSpaced(n, -1.3, 2.9).array().sin() * 1e-3 + 1e-7;
    Vec p = Vec::Zero(n);
    AdamMoments s;
    const double sq = adam.update(p.data(), g.data(), n, s);
    EXPECT_EQ(sq, squared_sum(g.data(), n)) << "n = " << n;  // exact
  }
  // a real block's gradients (d = 8) for every wiring, from one forward and backward
  for (const WiringPreset& w : wiring_presets()) {
    StackConfig c;
    c.wiring = w.spec, c.L = 1, c.d = 8, c.heads = 2, c.B = 2, c.T = 3;
    const StackInit init(c);
    BlockParams params = init.block(0);
    const BlockShape shape{AttentionShape{c.B, c.T, c.heads, c.causal}, c.activation};
    const BlockWiring wiring = block_wiring(c.wiring, 0, c.L);
    BlockCache cache;
    BlockGrads grads;
    const Mat y = block_forward(init.x(), params, shape, wiring, cache);
    block_backward(y - init.target(), params, shape, wiring, cache, grads);
    int k = 0;
    for_each_param(params, grads, [&](auto&, const auto&) { ++k; });
    ASSERT_EQ(k, kBlockTensors);
    std::vector<AdamMoments> moments;
    double squares[kBlockTensors];
    adam.update_all(params, grads, moments, squares);
    k = 0;
    for_each_param(params, grads, [&](auto&, const auto& grad) {
      EXPECT_EQ(squares[k], squared_sum(grad.data(), grad.size())) << w.name << ", tensor " << k;
      ++k;
    });
    const BlockGradSquares from_adam = grad_squares(squares), direct = grad_squares(grads);
    EXPECT_EQ(from_adam.weights, direct.weights) << w.name;
    EXPECT_EQ(from_adam.biases, direct.biases) << w.name;
    EXPECT_EQ(from_adam.norms_and_gates, direct.norms_and_gates) << w.name;
    EXPECT_GT(from_adam.norms_and_gates, 0) << w.name;  // every wiring here has a norm or a gate with a gradient
  }
}

TEST(AdamValidate, RefusesWhatPyTorchRefuses) {
  using test::thrown_message;
  EXPECT_EQ(thrown_message([] {
              validate(AdamConfig{-1, 0.9, 0.999, 1e-8});
            }),
            "the learning rate must be a finite number, 0 or more");
  EXPECT_EQ(thrown_message([] {
              validate(AdamConfig{1e-3, 1.0, 0.999, 1e-8});
            }),
            "β1 must be 0 or more and less than 1");
  EXPECT_EQ(thrown_message([] {
              validate(AdamConfig{1e-3, 0.9, -0.1, 1e-8});
            }),
            "β2 must be 0 or more and less than 1");
  EXPECT_EQ(thrown_message([] {
              validate(AdamConfig{1e-3, 0.9, 0.999, -1});
            }),
            "Adam's ε must be a finite number, 0 or more");
  EXPECT_EQ(thrown_message([] { validate(AdamConfig{}); }), "(no exception)");
}

}  // namespace
}  // namespace tk
