// One transformer block, written once; how it is wired is a switch. A wiring is one entry of kWirings
// (block.cpp), its rules beside its name (protocol.md for the article's three, design/placements.md for Part 4's
// six; L = N = the number of blocks):
//   post        Post-LN       x = LN1(x + Attn(x));           x = LN2(x + FFN(x))
//   pre         Pre-LN        x = x + Attn(LN1(x));           x = x + FFN(LN2(x));          then a final LN
//   nores       no residual   x = LN1(Attn(x));               x = LN2(FFN(x))
//   prerms      Pre-RMSNorm   x = x + Attn(RMS1(x));          x = x + FFN(RMS2(x));         then a final RMSNorm
//   peri        Peri-LN       x = x + LNo1(Attn(LN1(x)));     x = x + LNo2(FFN(LN2(x)));    then a final LN
//   deepnorm    DeepNorm      x = LN1(α·x + Attn(x));         x = LN2(α·x + FFN(x))         α = (2L)^¼
//   rezero      ReZero        x = x + r·Attn(x);              x = x + r·FFN(x)              one r per block, 0 at first
//   layerscale  LayerScale    x = x + λ1 ⊙ Attn(LN1(x));      x = x + λ2 ⊙ FFN(LN2(x));     then a final LN
//   mixln       Mix-LN        blocks 1 … ⌊L/4⌋ as Post-LN, the others as Pre-LN;           then a final LN
// Each line is two sublayers: a branch (attention or FFN) joined to the stream by one of three residual forms,
// with the wiring's norms and gate. Norms and gates draw no random numbers, so one seed gives every wiring the
// same Linear weights (DeepNorm then divides some of them by a constant).
#pragma once

#include <string>

#include "attention.hpp"
#include "ffn.hpp"
#include "norm.hpp"

namespace tk {

enum class Placement { PostLN, PreLN, NoResidual, PreRMSNorm, PeriLN, DeepNorm, ReZero, LayerScale, MixLN };

// How a sublayer joins its branch F to the stream u.
enum class Residual {
  Post,  // N(α·u + F(u)): the norm sits on the stream
  Pre,   // u + G ⊙ N_out(F(N(u))): the stream passes untouched; the norm N, the output norm and the gate are each optional
  None,  // N(F(u)): no path around the branch
};

enum class Gate {
  None,
  Scalar,  // one learnable number r per block, shared by its two sublayers (ReZero)
  Vector,  // one learnable vector λ of d entries per sublayer (LayerScale)
};

// A wiring's rules. The functions of L are its paper's rules for a stack of L blocks.
struct Wiring {
  Placement placement;
  const char* name;    // as the command line, the bindings and the URL spell it
  Residual residual;   // how each sublayer joins its branch to the stream
  NormKind norm;       // the kind of every norm it places (in the blocks and after them)
  bool output_norm;    // a second norm on each branch's output (Peri-LN)
  Gate gate;
  bool final_norm;     // one more norm after the last block
  double (*residual_scale)(int L);       // α: the stream's factor in a Post sum N(α·u + F(u))
  double (*branch_init_divisor)(int L);  // Wv, Wo, W1, W2 (weights and biases) are divided by it after init
  double (*gate_init)(int L);            // every gate entry at initialisation
  int (*post_blocks)(int L);             // how many first blocks are wired as Post-LN blocks instead (Mix-LN)
};

// Every wiring, in Placement's order: the article's three, then Part 4's six.
constexpr int kWiringCount = 9;
extern const Wiring kWirings[kWiringCount];
const Wiring& wiring_of(Placement placement);

// The names the command line, the bindings and the page use: "post", "pre", "nores", "prerms", …
const char* placement_name(Placement placement);
Placement placement_from_name(const std::string& name);  // throws std::invalid_argument for any other name

// How block i (0-based) of a stack of L blocks is wired: its wiring's rules, except for Mix-LN's first blocks.
struct BlockWiring {
  Residual residual;
  NormKind norm;
  bool output_norm;
  Gate gate;
  double alpha;  // the wiring's residual_scale(L)
};
BlockWiring block_wiring(Placement placement, int i, int L);

struct BlockShape {
  AttentionShape attention;
  Activation activation;
};

// One sublayer's norms and gate, as its wiring has them; what its wiring does not have stays empty.
struct SublayerParams {
  NormParams norm;      // N: on the stream (Post), on the branch's input (Pre) or its output (no residual)
  NormParams norm_out;  // the second norm, on the branch's output (Peri-LN)
  Vec gate;             // λ (d), LayerScale's
};

struct BlockParams {
  AttentionParams attn;
  FfnParams ffn;
  SublayerParams sub1, sub2;  // the attention's sublayer, the FFN's
  Vec rezero;                 // (1) ReZero's r, shared by both sublayers
};

struct SublayerGrads {
  NormGrads norm, norm_out;
  Vec dgate;        // (d)
  Mat d_ungated;    // (N, d) the gradient at the gate's input, a buffer (ReZero, LayerScale)
};

struct BlockGrads {
  Mat dx;  // (N, d) the gradient with respect to the block's input
  AttentionGrads attn;
  FfnGrads ffn;
  SublayerGrads sub1, sub2;
  Vec drezero;  // (1)
  Mat d_mid;    // (N, d) the gradient between the two sublayers, a buffer
};

// Every parameter of the block, empty ones included, in one order whatever the wiring: attention (Wq, bq, …,
// Wo, bo), FFN (W1, b1, W2, b2), then the wiring's own: sub1's norm (γ, β, g), sub2's norm, sub1's output norm,
// sub2's output norm, λ1, λ2, r.
template <class F>
void for_each_param(BlockParams& p, const BlockGrads& g, F&& f) {
  for_each_param(p.attn, g.attn, f);
  for_each_param(p.ffn, g.ffn, f);
  for_each_param(p.sub1.norm, g.sub1.norm, f);
  for_each_param(p.sub2.norm, g.sub2.norm, f);
  for_each_param(p.sub1.norm_out, g.sub1.norm_out, f);
  for_each_param(p.sub2.norm_out, g.sub2.norm_out, f);
  f(p.sub1.gate, g.sub1.dgate);
  f(p.sub2.gate, g.sub2.dgate);
  f(p.rezero, g.drezero);
}
// How many tensors that walk visits: 12 Linear, 4 norms of 3, 2 λ, r.
constexpr int kBlockTensors = 27;

// The norms and gates of block i of L at initialisation, as its wiring has them (the Linear layers aside).
void wiring_init(BlockParams& p, Placement placement, int i, int L, Eigen::Index d);

struct SublayerCache {
  NormCache norm, norm_out;
  Mat branch_out;  // (N, d) what the gate multiplies (ReZero, LayerScale): its gradient needs it
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
