// Vite: the site's root is web/, the chapter's prose comes from content/, the output goes to dist/.
// BASE_PATH sets the sub-path the site is served from (GitHub Pages serves a project at /<repository>/);
// the default './' works under any sub-path. Four pages: the chapter, exercises.html (the exercises' words, read without JavaScript), teachers.html (assignments and grading), and 404.html, which GitHub Pages
// serves for any missing address (its URLs are absolute under BASE_PATH, so it works at any depth).
// A production build also gets dist/sw.js, the service worker that keeps the build for offline reading,
// a Content-Security-Policy on each page (plugins/csp.js), and the chapter preloads the kernels' wasm and the math
// fonts of its HTML (plugins/preload.js).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import content from './plugins/content.js';
import csp from './plugins/csp.js';
import preload, { kernelsWasm, mathFont } from './plugins/preload.js';
import serviceWorker from './plugins/service-worker.js';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

// Cached run results are keyed by the kernels' build, so a new kernel never serves an old result.
const wasm = here('src/wasm/kernels.wasm');
const kernelsVersion = existsSync(wasm) ? createHash('sha256').update(readFileSync(wasm)).digest('hex').slice(0, 16) : 'missing';

export default defineConfig({
  define: { __KERNELS_VERSION__: JSON.stringify(kernelsVersion) },
  root: here('.'),
  base: process.env.BASE_PATH ?? './',
  plugins: [content({ contentDir: here('../content') }), preload([kernelsWasm, mathFont]), csp(), serviceWorker({ source: here('src/sw.js') })],
  // a worker that grades for the teachers' page reads the exercises' props (virtual:exercise-props) as the pages do
  worker: { format: 'es', plugins: () => [content({ contentDir: here('../content') })] },
  build: {
    outDir: here('../dist'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    rollupOptions: { input: { index: here('index.html'), exercises: here('exercises.html'), teachers: here('teachers.html'), 404: here('404.html') } },
    // no <link rel="modulepreload"> in the pages (the two pages share a chunk, which Vite would preload from the
    // HTML): a reader without JavaScript would fetch a script that the page's policy then refuses. The scripts
    // still preload what their dynamic imports need.
    modulePreload: { resolveDependencies: (file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
  },
  server: { host: '127.0.0.1', port: 5173, fs: { allow: [here('..')] } },
});
