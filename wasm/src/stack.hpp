// The article's experiment (protocol.md): L blocks of one placement, PyTorch's initialisation for a seed,
// x and target drawn with randn, loss = mean((y − target)²), one backward pass, and per block the gradient
// norms and the residual stream's spread.
//
// Memory: a run keeps only each block's input (L+1 matrices of N×d) and one block's weights and caches at a
// time. Block i's weights are redrawn from the generator state saved where PyTorch started drawing them,
// and its caches are recomputed from its input during the backward pass (one extra forward per block).
// So L = 96 at the article's sizes needs about 20 MiB, not the 300 MiB of keeping everything.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "block.hpp"
#include "torch_rng.hpp"

namespace tk {

struct StackConfig {
  Placement placement = Placement::PreLN;
  int L = 20;         // blocks
  int d = 128;        // model width
  int heads = 4;      // attention heads, hs = d / heads
  int ffn_mult = 4;   // FFN width F = ffn_mult·d
  int B = 8;          // sequences
  int T = 16;         // tokens per sequence
  std::uint64_t seed = 0;
  double scale = 1.0;  // output scale s: Wo and W2, weights and biases, multiplied by s after init
  bool causal = false;
  Activation activation = Activation::ReLU;
};

struct StackResult {
  std::vector<double> grad_norm;          // (L) ‖∂loss/∂θ_i‖ over all parameters of block i: the article's measure
  std::vector<double> grad_norm_weights;  // (L) over the six Linear weight matrices only
  std::vector<double> grad_norm_no_ln;    // (L) over Linear weights and biases, without LayerNorm γ, β
  std::vector<double> input_grad_norm;    // (L) ‖∂loss/∂x_i‖, x_i the input of block i
  std::vector<double> stream_sd;          // (L) unbiased sd of all entries of the stream after block i
  double loss = 0;
  double ratio = 0;  // grad_norm[0] / grad_norm[L−1]: the article's ratio
};

// What "the gradient at a layer" is taken to mean when comparing the first block with the last.
enum class Measure {
  AllParameters,  // the article's: every parameter of the block
  Weights,        // the six Linear weight matrices only
  NoLayerNorm,    // Linear weights and biases, without LayerNorm γ, β
  Input,          // the gradient with respect to the block's input
  Penultimate,    // every parameter, block 1 against block L − 1 (skips the last block's LN2 bonus)
};
const char* measure_name(Measure m);                    // "all", "weights", "no-ln", "input", "penultimate"
Measure measure_from_name(const std::string& name);     // throws std::invalid_argument for any other name
// The first block's gradient over the last's (or the last but one's) under measure m; NaN where undefined (L = 1).
double gradient_ratio(const StackResult& r, Measure m);

constexpr double kMaxStackMemoryBytes = 768.0 * 1024 * 1024;  // the wasm module may grow to 1 GiB

// Throws std::invalid_argument, with a message for the reader, for a configuration that cannot run.
void validate(const StackConfig& config);

// What a run needs at its peak, in bytes (the stream of L+1 inputs, one block's weights, grads and caches).
double stack_memory_bytes(const StackConfig& config);

// PyTorch's draws for one seed, replayed without keeping them: the generator state at the start of each
// block, and x and target (drawn after all blocks, as in the protocol).
class StackInit {
 public:
  explicit StackInit(const StackConfig& config);
  BlockParams block(int i) const;  // block i (0-based), bit-identical to PyTorch's, output scale applied
  const Mat& x() const { return x_; }            // (N, d)
  const Mat& target() const { return target_; }  // (N, d)

 private:
  StackConfig config_;
  std::vector<TorchGenerator::State> block_start_;
  Mat x_, target_;
};

// Called with (steps done, steps in all): one step per block forward and one per block backward.
using Progress = std::function<void(int done, int total)>;
// Called during the backward pass with block i's full gradients (tests and instruments use it).
using BlockGradsObserver = std::function<void(int i, const BlockGrads& grads, const Mat& d_input)>;

// Forward and backward through L blocks whose parameters come from params_of(i); x, target (N, d).
StackResult stack_forward_backward(const StackConfig& config, const std::function<BlockParams(int)>& params_of,
                                   const Mat& x, const Mat& target, const Progress& progress = {},
                                   const BlockGradsObserver& observe = {});

// Forward only: the loss, for finite-difference checks.
double stack_loss(const StackConfig& config, const std::function<BlockParams(int)>& params_of, const Mat& x,
                  const Mat& target);

// Floating-point operations of one run's forward and backward as the protocol counts them (2·m·n·k per
// matrix product; backward = 2 × forward), without the recomputed forward: what benchmarks divide by.
double stack_flops(const StackConfig& config);

// One run of the protocol: validate, draw, forward, backward.
StackResult run_stack(const StackConfig& config, const Progress& progress = {});

}  // namespace tk
