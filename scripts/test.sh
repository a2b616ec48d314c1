#!/usr/bin/env bash
# npm test: install what is missing, then every layer of tests, in the order a failure is cheapest to read:
#   0. the static checks (npm run lint: ESLint, the format check, tsc, knip, clang-tidy; scripts/lint.sh)
#   1. the kernels natively (GoogleTest via ctest)
#   2. the GoogleTest suites whose code takes another path in wasm, compiled to wasm, one Node process per core
#      (each a GoogleTest shard; scripts/test-wasm-cpp.sh)
#   3. the browser's wasm module through its JS bindings, in Node (Vitest)
#   4. the production site, built for a sub-path, and its load budget (scripts/size.mjs)
#   5. that site in Debian's Chromium (Playwright)
# The last lines printed are the pass counts of every layer and the budget. A budget exceeded fails the
# run too, but only after the browser tests have run.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
rm -f build/phases.log build/lint.log build/ctest.log build/ctest-wasm.log build/vitest-results.json build/e2e-results.json build/size-results.json
# the summary ends with the run's whole time (issue 39: a fresh clone's npm test under 12 min on a 2-core machine)
export TEST_STARTED_AT="$(date +%s)"
trap 'node scripts/test-summary.mjs' EXIT
# each layer's start, for the summary's time per layer: "<epoch seconds> <layer>"
phase() {
  echo "== $1"
  echo "$(date +%s) $1" >>build/phases.log
}

phase "install what is missing: scripts/ensure-deps.sh"
bash scripts/ensure-deps.sh

phase "0/6 the static checks: eslint, format, tsc, knip, clang-tidy"
npm run --silent lint 2>&1 | tee build/lint.log

phase "1/6 native kernels: ctest"
bash scripts/test-cpp.sh 2>&1 | tee build/ctest.log

phase "2/6 the C++ suites as wasm in Node: gtest"
bash scripts/test-wasm-cpp.sh 2>&1 | tee build/ctest-wasm.log

phase "3/6 the wasm module's JS bindings in Node: vitest"
bash scripts/build-wasm.sh
node_modules/.bin/vitest run --config tests/web/vitest.config.js \
  --reporter=default --reporter=json --outputFile.json=build/vitest-results.json

phase "4/6 the production build and its load budget: scripts/size.mjs"
BASE_PATH=/residual-ln/ node_modules/.bin/vite build --config web/vite.config.js --logLevel warn
size_status=0
node scripts/size.mjs --no-build || size_status=$?

phase "5/6 the site in Chromium: playwright"
node_modules/.bin/playwright test --config tests/e2e/playwright.config.js
if [ "$size_status" != 0 ]; then
  echo "the load budget is exceeded (scripts/size.mjs, above)" >&2
  exit "$size_status"
fi
