#!/usr/bin/env bash
# npm start: install what is missing, build the kernels to wasm, serve the chapter with live reload.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/build-wasm.sh
echo
echo "Serving the chapter at http://127.0.0.1:5173/ (Ctrl-C stops; edits to web/ and content/ reload the page)"
exec node_modules/.bin/vite --config web/vite.config.js --strictPort
