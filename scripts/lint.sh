#!/usr/bin/env bash
# npm run lint: every static check, each to the end even when one fails, one line per tool with its time:
#   eslint       the recommended rules and the house's architecture rules (eslint.config.js)
#   format       Prettier's check (JS, CSS, JSON, Markdown; .prettierrc.json) and clang-format's (C++; .clang-format)
#   tsc          the types at the seams: tsconfig.json (checkJs, strict false)
#   tsc-strict   noImplicitAny over the modules typed throughout (tsconfig.strict.json; docs/types.md)
#   knip         no unused file, export or dependency (knip.jsonc)
#   clang-tidy   the kernels (wasm/src/*.cpp; .clang-tidy), with the native build's compile_commands.json
# The last line says how many failed; scripts/test-summary.mjs reads the tool lines from build/lint.log.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=node_modules/.bin
failed=()

step() {
  local name=$1
  shift
  local start=$SECONDS
  if "$@"; then
    echo "lint: $name ok ($((SECONDS - start)) s)"
  else
    echo "lint: $name FAILED ($((SECONDS - start)) s)"
    failed+=("$name")
  fi
}

# clang-tidy beside the others: they take one core each in turn, it takes the cores it finds (two units on two),
# and the lint layer's time is the longer of the two lanes, not their sum (docs/measurements.md, "The lint's two
# lanes"). Its lines are printed after the others', whole.
tidy_out=$(mktemp)
(step clang-tidy bash scripts/clang-tidy.sh >"$tidy_out" 2>&1; printf %s "${failed[*]}" >"$tidy_out.failed") &
tidy=$!
step eslint "$bin/eslint" web/src scripts tests/web tests/e2e eslint.config.js
step format bash scripts/format.sh --check
step tsc "$bin/tsc" -p tsconfig.json
step tsc-strict "$bin/tsc" -p tsconfig.strict.json
step knip "$bin/knip" --no-progress
wait "$tidy"
cat "$tidy_out"
[ -s "$tidy_out.failed" ] && failed+=(clang-tidy)
rm -f "$tidy_out" "$tidy_out.failed"

echo "lint: ${#failed[@]} of 6 tools failed${failed:+: ${failed[*]}}"
[ ${#failed[@]} -eq 0 ]
