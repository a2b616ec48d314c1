// The norm a wiring places (norm.cpp): LayerNorm, RMSNorm or none, each the kernel of its own file at its own ε.
#include <gtest/gtest.h>

#include <stdexcept>

#include "check.hpp"
#include "norm.hpp"

namespace tk {
namespace {

using test::Draw;

TEST(Norm, LayerNormIsTheLayerNormKernelBitForBit) {
  Draw draw(4);
  const Mat x = draw.matrix(6, 8), dy = draw.matrix(6, 8);
  const NormParams p = norm_init(NormKind::LayerNorm, 8);
  NormCache cache;
  NormGrads grads;
  const Mat y = norm_forward(x, p, NormKind::LayerNorm, cache);
  const Mat dx = norm_backward(dy, p, NormKind::LayerNorm, cache, grads);
  LayerNormCache own;
  LayerNormGrads own_grads;
  EXPECT_EQ(y, layernorm_forward(x, p.ln, kLayerNormEps, own));
  layernorm_backward(dy, p.ln, own, own_grads);
  EXPECT_EQ(dx, own_grads.dx);
  EXPECT_EQ(grads.ln.dgamma, own_grads.dgamma);
}

TEST(Norm, RMSNormIsTheRMSNormKernelBitForBit) {
  Draw draw(5);
  const Mat x = draw.matrix(6, 8), dy = draw.matrix(6, 8);
  const NormParams p = norm_init(NormKind::RMSNorm, 8);
  NormCache cache;
  NormGrads grads;
  const Mat y = norm_forward(x, p, NormKind::RMSNorm, cache);
  const Mat dx = norm_backward(dy, p, NormKind::RMSNorm, cache, grads);
  RMSNormCache own;
  RMSNormGrads own_grads;
  EXPECT_EQ(y, rmsnorm_forward(x, p.rms, kRMSNormEps, own));
  rmsnorm_backward(dy, p.rms, own, own_grads);
  EXPECT_EQ(dx, own_grads.dx);
}

TEST(Norm, NoNormHasNoParametersAndCannotRun) {
  const NormParams p = norm_init(NormKind::None, 8);
  EXPECT_EQ(p.ln.gamma.size(), 0);
  EXPECT_EQ(p.rms.gain.size(), 0);
  NormCache cache;
  NormGrads grads;
  EXPECT_THROW(norm_forward(Mat::Ones(2, 8), p, NormKind::None, cache), std::logic_error);
  EXPECT_THROW(norm_backward(Mat::Ones(2, 8), p, NormKind::None, cache, grads), std::logic_error);
}

}  // namespace
}  // namespace tk
