#!/usr/bin/env bash
# The C++ test suites compiled to WebAssembly and run by Node in one process, so the kernels are checked
# as the browser runs them (the SIMD GEMM, emscripten's libm), with the tolerances the tests set for wasm.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs
# The site's build directory (scripts/build-wasm.sh builds its target, kernels, there): the kernels' library is
# compiled once for the tests and the site, with the same flags, instead of once in each of two directories.
if ! grep -qs '^TK_WASM_TESTS:BOOL=ON' build/wasm/CMakeCache.txt; then
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DTK_WASM_TESTS=ON >/dev/null
fi
cmake --build build/wasm --target tk_tests_wasm -j"$(nproc)"
# --no-experimental-fetch: the node-only glue of emscripten 3.1.6 would fetch() the .wasm by path (T2)
node --no-experimental-fetch build/wasm/tk_tests_wasm.js --gtest_brief=1
