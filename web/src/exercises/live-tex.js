// Math whose numbers change with the inputs: each .tex-live span holds a TeX template (data-tex) that is
// filled with the kernels' values and typeset with KaTeX.
import katex from 'katex';
import { setHtml, trusted } from '../ui/html.js';
import { fillTex } from '../ui/tex-template.js';

/** @param {ParentNode} root  @param {Record<string, import('../ui/tex-template.js').TexValue>} values */
export function renderLive(root, values) {
  for (const span of root.querySelectorAll('.tex-live')) {
    const typeset = katex.renderToString(fillTex(span.dataset.tex, values), {
      displayMode: span.dataset.display === '1',
      throwOnError: false,
      output: 'htmlAndMathml',
    });
    setHtml(span, trusted(typeset)); // (KaTeX's rendering: markup the page made)
  }
}
