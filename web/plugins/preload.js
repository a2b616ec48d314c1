// Vite plugin (build only): <link rel="preload"> in the chapter's head for files the page would otherwise find
// late, each from a list: {name, file: RegExp on the build's file names, as, type}. One entry, one file (the build
// must hold exactly one match, or the build stops: a renamed file must not lose its preload silently).
// The chapter's list (vite.config.js) is the kernels' wasm and the math font, for these reasons:
//   - the wasm: the page compiles the kernels once (src/kernels/compiled.js, started as main.js runs) and hands
//     the compiled module to every worker; preloaded, the file's bytes are on their way while the HTML is still
//     being parsed, and the compile streams from them instead of starting its download only after
//     DOMContentLoaded (issue 38; docs/measurements.md, "One compile of the kernels per page"). as="fetch" with
//     crossorigin matches the fetch() of compiled.js (mode cors, credentials same-origin), so the browser uses
//     the preloaded response.
//   - the font: the browser finds a face only once the stylesheet has been parsed and text set in it laid out; a
//     line of prose with inline math is laid out first in a fallback face, and when the real one arrives the math
//     changes width, the line breaks move and the text under the reader's eyes jumps (with KaTeX's faces, arriving
//     at #eps-sigma at 375 px it moved by a line in half of the loads under load: a layout shift of 0.166;
//     docs/measurements.md, "The KaTeX faces preloaded").
//     Preloaded, the face arrives before the first layout. The chapter's math is set in one face, the subset of
//     Latin Modern Math in src/fonts/ (src/math.css; the HTML's, the exercises' words' and the figures' math alike).
//     tests/e2e/layout-shift.spec.js fails if the HTML uses a face not preloaded, or a preloaded face is not used by it.

/** The preload of the math font (woff2, the format every browser the chapter supports reads). */
export const mathFont = { name: 'the math font', file: /(^|\/)chapter-math-[\w-]+\.woff2$/, as: 'font', type: 'font/woff2' };
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
