// The article's experiment (see stack.hpp).
#include "stack.hpp"

#include <algorithm>
#include <memory>
#include <cmath>

#include "loss.hpp"
#include "profile.hpp"

namespace tk {

namespace {

BlockShape shape_of(const StackConfig& c) {
  return BlockShape{AttentionShape{c.B, c.T, c.heads, c.causal}, c.activation};
}

// How many blocks keep their caches for the backward (the last ones), and where block i's caches go: the kept
// blocks' in order, then one slot that the others share.
int kept_blocks(const StackCache& cache, int L) {
  return cache.keep_block_caches ? L : std::clamp(cache.kept_blocks, 0, L);
}
std::size_t cache_slot(const StackCache& cache, int L, int i) {
  const int kept = kept_blocks(cache, L), first_kept = L - kept;
  return std::size_t(i >= first_kept ? i - first_kept : kept);
}

}  // namespace

void validate(const StackConfig& c) {
  // every message with a number in it is built only if its check fails (a lambda): the page checks each run
  // before it starts one, and built eagerly they were most of a check's cost, the memory message's two %g above
  // all (musl formats a double through long double, in software on wasm)
  require(c.L >= 1 && c.L <= 1024,
          [&] { return "depth L must be between 1 and 1024 (got " + std::to_string(c.L) + ")"; });
  require(c.d >= 1 && c.d <= 2048,
          [&] { return "width d must be between 1 and 2048 (got " + std::to_string(c.d) + ")"; });
  // LayerNorm of one feature subtracts its mean, the feature itself: every LN outputs β whatever comes in,
  // no gradient crosses it, and the ratios come out as 0/0
  require(c.d >= 2,
          "width d must be at least 2: LayerNorm over a single feature outputs β whatever its input, "
          "so no gradient passes through it and every ratio would be 0/0");
  require(c.heads >= 1 && c.heads <= c.d, [&] {
    return "heads must be between 1 and d = " + std::to_string(c.d) + " (got " + std::to_string(c.heads) + ")";
  });
  require(c.d % c.heads == 0, [&] {
    return "heads must divide d: d = " + std::to_string(c.d) +
           " is not a multiple of heads = " + std::to_string(c.heads);
  });
  require(c.ffn_mult >= 1 && c.ffn_mult <= 16, "the FFN multiple must be between 1 and 16");
  require(c.B >= 1 && c.B <= 4096, "B (sequences) must be between 1 and 4096");
  require(c.T >= 1 && c.T <= 4096, "T (tokens per sequence) must be between 1 and 4096");
  require(std::isfinite(c.scale) && c.scale >= 0, "the output scale s must be a finite number, 0 or more");
  // torch.manual_seed seeds the engine with the seed's low 32 bits: seeds 2^32 apart are the same run
  require(c.seed <= kMaxSeed, [&] {
    return "the seed must be a whole number from 0 to 4294967295 (PyTorch's generator takes a seed's low 32 bits, so a "
           "larger one would repeat a smaller one's run)";
  });
  check_wiring(c.wiring, c.L);
  // without a residual path every block's output is LN(s·branch) = LN(0) = β at s = 0, whatever its input
  require(!(!c.wiring.residual && first_post_blocks(c.wiring, c.L) < c.L && c.scale == 0),
          "output scale 0 without a residual path makes every block output β whatever its input, so no gradient "
          "reaches any block's input and the input ratio would be 0/0: use a scale above 0");
  const double bytes = stack_memory_bytes(c);
  require(bytes <= kMaxStackMemoryBytes, [&] { return too_much_memory(bytes, kStackMemoryAdvice); });
}

namespace {

// What sizes a block of c's wiring, the largest any of its blocks has: its norms, its gated and scaled sublayers.
struct WiringSize {
  double norms = 0;   // norms in a block (two sublayers)
  double gated = 0;   // sublayers whose branch output is kept for a gate's gradient
  double gates = 0;   // gate parameters in a block
  double scaled = 0;  // 1 if a sublayer multiplies its branch's input or output: one more (N, d) buffer
};
WiringSize wiring_size(const StackConfig& c) {
  WiringSize s;
  for (int i = 0; i < c.L; ++i) {  // block by block: the checks before a run allocate nothing
    const BlockWiring b = block_wiring(c.wiring, i, c.L);
    s.norms = std::max(s.norms, 2.0 * b.norms());
    const double gates = b.gate == GateKind::Channel    ? 2.0 * c.d
                         : b.gate == GateKind::Sublayer ? 2
                         : b.gate == GateKind::Block    ? 1
                                                        : 0;
    s.gates = std::max(s.gates, gates);
    s.gated = std::max(s.gated, b.gate == GateKind::None ? 0.0 : 2.0);
    s.scaled = std::max(s.scaled, b.scale_in != 1 || b.scale_out != 1 ? 1.0 : 0.0);
  }
  return s;
}

}  // namespace

BlockMemory block_memory_doubles(const StackConfig& c) {
  const double N = double(c.B) * c.T, d = c.d, F = double(c.ffn_mult) * c.d, T = c.T, hs = d / c.heads;
  const double scores = double(c.B) * c.heads * T * T;  // P: every (sequence, head)'s T × T probabilities
  const auto panels = [](double n) { return 4 * std::ceil(n / 4); };  // gemm pads to whole 4-row panels
  const WiringSize w = wiring_size(c);
  const double norms = w.norms, gated = w.gated;
  BlockMemory m;
  m.params = block_param_count(c);
  // attention x, q, k, v, o, P; FFN x, h (and pre for GELU); each norm's ẑ (or RMSNorm's x̂) and its rows'
  // statistics (at most five numbers a row); the gated branches' outputs
  const double ffn_kept = c.activation == Activation::ReLU ? 1 : 2;
  m.cache = 6 * N * d + ffn_kept * N * F + scores + norms * (N * d + 5 * N) + gated * N * d;
  // BlockGrads and its buffers (a dx per norm, a gated sublayer's ungated gradient, a scaled one's), the stack's dx
  m.grads = (13 + norms + gated + 2 * w.scaled) * N * d + N * F + m.params;
  // a forward's T × T scores, a cache entry replaced while its old buffer lives, sublayer sums (and a scaled
  // input); a backward's dP and dS, or LayerNorm's two (N, d) intermediates
  m.temps = std::max(T * T + 2 * T + (4 + w.scaled) * N * d + N * F, std::max(2 * T * T + T, 2 * N * d));
  // A's rows and B's columns padded to panels, times the inner dimension, for every product of a block
  m.gemm_scratch = std::max({panels(N) * F, panels(F) * N, panels(T) * T}) +
                   std::max({panels(F) * d, panels(d) * F, panels(F) * N, panels(T) * hs, panels(hs) * T});
  return m;
}

namespace {

// A run's memory apart from the blocks' caches: the stream, that block's weights and gradients, the run's own
// matrices and one operation's temporaries, all alive at the peak (a block's backward).
double memory_without_caches(const StackConfig& c) {
  const double N = double(c.B) * c.T, d = c.d;
  const BlockMemory block = block_memory_doubles(c);
  const double stream = (c.L + 1.0) * N * d;  // each block's input, kept for the backward
  const double run = 8 * N * d + 5 * c.L;     // x, target, y, y − target, dy, Pre-LN's final LN; the results
  const double doubles = stream + run + block.params + block.grads + block.temps + block.gemm_scratch;
  return 8 * doubles + generator_states_bytes(c.L) + kSmallAllocationsBytes;
}

}  // namespace

double stack_memory_bytes(const StackConfig& c) {
  // tests/cpp/test_stack_memory.cpp holds this against the bytes the kernels really allocate.
  const int kept = kept_block_caches(c);
  const double caches = (kept + (kept < c.L ? 1 : 0)) * block_cache_bytes(c);  // the kept ones, and one reused
  // (a run that keeps every block's weights holds L blocks where the others hold one, counted by memory_without_caches)
  const double more_weights = keeps_block_weights(c) ? block_weights_bytes(c) * (c.L - 1) / c.L : 0.0;
  return memory_without_caches(c) + caches + more_weights;
}

double generator_states_bytes(int L) {
  // the run's own L block starts, and the L + 1 they are copied from (block_starts below)
  return (2.0 * L + 1) * sizeof(TorchGenerator::State);
}

double block_cache_bytes(const StackConfig& c) { return 8 * block_memory_doubles(c).cache; }

int kept_block_caches(const StackConfig& c) {
  // within the budget, and never so many that a run which fits the tab's memory by recomputing would not
  const double one = block_cache_bytes(c);
  const double room = std::min(kKeptCachesBytes, kMaxStackMemoryBytes - memory_without_caches(c) - one);
  return int(std::clamp(std::floor(room / one), 0.0, double(c.L)));
}

double block_weights_bytes(const StackConfig& c) { return c.L * 8 * block_memory_doubles(c).params; }

bool keeps_block_weights(const StackConfig& c) {
  const double kept = c.L * block_cache_bytes(c) + block_weights_bytes(c);
  return kept_block_caches(c) == c.L && kept <= kKeptCachesBytes &&
         memory_without_caches(c) + kept <= kMaxStackMemoryBytes;
}

double stack_gemm_scratch_bytes(const StackConfig& c) { return 8 * block_memory_doubles(c).gemm_scratch; }

const char* measure_name(Measure m) {
  switch (m) {
    case Measure::AllParameters:
      return "all";
    case Measure::Weights:
      return "weights";
    case Measure::NoLayerNorm:
      return "no-ln";
    case Measure::Input:
      return "input";
    case Measure::Penultimate:
      return "penultimate";
  }
  throw std::logic_error("unknown measure");
}

Measure measure_from_name(const std::string& name) {
  for (Measure m : kMeasures) {
    if (name == measure_name(m)) return m;
  }
  std::string names;  // (the list said from kMeasures, so a new measure is named here too)
  for (Measure m : kMeasures) names += std::string(names.empty() ? "" : ", ") + measure_name(m);
  throw std::invalid_argument("measure must be one of " + names + " (got \"" + name + "\")");
}

double gradient_ratio(const StackResult& r, Measure m) {
  const auto first_over = [](const std::vector<double>& v, size_t last) { return v.front() / v[last]; };
  const size_t L = r.grad_norm.size();
  switch (m) {
    case Measure::AllParameters:
      return first_over(r.grad_norm, L - 1);
    case Measure::Weights:
      return first_over(r.grad_norm_weights, L - 1);
    case Measure::NoLayerNorm:
      return first_over(r.grad_norm_no_ln, L - 1);
    case Measure::Input:
      return first_over(r.input_grad_norm, L - 1);
    case Measure::Penultimate:
      return L >= 2 ? first_over(r.grad_norm, L - 2) : std::nan("");
  }
  throw std::logic_error("unknown measure");
}

std::string undefined_ratio_reason(const StackConfig& c, const StackResult& r, Measure m) {
  const size_t L = r.grad_norm.size();
  if (m == Measure::Penultimate && L < 2) return "undefined: block 1 against block L − 1 needs a block L − 1 (L ≥ 2)";
  const auto zero_over_zero = [&](const std::vector<double>& v) { return v.front() == 0 && v.back() == 0; };
  const bool undefined = m == Measure::Weights       ? zero_over_zero(r.grad_norm_weights)
                         : m == Measure::NoLayerNorm ? zero_over_zero(r.grad_norm_no_ln)
                         : m == Measure::Input       ? zero_over_zero(r.input_grad_norm)
                         : m == Measure::Penultimate ? r.grad_norm.front() == 0 && r.grad_norm[L - 2] == 0
                                                     : zero_over_zero(r.grad_norm);
  if (!undefined) return "";
  std::string reason = "undefined (0/0): the two gradients it compares are both exactly 0";
  const BlockWiring first = block_wiring(c.wiring, 0, c.L), last = block_wiring(c.wiring, c.L - 1, c.L);
  const auto closed = [](const BlockWiring& b) { return b.gate != GateKind::None && b.gate0 == 0; };
  const auto silenced = [](const BlockWiring& b) { return b.scale_out == 0 || b.scale_in == 0; };
  if (closed(first) && closed(last)) {
    reason +=
        ", because every branch is multiplied by a gate that starts at 0, so no gradient reaches its Linear layers";
  } else if (silenced(first) && silenced(last)) {
    reason +=
        ", because the branches are multiplied by 0 (scale_in or scale_out), so no gradient reaches their Linear "
        "layers";
  }
  return reason;
}

double stack_flops(const StackConfig& c) {
  const double N = double(c.B) * c.T, d = c.d, F = double(c.ffn_mult) * c.d, hs = d / c.heads;
  const double projections = 4 * 2 * N * d * d;                             // q, k, v, o
  const double ffn = 2 * 2 * N * d * F;                                     // W1, W2
  const double attention = 2 * 2 * double(c.B) * c.heads * c.T * c.T * hs;  // q·kᵀ and P·v
  return 3 * c.L * (projections + ffn + attention);  // forward, plus a backward of twice its cost
}

namespace {

// Where the draws of blocks 0 … count−1 start for one seed and block size: the generator after manual_seed(seed)
// and i blocks' worth of outputs skipped. (Keeping these per thread across runs saved under 1 % of a run and
// left memory in use after every run: not kept.)
std::vector<TorchGenerator::State> block_starts(std::uint64_t seed, std::uint64_t per_block, std::size_t count) {
  std::vector<TorchGenerator::State> states;
  states.reserve(count);
  TorchGenerator gen(seed);
  states.push_back(gen.state());
  while (states.size() < count) {
    gen.discard(per_block);
    states.push_back(gen.state());
  }
  return states;
}

}  // namespace

StackInit::StackInit(const StackConfig& config, bool draw_inputs)
    : config_(config), wiring_(stack_wiring(config.wiring, config.L)) {
  TK_PROFILE_OP(Weights);
  const int d = config.d, F = config.ffn_mult * config.d;
  const std::uint64_t per_block = 4 * linear_draws(d, d) + linear_draws(d, F) + linear_draws(F, d);
  // block i's draws start after i blocks' draws; x and target (or what a task adds) after all L blocks'
  const std::vector<TorchGenerator::State> starts = block_starts(config.seed, per_block, std::size_t(config.L) + 1);
  block_start_.assign(starts.begin(), starts.begin() + config.L);
  TorchGenerator gen;
  gen.set_state(starts[std::size_t(config.L)]);
  // LayerNorms draw nothing; x and target come after every block's weights
  if (draw_inputs) {
    x_ = randn(gen, Eigen::Index(config.B) * config.T, d);
    target_ = randn(gen, Eigen::Index(config.B) * config.T, d);
  }
  after_ = gen;
}

double block_param_count(const StackConfig& c) {
  const double d = c.d, F = double(c.ffn_mult) * c.d;
  const WiringSize w = wiring_size(c);
  const double per_norm = c.wiring.norm == NormKind::LayerNorm ? 2 * d : d;  // γ, β or g
  // Wq…Wo, W1, W2 with biases; the norms; the gates
  return 4 * (d * d + d) + (F * d + F) + (d * F + d) + w.norms * per_norm + w.gates;
}

BlockParams StackInit::block(int i) const {
  BlockParams p;
  draw_block(i, p);
  return p;
}

void StackInit::draw_block(int i, BlockParams& p) const {
  TK_PROFILE_OP(Weights);
  const int d = config_.d, F = config_.ffn_mult * config_.d;
  TorchGenerator gen;
  gen.set_state(block_start_.at(i));
  // creation order decides the draws: Wq, Wk, Wv, Wo (weight then bias each), then W1, W2
  for (LinearParams* l : {&p.attn.q, &p.attn.k, &p.attn.v, &p.attn.o}) {
    l->W.resize(d, d);
    linear_init(gen, l->W, l->b);
  }
  p.ffn.up.W.resize(F, d);
  linear_init(gen, p.ffn.up.W, p.ffn.up.b);
  p.ffn.down.W.resize(d, F);
  linear_init(gen, p.ffn.down.W, p.ffn.down.b);
  if (config_.scale != 1.0) {
    for (LinearParams* l : {&p.attn.o, &p.ffn.down}) {
      l->W *= config_.scale;
      l->b *= config_.scale;
    }
  }
  const BlockWiring& wiring = wiring_.blocks.at(std::size_t(i));
  if (wiring.beta !=
      1.0) {  // DeepNorm's β: after the default init (and the output scale), as its authors' library does
    for (LinearParams* l : {&p.attn.v, &p.attn.o, &p.ffn.up, &p.ffn.down}) {
      l->W /= wiring.beta;
      l->b /= wiring.beta;
    }
  }
  wiring_init(p, wiring, d);
}

NormParams final_norm_init(const StackConfig& c) {
  return norm_init(c.wiring.final ? c.wiring.norm : NormKind::None, c.d);
}

StackParams redrawn_params(const StackInit& init, BlockParams& slot) {
  return StackParams{[&init, &slot](int i) -> const BlockParams& {
                       init.draw_block(i, slot);
                       return slot;
                     },
                     final_norm_init(init.config()), init.wiring()};
}

StackParams drawn_once_params(const StackInit& init, std::unique_ptr<KeptBlock[]>& blocks) {
  blocks = std::make_unique<KeptBlock[]>(std::size_t(init.config().L));
  return StackParams{[&init, &blocks](int i) -> const BlockParams& {
                       KeptBlock& kept = blocks[std::size_t(i)];  // (i is the stack's own block index, 0 to L − 1)
                       if (!kept.drawn) init.draw_block(i, kept.params);
                       kept.drawn = true;
                       return kept.params;
                     },
                     final_norm_init(init.config()), init.wiring()};
}

Mat stack_forward(const Mat& x, const StackParams& p, const StackConfig& c, StackCache& cache,
                  const BlockForwardObserver& after_block) {
  TK_PROFILE_PHASE(Forward);
  const BlockShape shape = shape_of(c);
  cache.inputs.resize(c.L + 1);
  cache.inputs[0] = x;
  const int kept = kept_blocks(cache, c.L);
  cache.blocks.resize(kept + (kept < c.L ? 1 : 0));
  for (int i = 0; i < c.L; ++i) {
    BlockCache& block_cache = cache.blocks[cache_slot(cache, c.L, i)];
    cache.inputs[i + 1] =
        block_forward(cache.inputs[i], p.block(i), shape, p.wiring.blocks[std::size_t(i)], block_cache);
    if (after_block) after_block(i, cache.inputs[i + 1]);
  }
  if (p.wiring.final_norm == NormKind::None) return cache.inputs[c.L];
  return norm_forward(cache.inputs[c.L], p.final_norm, p.wiring.final_norm, cache.final_norm);
}

void stack_backward(const Mat& dy, const StackParams& p, const StackConfig& c, StackCache& cache, StackGrads& grads,
                    const BlockGradsObserver& observe) {
  TK_PROFILE_PHASE(Backward);
  const BlockShape shape = shape_of(c);
  const Mat* d_stream = &dy;
  if (p.wiring.final_norm != NormKind::None) {
    d_stream = &norm_backward(dy, p.final_norm, p.wiring.final_norm, cache.final_norm, grads.final_norm);
  }
  const int kept = kept_blocks(cache, c.L);
  for (int i = c.L - 1; i >= 0; --i) {
    const BlockParams& block = p.block(i);
    const BlockWiring& wiring = p.wiring.blocks[std::size_t(i)];
    BlockCache& block_cache = cache.blocks[cache_slot(cache, c.L, i)];
    if (i < c.L - kept) {
      TK_PROFILE_PHASE(Recompute);
      block_forward(cache.inputs[i], block, shape, wiring, block_cache);
    }
    block_backward(*d_stream, block, shape, wiring, block_cache, grads.block);
    if (observe) observe(i, grads.block);
    if (!cache.keep_block_caches) cache.inputs[i + 1].resize(0, 0);  // block i's output is no longer needed
    grads.dx.swap(grads.block.dx);  // the next block down reads it from grads.dx; grads.block.dx is a buffer again
    d_stream = &grads.dx;
  }
  if (c.L == 0) grads.dx = *d_stream;
}

StackResult stack_forward_backward(const StackConfig& c, const StackParams& params, const Mat& x, const Mat& target,
                                   const Progress& progress, const BlockGradsObserver& observe) {
  const int total_steps = 2 * c.L;
  StackResult r;
  for (auto* v : {&r.grad_norm, &r.grad_norm_weights, &r.grad_norm_no_ln, &r.input_grad_norm, &r.stream_sd}) {
    v->assign(c.L, 0.0);
  }

  StackCache cache;  // the caches of as many blocks as fit in kKeptCachesBytes, the others recomputed
  cache.kept_blocks = kept_block_caches(c);
  const Mat y = stack_forward(x, params, c, cache, [&](int i, const Mat& output) {
    r.stream_sd[i] = stream_sd(output);
    if (progress) progress(i + 1, total_steps);
  });

  MseCache loss_cache;
  MseGrads loss_grads;
  {
    TK_PROFILE_OP(Norms);
    r.loss = mse_forward(y, target, loss_cache);  // the article's loss, mean((y − target)²)
    mse_backward(loss_cache, loss_grads);
  }

  StackGrads grads;
  stack_backward(loss_grads.dx, params, c, cache, grads, [&](int i, const BlockGrads& g) {
    const BlockGradSquares sq = grad_squares(g);
    r.grad_norm[i] = std::sqrt(sq.weights + sq.biases + sq.norms_and_gates);
    r.grad_norm_weights[i] = std::sqrt(sq.weights);
    r.grad_norm_no_ln[i] = std::sqrt(sq.weights + sq.biases);
    TK_PROFILE_OP(Norms);
    r.input_grad_norm[i] = g.dx.norm();
    if (observe) observe(i, g);
    if (progress) progress(2 * c.L - i, total_steps);
  });
  r.ratio = gradient_ratio(r, Measure::AllParameters);
  return r;
}

double stream_sd(const Mat& x) {
  TK_PROFILE_OP(Norms);
  const double mean = x.mean();
  return std::sqrt((x.array() - mean).square().sum() / double(x.size() - 1));
}

double stack_loss(const StackConfig& c, const StackParams& params, const Mat& x, const Mat& target) {
  StackCache cache;
  MseCache loss_cache;
  return mse_forward(stack_forward(x, params, c, cache), target, loss_cache);
}

StackResult run_stack(const StackConfig& config, const Progress& progress) {
  validate(config);
  const StackInit init(config);
  BlockParams slot;
  std::unique_ptr<KeptBlock[]> blocks;
  const StackParams params = keeps_block_weights(config) ? drawn_once_params(init, blocks) : redrawn_params(init, slot);
  StackResult r;
  try {
    r = stack_forward_backward(config, params, init.x(), init.target(), progress);
  } catch (const std::invalid_argument&) {
    // validate() has checked every input and shape: what a norm or the loss refuses now is a number that left
    // float64's range on the way (a norm's "x must contain only finite numbers"), told in the wiring's terms
    throw std::invalid_argument(overflow_message(config, "in its forward pass (a norm's input became infinite)"));
  }
  // a ratio may be undefined (0/0, said so by undefined_ratio_reason); what else is non-finite left float64's range
  bool finite = std::isfinite(r.loss);
  for (const auto* v : {&r.grad_norm, &r.grad_norm_weights, &r.grad_norm_no_ln, &r.input_grad_norm, &r.stream_sd}) {
    for (double x : *v) finite = finite && std::isfinite(x);
  }
  for (Measure m : kMeasures) {
    if (undefined_ratio_reason(config, r, m).empty()) finite = finite && std::isfinite(gradient_ratio(r, m));
  }
  require(finite, [&] {
    for (int i = 0; i < config.L; ++i) {
      if (std::isfinite(r.stream_sd[std::size_t(i)])) continue;
      return overflow_message(config, "at block " + std::to_string(i + 1) + " of L = " + std::to_string(config.L) +
                                          " (the stream's spread there is " +
                                          (std::isnan(r.stream_sd[std::size_t(i)]) ? "not a number" : "infinite") +
                                          ")");
    }
    return overflow_message(config, std::isfinite(r.loss) ? "in its backward pass (a gradient became infinite)"
                                                          : "at its loss (it became infinite)");
  });
  return r;
}

std::string overflow_message(const StackConfig& c, const std::string& where) {
  std::string advice = wiring_overflow_advice(c.wiring, c.L, c.scale);
  if (advice.empty()) {
    advice =
        "no setting of this wiring multiplies by more than 1; fewer blocks, or a norm (in, out or after), keeps "
        "the stream in range";
  }
  return "this run's numbers left float64's range " + where + ": " + advice;
}

}  // namespace tk
