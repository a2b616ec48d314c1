// One transformer block, written once, with the placement of LayerNorm as a switch (protocol.md):
//   Post-LN:      x = LN1(x + Attn(x));   x = LN2(x + FFN(x))
//   Pre-LN:       x = x + Attn(LN1(x));   x = x + FFN(LN2(x))
//   no residual:  x = LN1(Attn(x));       x = LN2(FFN(x))
// Each line is one "sublayer": a branch (attention or FFN) and a LayerNorm, wired by the placement.
#pragma once

#include "attention.hpp"
#include "ffn.hpp"
#include "layernorm.hpp"

namespace tk {

enum class Placement { PostLN, PreLN, NoResidual };

// The names the command line, the bindings and the page use: "post", "pre", "nores".
const char* placement_name(Placement placement);
Placement placement_from_name(const std::string& name);  // throws std::invalid_argument for any other name

struct BlockShape {
  AttentionShape attention;
  Activation activation;
  double ln_eps;
};

struct BlockParams {
  AttentionParams attn;
  FfnParams ffn;
  LayerNormParams ln1, ln2;
};

struct BlockGrads {
  Mat dx;  // (N, d) the gradient with respect to the block's input
  AttentionGrads attn;
  FfnGrads ffn;
  LayerNormGrads ln1, ln2;
  Mat d_mid;  // (N, d) the gradient between the two sublayers, a buffer
};

// Every parameter of the block: attention (Wq, bq, …, Wo, bo), FFN (W1, b1, W2, b2), LN1 (γ, β), LN2 (γ, β).
template <class F>
void for_each_param(BlockParams& p, const BlockGrads& g, F&& f) {
  for_each_param(p.attn, g.attn, f);
  for_each_param(p.ffn, g.ffn, f);
  for_each_param(p.ln1, g.ln1, f);
  for_each_param(p.ln2, g.ln2, f);
}

struct BlockCache {
  AttentionCache attn;
  FfnCache ffn;
  LayerNormCache ln1, ln2;
};

Mat block_forward(const Mat& x, const BlockParams& p, const BlockShape& shape, Placement placement, BlockCache& cache);

// Fills grads: dx, the gradient with respect to the block's input, and every parameter's gradient.
void block_backward(const Mat& dy, const BlockParams& p, const BlockShape& shape, Placement placement,
                    const BlockCache& cache, BlockGrads& grads);

// Squared Frobenius norms of a block's gradient, by parameter group, so every "measure" of the chapter
// (all parameters, weights only, without LayerNorm) is a sum of these.
struct BlockGradSquares {
  double weights = 0;    // the six Linear weight matrices
  double biases = 0;     // the six Linear biases
  double layernorm = 0;  // γ and β of both LayerNorms
};
BlockGradSquares grad_squares(const BlockGrads& grads);

// A block's parameter tensors, counted in for_each_param's order: Wq, bq, Wk, bk, Wv, bv, Wo, bo, W1, b1, W2, b2,
// γ1, β1, γ2, β2.
constexpr int kBlockTensors = 16;
// The same groups from each tensor's squared norm (squared_sum), given in that order: how the training lab, whose
// optimiser sums them as it updates (Adam::update), gets the article's values bit for bit.
BlockGradSquares grad_squares(const double (&tensor_squares)[kBlockTensors]);

// Σ v², one number after another (as Eigen's squaredNorm sums when it has no SIMD, as in WebAssembly): the
// order of every gradient norm of the chapter.
double squared_sum(const double* v, Eigen::Index n);

}  // namespace tk
