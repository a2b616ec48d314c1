#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian 12 machine, and nothing it already has.
# System packages come from Debian's archive (apt, as root); JavaScript packages from the npm registry
# (npm ci, pinned by package-lock.json). Run by `npm start`, `npm test` and `.ci/run`; safe to re-run.
set -euo pipefail
cd "$(dirname "$0")/.."

# package -> a file that proves it is installed
declare -A need=(
  [emscripten]=/usr/bin/emcc
  [libeigen3-dev]=/usr/share/eigen3/cmake/Eigen3Config.cmake
  [chromium]=/usr/bin/chromium
  [cmake]=/usr/bin/cmake
  [g++]=/usr/bin/g++
  [libgtest-dev]=/usr/lib/x86_64-linux-gnu/cmake/GTest/GTestConfig.cmake
  [libbenchmark-dev]=/usr/lib/x86_64-linux-gnu/cmake/benchmark/benchmarkConfig.cmake
  [googletest]=/usr/src/googletest/CMakeLists.txt
  [nlohmann-json3-dev]=/usr/include/nlohmann/json.hpp
  [clang-tidy]=/usr/bin/clang-tidy
  [clang-format]=/usr/bin/clang-format
)
missing=()
for pkg in "${!need[@]}"; do
  [ -e "${need[$pkg]}" ] || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  cmd="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then
    echo "ensure-deps: installing ${missing[*]} from Debian's archive"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    echo "ensure-deps: installing ${missing[*]} with sudo"
    sudo sh -c "DEBIAN_FRONTEND=noninteractive $cmd"
  else
    echo "ensure-deps: missing Debian packages: ${missing[*]}" >&2
    echo "ensure-deps: install them as root, then run this again:" >&2
    echo "  sudo sh -c '$cmd'" >&2
    exit 1
  fi
fi

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  echo "ensure-deps: Node.js 20 or newer is required (found $(node --version 2>/dev/null || echo none))." >&2
  exit 1
fi

# npm ci only when node_modules does not match the lock file
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "ensure-deps: npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi
