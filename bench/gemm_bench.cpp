// Speed of tk::gemm (wasm/src/gemm.cpp) against Eigen's own product on the stack's GEMM shapes: N = 128 tokens,
// d = 128, F = 512, the nine products of one block's forward and backward, plus 256×128·128×512; then the
// training lab's (32 tokens, d = 64, F = 256), with one lab block's products in a step as their total.
// Not a test; built by hand. From the repository root:
//
//   native (tk::gemm is Eigen here, so both columns measure Eigen), one command per line:
//     mkdir -p build/gemm-native
//     g++ -std=c++17 -O3 -ffp-contract=off -fno-fast-math -DEIGEN_DONT_PARALLELIZE -I/usr/include/eigen3 -Iwasm/src
//     bench/gemm_bench.cpp wasm/src/gemm.cpp -o build/gemm-native/gemm_bench build/gemm-native/gemm_bench
//   wasm in Node (tk::gemm is the f64x2 kernel; the flags CMakeLists.txt gives the kernels):
//     export NODE_PATH=/usr/share/nodejs; mkdir -p build/gemm-wasm
//     echo '{ "type": "commonjs" }' > build/gemm-wasm/package.json    (the glue is CommonJS; the repository is not)
//     em++ -std=c++17 -O3 -msimd128 -fwasm-exceptions -ffp-contract=off -fno-fast-math -DEIGEN_DONT_PARALLELIZE
//     -I/usr/include/eigen3 -Iwasm/src bench/gemm_bench.cpp wasm/src/gemm.cpp -sENVIRONMENT=node
//     -sALLOW_MEMORY_GROWTH=1 -o build/gemm-wasm/gemm_bench.js node --no-experimental-fetch
//     build/gemm-wasm/gemm_bench.js
//
// Optional argument: the number of timed trials (default 9). Each trial runs one shape for about 25 ms,
// gemm and Eigen alternate, and the table gives the best and the median GFLOP/s. V8 runs a fresh module at
// about half speed until it has tiered up, so every shape is first called many times untimed. The machine may
// be shared: check `top`, and trust medians of interleaved trials over single numbers.
// To see whether V8 spills in the kernel's k loop: node --no-experimental-fetch --no-liftoff --print-wasm-code
// build/gemm-wasm/gemm_bench.js 1 > code.txt, find the TurboFan function with 16 vmulpd (the k loop, rotated), look for
// vmovups to or from [rbp-…] between them (there are none at 4×4; a 5×4 tile had 3 accumulators there).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "gemm.hpp"

namespace {

using tk::Mat;
using Clock = std::chrono::steady_clock;

struct Shape {
  const char* name;
  int M, K, N;  // C (M×N) = A (M×K) · B (K×N)
  bool transpose_a, transpose_b;
};

// y = x·Wᵀ (forward), dW = dyᵀ·x, dx = dy·W (backward), for the four projections' (in, out) pairs
const Shape kShapes[] = {
    {"fwd   x·Wᵀ    128x128 · (128x128)ᵀ", 128, 128, 128, false, true},
    {"fwd   x·Wᵀ    128x128 · (512x128)ᵀ", 128, 128, 512, false, true},
    {"fwd   x·Wᵀ    128x512 · (128x512)ᵀ", 128, 512, 128, false, true},
    {"bwd   dyᵀ·x   (128x128)ᵀ · 128x128", 128, 128, 128, true, false},
    {"bwd   dyᵀ·x   (128x512)ᵀ · 128x128", 512, 128, 128, true, false},
    {"bwd   dyᵀ·x   (128x128)ᵀ · 128x512", 128, 128, 512, true, false},
    {"bwd   dy·W    128x128 · 128x128", 128, 128, 128, false, false},
    {"bwd   dy·W    128x512 · 512x128", 128, 512, 128, false, false},
    {"bwd   dy·W    128x128 · 128x512", 128, 128, 512, false, false},
    {"extra         256x128 · 128x512", 256, 128, 512, false, false},
};
constexpr int kBlockShapes = 9;  // the first nine: one block's forward + backward

// The training lab's (docs/design/training.md): N = 32 tokens, d = 64, F = 256; the four projections are the 64×64
// ones, so one block's step runs each of those four times (kLabWeights).
const Shape kLabShapes[] = {
    {"fwd   x·Wᵀ     32x64  · (64x64)ᵀ", 32, 64, 64, false, true},
    {"fwd   x·Wᵀ     32x64  · (256x64)ᵀ", 32, 64, 256, false, true},
    {"fwd   x·Wᵀ     32x256 · (64x256)ᵀ", 32, 256, 64, false, true},
    {"bwd   dyᵀ·x   (32x64)ᵀ · 32x64", 64, 32, 64, true, false},
    {"bwd   dyᵀ·x   (32x256)ᵀ · 32x64", 256, 32, 64, true, false},
    {"bwd   dyᵀ·x   (32x64)ᵀ · 32x256", 64, 32, 256, true, false},
    {"bwd   dy·W     32x64  · 64x64", 32, 64, 64, false, false},
    {"bwd   dy·W     32x256 · 256x64", 32, 256, 64, false, false},
    {"bwd   dy·W     32x64  · 64x256", 32, 64, 256, false, false},
};
constexpr int kLabWeights[] = {4, 1, 1, 4, 1, 1, 4, 1, 1};

struct Operands {
  Shape s;
  Mat a, b, c_gemm, c_eigen;
  double gflop() const { return 2.0 * s.M * s.K * s.N * 1e-9; }
};

Mat random_matrix(int rows, int cols, std::mt19937_64& engine) {
  Mat m(rows, cols);
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = double(engine() >> 11) * 0x1p-52 - 1.0;
  return m;
}

void run_gemm(Operands& o) { tk::gemm(o.a, o.s.transpose_a, o.b, o.s.transpose_b, o.c_gemm); }

void run_eigen(Operands& o) {
  if (o.s.transpose_a && o.s.transpose_b) {
    o.c_eigen.noalias() = o.a.transpose() * o.b.transpose();
  } else if (o.s.transpose_a) {
    o.c_eigen.noalias() = o.a.transpose() * o.b;
  } else if (o.s.transpose_b) {
    o.c_eigen.noalias() = o.a * o.b.transpose();
  } else {
    o.c_eigen.noalias() = o.a * o.b;
  }
}

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Calls f reps times and returns the seconds per call.
double time_calls(const std::function<void()>& f, int reps) {
  const Clock::time_point start = Clock::now();
  for (int r = 0; r < reps; ++r) f();
  return seconds_since(start) / reps;
}

struct Stats {
  double best, median;
};
Stats stats(std::vector<double> gflops) {
  std::sort(gflops.begin(), gflops.end());
  return {gflops.back(), gflops[gflops.size() / 2]};
}

// Interleaved trials of two candidates doing `gflop` of work per call; returns (first, second).
std::pair<Stats, Stats> compare(const std::function<void()>& first, const std::function<void()>& second, double gflop,
                                int trials) {
  const int reps = std::max(1, int(0.025 / time_calls(first, 3)));  // about 25 ms per trial
  std::vector<double> g1, g2;
  for (int t = 0; t < trials; ++t) {
    g1.push_back(gflop / time_calls(first, reps));
    g2.push_back(gflop / time_calls(second, reps));
  }
  return {stats(g1), stats(g2)};
}

}  // namespace

int main(int argc, char** argv) {
  const int trials = argc > 1 ? std::max(1, std::atoi(argv[1])) : 9;
#ifdef __wasm_simd128__
  std::printf("tk::gemm = f64x2 wasm SIMD kernel; Eigen = Eigen 3.4 product (auto-vectorised by -msimd128)\n");
#else
  std::printf("native build: tk::gemm = Eigen's product behind a Ref; Eigen = Eigen 3.4 product on Mat\n");
#endif
  std::mt19937_64 engine(2024);
  std::vector<Operands> ops;
  std::vector<Shape> shapes(std::begin(kShapes), std::end(kShapes));
  shapes.insert(shapes.end(), std::begin(kLabShapes), std::end(kLabShapes));
  const int lab_first = int(std::size(kShapes));
  for (const Shape& s : shapes) {
    Operands o{s, random_matrix(s.transpose_a ? s.K : s.M, s.transpose_a ? s.M : s.K, engine),
               random_matrix(s.transpose_b ? s.N : s.K, s.transpose_b ? s.K : s.N, engine), Mat(s.M, s.N),
               Mat(s.M, s.N)};
    ops.push_back(std::move(o));
  }

  // Warm-up: many short calls of every path, so V8 has tiered both up before anything is timed.
  const Clock::time_point warm = Clock::now();
  for (int round = 0; round < 60; ++round) {
    for (Operands& o : ops) {
      run_gemm(o);
      run_eigen(o);
    }
  }
  std::printf("warm-up: 60 rounds of every shape, %.2f s; %d trials of ~25 ms each, interleaved\n\n",
              seconds_since(warm), trials);

  std::printf("%-38s %17s %17s %8s %10s\n", "shape (C = A·B)", "tk::gemm GFLOP/s", "Eigen GFLOP/s", "ratio",
              "max |diff|");
  std::printf("%-38s %17s %17s %8s %10s\n", "", "best / median", "best / median", "(median)", "");
  for (Operands& o : ops) {
    const auto [g, e] = compare([&] { run_gemm(o); }, [&] { run_eigen(o); }, o.gflop(), trials);
    const double diff = (o.c_gemm - o.c_eigen).cwiseAbs().maxCoeff();
    // the names hold two-byte characters (·, ᵀ is three): pad by hand to line the columns up
    const std::string name = o.s.name;
    const int extra = int(std::count_if(name.begin(), name.end(), [](char ch) { return (ch & 0xC0) == 0x80; }));
    std::printf("%-*s %8.2f / %6.2f %8.2f / %6.2f %8.2f %10.1e\n", 38 + extra, name.c_str(), g.best, g.median, e.best,
                e.median, g.median / e.median, diff);
  }

  double block_gflop = 0;
  for (int i = 0; i < kBlockShapes; ++i) block_gflop += ops[i].gflop();
  const auto [g, e] = compare(
      [&] {
        for (int i = 0; i < kBlockShapes; ++i) run_gemm(ops[i]);
      },
      [&] {
        for (int i = 0; i < kBlockShapes; ++i) run_eigen(ops[i]);
      },
      block_gflop, trials);
  std::printf("%-38s %8.2f / %6.2f %8.2f / %6.2f %8.2f\n", "total: the 9 block shapes in turn", g.best, g.median,
              e.best, e.median, g.median / e.median);
  std::printf("(%.3f GFLOP per block: %.2f ms with tk::gemm, %.2f ms with Eigen, medians)\n", block_gflop,
              1e3 * block_gflop / g.median, 1e3 * block_gflop / e.median);

  double lab_gflop = 0;
  for (int i = 0; i < int(std::size(kLabShapes)); ++i) lab_gflop += kLabWeights[i] * ops[lab_first + i].gflop();
  const auto run_lab = [&](void (*run)(Operands&)) {
    for (int i = 0; i < int(std::size(kLabShapes)); ++i) {
      for (int w = 0; w < kLabWeights[i]; ++w) run(ops[lab_first + i]);
    }
  };
  const auto [lg, le] = compare([&] { run_lab(run_gemm); }, [&] { run_lab(run_eigen); }, lab_gflop, trials);
  std::printf("%-38s %8.2f / %6.2f %8.2f / %6.2f %8.2f\n", "lab total: one lab block's products", lg.best, lg.median,
              le.best, le.median, lg.median / le.median);
  std::printf("(%.4f GFLOP per lab block and step: %.3f ms with tk::gemm, %.3f ms with Eigen, medians)\n", lab_gflop,
              1e3 * lab_gflop / lg.median, 1e3 * lab_gflop / le.median);
  return 0;
}
