// Speed of the stack kernel natively: the article's table B (L ∈ {6, 24, 48, 96} × post, pre, nores ×
// seeds 0–5 = 72 runs, 3,132 blocks), and the time per block at L = 96. Not a test: it prints figures.
// Built by CMake as tk_stack_bench (native only); scripts/bench.mjs runs it beside the wasm and PyTorch
// figures. Usage: tk_stack_bench [--threads N]  (N runs at once, one per thread; default 1)
//
// GFLOP/s counts the protocol's useful work (stack_flops: forward + backward, 2·m·n·k per product), not
// the forward recomputed during the backward pass that keeps memory low; that overhead counts against us.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "stack.hpp"
#include "stats.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct Run {
  tk::StackConfig config;
  double seconds = 0;
  double ratio = 0;
};

}  // namespace

int main(int argc, char** argv) {
  int threads = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc) threads = std::max(1, std::atoi(argv[++i]));
  }
  std::vector<Run> runs;
  for (const std::string p : {"post", "pre", "nores"}) {
    for (int L : {6, 24, 48, 96}) {
      for (int seed = 0; seed < 6; ++seed) {
        Run r;
        r.config.wiring = tk::wiring_preset(p), r.config.L = L, r.config.seed = std::uint64_t(seed);
        runs.push_back(r);
      }
    }
  }
  // warm up caches and the allocator with one small run
  tk::StackConfig warm;
  warm.L = 2;
  tk::run_stack(warm);

  std::atomic<size_t> next{0};
  const auto started = Clock::now();
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&] {
      for (size_t i = next++; i < runs.size(); i = next++) {
        const auto t0 = Clock::now();
        runs[i].ratio = tk::run_stack(runs[i].config).ratio;
        runs[i].seconds = std::chrono::duration<double>(Clock::now() - t0).count();
      }
    });
  }
  for (auto& t : pool) t.join();
  const double wall = std::chrono::duration<double>(Clock::now() - started).count();

  double flops = 0, busy = 0, seconds96 = 0;
  int runs96 = 0;
  for (const Run& r : runs) {
    flops += tk::stack_flops(r.config);
    busy += r.seconds;
    if (r.config.L == 96) seconds96 += r.seconds, ++runs96;
  }
  std::printf("table B natively: %zu runs on %d thread%s\n", runs.size(), threads, threads == 1 ? "" : "s");
  for (const std::string p : {"post", "pre", "nores"}) {
    std::printf("  %-6s", p.c_str());
    for (int L : {6, 24, 48, 96}) {
      std::vector<double> ratios;
      for (const Run& r : runs) {
        if (r.config.wiring.from == p && r.config.L == L) ratios.push_back(r.ratio);
      }
      std::printf("  L=%-3d %.5g", L, tk::median(ratios));
    }
    std::printf("\n");
  }
  std::printf(
      "{\"layer\": \"native\", \"threads\": %d, \"wall_s\": %.3f, \"gflop\": %.1f, \"gflops\": %.2f, "
      "\"gflops_per_thread\": %.2f, \"ms_per_block_L96\": %.3f}\n",
      threads, wall, flops / 1e9, flops / 1e9 / wall, flops / 1e9 / busy, 1e3 * seconds96 / (runs96 * 96.0));
}
