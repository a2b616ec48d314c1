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

step eslint "$bin/eslint" web/src scripts tests/web tests/e2e eslint.config.js
step format bash scripts/format.sh --check
step tsc "$bin/tsc" -p tsconfig.json
step tsc-strict "$bin/tsc" -p tsconfig.strict.json
step knip "$bin/knip" --no-progress
step clang-tidy bash scripts/clang-tidy.sh

echo "lint: ${#failed[@]} of 6 tools failed${failed:+: ${failed[*]}}"
[ ${#failed[@]} -eq 0 ]
