// Vite plugin (build only): <link rel="preload"> in the chapter's head for files the page would otherwise find
// late, each from a list: {name, file: RegExp on the build's file names, as, type}. One entry, one file (the build
// must hold exactly one match, or the build stops: a renamed file must not lose its preload silently).
// The chapter's list (vite.config.js) is the kernels' wasm and the KaTeX faces of its HTML, for these reasons:
//   - the wasm: the page compiles the kernels once (src/kernels/compiled.js, started as main.js runs) and hands
//     the compiled module to every worker; preloaded, the file's bytes are on their way while the HTML is still
//     being parsed, and the compile streams from them instead of starting its download only after
//     DOMContentLoaded (issue 38; docs/measurements.md, "One compile of the kernels per page"). as="fetch" with
//     crossorigin matches the fetch() of compiled.js (mode cors, credentials same-origin), so the browser uses
//     the preloaded response.
//   - the fonts: the browser finds a face only once katex.css has been parsed and text set in it laid out; a line
//     of prose with inline math is laid out first in a fallback face, and when the real one arrives the math
//     narrows, the line breaks move and the text under the reader's eyes jumps (arriving at #eps-sigma at 375 px
//     it moved by a line in half of the loads under load: a layout shift of 0.166; docs/measurements.md, "The
//     KaTeX faces preloaded").
//     Preloaded, the faces arrive before the first layout (none in 20 loads). Only the faces the chapter's HTML is
//     set in (PAGE_FACES) are: the faces only the scripts' content uses (the exercises' words, which arrive after the
//     figures in view are done, and the figures' own math) are fetched as that content is put in, away from the
//     first layout, and a preload of them took bandwidth from the HTML, the figure's code and the wasm at the start.
//     tests/e2e/layout-shift.spec.js fails if the HTML's math uses a face not preloaded, or a preloaded face is not
//     used by it.

// The KaTeX faces of the chapter's HTML (read without JavaScript, at 1280 and 375 px: the same six). The chapter's
// scripts add math in two more, Main-Bold and Size3-Regular.
export const PAGE_FACES = ['AMS-Regular', 'Caligraphic-Regular', 'Main-Regular', 'Math-Italic', 'Size1-Regular', 'Size2-Regular'];

/** The preload of a KaTeX face (woff2, the format every browser the chapter supports reads). */
export const katexFace = (face) => ({ name: `KaTeX_${face}`, file: new RegExp(`(^|/)KaTeX_${face}-[\\w-]+\\.woff2$`), as: 'font', type: 'font/woff2' });
/** The preload of the kernels' wasm. */
export const kernelsWasm = { name: 'the kernels’ wasm', file: /(^|\/)kernels-[\w-]+\.wasm$/, as: 'fetch', type: 'application/wasm' };

export default function preload(entries, { page = 'index.html' } = {}) {
  let base = './';
  return {
    name: 'preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (!filename.endsWith(page) || !bundle) return html;
        const files = Object.keys(bundle);
        return entries.map(({ name, file, as, type }) => {
          const found = files.filter((f) => file.test(f));
          if (found.length !== 1) throw new Error(`preload: expected one file for ${name} in the build, found ${found.length}`);
          return {
            tag: 'link',
            attrs: { rel: 'preload', href: `${base}${found[0]}`, as, type, crossorigin: '' },
            injectTo: 'head', // after the charset and the policy (plugins/csp.js), which must come first
          };
        });
      },
    },
  };
}
