// Vite plugin (build only): <link rel="preload" as="fetch"> for the kernels' .wasm in the chapter's head. Why: the
// page compiles the kernels once (src/kernels/compiled.js, started as main.js runs) and hands the compiled module
// to every worker; preloaded, the file's bytes are on their way while the HTML is still being parsed, and the
// compile streams from them instead of starting its download only after DOMContentLoaded (issue 38: the wasm was
// first requested 1.18 s into a first visit). as="fetch" with crossorigin matches the fetch() of compiled.js
// (mode cors, credentials same-origin), so the browser uses the preloaded response.
export default function preloadWasm({ page = 'index.html' } = {}) {
  let base = './';
  return {
    name: 'preload-kernels-wasm',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (!filename.endsWith(page) || !bundle) return html;
        const wasm = Object.keys(bundle).filter((name) => /(^|\/)kernels-[\w-]+\.wasm$/.test(name));
        if (wasm.length !== 1) throw new Error(`preload-wasm: expected one kernels .wasm in the build, found ${wasm.length}`);
        return [{
          tag: 'link',
          attrs: { rel: 'preload', href: `${base}${wasm[0]}`, as: 'fetch', type: 'application/wasm', crossorigin: '' },
          injectTo: 'head',
        }];
      },
    },
  };
}
