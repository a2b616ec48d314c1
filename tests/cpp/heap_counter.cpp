// The counting allocator of heap_counter.hpp: malloc and its family, replaced for the whole test
// executable, forward to the C library's own allocator and keep a running count of usable bytes.
// glibc documents this replacement ("Replacing malloc"); emscripten's dlmalloc defines malloc as a weak
// symbol and keeps the original reachable as emscripten_builtin_malloc for exactly this use.
#include "heap_counter.hpp"

#include <malloc.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>

// The C library's own allocator, under the names it keeps for code that replaces malloc
#if defined(__EMSCRIPTEN__)
#define REAL(name) emscripten_builtin_##name
#elif defined(__GLIBC__)
#define REAL(name) __libc_##name
#else
#error "heap_counter.cpp needs glibc or emscripten"
#endif
extern "C" void* REAL(malloc)(std::size_t);
extern "C" void REAL(free)(void*);
extern "C" void* REAL(memalign)(std::size_t, std::size_t);

namespace {

std::atomic<std::size_t> g_in_use{0};
std::atomic<std::size_t> g_peak{0};

void* counted(void* p) {
  if (!p) return p;
  const std::size_t now = g_in_use += malloc_usable_size(p);
  std::size_t peak = g_peak.load();
  while (now > peak && !g_peak.compare_exchange_weak(peak, now)) {}
  return p;
}

void release(void* p) {
  if (!p) return;
  g_in_use -= malloc_usable_size(p);
  REAL(free)(p);
}

}  // namespace

namespace tk::test {

std::size_t HeapCounter::in_use() { return g_in_use.load(); }
std::size_t HeapCounter::peak() { return g_peak.load(); }
void HeapCounter::reset_peak() { g_peak = g_in_use.load(); }

}  // namespace tk::test

extern "C" {

void* malloc(std::size_t n) { return counted(REAL(malloc)(n)); }

void free(void* p) { release(p); }

void* calloc(std::size_t count, std::size_t size) {
  if (size != 0 && count > std::size_t(-1) / size) return nullptr;
  void* p = malloc(count * size);
  if (p) std::memset(p, 0, count * size);
  return p;
}

// A fresh block and a copy: simple, and every byte stays counted.
void* realloc(void* old, std::size_t n) {
  if (!old) return malloc(n);
  if (n == 0) {
    free(old);
    return nullptr;
  }
  void* p = malloc(n);
  if (!p) return nullptr;
  const std::size_t keep = malloc_usable_size(old);
  std::memcpy(p, old, keep < n ? keep : n);
  free(old);
  return p;
}

void* memalign(std::size_t alignment, std::size_t n) { return counted(REAL(memalign)(alignment, n)); }

void* aligned_alloc(std::size_t alignment, std::size_t n) { return memalign(alignment, n); }

int posix_memalign(void** out, std::size_t alignment, std::size_t n) {
  void* p = memalign(alignment, n);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}

}  // extern "C"
