// The article's experiment (docs/design/protocol.md): L blocks of one wiring (block.hpp), PyTorch's initialisation
// for a seed, x and target drawn with randn, loss = mean((y − target)²), one backward pass, and per block the
// gradient norms and the residual stream's spread.
//
// Memory: a run keeps each block's input (L+1 matrices of N×d) and the caches of as many blocks as fit in
// kKeptCachesBytes; the caches of the blocks that did not fit are recomputed from their input during the
// backward pass (one extra forward for each): kKeptCachesBytes trades memory for that recomputation. When every
// block's weights fit in it too, beside every cache, each block is drawn once, in the forward, and kept for the
// backward; otherwise the run holds one block's weights at a time and the backward draws block i again from the
// generator state saved where PyTorch started drawing it (the same bits either way).
// (test_stack_memory prints each configuration's peak beside the estimate; docs/measurements.md, "Kept caches within
// 192 MiB", the figures behind the budget.)
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "block.hpp"
#include "memory_limit.hpp"
#include "torch_rng.hpp"

namespace tk {

struct StackConfig {
  WiringSpec wiring = wiring_preset("pre");  // how each block is wired (wiring.hpp): a preset or the reader's own
  int L = 20;                                // blocks
  int d = 128;                               // model width
  int heads = 4;                             // attention heads, hs = d / heads
  int ffn_mult = 4;                          // FFN width F = ffn_mult·d
  int B = 8;                                 // sequences
  int T = 16;                                // tokens per sequence
  std::uint64_t seed = 0;
  double scale = 1.0;  // output scale s: Wo and W2, weights and biases, multiplied by s after init
  bool causal = false;
  Activation activation = Activation::ReLU;
};

// Every field of StackConfig under the name the command line, the bindings and the page use, in one list:
// a new field is added here once, and the bindings read, report and key runs by this list.
// f(name, field) is called with int&, double&, bool&, std::uint64_t&, WiringSpec& or Activation&. The wiring
// travels as its text form (wiring_text) under the name "placement", as the chapter has always called it.
template <class Config, class F>
auto for_each_field(Config& c, F&& f) -> std::enable_if_t<std::is_same_v<std::remove_const_t<Config>, StackConfig>> {
  f("placement", c.wiring);
  f("L", c.L);
  f("d", c.d);
  f("heads", c.heads);
  f("ffnMult", c.ffn_mult);
  f("B", c.B);
  f("T", c.T);
  f("seed", c.seed);
  f("scale", c.scale);
  f("causal", c.causal);
  f("activation", c.activation);
}

struct StackResult {
  std::vector<double> grad_norm;  // (L) ‖∂loss/∂θ_i‖ over all parameters of block i: the article's measure
  std::vector<double> grad_norm_weights;  // (L) over the six Linear weight matrices only
  std::vector<double> grad_norm_no_ln;    // (L) over the six Linear layers' weights and biases (no norm, no gate)
  std::vector<double> input_grad_norm;    // (L) ‖∂loss/∂x_i‖, x_i the input of block i
  std::vector<double> stream_sd;  // (L) unbiased sd of all entries of the stream after block i (before a final norm)
  double loss = 0;
  double ratio = 0;  // grad_norm[0] / grad_norm[L−1]: the article's ratio
};

// Every field of a result with the name the bindings, the page and the command-line tools give it (one list:
// a new field is added here and reaches each of them).
template <class F>
void for_each_field(const StackResult& r, F&& f) {
  f("gradNorm", r.grad_norm);
  f("gradNormWeights", r.grad_norm_weights);
  f("gradNormNoLn", r.grad_norm_no_ln);
  f("inputGradNorm", r.input_grad_norm);
  f("streamSd", r.stream_sd);
  f("loss", r.loss);
  f("ratio", r.ratio);
}

// What "the gradient at a layer" is taken to mean when comparing the first block with the last.
enum class Measure {
  AllParameters,  // the article's: every parameter of the block
  Weights,        // the six Linear weight matrices only
  NoLayerNorm,    // the six Linear layers' weights and biases: no norm parameters, no gates
  Input,          // the gradient with respect to the block's input
  Penultimate,    // every parameter, block 1 against block L − 1 (skips the last block's LN2 bonus)
};
constexpr Measure kMeasures[] = {Measure::AllParameters, Measure::Weights, Measure::NoLayerNorm, Measure::Input,
                                 Measure::Penultimate};
const char* measure_name(Measure m);                 // "all", "weights", "no-ln", "input", "penultimate"
Measure measure_from_name(const std::string& name);  // throws std::invalid_argument for any other name
// The first block's gradient over the last's (or the last but one's) under measure m. NaN where it is undefined:
// 0/0 (ReZero's Linear layers at initialisation get no gradient at all), or the penultimate measure at L = 1
// (there is no block L − 1). Every other ratio of a run that run_stack returns is finite.
double gradient_ratio(const StackResult& r, Measure m);
// Why that ratio is undefined for a run of config, for the reader; "" when it is defined.
std::string undefined_ratio_reason(const StackConfig& config, const StackResult& r, Measure m);

constexpr double kMaxStackMemoryBytes = kMaxKernelMemoryBytes;  // memory_limit.hpp

// What a reader can change to fit a run into memory, the end of validate's refusal (memory_limit.hpp).
constexpr const char* kStackMemoryAdvice = "reduce L, B, T or d";
// What a run of the sweep may spend on keeping blocks' caches from the forward to the backward, to save
// recomputing them (stack_forward_backward; training keeps every block's): enough for every cache of the
// article's deepest run, L = 96, so that table B recomputes nothing. The blocks' weights are kept within the
// same budget when all of them fit beside every cache (keeps_block_weights): table B's runs up to L = 48; at
// L = 96 they would take another 145 MiB of each worker's memory (docs/measurements.md, "Block weights kept only when
// all of them fit").
constexpr double kKeptCachesBytes = 192.0 * 1024 * 1024;

// The largest seed a run takes: PyTorch's generator uses a seed's low 32 bits, so seeds 2^32 apart draw alike.
constexpr std::uint64_t kMaxSeed = 0xFFFFFFFFull;

// Throws std::invalid_argument, with a message for the reader, for a configuration that cannot run.
void validate(const StackConfig& config);

// What a run needs at its peak, in bytes: the stream of L + 1 inputs, one block's weights and gradients, the
// blocks' caches it keeps (with attention's B·heads·T² probabilities), the largest temporaries, gemm's scratch.
double stack_memory_bytes(const StackConfig& config);
// The part of it that gemm keeps between calls (a run after a larger one allocates none of it).
double stack_gemm_scratch_bytes(const StackConfig& config);
constexpr double kSmallAllocationsBytes = 16 * 1024;  // closures, small vectors, the allocator's own headers

// What one block holds, in doubles, by kind: the article's run keeps one block's worth at a time
// (stack_memory_bytes), the training lab every block's parameters, moments and caches (train_memory_bytes).
struct BlockMemory {
  double params;        // weights, biases, γ, β
  double cache;         // BlockCache: attention x, q, k, v, o and P (B·heads·T²); FFN x, pre, h; two LNs
  double grads;         // BlockGrads with its buffers, and the stack's dx
  double temps;         // the largest temporaries of one operation (scores, dP and dS, LN intermediates)
  double gemm_scratch;  // gemm's packed operands, kept between calls at the largest size any product needed
};
BlockMemory block_memory_doubles(const StackConfig& config);
// The generators' states a run of L blocks allocates, in bytes.
double generator_states_bytes(int L);
// One block's caches (BlockCache), in bytes.
double block_cache_bytes(const StackConfig& config);
// How many blocks' caches a run of the sweep keeps: as many as fit in kKeptCachesBytes, at most L.
int kept_block_caches(const StackConfig& config);
// Every block's weights (BlockParams), in bytes: what a run that keeps them holds from the forward to the backward.
double block_weights_bytes(const StackConfig& config);
// Whether a run of the sweep keeps every block's weights from the forward for the backward (drawing each once):
// when every block's caches are kept and the weights fit beside them in kKeptCachesBytes and in the tab's memory.
bool keeps_block_weights(const StackConfig& config);

// PyTorch's draws for one seed, replayed without keeping them: the generator state at the start of each
// block, and x and target (drawn after all blocks, as in the protocol).
class StackInit {
 public:
  // draw_inputs = false stops after the blocks (a task that brings its own inputs draws them next).
  explicit StackInit(const StackConfig& config, bool draw_inputs = true);
  // block i (0-based), bit-identical to PyTorch's: output scale applied, then the wiring's init (β dividing Wv,
  // Wo, W1, W2; its norms and gates)
  BlockParams block(int i) const;
  void draw_block(int i, BlockParams& p) const;  // the same, into p's existing buffers
  const Mat& x() const { return x_; }            // (N, d)
  const Mat& target() const { return target_; }  // (N, d)
  // The generator as it stands after everything drawn here: where a task draws what it adds next.
  const TorchGenerator& generator_after() const { return after_; }
  const StackConfig& config() const { return config_; }
  const StackWiring& wiring() const { return wiring_; }  // every block's, evaluated once

 private:
  StackConfig config_;
  StackWiring wiring_;
  std::vector<TorchGenerator::State> block_start_;
  Mat x_, target_;
  TorchGenerator after_;
};

// Parameters of one block, every tensor of its wiring counted (what memory estimates and optimisers size by).
double block_param_count(const StackConfig& config);

// Block i's parameters by reference, valid until the next call: stored blocks (training), or blocks redrawn
// from the generator on demand (the sweep, which keeps no weights).
using BlockSource = std::function<const BlockParams&(int i)>;

struct StackParams {
  BlockSource block;
  NormParams final_norm;  // the wiring's norm after the last block (Pre-LN's final LayerNorm); empty without one
  StackWiring wiring;     // every block's wiring, its formulas evaluated once for the run
};
// The final norm of config's wiring at initialisation (empty for a wiring without one).
NormParams final_norm_init(const StackConfig& config);

// What the forward keeps for the backward.
struct StackCache {
  std::vector<Mat> inputs;  // (L + 1) × (N, d): inputs[i] enters block i, inputs[L] leaves the last block
  // Which blocks' caches are kept from the forward for the backward. The backward recomputes any other block's
  // from its input (one more forward for that block, and memory for one block's caches, reused).
  bool keep_block_caches = false;  // true: every block's (training)
  int kept_blocks = 0;             // else the last kept_blocks blocks' (the backward reaches them first)
  std::vector<BlockCache> blocks;  // the kept blocks' in order, then one reused for the others if there are any
  NormCache final_norm;            // wirings with a final norm only
};

struct StackGrads {
  Mat dx;                // (N, d) ∂loss/∂x, the gradient with respect to the stack's input
  BlockGrads block;      // the block being differentiated (a buffer; the observer sees each block's)
  NormGrads final_norm;  // the final norm's
};

// Called with block i after its forward (i, its output) and after its backward (i, its gradients; grads.dx is
// ∂loss/∂ input of block i). The backward runs from the last block to the first.
using BlockForwardObserver = std::function<void(int i, const Mat& output)>;
using BlockGradsObserver = std::function<void(int i, const BlockGrads& grads)>;

// x (N, d) → y (N, d): L blocks, then the wiring's final norm if it has one.
Mat stack_forward(const Mat& x, const StackParams& p, const StackConfig& c, StackCache& cache,
                  const BlockForwardObserver& after_block = {});
// dy (N, d) = ∂loss/∂y → grads.dx and grads.final_norm; each block's gradients go to observe.
void stack_backward(const Mat& dy, const StackParams& p, const StackConfig& c, StackCache& cache, StackGrads& grads,
                    const BlockGradsObserver& observe);

// The parameters of a stack whose blocks come from StackInit, redrawn on demand into one buffer.
// The StackParams returned refers to init and slot: they must outlive it.
StackParams redrawn_params(const StackInit& init, BlockParams& slot);
// The same blocks, each drawn the first time it is asked for and kept in blocks (made L long) after that.
// The StackParams returned refers to init and blocks: they must outlive it.
struct KeptBlock {
  BlockParams params;
  bool drawn = false;
};
StackParams drawn_once_params(const StackInit& init, std::unique_ptr<KeptBlock[]>& blocks);

// Called with (steps done, steps in all): one step per block forward and one per block backward.
using Progress = std::function<void(int done, int total)>;

// The article's measurement: forward, loss = mean((y − target)²), backward, with every norm of StackResult.
// observe (optional) sees each block's full gradients.
StackResult stack_forward_backward(const StackConfig& config, const StackParams& params, const Mat& x,
                                   const Mat& target, const Progress& progress = {},
                                   const BlockGradsObserver& observe = {});

// Unbiased standard deviation of every entry (n − 1 in the denominator), as torch.std: the stream's spread.
double stream_sd(const Mat& x);

// Forward only: the loss, for finite-difference checks.
double stack_loss(const StackConfig& config, const StackParams& params, const Mat& x, const Mat& target);

// Floating-point operations of one run's forward and backward as the protocol counts them (2·m·n·k per
// matrix product; backward = 2 × forward), without the recomputed forward: what benchmarks divide by.
double stack_flops(const StackConfig& config);

// One run of the protocol: validate, draw, forward, backward. A run whose numbers leave float64's range throws
// overflow_message's sentence (where, and which setting to change), never a kernel's inner words.
StackResult run_stack(const StackConfig& config, const Progress& progress = {});

// A run that left float64's range, told in the reader's terms: "this run's numbers left float64's range " + where +
// ": " the settings to change (wiring_overflow_advice, with the output scale s), or what else can keep it in range.
std::string overflow_message(const StackConfig& config, const std::string& where);

}  // namespace tk
