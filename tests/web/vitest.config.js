// Vitest runs in Node against the real wasm module (web/src/wasm/, built by scripts/build-wasm.sh).
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import content from '../../web/plugins/content.js';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  // the chapter's virtual: modules (the exercises' props and words, the cards'), served as Vite serves the page
  plugins: [content({ contentDir: fileURLToPath(new URL('../../content', import.meta.url)) })],
  test: {
    include: ['tests/web/**/*.test.js'],
    environment: 'node',
    setupFiles: ['scripts/lib/fetch-file-urls.mjs'],
    testTimeout: 60_000,
    // one file per core: Vitest's default in a run is one worker fewer than the cores, a single worker on 2 cores
    maxWorkers: availableParallelism(),
  },
});
