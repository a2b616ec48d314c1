#!/usr/bin/env bash
# clang-tidy over the kernels (wasm/src/*.cpp) with .clang-tidy's checks, as the native build compiles them
# (build/native/compile_commands.json; configured here on a fresh clone). Every warning fails (WarningsAsErrors).
# A file that passed is not checked again until it, a header of wasm/src, .clang-tidy or the build's flags change
# (build/clang-tidy/ keeps one stamp per file): a full run parses Eigen once per file and takes minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/native/compile_commands.json ]; then
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
mkdir -p build/clang-tidy
shared=$(cat .clang-tidy build/native/compile_commands.json wasm/src/*.hpp | sha256sum | cut -c1-16)
todo=()
for f in wasm/src/*.cpp; do
  stamp="build/clang-tidy/$(basename "$f").$(cat "$f" | sha256sum | cut -c1-16).$shared"
  [ -f "$stamp" ] || todo+=("$f")
done
[ ${#todo[@]} -eq 0 ] && exit 0
echo "clang-tidy: ${#todo[@]} files"
printf '%s\n' "${todo[@]}" | xargs -P "$(nproc)" -I{} sh -c '
  f={}; clang-tidy -p build/native --quiet "$f" 2>/dev/null || exit 1
  touch "build/clang-tidy/$(basename "$f").$(sha256sum < "$f" | cut -c1-16).'"$shared"'"'
