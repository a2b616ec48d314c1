// Where one block's time goes: the article's runs (d = 128, 4 heads, B = 8, T = 16, F = 512) through run_stack,
// exactly as the sweep and the page run them, with every operation of the kernels timed (wasm/src/profile.hpp;
// this program links tk_kernels_profiled, the kernels compiled with TK_PROFILE). Prints, per block, the time of
// each operation in each pass (forward, the forward recomputed during the backward, backward) and its share,
// then one JSON line for scripts/bench.mjs. With --train, the same for the training lab's run (docs/design/training.md:
// regress, d = 64, L = 24, B = 2, T = 16, Adam), whose matrices are 32 tokens by 64 or 256.
// Not a test: it prints figures.
//
// Built natively (tk_block_bench), as wasm for Node (tk_block_bench_wasm.js) and as a module the benchmark page
// runs in a Chromium worker (tk_block_bench_web.mjs); scripts/bench.mjs runs all three.
// Usage: block_bench [--L 24] [--seeds 2]   (each placement, seeds 0..seeds−1, at depth L)
//        block_bench --train [--steps 150]    (the lab's default run)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "profile.hpp"
#include "stack.hpp"
#include "train.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using tk::profile::Op;
using tk::profile::Phase;
constexpr int kOps = int(Op::kCount), kPhases = int(Phase::kCount);

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// What one scope costs to open and close (two clock reads): the instrumentation's own share of the figures.
double seconds_per_scope() {
  constexpr int kScopes = 100000;
  tk::profile::reset();
  const Clock::time_point t0 = Clock::now();
  for (int i = 0; i < kScopes; ++i) {
    TK_PROFILE_OP(Copies);
  }
  const double s = since(t0) / kScopes;
  tk::profile::reset();
  return s;
}

// The totals of one measured stretch, per block (or per step), printed as a table and a JSON line.
void report(const char* layer, const std::string& title, const char* unit, int units, double wall, double flops,
            double product_flops, double per_scope, long long scopes, double warm_s, int L) {
  // read every total before printing anything (the clock keeps running for whatever runs now)
  double seconds[kOps][kPhases], by_op[kOps] = {}, by_phase[kPhases] = {}, total = 0;
  for (int o = 0; o < kOps; ++o) {
    for (int p = 0; p < kPhases; ++p) seconds[o][p] = tk::profile::seconds(Op(o), Phase(p));
  }
  for (int o = 0; o < kOps; ++o) {
    for (int p = 0; p < kPhases; ++p) {
      by_op[o] += seconds[o][p];
      by_phase[p] += seconds[o][p];
      total += seconds[o][p];
    }
  }
  const double ms = 1e3 / units;  // seconds in all → ms per unit
#ifdef __wasm_simd128__
  const char* build = "wasm SIMD";
#else
  const char* build = "native";
#endif

  std::printf("%s (%s; warm-up %.2f s)\n", title.c_str(), build, warm_s);
  std::printf("  %-26s", (std::string("ms per ") + unit).c_str());
  for (int p = 0; p < kPhases; ++p) std::printf(" %11.11s", tk::profile::phase_name(Phase(p)));
  std::printf(" %8s %6s\n", "total", "share");
  for (int o = 0; o < kOps; ++o) {
    std::printf("  %-26s", tk::profile::op_name(Op(o)));
    for (int p = 0; p < kPhases; ++p) std::printf(" %11.3f", ms * seconds[o][p]);
    std::printf(" %8.3f %5.1f%%\n", ms * by_op[o], 100 * by_op[o] / total);
  }
  std::printf("  %-26s", "all");
  for (int p = 0; p < kPhases; ++p) std::printf(" %11.3f", ms * by_phase[p]);
  std::printf(" %8.3f %5.1f%%\n", ms * total, 100.0);

  const double product_seconds = by_op[int(Op::Projections)] + by_op[int(Op::Ffn)];
  const double overhead = per_scope * double(scopes) / wall;
  std::printf(
      "  wall %.3f ms per %s, %.2f s in all; useful %.2f GFLOP/s; the projections' and FFN's products alone "
      "%.2f GFLOP/s\n",
      ms * wall, unit, wall, flops / 1e9 / wall, product_flops / 1e9 / product_seconds);
  std::printf("  timing cost: %lld scopes, %.0f ns each, about %.1f %% of the wall time\n", scopes, 1e9 * per_scope,
              100 * overhead);

  std::string json = "{\"layer\": \"" + std::string(layer) + "\", \"build\": \"" + std::string(build) +
                     "\", \"L\": " + std::to_string(L) + ", \"units\": " + std::to_string(units) + ", \"unit\": \"" +
                     unit + "\", \"seconds\": " + std::to_string(wall) +
                     ", \"ms_per_unit\": " + std::to_string(ms * wall) +
                     ", \"useful_gflops\": " + std::to_string(flops / 1e9 / wall) +
                     ", \"products_gflops\": " + std::to_string(product_flops / 1e9 / product_seconds) +
                     ", \"timing_overhead\": " + std::to_string(overhead) + ", \"ms\": {";
  for (int o = 0; o < kOps; ++o) {
    json += std::string(o ? ", " : "") + "\"" + tk::profile::op_name(Op(o)) + "\": [";
    for (int p = 0; p < kPhases; ++p) {
      json += std::string(p ? ", " : "") + std::to_string(ms * seconds[o][p]);
    }
    json += "]";
  }
  json += "}}";
  std::printf("%s\n", json.c_str());
}

// The matrix products of the projections (q, k, v, o) and the FFN (W1, W2) in one block's forward.
double block_product_flops(const tk::StackConfig& c) {
  const double N = double(c.B) * c.T, d = c.d, F = double(c.ffn_mult) * c.d;
  return 4 * 2 * N * d * d + 2 * 2 * N * d * F;
}

void sweep(int L, int seeds) {
  // Warm-up: V8 runs a fresh module at about half speed until it has tiered up (docs/design/performance.md); and one
  // run at the measured depth, so that the memory the measured runs use has been grown and touched once. Without
  // it the first measured run paid the first touch of every new page, and the breakdown charged it to whatever
  // wrote there first (docs/measurements.md, "The breakdown's warm-up run").
  tk::StackConfig config;
  const Clock::time_point warm = Clock::now();
  for (const char* placement : {"post", "pre", "nores"}) {
    config.wiring = tk::wiring_preset(placement);
    config.L = 4;
    for (int r = 0; r < 4; ++r) tk::run_stack(config);
  }
  config.L = L;
  tk::run_stack(config);
  const double warm_s = since(warm);
  const double per_scope = seconds_per_scope();

  tk::profile::reset();
  const Clock::time_point t0 = Clock::now();
  int blocks = 0;
  double flops = 0;
  for (const char* placement : {"post", "pre", "nores"}) {
    for (int seed = 0; seed < seeds; ++seed) {
      config.wiring = tk::wiring_preset(placement);
      config.L = L;
      config.seed = std::uint64_t(seed);
      tk::run_stack(config);
      blocks += L;
      flops += tk::stack_flops(config);
    }
  }
  const double wall = since(t0);
  // the projections' and FFN's products run once in the forward, twice in the backward, and once more for the
  // blocks whose caches the backward recomputes
  const double recomputed = double(config.L - tk::kept_block_caches(config)) / config.L;
  const double product_flops = blocks * (3 + recomputed) * block_product_flops(config);
  report("block",
         "one block's time by operation: " + std::to_string(3 * seeds) + " runs of L = " + std::to_string(L) + ", " +
             std::to_string(blocks) + " blocks",
         "block", blocks, wall, flops, product_flops, per_scope, tk::profile::scopes(), warm_s, L);
}

void training(int steps) {
  tk::TrainConfig config;  // the lab's defaults: regress, Post-LN, L = 24, d = 64, B = 2, T = 16
  config.steps = steps;
  const Clock::time_point warm = Clock::now();
  {
    tk::TrainConfig short_run = config;
    short_run.steps = 10;
    tk::Trainer trainer(short_run);
    while (!trainer.finished()) trainer.step();
  }
  const double warm_s = since(warm);
  const double per_scope = seconds_per_scope();

  tk::profile::reset();
  const Clock::time_point t0 = Clock::now();
  tk::Trainer trainer(config);
  while (!trainer.finished()) trainer.step();
  const double wall = since(t0);
  const tk::StackConfig& s = config.stack;
  const double product_flops = steps * s.L * 3 * block_product_flops(s);
  report("train",
         "one training step's time by operation: the lab's run, regress, d = " + std::to_string(s.d) + ", L = " +
             std::to_string(s.L) + ", " + std::to_string(s.B * s.T) + " tokens, " + std::to_string(steps) + " steps",
         "step", steps, wall, tk::train_flops(config), product_flops, per_scope, tk::profile::scopes(), warm_s, s.L);
}

}  // namespace

int main(int argc, char** argv) {
  int L = 24, seeds = 2, steps = 150;
  bool train = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--train") == 0)
      train = true;
    else if (i + 1 < argc && std::strcmp(argv[i], "--L") == 0)
      L = std::max(1, std::atoi(argv[++i]));
    else if (i + 1 < argc && std::strcmp(argv[i], "--seeds") == 0)
      seeds = std::max(1, std::atoi(argv[++i]));
    else if (i + 1 < argc && std::strcmp(argv[i], "--steps") == 0)
      steps = std::max(1, std::atoi(argv[++i]));
  }
  if (train) {
    training(steps);
  } else {
    sweep(L, seeds);
  }
  return 0;
}
