// The browser benchmark page (not part of the site): build/bench-site, served under /bench/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/bench/',
  define: { __KERNELS_VERSION__: JSON.stringify(`bench-${Date.now()}`) },
  worker: { format: 'es' },
  build: { outDir: here('../../build/bench-site'), emptyOutDir: true, target: 'es2022' },
});
