// The browser benchmark pages (not part of the site): build/bench-site, served under /bench/.
//   index.html    table B on the page's own worker pool
//   profile.html  one block's time by operation, in a worker (needs build/wasm-bench's tk_block_bench_web);
//                 ?train: one step of the training lab's run instead
//   train.html    the training lab's run in a worker, with the site's own module
//   gemm.html     the GEMM floor: tk::gemm on one block's shapes in 2 workers at once (needs tk_gemm_bench_web)
//   cold.html     a fresh worker's first runs (table A's, L = 20) one after another, then a second worker's first
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import content from '../../web/plugins/content.js';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/bench/',
  define: { __KERNELS_VERSION__: JSON.stringify(`bench-${Date.now()}`) },
  // the pool's worker (web/src/experiment/worker.js) grades too, and reads the exercises' props as the site's does
  worker: { format: 'es', plugins: () => [content({ contentDir: here('../../content') })] },
  build: {
    outDir: here('../../build/bench-site'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: { index: here('index.html'), profile: here('profile.html'), train: here('train.html'), cold: here('cold.html'), gemm: here('gemm.html') },
    },
  },
});
