// PyTorch 1.13's CPU random streams for float64, reproduced bit for bit: torch.manual_seed, torch.rand /
// uniform_, torch.randn / normal_, and nn.Linear's default initialisation.
//
// Serves the chapter's "same numbers as PyTorch" promise: the stack instrument and the exercises build
// their weights exactly as `torch.manual_seed(s); nn.Linear(...)` would (dtype float64), so a reader can
// check any number on the page against a Python session. The algorithm, its traps and the test vectors
// come from the design note docs/design/torch-rng.md (its vectors are in tests/reference/torch-rng/); the §
// numbers below refer to that note.
//
//   engine    MT19937 (std::mt19937's stream), seeded with the low 32 bits of the seed          (§1)
//   random64  two 32-bit outputs, the FIRST is the high word                                     (§2)
//   uniform   x = (random64 & (2^53 − 1)) · 2^-53,  out = x·(to − from) + from rounded ONCE (fma)   (§3, §7.1)
//   normal    n ≥ 16 and contiguous: block Box–Muller with a tail redraw; otherwise serial
//             Box–Muller that caches the sine half in the generator across calls                (§4)
//   randint   torch.randint(low, high): (one 32-bit output) % (high − low) + low when the range is below
//             2^32, else (random64) % range + low (ATen's uniform_int_from_to_distribution)
//
// Uniform-based values (rand, uniform_, nn.Linear) are bit-exact everywhere, WebAssembly included.
// Box–Muller values (randn, normal_, nn.Embedding) call log/sin/cos, so they are bit-exact only with
// glibc's libm; emscripten's differs in the last bit or two for a few percent of values (§8).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "tensor.hpp"

namespace tk {

// torch.manual_seed + the default CPU generator of PyTorch 1.13 (MT19937 + cached normal).
class TorchGenerator {
 public:
  static constexpr int kStateWords = 624;  // MT19937's n

  // = manual_seed(seed); negative Python seeds arrive as uint64 (two's complement, modulo 2^64).
  explicit TorchGenerator(std::uint64_t seed = 0);
  void manual_seed(std::uint64_t seed);                 // low 32 bits seed the engine; clears the cached normal
  std::uint64_t initial_seed() const { return seed_; }  // torch.initial_seed(): the full 64-bit value

  std::uint32_t random();         // one 32-bit engine output
  std::uint64_t random64();       // two outputs, the first is the high word
  void discard(std::uint64_t n);  // skip n 32-bit outputs: no tempering, whole blocks are only twisted

  // Tensor.uniform_(from, to) over n values in memory order (two engine outputs each), fused affine step.
  // Requires from <= to and to − from finite, as PyTorch does.
  void uniform(double* out, std::size_t n, double from, double to);
  // Tensor.normal_(mean, std) on a CONTIGUOUS tensor of n values: block path iff n >= 16, else serial.
  void normal(double* out, std::size_t n, double mean, double stddev);
  // The serial path on its own (non-contiguous tensors take it whatever their size, in memory order).
  void normal_serial(double* out, std::size_t n, double mean, double stddev);

  // Everything that decides the future stream: the engine words, the read position, the cached normal.
  struct State {
    std::array<std::uint32_t, kStateWords> words{};
    int index = kStateWords;  // next word to temper; kStateWords = twist before the next output
    bool has_cached_normal = false;
    double cached_normal = 0;  // the unit normal r·sin θ the serial path left behind
    std::uint64_t seed = 0;    // what initial_seed() reports
  };
  State state() const;             // save ...
  void set_state(const State& s);  // ... and rewind exactly

  bool has_cached_normal() const { return has_cached_normal_; }

 private:
  void twist();               // regenerate all 624 words
  std::uint32_t next_word();  // untempered word at index_, twisting first if needed
  double uniform01();         // one 53-bit uniform on [0, 1), x = k·2^-53
  // n uniforms x on [0, 1) in memory order, or b·(2x − 1) for bound b != 0: the hot loop of uniform.
  void fill_units(double* out, std::size_t n, double bound);

  std::array<std::uint32_t, kStateWords> mt_{};
  int index_ = kStateWords;
  bool has_cached_normal_ = false;
  double cached_normal_ = 0;
  std::uint64_t seed_ = 0;
};

// x·scale + offset rounded once: bit-equal to std::fma, but plain IEEE arithmetic (an exact product and
// round-to-odd), because std::fma is a slow software routine in WebAssembly. What uniform and normal use.
double fused_affine(double x, double scale, double offset);

// kaiming_uniform_(a = sqrt(5)) bound for nn.Linear's weight, computed in Python's order (§5.1); NOT
// bit-equal to 1/sqrt(fan_in) for most fan_in. fan_in >= 1.
double linear_weight_bound(int fan_in);
// nn.Linear's bias bound: 1/sqrt(fan_in), 0 if fan_in == 0.
double linear_bias_bound(int fan_in);

// nn.Linear(in, out).reset_parameters(): weight (out x in, row-major) then bias (out). Sizes taken from
// `weight` (rows = out, cols = in); bias is resized to out.
void linear_init(TorchGenerator& gen, Mat& weight, Vec& bias);
// nn.Linear(in, out, bias=False): the weight draws alone.
void linear_init(TorchGenerator& gen, Mat& weight);
// Number of 32-bit engine outputs nn.Linear(in, out) with bias consumes (so callers can discard past it).
std::uint64_t linear_draws(int in, int out);
std::uint64_t linear_draws(int in, int out, bool bias);

// torch.randn(rows, cols, dtype=float64), contiguous.
Mat randn(TorchGenerator& gen, Eigen::Index rows, Eigen::Index cols);
// torch.rand(rows, cols, dtype=float64).
Mat rand(TorchGenerator& gen, Eigen::Index rows, Eigen::Index cols);
// torch.randint(low, high, (n,), generator=gen), int64: n values in [low, high), in order. Requires low < high.
std::vector<std::int64_t> randint(TorchGenerator& gen, std::int64_t low, std::int64_t high, std::size_t n);

}  // namespace tk
