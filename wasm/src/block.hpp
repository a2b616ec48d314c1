// One transformer block, written once; how it is wired is data: a BlockWiring (wiring.hpp), block i's share of
// its stack's description, with every formula already evaluated. Each of the two sublayers (attention, then the
// FFN) is the description's one sublayer:
//   u = scale_in · N_in(x);   v = g · scale_out · N_out(F(u));   s = α·x + v (or v without the residual);
//   x ← N_after(s)
// where an absent norm is the identity and g the gate (absent: 1). The nine wirings the chapter started with are
// nine settings of it (wiring.cpp's presets): Post-LN is N_after with the residual, Pre-LN N_in, no residual
// N_after without it, Peri-LN N_in and N_out, DeepNorm Post-LN with α (and its β at init), ReZero no norm and a
// block gate, LayerScale Pre-LN with a channel gate, Mix-LN Pre-LN whose first blocks are Post-LN blocks.
// Norms and gates draw no random numbers, so one seed gives every wiring the same Linear weights (β then divides
// some of them).
#pragma once

#include <string>

#include "attention.hpp"
#include "ffn.hpp"
#include "norm.hpp"
#include "wiring.hpp"

namespace tk {

struct BlockShape {
  AttentionShape attention;
  Activation activation;
};

// One sublayer's norms and gate, as its wiring has them; what its wiring does not have stays empty.
struct SublayerParams {
  NormParams norm_in;     // N_in, on the branch's input
  NormParams norm_out;    // N_out, on the branch's output
  NormParams norm_after;  // N_after, on the sum
  Vec gate;               // g: 1 number (a sublayer gate) or d (a channel gate, LayerScale's λ)
};

struct BlockParams {
  AttentionParams attn;
  FfnParams ffn;
  SublayerParams sub1, sub2;  // the attention's sublayer, the FFN's
  Vec block_gate;             // (1) a block gate, shared by both sublayers (ReZero's r)
};

struct SublayerGrads {
  NormGrads norm_in, norm_out, norm_after;
  Vec dgate;
  Mat d_ungated;  // (N, d) the gradient at the gate's input, a buffer (gated sublayers)
  Mat d_scaled;   // (N, d) a gradient times scale_in or scale_out, a buffer (scaled sublayers)
};

struct BlockGrads {
  Mat dx;  // (N, d) the gradient with respect to the block's input
  AttentionGrads attn;
  FfnGrads ffn;
  SublayerGrads sub1, sub2;
  Vec dblock_gate;  // (1)
  Mat d_mid;        // (N, d) the gradient between the two sublayers, a buffer
};

// Every parameter of the block, empty ones included, in one order whatever the wiring: attention (Wq, bq, …,
// Wo, bo), FFN (W1, b1, W2, b2), then the wiring's own: the input norms (sub1's, sub2's; each γ, β, g), the
// output norms, the norms after the sum, the sublayer gates, the block gate. (A norm's place changes where its
// tensors are walked, never the order of those that are not empty: the gradient sums of grad_squares add the same
// numbers in the same order for every wiring the chapter had before the places were separated.)
template <class F>
void for_each_param(BlockParams& p, const BlockGrads& g, F&& f) {
  for_each_param(p.attn, g.attn, f);
  for_each_param(p.ffn, g.ffn, f);
  for_each_param(p.sub1.norm_in, g.sub1.norm_in, f);
  for_each_param(p.sub2.norm_in, g.sub2.norm_in, f);
  for_each_param(p.sub1.norm_out, g.sub1.norm_out, f);
  for_each_param(p.sub2.norm_out, g.sub2.norm_out, f);
  for_each_param(p.sub1.norm_after, g.sub1.norm_after, f);
  for_each_param(p.sub2.norm_after, g.sub2.norm_after, f);
  f(p.sub1.gate, g.sub1.dgate);
  f(p.sub2.gate, g.sub2.dgate);
  f(p.block_gate, g.dblock_gate);
}
// How many tensors that walk visits: 12 Linear, 6 norms of 3, 2 sublayer gates, the block gate.
constexpr int kBlockTensors = 33;

// The norms and gates of a block wired as w at initialisation (the Linear layers aside).
void wiring_init(BlockParams& p, const BlockWiring& w, Eigen::Index d);

struct SublayerCache {
  NormCache norm_in, norm_out, norm_after;
  Mat branch_out;  // (N, d) what the gate multiplies (gated sublayers): its gradient needs it
};

struct BlockCache {
  AttentionCache attn;
  FfnCache ffn;
  SublayerCache sub1, sub2;
};

Mat block_forward(const Mat& x, const BlockParams& p, const BlockShape& shape, const BlockWiring& wiring,
                  BlockCache& cache);

// Fills grads: dx, the gradient with respect to the block's input, and every parameter's gradient.
void block_backward(const Mat& dy, const BlockParams& p, const BlockShape& shape, const BlockWiring& wiring,
                    const BlockCache& cache, BlockGrads& grads);

// Squared Frobenius norms of a block's gradient, by parameter group, so every "measure" of the chapter
// (all parameters, weights only, the Linear layers only) is a sum of these.
struct BlockGradSquares {
  double weights = 0;          // the six Linear weight matrices
  double biases = 0;           // the six Linear biases
  double norms_and_gates = 0;  // every norm's γ, β, g, and the gates λ, r
};
BlockGradSquares grad_squares(const BlockGrads& grads);
// The same groups from each tensor's squared norm (squared_sum), given in for_each_param's order: how the training
// lab, whose optimiser sums them as it updates (Adam::update), gets the article's values bit for bit.
BlockGradSquares grad_squares(const double (&tensor_squares)[kBlockTensors]);

}  // namespace tk
