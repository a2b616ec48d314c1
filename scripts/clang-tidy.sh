#!/usr/bin/env bash
# clang-tidy over the kernels (wasm/src/*.cpp) with .clang-tidy's checks, as the native build compiles them
# (build/native/compile_commands.json; configured here on a fresh clone). Every warning fails (WarningsAsErrors).
# A file that passed is not checked again until it, a header of wasm/src, .clang-tidy or the build's flags change
# (build/clang-tidy/ keeps one stamp per file).
# Each file alone parses Eigen, and clang-tidy matches its checks over all of it (what that costs: docs/measurements.md,
# "clang-tidy in translation units"). Past UNITY_FROM files, they are checked as one translation unit per core that
# includes them (build/clang-tidy/unity-N.cpp), so Eigen is parsed and matched once per core. The warnings are the
# same (the included files match HeaderFilterRegex; tests/web/clang-tidy.test.js shows a breach caught either way).
# A unit that does not compile as one (two files' file-local names clashing) is checked file by file instead.
set -euo pipefail
cd "$(dirname "$0")/.."
# (SOURCES, TIDY_DIR and UNITY_FROM are for tests/web/clang-tidy.test.js: its breach, in a directory of its own)
SOURCES=${SOURCES:-wasm/src}
TIDY_DIR=${TIDY_DIR:-build/clang-tidy}
UNITY_FROM=${UNITY_FROM:-6}
if [ ! -f build/native/compile_commands.json ]; then
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
mkdir -p "$TIDY_DIR"
shared=$(cat .clang-tidy build/native/compile_commands.json wasm/src/*.hpp | sha256sum | cut -c1-16)
stamp() { echo "$TIDY_DIR/$(basename "$1").$(sha256sum <"$1" | cut -c1-16).$shared"; }
todo=()
for f in "$SOURCES"/*.cpp; do
  [ -f "$(stamp "$f")" ] || todo+=("$f")
done
[ ${#todo[@]} -eq 0 ] && exit 0
cores=$(nproc)

# one file alone, with the native build's command for it
tidy_file() {
  clang-tidy -p build/native --config-file=.clang-tidy --quiet "$1" 2>/dev/null && touch "$(stamp "$1")"
}
export -f tidy_file stamp
export shared TIDY_DIR

if [ ${#todo[@]} -lt "$UNITY_FROM" ]; then
  echo "clang-tidy: ${#todo[@]} files"
  printf '%s\n' "${todo[@]}" | xargs -P "$cores" -I{} bash -c 'tidy_file "$1"' _ {}
  exit
fi

# the units: the files dealt out in turn, largest first, so each core gets about the same work
echo "clang-tidy: ${#todo[@]} files in $cores translation units"
mapfile -t sorted < <(ls -S "${todo[@]}")
command=$(node -e '
  const entries = require(require("node:path").resolve(process.argv[1]));
  process.stdout.write(entries.find((e) => e.file.includes("/wasm/src/")).command.replace(/ -o \S+ -c \S+$/, ""));' build/native/compile_commands.json)
units=() entries=()
for ((u = 0; u < cores; u++)); do
  unit="$(realpath "$TIDY_DIR")/unity-$u.cpp"
  : >"$unit"
  for ((i = u; i < ${#sorted[@]}; i += cores)); do echo "#include \"$(realpath "${sorted[$i]}")\"  // NOLINT(bugprone-suspicious-include)" >>"$unit"; done
  units+=("$unit")
  entries+=("{\"directory\": \"$PWD/build/native\", \"file\": \"$unit\", \"command\": \"$command -c $unit\"}")
done
(IFS=,; echo "[${entries[*]}]") >"$TIDY_DIR/compile_commands.json"

# a unit's files: stamped when it passes, checked one by one when it does not compile as one
tidy_unit() {
  local unit=$1 log status=0 files
  files=$(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$unit")
  log=$(mktemp)
  if clang-tidy -p "$TIDY_DIR" --config-file=.clang-tidy --quiet "$unit" >"$log" 2>/dev/null; then
    for f in $files; do touch "$(stamp "$f")"; done
  elif grep -q 'clang-diagnostic-error' "$log"; then
    echo "clang-tidy: $(basename "$unit") does not compile as one unit (below); its files are checked one by one"
    grep -m3 'error:' "$log" || true
    echo "$files" | xargs -I{} bash -c 'tidy_file "$1"' _ {} || status=1
  else
    cat "$log"
    status=1
  fi
  rm -f "$log"
  return "$status"
}
export -f tidy_unit
printf '%s\n' "${units[@]}" | xargs -P "$cores" -I{} bash -c 'tidy_unit "$1"' _ {}
