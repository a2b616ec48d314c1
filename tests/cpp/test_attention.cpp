// Multi-head self-attention (attention.cpp): every projection's gradient and dx against finite differences,
// with and without the causal mask, and what the mask means: no query sees a later token.
#include <gtest/gtest.h>

#include "attention.hpp"
#include "check.hpp"
#include "grad_walk.hpp"

namespace tk {
namespace {

using test::Draw;

AttentionParams random_attention(Draw& draw, int d) {
  auto linear = [&] { return LinearParams{draw.matrix(d, d, -0.5, 0.5), draw.vector(d, -0.5, 0.5)}; };
  AttentionParams p;
  p.q = linear(), p.k = linear(), p.v = linear(), p.o = linear();
  return p;
}

class Attention : public ::testing::TestWithParam<bool> {};

TEST_P(Attention, GradientsMatchFiniteDifferences) {
  const AttentionShape shape{2, 3, 2, GetParam()};  // B, T, H (hs = 2), causal
  Draw draw(5);
  AttentionParams p = random_attention(draw, 4);
  const Mat x = draw.matrix(6, 4);
  const Mat w = draw.matrix(6, 4);
  auto loss_of = [&](const Mat& input) {
    AttentionCache cache;
    return (attention_forward(input, p, shape, cache).array() * w.array()).sum();
  };
  AttentionCache cache;
  attention_forward(x, p, shape, cache);
  AttentionGrads g;
  attention_backward(w, p, shape, cache, g);
  EXPECT_EQ(test::tensor_count(p, g), 8);
  test::expect_param_gradients(
      p, g, [&] { return loss_of(x); }, 1e-6, 1e-9);
  EXPECT_TRUE(test::all_close(g.dx, test::numeric_gradient(loss_of, x), 1e-6, 1e-9));
}

INSTANTIATE_TEST_SUITE_P(MaskedOrNot, Attention, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "causal" : "full"; });

TEST(AttentionMask, NoQuerySeesALaterToken) {
  const AttentionShape shape{1, 4, 1, true};
  Draw draw(8);
  const AttentionParams p = random_attention(draw, 2);
  const Mat x = draw.matrix(4, 2);
  AttentionCache cache;
  const Mat y = attention_forward(x, p, shape, cache);
  Mat later = x;
  later.row(3) += Mat::Constant(1, 2, 5.0);  // only the last token changes
  AttentionCache cache2;
  const Mat y2 = attention_forward(later, p, shape, cache2);
  EXPECT_EQ(y.topRows(3), y2.topRows(3));  // the earlier tokens' outputs, bit for bit
  EXPECT_NE(y.row(3), y2.row(3));
  for (int i = 0; i < 4; ++i) {
    for (int j = i + 1; j < 4; ++j) EXPECT_EQ(cache.P(i, j), 0.0) << "query " << i << ", key " << j;
  }
}

}  // namespace
}  // namespace tk
