// What the kernels may take of a browser tab's memory, and the one message that refuses more: given by an
// estimate before any work starts (the stack's validate), and by the bindings when an allocation fails anyway.
#pragma once

#include <cstdio>
#include <string>

namespace tk {

// The wasm module grows to 1 GiB at most; the rest is its own code, stack and the allocator's slack.
constexpr double kMaxKernelMemoryBytes = 768.0 * 1024 * 1024;

// "this configuration needs about 1.02e+03 MiB of memory, more than the 768 MiB a browser tab can give it:
// reduce L, B, T or d". bytes ≤ 0: the need is not known (an allocation failed), so no figure is given.
inline std::string too_much_memory(double bytes, const std::string& advice, const char* what = "this configuration") {
  char need[48] = "more memory than";
  if (bytes > 0) std::snprintf(need, sizeof need, "about %.3g MiB of memory, more than", bytes / (1024.0 * 1024.0));
  char limit[32];
  std::snprintf(limit, sizeof limit, "%.3g MiB", kMaxKernelMemoryBytes / (1024.0 * 1024.0));
  return std::string(what) + " needs " + need + " the " + limit + " a browser tab can give it: " + advice;
}

}  // namespace tk
