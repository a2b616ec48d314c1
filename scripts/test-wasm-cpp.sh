#!/usr/bin/env bash
# The C++ test suites compiled to WebAssembly and run by Node (ctest), so the kernels are checked as the
# browser runs them, with the tolerances the tests set for wasm (e.g. randn within 4 ulp).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs
if [ ! -f build/wasm-tests/CMakeCache.txt ]; then
  emcmake cmake -S . -B build/wasm-tests -DCMAKE_BUILD_TYPE=Release -DTK_WASM_TESTS=ON >/dev/null
fi
cmake --build build/wasm-tests --target tk_tests_wasm -j"$(nproc)"
ctest --test-dir build/wasm-tests --output-on-failure -j"$(nproc)"
