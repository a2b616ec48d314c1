// The feed-forward sublayer (ffn.cpp): gradients against finite differences for ReLU and for GELU's exact
// erf form, and the activations' names as the command line and the page spell them.
#include <gtest/gtest.h>

#include "check.hpp"
#include "ffn.hpp"
#include "grad_walk.hpp"

namespace tk {
namespace {

using test::Draw;

class Ffn : public ::testing::TestWithParam<Activation> {};

TEST_P(Ffn, GradientsMatchFiniteDifferences) {
  const Activation act = GetParam();
  Draw draw(11);
  FfnParams p{{draw.matrix(6, 3), draw.vector(6)}, {draw.matrix(3, 6), draw.vector(3)}};
  const Mat x = draw.matrix(5, 3);
  const Mat w = draw.matrix(5, 3);
  auto loss_of = [&](const Mat& input) {
    FfnCache cache;
    return (ffn_forward(input, p, act, cache).array() * w.array()).sum();
  };
  FfnCache cache;
  ffn_forward(x, p, act, cache);
  FfnGrads g;
  ffn_backward(w, p, act, cache, g);
  EXPECT_EQ(test::tensor_count(p, g), 4);
  test::expect_param_gradients(
      p, g, [&] { return loss_of(x); }, 1e-6, 1e-9);
  EXPECT_TRUE(test::all_close(g.dx, test::numeric_gradient(loss_of, x), 1e-6, 1e-9));
}

INSTANTIATE_TEST_SUITE_P(BothActivations, Ffn, ::testing::Values(Activation::ReLU, Activation::GELU),
                         [](const auto& info) { return std::string(activation_name(info.param)); });

TEST(FfnActivation, NamesRoundTripAndAStrangerIsRefused) {
  for (Activation a : {Activation::ReLU, Activation::GELU}) EXPECT_EQ(activation_from_name(activation_name(a)), a);
  EXPECT_EQ(test::thrown_message([] { activation_from_name("tanh"); }).empty(), false);
}

}  // namespace
}  // namespace tk
