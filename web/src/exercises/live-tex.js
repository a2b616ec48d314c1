// Math whose numbers change with the inputs: each .tex-live span holds a TeX template (data-tex) that is
// filled with the kernels' values and typeset as MathML.
import { setHtml, trusted } from '../ui/html.js';
import { texToMathml } from '../ui/math.js';
import { fillTex } from '../ui/tex-template.js';

/** @param {ParentNode} root  @param {Record<string, import('../ui/tex-template.js').TexValue>} values */
export function renderLive(root, values) {
  for (const span of root.querySelectorAll('.tex-live')) {
    const typeset = texToMathml(fillTex(span.dataset.tex, values), { display: span.dataset.display === '1' });
    setHtml(span, trusted(typeset)); // (the math's rendering: markup the page made)
  }
}
