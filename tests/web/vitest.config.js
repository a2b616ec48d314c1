// Vitest runs in Node against the real wasm module (web/src/wasm/, built by scripts/build-wasm.sh).
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import content from '../../web/plugins/content.js';
import LongFilesFirst from './sequencer.js';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  // the chapter's virtual: modules (the exercises' props and words, the cards'), served as Vite serves the page
  plugins: [content({ contentDir: fileURLToPath(new URL('../../content', import.meta.url)) })],
  test: {
    include: ['tests/web/**/*.test.js'],
    environment: 'node',
    setupFiles: ['scripts/lib/fetch-file-urls.mjs'],
    // No race with the clock (docs/testing.md): a test fails on what it waits for, each wait ten times its step's
    // quiet time or more (the widget tests' helpers: 60 s for a step of the page, 300 s for a figure's runs), so the
    // suite passes beside two busy processes; the test's own limit only catches a test that hangs.
    testTimeout: 900_000,
    hookTimeout: 900_000,
    // one file per core: Vitest's default in a run is one worker fewer than the cores, a single worker on 2 cores
    maxWorkers: availableParallelism(),
    // the files of minutes of runs first, on a fresh clone too (sequencer.js)
    sequence: { sequencer: LongFilesFirst },
  },
});
