// Vitest runs in Node against the real wasm module (web/src/wasm/, built by scripts/build-wasm.sh).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/web/**/*.test.js'],
    environment: 'node',
    setupFiles: ['scripts/lib/fetch-file-urls.mjs'],
    testTimeout: 60_000,
  },
});
