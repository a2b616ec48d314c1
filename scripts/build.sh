#!/usr/bin/env bash
# npm run build: the static site in dist/. BASE_PATH (e.g. /my-repo/) sets the sub-path it will be served
# from; without it the site uses relative URLs and works under any path.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/build-wasm.sh
node_modules/.bin/vite build --config web/vite.config.js --logLevel warn
echo "built dist/ (base ${BASE_PATH:-./})"
