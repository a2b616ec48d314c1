// Bit-level helpers for comparing float64 results with PyTorch's: the FNV-1a-64 checksum the fixtures
// carry, hex renderings, and the distance in ulp. No GoogleTest here, so the one-off fixture programs
// under tests/reference can use them too.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace tk::test {

// FNV-1a 64 over the little-endian bytes of each float64, values in row-major order.
inline std::uint64_t fnv1a64(const double* values, std::size_t n) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t bits;
    std::memcpy(&bits, &values[i], sizeof bits);
    for (int byte = 0; byte < 8; ++byte) {
      hash ^= (bits >> (8 * byte)) & 0xffu;
      hash *= 0x100000001b3ull;
    }
  }
  return hash;
}
inline std::uint64_t fnv1a64(const std::vector<double>& values) { return fnv1a64(values.data(), values.size()); }

inline std::string hex64(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

inline std::string hexfloat(double v) {
  std::ostringstream out;
  out << std::hexfloat << v;
  return out.str();
}

// Distance in representable doubles: 0 for the same bits (+0 and −0 count as equal), max for NaN.
inline std::uint64_t ulp_distance(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<std::uint64_t>::max();
  auto ordered = [](double x) {
    std::int64_t i;
    std::memcpy(&i, &x, sizeof i);
    return i < 0 ? std::numeric_limits<std::int64_t>::min() - i : i;  // monotone in x
  };
  const std::int64_t ia = ordered(a), ib = ordered(b);
  return ia >= ib ? std::uint64_t(ia) - std::uint64_t(ib) : std::uint64_t(ib) - std::uint64_t(ia);
}

}  // namespace tk::test
