#!/usr/bin/env bash
# npm run format: Prettier over the JavaScript, CSS, JSON and Markdown (.prettierrc.json; .prettierignore says what
# it leaves alone and why) and clang-format over the C++ (.clang-format). --check changes nothing and fails
# when a file is not formatted (npm run lint).
# .prettierrc.json turns embeddedLanguageFormatting off: Prettier would re-indent the markup inside html`…` templates
# and Markdown's code blocks, and whitespace there is what the page shows. Formatting the tree left the built site
# (dist/, hashes aside) and the wasm byte for byte the same.
set -euo pipefail
cd "$(dirname "$0")/.."
cpp=$(git ls-files 'wasm/*.cpp' 'wasm/*.hpp' 'tests/cpp/*.cpp' 'tests/cpp/*.hpp' 'bench/*.cpp')
if [ "${1:-}" = --check ]; then
  status=0
  node_modules/.bin/prettier --check . --log-level warn || status=1
  # shellcheck disable=SC2086
  clang-format --dry-run --Werror $cpp || status=1
  exit $status
fi
node_modules/.bin/prettier --write . --log-level warn
# shellcheck disable=SC2086
clang-format -i $cpp
