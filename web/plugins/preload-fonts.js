// Vite plugin (build only): <link rel="preload"> for the KaTeX faces the chapter's math is set in, on the chapter's
// page. Why: the browser finds the fonts only once katex.css has been parsed, and a line of prose with inline math
// is laid out first in a fallback face; when the real face arrives (0.3–0.6 s into a first visit) the math
// narrows, the line breaks move and the text under the reader's eyes jumps (arriving at #eps-sigma at 375 px
// it moved by a line in half of the loads under load: a layout shift of 0.166). Preloaded, the faces arrive
// before the first layout of the chapter (none in 20 loads). The faces are those a first visit fetches, reading
// the whole chapter; tests/e2e/layout-shift.spec.js fails if the math starts using another, or stops using one.
const KATEX_FACES = ['AMS-Regular', 'Caligraphic-Regular', 'Main-Bold', 'Main-Regular', 'Math-Italic',
  'Size1-Regular', 'Size2-Regular', 'Size3-Regular'];

export default function preloadFonts({ page = 'index.html' } = {}) {
  let base = './';
  return {
    name: 'preload-katex-fonts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (!filename.endsWith(page) || !bundle) return html;
        const files = Object.keys(bundle);
        return KATEX_FACES.map((face) => {
          const file = files.find((name) => new RegExp(`(^|/)KaTeX_${face}-[\\w-]+\\.woff2$`).test(name));
          if (!file) throw new Error(`preload-fonts: no KaTeX_${face} woff2 in the build`);
          return {
            tag: 'link',
            attrs: { rel: 'preload', href: `${base}${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head', // after the charset and the policy (plugins/csp.js), which must come first
          };
        });
      },
    },
  };
}
