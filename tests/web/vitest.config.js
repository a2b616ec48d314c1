// Vitest runs in Node against the real wasm module (web/src/wasm/, built by scripts/build-wasm.sh).
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/web/**/*.test.js'],
    environment: 'node',
    setupFiles: ['scripts/lib/fetch-file-urls.mjs'],
    testTimeout: 60_000,
    // one file per core: Vitest's default in a run is one worker fewer than the cores, a single worker on 2 cores
    maxWorkers: availableParallelism(),
  },
});
