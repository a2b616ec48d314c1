#!/bin/sh
# ctest's emulator for the wasm test build: Node without its global fetch, which the node-only glue of
# emscripten 3.1.6 would otherwise use to load the .wasm by path and fail (toolchain.md T2).
exec /usr/bin/node --no-experimental-fetch "$@"
