#!/usr/bin/env bash
# The kernels as the browser's ES6 module: web/src/wasm/kernels.{mjs,wasm} (a build output, not committed).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # emcc's own JS tools need Debian's acorn (docs/design/toolchain.md T1)
if [ ! -f build/wasm/CMakeCache.txt ]; then
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
# (only the module: the same directory may also hold the C++ tests as wasm, scripts/test-wasm-cpp.sh)
cmake --build build/wasm --target kernels -j"$(nproc)"
# the presets' names, labels and descriptions for the page, from the module just built
NODE_PATH= node scripts/emit-presets.mjs
