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

struct LayerNormParams {
  Vec gamma;  // (d)  nn.LayerNorm's weight, 1 at initialisation
  Vec beta;   // (d)  nn.LayerNorm's bias, 0 at initialisation
};

struct LayerNormParamGrads {
  Vec dgamma, dbeta;
};

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
  AttentionGrads attn;
  FfnGrads ffn;
  LayerNormParamGrads ln1, ln2;
};

struct BlockCache {
  AttentionCache attn;
  FfnCache ffn;
  LayerNormCache ln1, ln2;
};

Mat block_forward(const Mat& x, const BlockParams& p, const BlockShape& shape, Placement placement, BlockCache& cache);

// Fills grads; returns the gradient with respect to the block's input x.
Mat block_backward(const Mat& dy, const BlockParams& p, const BlockShape& shape, Placement placement,
                   const BlockCache& cache, BlockGrads& grads);

// Squared Frobenius norms of a block's gradient, by parameter group, so every "measure" of the chapter
// (all parameters, weights only, without LayerNorm) is a sum of these.
struct BlockGradSquares {
  double weights = 0;    // the six Linear weight matrices
  double biases = 0;     // the six Linear biases
  double layernorm = 0;  // γ and β of both LayerNorms
};
BlockGradSquares grad_squares(const BlockGrads& grads);

}  // namespace tk
