#!/usr/bin/env bash
# The C++ test suites whose code takes another path in WebAssembly (CMakeLists.txt, tk_wasm_suites: the SIMD GEMM,
# emscripten's libm and allocator, wasm's exceptions), compiled to wasm and run by Node, one process per core, so
# the kernels are checked as the browser runs them, with the tolerances the tests set for wasm.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs
# The site's build directory (scripts/build-wasm.sh builds its target, kernels, there): the kernels' library is
# compiled once for the tests and the site, with the same flags, instead of once in each of two directories.
if ! grep -qs '^TK_WASM_TESTS:BOOL=ON' build/wasm/CMakeCache.txt; then
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DTK_WASM_TESTS=ON >/dev/null
fi
cmake --build build/wasm --target tk_tests_wasm -j"$(nproc)"
# One Node process per core, each GoogleTest's shard of the suites (the glue hands the GTEST_ variables to getenv:
# tests/cpp/gtest-shards.pre.js); their outputs are printed one after the other, each under its "== shard k of n"
# (scripts/test-summary.mjs sums the shards' counts). --no-experimental-fetch: the node-only glue of emscripten
# 3.1.6 would fetch() the .wasm by path (docs/design/toolchain.md T2).
shards="$(nproc)"
pids=()
for ((k = 0; k < shards; k++)); do
  GTEST_TOTAL_SHARDS="$shards" GTEST_SHARD_INDEX="$k" \
    node --no-experimental-fetch build/wasm/tk_tests_wasm.js --gtest_brief=1 >"build/wasm/gtest-shard-$k.log" 2>&1 &
  pids+=("$!")
done
status=0
for ((k = 0; k < shards; k++)); do
  wait "${pids[$k]}" || status=1
  echo "== shard $((k + 1)) of $shards"
  cat "build/wasm/gtest-shard-$k.log"
done
exit "$status"
