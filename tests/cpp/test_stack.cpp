// The stack: gradients against central finite differences on a tiny stack for every placement and option,
// exact invariants, and the reader-facing errors of validate().
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "block_test.hpp"
#include "check.hpp"
#include "stack.hpp"

namespace tk {
namespace {

using test::Draw;

using Span = Eigen::Map<Eigen::VectorXd>;
using ConstSpan = Eigen::Map<const Eigen::VectorXd>;

// Every parameter tensor of a block, in for_each_param's order, as a flat span (a part its wiring lacks: size 0).
std::vector<Span> tensors(BlockParams& p) {
  std::vector<Span> out;
  const BlockGrads unused;
  for_each_param(p, unused, [&](auto& value, const auto&) { out.emplace_back(value.data(), value.size()); });
  return out;
}
// Every gradient of a block, in the same order.
std::vector<ConstSpan> gradients(const BlockGrads& g) {
  std::vector<ConstSpan> out;
  BlockParams unused;
  for_each_param(unused, g, [&](auto&, const auto& grad) { out.emplace_back(grad.data(), grad.size()); });
  return out;
}

// p + h·direction, entry by entry
BlockParams step(BlockParams p, BlockParams direction, double h) {
  auto pt = tensors(p), dt = tensors(direction);
  for (size_t k = 0; k < pt.size(); ++k) pt[k] += h * dt[k];
  return p;
}

// ⟨grads, direction⟩ over every parameter of the block (a tensor the backward did not fill has no gradient: 0)
double dot(const BlockGrads& g, BlockParams direction) {
  double sum = 0;
  auto gt = gradients(g);
  auto dt = tensors(direction);
  for (size_t k = 0; k < gt.size(); ++k) {
    EXPECT_TRUE(gt[k].size() == dt[k].size())
        << "tensor " << k << ": gradient " << gt[k].size() << ", parameter " << dt[k].size();
    if (gt[k].size() == dt[k].size()) sum += gt[k].dot(dt[k]);
  }
  return sum;
}

// A stack made of the given blocks, and the wiring's final norm at its initial values.
StackParams stored(const std::vector<BlockParams>& blocks, const StackConfig& c) {
  return StackParams{[&blocks](int i) -> const BlockParams& { return blocks[i]; }, final_norm_init(c),
                     stack_wiring(c.wiring, c.L)};
}

// Random values of the same shapes, in [lo, hi)
BlockParams random_like(const BlockParams& p, Draw& draw, double lo = -1, double hi = 1) {
  BlockParams r = p;
  for (Span t : tensors(r)) t = draw.vector(t.size(), lo, hi);
  return r;
}

struct TinyCase {
  std::string placement;  // a preset's name, or a written wiring's JSON
  bool causal;
  Activation activation;
  double scale;
  bool perturbed;   // norms and gates away from their initial values
  int written = 0;  // a written wiring's number, for its name
};
std::string tiny_case_name(const TinyCase& c) {
  const std::string name = c.placement[0] == '{' ? "written" + std::to_string(c.written) : c.placement;
  return name + (c.causal ? "_causal" : "") + (c.activation == Activation::GELU ? "_gelu" : "_relu") + "_s" +
         std::to_string(int(c.scale)) + (c.perturbed ? "_perturbed" : "");
}
void PrintTo(const TinyCase& c, std::ostream* os) { *os << tiny_case_name(c); }

class TinyStack : public ::testing::TestWithParam<TinyCase> {
 protected:
  StackConfig config() const {
    StackConfig c;
    c.wiring = read_wiring(GetParam().placement);
    c.L = 4, c.d = 8, c.heads = 2, c.B = 2, c.T = 3, c.seed = 0;  // L = 4: Mix-LN's first block is Post-LN
    c.causal = GetParam().causal;
    c.activation = GetParam().activation;
    c.scale = GetParam().scale;
    return c;
  }
  std::vector<BlockParams> blocks(const StackInit& init) const {
    std::vector<BlockParams> params;
    Draw draw(99);
    for (int i = 0; i < init.config().L; ++i) {
      params.push_back(init.block(i));
      if (GetParam().perturbed) block_test::perturb_wiring(params.back(), draw);
    }
    return params;
  }
};

// Directional central differences: (loss(θ + h·v) − loss(θ − h·v)) / 2h against ⟨∇loss, v⟩, one block at a time.
TEST_P(TinyStack, ParameterGradientsMatchFiniteDifferences) {
  const StackConfig c = config();
  const StackInit init(c);
  const std::vector<BlockParams> params = blocks(init);
  std::vector<BlockGrads> grads(c.L);
  const StackResult r = stack_forward_backward(c, stored(params, c), init.x(), init.target(), {},
                                               [&](int i, const BlockGrads& g) { grads[i] = g; });

  Draw draw(42);
  for (int block = 0; block < c.L; ++block) {
    const BlockParams direction = random_like(params[block], draw);
    const double h = 1e-6;
    auto loss_at = [&](double t) {
      std::vector<BlockParams> moved = params;
      moved[block] = step(params[block], direction, t);
      return stack_loss(c, stored(moved, c), init.x(), init.target());
    };
    const double numeric = (loss_at(h) - loss_at(-h)) / (2 * h);
    const double analytic = dot(grads[block], direction);
    EXPECT_NEAR(analytic, numeric, 1e-6 * std::abs(numeric) + 1e-9) << "block " << block;
  }
  // the reported norms are the norms of exactly these gradients
  for (int i = 0; i < c.L; ++i) {
    const BlockGradSquares sq = grad_squares(grads[i]);
    EXPECT_DOUBLE_EQ(r.grad_norm[i], std::sqrt(sq.weights + sq.biases + sq.norms_and_gates));
    EXPECT_DOUBLE_EQ(r.grad_norm_no_ln[i], std::sqrt(sq.weights + sq.biases));
    EXPECT_DOUBLE_EQ(r.grad_norm_weights[i], std::sqrt(sq.weights));
    EXPECT_GT(r.grad_norm[i], 0);
  }
  EXPECT_DOUBLE_EQ(r.ratio, r.grad_norm.front() / r.grad_norm.back());
  EXPECT_DOUBLE_EQ(r.loss, stack_loss(c, stored(params, c), init.x(), init.target()));
}

TEST_P(TinyStack, InputGradientsMatchFiniteDifferences) {
  const StackConfig c = config();
  const StackInit init(c);
  const std::vector<BlockParams> params = blocks(init);
  std::vector<Mat> d_inputs(c.L);
  const StackResult r = stack_forward_backward(c, stored(params, c), init.x(), init.target(), {},
                                               [&](int i, const BlockGrads& g) { d_inputs[i] = g.dx; });
  Draw draw(7);
  const Mat direction = draw.matrix(init.x().rows(), init.x().cols());
  const double h = 1e-6;
  auto loss_at = [&](double t) { return stack_loss(c, stored(params, c), init.x() + t * direction, init.target()); };
  const double numeric = (loss_at(h) - loss_at(-h)) / (2 * h);
  const double analytic = (d_inputs[0].array() * direction.array()).sum();
  EXPECT_NEAR(analytic, numeric, 1e-6 * std::abs(numeric) + 1e-9);
  for (int i = 0; i < c.L; ++i) EXPECT_DOUBLE_EQ(r.input_grad_norm[i], d_inputs[i].norm()) << "block " << i;
}

std::vector<TinyCase> tiny_cases() {
  std::vector<TinyCase> cases = {
      {"post", true, Activation::GELU, 1.0, false},     {"pre", true, Activation::GELU, 3.0, false},
      {"nores", true, Activation::GELU, 1.0, false},    {"pre", false, Activation::GELU, 10.0, false},
      {"deepnorm", true, Activation::GELU, 3.0, false}, {"prerms", true, Activation::GELU, 1.0, false}};
  for (const WiringPreset& w : wiring_presets()) {
    cases.push_back({w.name, false, Activation::ReLU, 1.0, false});
    cases.push_back({w.name, false, Activation::ReLU, 1.0, true});
  }
  Draw draw(4096);  // written wirings: every key of the description somewhere (test_block checks the draws' reach)
  for (int k = 0; k < 12; ++k) {
    cases.push_back({block_test::random_wiring(draw), k % 2 == 0, k % 3 == 0 ? Activation::GELU : Activation::ReLU, 1.0,
                     k % 2 == 1, k});
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(EveryWiring, TinyStack, ::testing::ValuesIn(tiny_cases()),
                         [](const auto& info) { return tiny_case_name(info.param); });

// Exercise 15: a Pre-LN block whose branches output zero is the identity, at any depth.
TEST(StackInvariants, PreLnWithZeroOutputScaleIsTheIdentity) {
  StackConfig c;
  c.wiring = wiring_preset("pre");
  c.L = 4, c.d = 8, c.heads = 2, c.B = 2, c.T = 3, c.scale = 0.0;
  const StackInit init(c);
  const StackResult r = run_stack(c);
  const double sd_x = std::sqrt((init.x().array() - init.x().mean()).square().sum() / double(init.x().size() - 1));
  for (int i = 0; i < c.L; ++i) EXPECT_DOUBLE_EQ(r.stream_sd[i], sd_x) << "block " << i;
  // every block passes the gradient through unchanged: dloss/dx is the same at every depth
  for (int i = 1; i < c.L; ++i) EXPECT_DOUBLE_EQ(r.input_grad_norm[i], r.input_grad_norm[0]) << "block " << i;
}

// The sweep keeps the caches of the last blocks and recomputes the others' in the backward: however many are
// kept, every gradient is the same, bit for bit (the recomputed forward is the forward).
TEST(StackCaches, KeptOrRecomputedGiveTheSameGradients) {
  for (const WiringPreset& w : wiring_presets()) {
    StackConfig c;
    c.wiring = w.spec;
    c.L = 4, c.d = 8, c.heads = 2, c.B = 2, c.T = 3, c.seed = 3;
    const StackInit init(c);
    BlockParams slot;
    const StackParams params = redrawn_params(init, slot);
    auto every_gradient = [&](bool keep_all, int kept) {
      StackCache cache;
      cache.keep_block_caches = keep_all;
      cache.kept_blocks = kept;
      const Mat y = stack_forward(init.x(), params, c, cache);
      StackGrads grads;
      std::vector<double> all;
      stack_backward(y - init.target(), params, c, cache, grads, [&](int, const BlockGrads& g) {
        all.insert(all.end(), g.dx.data(), g.dx.data() + g.dx.size());
        for (const ConstSpan& t : gradients(g)) all.insert(all.end(), t.data(), t.data() + t.size());
      });
      all.insert(all.end(), grads.dx.data(), grads.dx.data() + grads.dx.size());
      return all;
    };
    const std::vector<double> recomputed = every_gradient(false, 0);
    for (int kept : {1, 3, 4, 9}) EXPECT_EQ(every_gradient(false, kept), recomputed) << w.name << ", kept " << kept;
    EXPECT_EQ(every_gradient(true, 0), recomputed) << w.name << ", every block kept";
  }
}

// A run that keeps its blocks' weights draws each once: the same bits as drawing it again for the backward,
// and a block asked for a second time is the one kept, not drawn again.
TEST(StackWeights, DrawnOnceGiveTheSameGradientsAsRedrawn) {
  for (const WiringPreset& w : wiring_presets()) {
    StackConfig c;
    c.wiring = w.spec;
    c.L = 4, c.d = 8, c.heads = 2, c.B = 2, c.T = 3, c.seed = 5, c.scale = 0.5;
    const StackInit init(c);
    BlockParams slot;
    std::unique_ptr<KeptBlock[]> blocks;
    const StackParams redrawn = redrawn_params(init, slot), once = drawn_once_params(init, blocks);
    auto every_number = [&](const StackParams& params) {
      const StackResult r = stack_forward_backward(c, params, init.x(), init.target());
      std::vector<double> all{r.loss};
      for (const auto* v : {&r.grad_norm, &r.grad_norm_weights, &r.grad_norm_no_ln, &r.input_grad_norm, &r.stream_sd})
        all.insert(all.end(), v->begin(), v->end());
      return all;
    };
    EXPECT_EQ(every_number(once), every_number(redrawn)) << w.name;
    ASSERT_NE(blocks, nullptr) << w.name;
    for (int i = 0; i < c.L; ++i) {
      const BlockParams fresh = init.block(i);
      EXPECT_TRUE(blocks[std::size_t(i)].drawn) << w.name << ", block " << i;
      EXPECT_EQ(blocks[std::size_t(i)].params.ffn.down.W, fresh.ffn.down.W) << w.name << ", block " << i;
      EXPECT_EQ(&once.block(i), &blocks[std::size_t(i)].params) << w.name << ", block " << i;
    }
    blocks[1].params.attn.q.W(0, 0) = 42;  // a kept block is returned as it is, not drawn again
    EXPECT_EQ(once.block(1).attn.q.W(0, 0), 42) << w.name;
  }
}

TEST(StackWeights, TheSweepKeepsThemWhenTheyFitBesideEveryCache) {
  StackConfig c;  // the article's sizes
  for (int L : {6, 24, 48}) {
    c.L = L;
    EXPECT_TRUE(keeps_block_weights(c)) << "L " << L;
    EXPECT_LE(L * block_cache_bytes(c) + block_weights_bytes(c), kKeptCachesBytes) << "L " << L;
  }
  c.L = 96;  // table B's deepest run: its caches take the budget, its weights are drawn twice
  EXPECT_FALSE(keeps_block_weights(c));
  EXPECT_GT(96 * block_cache_bytes(c) + block_weights_bytes(c), kKeptCachesBytes);
  c.L = 48;
  c.B = 64;  // bigger caches: not every one is kept, and so no weights either
  EXPECT_LT(kept_block_caches(c), c.L);
  EXPECT_FALSE(keeps_block_weights(c));
}

TEST(StackCaches, TheSweepKeepsWhatFitsItsBudget) {
  StackConfig c;  // the article's sizes: d = 128, F = 512, B·T = 128 tokens, ReLU
  const double one = block_cache_bytes(c);
  c.L = 1024;
  EXPECT_EQ(kept_block_caches(c), int(kKeptCachesBytes / one));
  c.L = 6;
  EXPECT_EQ(kept_block_caches(c), 6);  // never more than L
  c.L = 96;
  EXPECT_EQ(kept_block_caches(c), 96);  // table B's deepest run recomputes nothing
  c.L = 128;
  const int kept = kept_block_caches(c);
  EXPECT_LT(kept, 128);
  StackConfig fits = c;
  fits.L = kept;
  // the estimate counts the kept caches (and, once some are recomputed, one more for them), beside the longer
  // stream, the results and the generator states of the blocks added
  const double added =
      (c.L - kept) * 8.0 * (128 * 128 + 5) + generator_states_bytes(c.L) - generator_states_bytes(kept);
  EXPECT_NEAR(stack_memory_bytes(c) - stack_memory_bytes(fits), one + added, 1.0);
  c.activation = Activation::GELU;  // GELU keeps pre beside h: bigger caches, fewer kept
  EXPECT_GT(block_cache_bytes(c), one);
  EXPECT_LT(kept_block_caches(c), kept);
}

TEST(StackCaches, KeptCachesNeverPushARunOverTheTabsMemory) {
  // a run that fits by recomputing every block's caches keeps only as many as the room left allows
  StackConfig c;
  c.B = 32, c.T = 32;  // 1024 tokens: the stream takes 1 MiB per block, a block's caches about 15 MB
  const double one = block_cache_bytes(c);
  int limited_by_memory = 0;
  for (int L = 100; L <= 740; L += 40) {
    c.L = L;
    const int kept = kept_block_caches(c);
    EXPECT_GE(kept, 0);
    EXPECT_LE(kept * one, kKeptCachesBytes) << "L " << L;
    if (kept > 0 && kept < int(kKeptCachesBytes / one)) {  // fewer than the budget allows: the tab's memory decided
      ++limited_by_memory;
      EXPECT_LE(stack_memory_bytes(c), kMaxStackMemoryBytes) << "L " << L;
      EXPECT_NO_THROW(validate(c)) << "L " << L;
    }
  }
  EXPECT_GT(limited_by_memory, 0);
}

// StackInit keeps the generator's state at each block start for the last seeds it saw (per thread): whatever
// came before (other seeds, other depths, seeds forgotten and seen again), x, target and every block are
// PyTorch's draws in order, as a generator stepped from manual_seed gives them.
TEST(StackInit, BlockStartsGiveTheDrawsInOrder) {
  StackConfig c;
  c.d = 4, c.heads = 2, c.B = 1, c.T = 2;
  const std::uint64_t per_block = 4 * linear_draws(4, 4) + linear_draws(4, 16) + linear_draws(16, 4);
  for (int round = 0; round < 2; ++round) {
    for (std::uint64_t seed : {3u, 11u, 3u, 40u, 3u, 0u, 29u}) {
      for (int L : {5, 1, 120, 7}) {
        c.seed = seed + 50u * round;
        c.L = L + 300 * round;  // round 2: over 300 blocks
        const StackInit init(c);
        TorchGenerator gen(c.seed);
        gen.discard(per_block * std::uint64_t(c.L - 1));
        BlockParams last;
        last.attn.q.W.resize(4, 4);
        linear_init(gen, last.attn.q.W, last.attn.q.b);  // the last block's first draws
        EXPECT_EQ(init.block(c.L - 1).attn.q.W, last.attn.q.W) << "seed " << c.seed << ", L " << c.L;
        gen.set_state(TorchGenerator(c.seed).state());
        gen.discard(per_block * std::uint64_t(c.L));
        EXPECT_EQ(init.x(), randn(gen, 2, 4)) << "seed " << c.seed << ", L " << c.L;
      }
    }
  }
}

// Redrawing a block from its saved generator state gives the same weights every time.
TEST(StackInvariants, BlocksRedrawIdentically) {
  StackConfig c;
  c.L = 3, c.d = 8, c.heads = 2, c.B = 2, c.T = 3, c.seed = 5;
  const StackInit init(c);
  for (int i : {2, 0, 1, 2}) {
    const BlockParams a = init.block(i), b = init.block(i);
    EXPECT_EQ(a.attn.q.W, b.attn.q.W);
    EXPECT_EQ(a.ffn.down.b, b.ffn.down.b);
  }
  EXPECT_NE(init.block(0).attn.q.W, init.block(1).attn.q.W);
}

TEST(StackValidate, RejectsWithReadableMessages) {
  auto message = [](StackConfig c) {
    try {
      validate(c);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  StackConfig c;
  EXPECT_EQ(message(c), "(accepted)");
  c.L = 10000;
  EXPECT_EQ(message(c), "depth L must be between 1 and 1024 (got 10000)");
  c = StackConfig{};
  c.heads = 5;
  EXPECT_EQ(message(c), "heads must divide d: d = 128 is not a multiple of heads = 5");
  c = StackConfig{};
  c.scale = -1;
  EXPECT_EQ(message(c), "the output scale s must be a finite number, 0 or more");
  c = StackConfig{};
  c.L = 1024, c.B = 64, c.T = 64;
  EXPECT_NE(message(c).find("reduce L, B, T or d"), std::string::npos) << message(c);
  // shapes whose measures would be 0/0: one feature (LN outputs β), no residual with scale 0 (LN(0) = β)
  c = StackConfig{};
  c.d = 1, c.heads = 1;
  EXPECT_EQ(message(c).rfind("width d must be at least 2: LayerNorm over a single feature outputs β", 0), 0u)
      << message(c);
  c = StackConfig{};
  c.wiring = wiring_preset("nores"), c.scale = 0;
  EXPECT_EQ(message(c).rfind("output scale 0 without a residual path", 0), 0u) << message(c);
  c.wiring = wiring_preset("pre");  // the residual path carries the gradient: allowed
  EXPECT_EQ(message(c), "(accepted)");
  c = StackConfig{};
  c.heads = 0;
  EXPECT_EQ(message(c), "heads must be between 1 and d = 128 (got 0)");
  // torch.manual_seed uses a seed's low 32 bits: 2^32 would be seed 0's run again
  c = StackConfig{};
  c.seed = kMaxSeed;
  EXPECT_EQ(message(c), "(accepted)");
  c.seed = kMaxSeed + 1;
  EXPECT_EQ(message(c).rfind("the seed must be a whole number from 0 to 4294967295", 0), 0u) << message(c);
}

// Every number run_stack returns is finite, except the ratios it says are undefined: the penultimate measure at
// L = 1 (there is no block L − 1), and ReZero's Linear-only measures at initialisation (r = 0 closes every branch,
// so every Linear gradient is exactly 0: 0/0). Nothing else is ever undefined.
TEST(RunStack, NoNonFiniteResultAtTheEdgesOfTheShapes) {
  for (const WiringPreset& w : wiring_presets()) {
    for (int d : {2, 3}) {
      for (int L : {1, 2}) {
        StackConfig c;
        c.wiring = w.spec, c.d = d, c.heads = 1, c.L = L, c.B = 1, c.T = 1, c.ffn_mult = 1;
        const StackResult r = run_stack(c);
        for (Measure m : kMeasures) {
          const std::string reason = undefined_ratio_reason(c, r, m);
          const bool no_block_before_last = m == Measure::Penultimate && L == 1;
          const bool closed_gate = w.name == "rezero" && (m == Measure::Weights || m == Measure::NoLayerNorm);
          const std::string what =
              std::string(w.name) + " " + measure_name(m) + " d=" + std::to_string(d) + " L=" + std::to_string(L);
          if (no_block_before_last) {
            EXPECT_TRUE(std::isnan(gradient_ratio(r, m))) << what;
            EXPECT_EQ(reason, "undefined: block 1 against block L − 1 needs a block L − 1 (L ≥ 2)") << what;
          } else if (closed_gate) {
            EXPECT_TRUE(std::isnan(gradient_ratio(r, m))) << what;
            EXPECT_EQ(reason,
                      "undefined (0/0): the two gradients it compares are both exactly 0, because every branch "
                      "is multiplied by a gate that starts at 0, so no gradient reaches its Linear layers")
                << what;
          } else {
            EXPECT_TRUE(std::isfinite(gradient_ratio(r, m))) << what;
            EXPECT_EQ(reason, "") << what;
          }
        }
      }
    }
  }
}

// Issue 52: a wiring the builder accepts that overflows had said "reduce the output scale s" (which the reader never
// set), or a norm's inner words ("x must contain only finite numbers"): it says where, and which setting to change.
TEST(RunStack, AnOverflowNamesTheSettingToChange) {
  const auto message = [](const std::string& wiring) {
    StackConfig c;
    c.wiring = read_wiring(wiring), c.L = 4, c.d = 8, c.heads = 2, c.B = 2, c.T = 3;
    return test::thrown_message([&] { run_stack(c); });
  };
  EXPECT_EQ(message(R"j({"in": false, "final": false, "alpha": "1e300"})j"),
            "this run's numbers left float64's range at block 1 of L = 4 (the stream's spread there is not a number): "
            "lower alpha (it is 1e+300 at block 1 and multiplies the stream at every add)");
  EXPECT_EQ(message(R"j({"beta": "1e-300"})j"),
            "this run's numbers left float64's range in its forward pass (a norm's input became infinite): raise beta "
            "(it is 1e-300 at block 1 and divides the weights of Wv, Wo, W1 and W2)");
  EXPECT_EQ(message(R"j({"scale_in": "1e300"})j"),
            "this run's numbers left float64's range in its forward pass (a norm's input became infinite): lower "
            "scale_in (it is 1e+300 at block 1 and multiplies every branch's input)");
}

TEST(StackMemory, ArticleDepth96FitsIn200MiB) {
  // the stream (13 MB) and every block's caches (175 MiB, within kKeptCachesBytes)
  StackConfig c;
  c.L = 96;
  EXPECT_LT(stack_memory_bytes(c), 200.0 * 1024 * 1024);
  c.L = 256;
  EXPECT_NO_THROW(validate(c));
}

TEST(GradientRatio, EveryMeasureDividesFirstByLast) {
  StackResult r;
  r.grad_norm = {4, 3, 2}, r.grad_norm_weights = {3, 1, 1.5}, r.grad_norm_no_ln = {3.5, 1, 7};
  r.input_grad_norm = {1, 2, 8};
  EXPECT_EQ(gradient_ratio(r, Measure::AllParameters), 2.0);
  EXPECT_EQ(gradient_ratio(r, Measure::Weights), 2.0);
  EXPECT_EQ(gradient_ratio(r, Measure::NoLayerNorm), 0.5);
  EXPECT_EQ(gradient_ratio(r, Measure::Input), 0.125);
  EXPECT_EQ(gradient_ratio(r, Measure::Penultimate), 4.0 / 3.0);
  for (const char* name : {"all", "weights", "no-ln", "input", "penultimate"})
    EXPECT_STREQ(measure_name(measure_from_name(name)), name);
  EXPECT_THROW(measure_from_name("mean"), std::invalid_argument);
}

TEST(StackFlops, CountsTheProtocolsBlock) {
  // docs/design/protocol.md, "Cost": one block, forward + backward, at B·T = 128 tokens is about 150 MFLOP
  StackConfig c;
  c.L = 1;
  const double per_block = stack_flops(c);
  EXPECT_NEAR(per_block, 150e6, 5e6);
  // forward = 4 projections 2·N·d² + FFN 2·2·N·d·F + attention 2·2·B·H·T²·hs, N = 128, d = 128, F = 512
  EXPECT_DOUBLE_EQ(per_block, 3 * (4 * 2.0 * 128 * 128 * 128 + 4.0 * 128 * 128 * 512 + 4.0 * 8 * 4 * 16 * 16 * 32));
  c.L = 96;
  EXPECT_DOUBLE_EQ(stack_flops(c), 96 * per_block);
}

}  // namespace
}  // namespace tk
