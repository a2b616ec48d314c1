// A counting allocator for the memory tests: every malloc, calloc, realloc and free of the test
// executable goes through it (the kernels' Eigen buffers, std::vector, operator new), so a test can read
// the bytes in use and their peak over a call. Natively it wraps glibc's allocator, in wasm emscripten's
// dlmalloc (both export __libc_malloc & co.); sizes are the allocator's usable sizes, what a block really
// takes. Defined in heap_counter.cpp, which replaces malloc for the whole test executable.
#pragma once

#include <cstddef>

namespace tk::test {

struct HeapCounter {
  static std::size_t in_use();  // bytes allocated and not yet freed
  static std::size_t peak();    // the most in use since the last reset_peak()
  static void reset_peak();     // peak = in_use()
};

// The peak of bytes in use while f runs, above what was in use before it.
template <class F>
std::size_t peak_bytes_of(F&& f) {
  HeapCounter::reset_peak();
  const std::size_t before = HeapCounter::in_use();
  f();
  return HeapCounter::peak() - before;
}

}  // namespace tk::test
