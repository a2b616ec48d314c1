// PyTorch 1.13 CPU random streams for float64 (see torch_rng.hpp for the algorithm and its sources).
//
// The build uses -ffp-contract=off, so every multiply-add below rounds twice unless it is written as a
// fused one: FusedAffine (= std::fma, one rounding) is used exactly where PyTorch's AVX2/AVX512 kernels fuse
// (the "primary personality", docs/design/torch-rng.md §7.1), and nowhere else.
#include "torch_rng.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace tk {

namespace {

// MT19937 constants (§1).
constexpr int kN = TorchGenerator::kStateWords;
constexpr int kM = 397;
constexpr std::uint32_t kMatrixA = 0x9908b0dfu;
constexpr std::uint32_t kUpperBit = 0x80000000u;
constexpr std::uint32_t kLowerBits = 0x7fffffffu;

// PyTorch's c10::pi<double>; 2π is formed first (exact, a power-of-two scaling), then times the uniform.
constexpr double kPi = 3.14159265358979323846;
static_assert(kPi == 0x1.921fb54442d18p+1, "pi must round to PyTorch's double");
constexpr double kTwoPi = 2.0 * kPi;

// One recurrence step: the new word i from words i, i+1 and i+m.
inline std::uint32_t twist_word(std::uint32_t current, std::uint32_t next, std::uint32_t far) {
  const std::uint32_t y = (current & kUpperBit) | (next & kLowerBits);
  return far ^ (y >> 1) ^ ((0u - (y & 1u)) & kMatrixA);
}

inline std::uint32_t temper(std::uint32_t y) {
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

#ifdef __wasm_simd128__
// The same two steps on four words at once (i32x4): the generator's hot loops in WebAssembly, where the
// compiler does not vectorise them by itself.
inline v128_t twist_words(v128_t current, v128_t next, v128_t far) {
  const v128_t y = wasm_v128_or(wasm_v128_and(current, wasm_u32x4_splat(kUpperBit)),
                                wasm_v128_and(next, wasm_u32x4_splat(kLowerBits)));
  const v128_t odd = wasm_i32x4_neg(wasm_v128_and(y, wasm_u32x4_splat(1)));  // all ones where y is odd
  return wasm_v128_xor(wasm_v128_xor(far, wasm_u32x4_shr(y, 1)), wasm_v128_and(odd, wasm_u32x4_splat(kMatrixA)));
}

inline v128_t temper_words(v128_t y) {
  y = wasm_v128_xor(y, wasm_u32x4_shr(y, 11));
  y = wasm_v128_xor(y, wasm_v128_and(wasm_i32x4_shl(y, 7), wasm_u32x4_splat(0x9d2c5680u)));
  y = wasm_v128_xor(y, wasm_v128_and(wasm_i32x4_shl(y, 15), wasm_u32x4_splat(0xefc60000u)));
  return wasm_v128_xor(y, wasm_u32x4_shr(y, 18));
}
#endif

// A float64 uniform's 53 bits from its two tempered words: the first word is the high one (§2), and
// only its low 21 bits survive the 53-bit mask (§3). The result k·2^-53 is exact. (k < 2^53 converts
// exactly either way; the signed conversion is one instruction on x86-64.)
inline double unit_from_words(std::uint32_t first, std::uint32_t second) {
  const std::uint64_t k = (std::uint64_t(first & 0x1fffffu) << 32) | second;
  return double(std::int64_t(k)) * 0x1p-53;
}

// x·scale + offset rounded once, bit-equal to std::fma(x, scale, offset), without std::fma on the hot path.
// Why: WebAssembly has no fma instruction and emscripten's exact software fma costs about 30 ns a call,
// most of the time of a uniform; nn.Linear inits draw millions of them. Instead (all steps plain IEEE):
//   x·scale = p + e exactly      Dekker's product, Veltkamp's splitting (scale split once per call)
//   offset + p = th + tl exactly TwoSum
//   result = RN(th + RO(tl + e)) RO = round to odd
// which is the correctly rounded x·scale + offset (Boldo & Melquiond, "Emulation of FMA and correctly
// rounded sums: proved algorithms using rounding to odd", IEEE Trans. Computers 57(4), 2008). The proof
// needs no overflow and no underflow in the steps, so operands outside [2^-400, 2^400] (zero aside) go to
// std::fma; uniforms on [0, 1) and Box–Muller values with ordinary mean/std never do.
class FusedAffine {
 public:
  FusedAffine(double scale, double offset) : scale_(scale), offset_(offset) {
    emulate_ = in_safe_range(scale) && std::fabs(offset) <= kBig;
    split(scale, scale_hi_, scale_lo_);
  }

  double operator()(double x) const {
    if (!emulate_ || !in_safe_range(x)) return std::fma(x, scale_, offset_);
    return emulated(x);
  }
  // Every d[i] ← d[i]·scale + offset, for uniforms k·2^-53 on [0, 1): always 0 or >= 2^-53, so only the
  // constructor's range check applies. A pass of its own over the array, with no branch in the loop, so the
  // compiler can run it two values at a time (wasm SIMD): it is most of the cost of a uniform.
  void apply_to_units(double* d, std::size_t n) const {
    if (!emulate_) {
      for (std::size_t i = 0; i < n; ++i) d[i] = std::fma(d[i], scale_, offset_);
      return;
    }
    for (std::size_t i = 0; i < n; ++i) d[i] = emulated(d[i]);
  }

 private:
  static constexpr double kBig = 0x1p+400;
  static constexpr double kSmall = 0x1p-400;

  double emulated(double x) const {
    const double p = x * scale_;
    // An exactly zero product (x or scale is 0): p + offset is already the one rounding, signed zeros included.
    if (p == 0) return p + offset_;
    double x_hi, x_lo;
    split(x, x_hi, x_lo);
    const double e = (((x_hi * scale_hi_ - p) + x_hi * scale_lo_) + x_lo * scale_hi_) + x_lo * scale_lo_;
    double th, tl;
    two_sum(offset_, p, th, tl);
    return th + sum_rounded_to_odd(tl, e);
  }
  static bool in_safe_range(double v) {
    const double a = std::fabs(v);
    return v == 0 || (a >= kSmall && a <= kBig);  // false for NaN and infinities
  }
  // v = hi + lo exactly, each half with at most 26 significant bits, so their products are exact.
  static void split(double v, double& hi, double& lo) {
    const double c = 134217729.0 * v;  // 2^27 + 1
    hi = c - (c - v);
    lo = v - hi;
  }
  static void two_sum(double a, double b, double& s, double& err) {
    s = a + b;
    const double bb = s - a;
    err = (a - (s - bb)) + (b - bb);
  }
  // a + b rounded to odd: the nearest double if exact, otherwise whichever bracketing neighbour is odd.
  // Branch-free: whether the sum is inexact and its last bit even is a coin toss per value.
  static double sum_rounded_to_odd(double a, double b) {
    double s, err;
    two_sum(a, b, s, err);
    std::uint64_t bits;
    std::memcpy(&bits, &s, sizeof bits);
    // If inexact and even, the odd neighbour lies one step towards the exact sum s + err (s != 0 then):
    // one step up in magnitude when err has the sign of s, else one step down.
    const std::uint64_t step = std::uint64_t(err != 0) & ~bits & 1u;
    const std::uint64_t away = std::uint64_t((err > 0) == (s > 0));
    bits += step * (2 * away - 1);  // +1, or -1 modulo 2^64
    std::memcpy(&s, &bits, sizeof s);
    return s;
  }

  double scale_, offset_;
  double scale_hi_ = 0, scale_lo_ = 0;
  bool emulate_ = false;
};

// Box–Muller's radius from a uniform u on [0, 1): 1 − u is exact and lies in (0, 1], so log never sees 0.
inline double box_muller_radius(double u) { return std::sqrt(-2.0 * std::log(1.0 - u)); }

// One 16-value Box–Muller block in place (§4.1): the first half holds radii uniforms, the second half
// angle uniforms; cosines go to the first half, sines to the second. `affine` is z·std + mean.
void box_muller_block(double* d, const FusedAffine& affine) {
  for (int j = 0; j < 8; ++j) {
    const double radius = box_muller_radius(d[j]);
    const double theta = kTwoPi * d[j + 8];
    d[j] = affine(radius * std::cos(theta));
    d[j + 8] = affine(radius * std::sin(theta));
  }
}

void check_normal_args(double mean, double stddev) {
  require(std::isfinite(mean), "normal: mean must be a finite number");
  require(std::isfinite(stddev) && stddev >= 0,
          [&] { return "normal expects std >= 0.0 (and finite), but found std " + std::to_string(stddev); });
}

}  // namespace

TorchGenerator::TorchGenerator(std::uint64_t seed) { manual_seed(seed); }

void TorchGenerator::manual_seed(std::uint64_t seed) {
  seed_ = seed;
  // Only the low 32 bits reach the engine, so seeds s and s + 2^32 give the same stream (§1).
  mt_[0] = std::uint32_t(seed);
  for (int i = 1; i < kN; ++i) {
    mt_[i] = 1812433253u * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + std::uint32_t(i);
  }
  index_ = kN;  // the first draw twists
  has_cached_normal_ = false;
  cached_normal_ = 0;
}

void TorchGenerator::twist() {
  std::uint32_t* mt = mt_.data();
  int i = 0;
#ifdef __wasm_simd128__
  // Four words at a time. Each reads words i+1… before they are rewritten (they are the old words, as in the
  // serial loop) and words i+m… (first loop: old) or i+m−n… (second loop: rewritten 227 words earlier, so
  // already new): the serial loop's values exactly.
  for (; i + 4 <= kN - kM; i += 4) {
    wasm_v128_store(mt + i,
                    twist_words(wasm_v128_load(mt + i), wasm_v128_load(mt + i + 1), wasm_v128_load(mt + i + kM)));
  }
  for (; i < kN - kM; ++i) mt[i] = twist_word(mt[i], mt[i + 1], mt[i + kM]);
  for (; i + 4 <= kN - 1; i += 4) {
    wasm_v128_store(mt + i,
                    twist_words(wasm_v128_load(mt + i), wasm_v128_load(mt + i + 1), wasm_v128_load(mt + i + kM - kN)));
  }
#endif
  for (; i < kN - kM; ++i) mt[i] = twist_word(mt[i], mt[i + 1], mt[i + kM]);
  for (; i < kN - 1; ++i) mt[i] = twist_word(mt[i], mt[i + 1], mt[i + kM - kN]);
  mt[kN - 1] = twist_word(mt[kN - 1], mt[0], mt[kM - 1]);
  index_ = 0;
}

std::uint32_t TorchGenerator::next_word() {
  if (index_ >= kN) twist();
  return mt_[index_++];
}

std::uint32_t TorchGenerator::random() { return temper(next_word()); }

std::uint64_t TorchGenerator::random64() {
  const std::uint64_t hi = random();
  const std::uint64_t lo = random();
  return (hi << 32) | lo;
}

void TorchGenerator::discard(std::uint64_t n) {
  // Skipping within the current block is just moving the index; each block boundary crossed costs one
  // twist and no tempering, which is all a skipped output needs.
  while (n > 0) {
    if (index_ >= kN) twist();
    const std::uint64_t step = std::min<std::uint64_t>(n, std::uint64_t(kN - index_));
    index_ += int(step);
    n -= step;
  }
}

double TorchGenerator::uniform01() {
  const std::uint32_t first = temper(next_word());
  const std::uint32_t second = temper(next_word());
  return unit_from_words(first, second);
}

void TorchGenerator::fill_units(double* out, std::size_t n, double bound) {
  // the symmetric step b·(2x − 1) (see uniform), or x itself when bound is 0
  const auto finish = [bound](double x) { return bound == 0 ? x : bound * (2.0 * x - 1.0); };
  std::size_t i = 0;
  while (i < n) {
    if (index_ >= kN - 1) {
      // The pair straddles a twist (or the block is used up): take this one value the slow way.
      out[i++] = finish(uniform01());
      continue;
    }
    // Every pair left in this block, without a bounds check or a twist test per value.
    const std::size_t pairs = std::min(n - i, std::size_t(kN - index_) / 2);
    const std::uint32_t* words = mt_.data() + index_;
    double* dst = out + i;
    std::size_t k = 0;
#ifdef __wasm_simd128__
    // Two uniforms from four words: temper, then k = high·2^32 + low from the high word's 21 bits and the low
    // word, exactly, by the exponent trick of u64 → f64 conversions: the bits 0x453·2^52 | high, as a double,
    // are 2^84 + high·2^32; 0x433·2^52 | low are 2^52 + low; their sum less 2^84 + 2^52 is k, every step exact
    // (k < 2^53). Times 2^-53: unit_from_words's value. Then the symmetric step, 2x and − 1 exact, one rounding
    // in × b. (Four integer operations where the two u32 → f64 conversions took about a dozen in V8.)
    const v128_t unit = wasm_f64x2_splat(0x1p-53);
    const v128_t b = wasm_f64x2_splat(bound), one = wasm_f64x2_splat(1.0);
    const v128_t high_mask = wasm_u32x4_make(0x1fffffu, 0, 0x1fffffu, 0);
    const v128_t high_exponent = wasm_u32x4_make(0, 0x45300000u, 0, 0x45300000u);  // 2^84
    const v128_t low_exponent = wasm_u32x4_make(0, 0x43300000u, 0, 0x43300000u);   // 2^52
    const v128_t offset = wasm_f64x2_splat(0x1p84 + 0x1p52);
    for (; k + 2 <= pairs; k += 2) {
      const v128_t w = temper_words(wasm_v128_load(words + 2 * k));                  // first0 second0 first1 second1
      const v128_t high = wasm_v128_or(wasm_v128_and(w, high_mask), high_exponent);  // 2^84 + high·2^32
      const v128_t low = wasm_v128_or(wasm_u64x2_shr(w, 32), low_exponent);          // 2^52 + low
      const v128_t k2 = wasm_f64x2_add(wasm_f64x2_sub(high, offset), low);
      v128_t x = wasm_f64x2_mul(k2, unit);
      if (bound != 0) x = wasm_f64x2_mul(b, wasm_f64x2_sub(wasm_f64x2_add(x, x), one));
      wasm_v128_store(dst + k, x);
    }
#endif
    for (; k < pairs; ++k) dst[k] = finish(unit_from_words(temper(words[2 * k]), temper(words[2 * k + 1])));
    index_ += int(2 * pairs);
    i += pairs;
  }
}

void TorchGenerator::uniform(double* out, std::size_t n, double from, double to) {
  require(from <= to, [&] {
    return "uniform_ expects to return a [from, to) range, but found from=" + std::to_string(from) +
           " > to=" + std::to_string(to);
  });
  const double range = to - from;
  require(std::isfinite(range), "uniform_ expects to - from to be a finite number");
  if (from == -to && to > 0) {
    // Symmetric, as every nn.Linear init: x·2b − b rounded once is b·(2x − 1) rounded once, because 2x − 1 =
    // (k − 2^52)·2^-52 is exact for x = k·2^-53 and range = 2b exactly. So the fused step is one multiplication,
    // bit for bit, done as the uniforms are made. (b = 0 is left to the general step, where the sign of a zero
    // result differs.)
    fill_units(out, n, to);
    return;
  }
  fill_units(out, n, 0.0);
  if (from == 0 && range == 1)
    return;  // x·1 + 0 is exactly x (torch.rand, and the first step of the normal block path)
  const FusedAffine affine(range, from);  // x·(to − from) + from, fused as PyTorch's AVX2 kernel (§7.1)
  affine.apply_to_units(out, n);
}

void TorchGenerator::normal(double* out, std::size_t n, double mean, double stddev) {
  check_normal_args(mean, stddev);
  if (n < 16) {
    normal_serial(out, n, mean, stddev);
    return;
  }
  // Block path: never touches the cached normal. The affine step is fused like uniform's (§7.1).
  const FusedAffine affine(stddev, mean);
  uniform(out, n, 0.0, 1.0);
  for (std::size_t offset = 0; offset + 16 <= n; offset += 16) box_muller_block(out + offset, affine);
  if (n % 16 != 0) {
    // The tail: 16 fresh uniforms over the last 16 slots, overwriting part of the last full block's output.
    double* tail = out + n - 16;
    uniform(tail, 16, 0.0, 1.0);
    box_muller_block(tail, affine);
  }
}

void TorchGenerator::normal_serial(double* out, std::size_t n, double mean, double stddev) {
  check_normal_args(mean, stddev);
  // Fused like the block path: vector normal2_s42_n7 tells the two personalities apart here.
  const FusedAffine affine(stddev, mean);
  for (std::size_t i = 0; i < n; ++i) {
    if (has_cached_normal_) {
      // The cache holds a unit normal; this call's mean and std apply (§4.3).
      out[i] = affine(cached_normal_);
      has_cached_normal_ = false;
      continue;
    }
    // Roles swapped versus the block path: the first uniform is the angle, the second the radius (§4.2).
    const double u1 = uniform01();
    const double u2 = uniform01();
    const double radius = box_muller_radius(u2);
    const double theta = kTwoPi * u1;
    cached_normal_ = radius * std::sin(theta);
    has_cached_normal_ = true;
    out[i] = affine(radius * std::cos(theta));
  }
}

TorchGenerator::State TorchGenerator::state() const {
  State s;
  s.words = mt_;
  s.index = index_;
  s.has_cached_normal = has_cached_normal_;
  s.cached_normal = cached_normal_;
  s.seed = seed_;
  return s;
}

void TorchGenerator::set_state(const State& s) {
  require(s.index >= 0 && s.index <= kN, "TorchGenerator::set_state: index must lie in [0, 624]");
  mt_ = s.words;
  index_ = s.index;
  has_cached_normal_ = s.has_cached_normal;
  cached_normal_ = s.cached_normal;
  seed_ = s.seed;
}

double fused_affine(double x, double scale, double offset) { return FusedAffine(scale, offset)(x); }

double linear_weight_bound(int fan_in) {
  require(fan_in >= 1, "linear_weight_bound: fan_in must be >= 1");
  // Python's kaiming_uniform_(a=math.sqrt(5)), operation by operation; a*a = 5.000000000000001 (§5.1).
  const double a = std::sqrt(5.0);
  const double gain = std::sqrt(2.0 / (1.0 + a * a));
  const double stddev = gain / std::sqrt(double(fan_in));
  return std::sqrt(3.0) * stddev;
}

double linear_bias_bound(int fan_in) {
  require(fan_in >= 0, "linear_bias_bound: fan_in must be >= 0");
  return fan_in > 0 ? 1.0 / std::sqrt(double(fan_in)) : 0.0;
}

void linear_init(TorchGenerator& gen, Mat& weight) {
  // kaiming_uniform_ skips zero-element tensors without drawing (§5.1 edge cases).
  if (weight.size() == 0) return;
  require(weight.cols() <= INT32_MAX, "linear_init: in_features too large");
  const double bound = linear_weight_bound(int(weight.cols()));
  gen.uniform(weight.data(), std::size_t(weight.size()), -bound, bound);  // row-major = PyTorch's memory order
}

void linear_init(TorchGenerator& gen, Mat& weight, Vec& bias) {
  linear_init(gen, weight);
  require(weight.cols() <= INT32_MAX, "linear_init: in_features too large");
  bias.resize(weight.rows());
  // Drawn even when in == 0 (bound 0: all zeros, still `out` draws).
  const double bound = linear_bias_bound(int(weight.cols()));
  gen.uniform(bias.data(), std::size_t(bias.size()), -bound, bound);
}

std::uint64_t linear_draws(int in, int out, bool bias) {
  require(in >= 0 && out >= 0, "linear_draws: sizes must be >= 0");
  const std::uint64_t weight_values = in > 0 ? std::uint64_t(in) * std::uint64_t(out) : 0;
  const std::uint64_t bias_values = bias ? std::uint64_t(out) : 0;
  return 2 * (weight_values + bias_values);  // two 32-bit outputs per float64 uniform
}

std::uint64_t linear_draws(int in, int out) { return linear_draws(in, out, true); }

Mat randn(TorchGenerator& gen, Eigen::Index rows, Eigen::Index cols) {
  require(rows >= 0 && cols >= 0, "randn: sizes must be >= 0");
  Mat m(rows, cols);
  gen.normal(m.data(), std::size_t(m.size()), 0.0, 1.0);
  return m;
}

std::vector<std::int64_t> randint(TorchGenerator& gen, std::int64_t low, std::int64_t high, std::size_t n) {
  require(low < high, "randint: low must be below high");
  // the range as ATen computes it: high − low in uint64 (exact for any int64 pair with low < high)
  const std::uint64_t range = std::uint64_t(high) - std::uint64_t(low);
  std::vector<std::int64_t> out(n);
  for (std::int64_t& v : out) {
    const std::uint64_t r = range >= (std::uint64_t(1) << 32) ? gen.random64() : gen.random();
    v = std::int64_t(r % range + std::uint64_t(low));  // two's complement wrap, as ATen's int64 cast
  }
  return out;
}

Mat rand(TorchGenerator& gen, Eigen::Index rows, Eigen::Index cols) {
  require(rows >= 0 && cols >= 0, "rand: sizes must be >= 0");
  Mat m(rows, cols);
  gen.uniform(m.data(), std::size_t(m.size()), 0.0, 1.0);
  return m;
}

}  // namespace tk
