// The chapter's math, TeX to MathML Core with Temml: one rendering, which the browser lays out itself in the
// chapter's math font (math.css), with the TeX kept as the formula's <annotation> for screen readers and copying.
// The build (plugins/markdown.js) and the page's scripts (live numbers, the figures' formulas) render through
// this one function, so the prose and the scripts' math look the same (docs/design/math.md, issue 54).
import temml from 'temml';

// Spacing the browser would get wrong, set as TeX sets it (Temml leaves each <mo> to the browser's operator
// dictionary, which knows nothing of TeX's styles and atom classes): (1) in a sub- or superscript, a limit or an
// accent, an operator or relation takes no space around it ("i=1" under a sum, not "i = 1"); (2) a delimiter
// sized with \big…\Big, which the dictionary reads as an infix operator, takes none either ("\Big(" hugs what
// it opens); (3) a big operator followed by an opening delimiter takes none before it ("∑(x", TeX's Op–Open);
// (4) a sign after an operator, a relation, a comma or an opening delimiter is a sign, not a binary operator
// ("[0.3, −0.2]", not "[0.3, − 0.2]"); (5) \left…\right around one line of symbols keeps its delimiters at
// their text size, as TeX does: a stretchy delimiter is as wide as the font's widest size of it in Chromium
// (MathML Core), which left a fifth of an em of air inside every vector's brackets. And \bar's accent is the
// macron (U+00AF) the math font has, not the overline (U+203E) Temml writes, which it lacks.
// Temml's tree API (__renderToMathMLTree) is the one it renders its string from; temml is pinned (package.json).
const SCRIPTED = new Set(['msub', 'msup', 'msubsup', 'munder', 'mover', 'munderover']);
const DELIMITERS = new Set([...'()[]{}|‖⌊⌋⌈⌉⟨⟩']);
const OPENING = new Set([...'([{⌊⌈⟨']);
const BIG_OPERATORS = new Set([...'∑∏∐∫']);
const CLOSING = new Set([...')]}|‖⌋⌉⟩']);
const SIGNS = new Set([...'−+±∓']);
const TALL = new Set(['mfrac', 'mtable', 'msqrt', 'mroot', 'munder', 'mover', 'munderover']);
/** A node of Temml's tree: an element (type, attributes, children) or a text (text).
 * @typedef {{ type?: string, text?: string, attributes: Record<string, string>, children?: MathNode[],
 *   setAttribute(name: string, value: string): void }} MathNode */

/** @param {MathNode} mo */
const tight = (mo) => {
  if (!('lspace' in mo.attributes)) mo.setAttribute('lspace', '0em');
  if (!('rspace' in mo.attributes)) mo.setAttribute('rspace', '0em');
};
/** @type {(node: MathNode) => string} */
const text = (node) => (node.children ?? []).map((c) => c.text ?? text(c)).join('');
/** the node's first element, down through its first children (an embellished operator's core, a row's first) */
/** @type {(node: MathNode) => MathNode} */
const first = (node) => (node.children?.[0]?.children ? first(node.children[0]) : node);
/** @type {(node: MathNode) => boolean} */
const tall = (node) => TALL.has(node.type ?? '') || (node.children ?? []).some(tall);
/** @type {(node: MathNode | undefined, form: string) => boolean} */
const stretchyFence = (node, form) => node?.type === 'mo' && node.attributes.form === form && node.attributes.stretchy === 'true';
/** the element before children[i], over spaces
 * @type {(children: MathNode[], i: number) => MathNode | undefined} */
const before = (children, i) =>
  children
    .slice(0, i)
    .reverse()
    .find((c) => c.children && c.type !== 'mspace' && !(c.type === 'mtext' && !text(c).trim()));

/** @param {MathNode} node */
function space(node, inScript = false) {
  if (!node.children) return; // text
  if (node.type === 'mo' && text(node) === '\u203e' && node.attributes.stretchy === 'false') node.children[0].text = '\u00af';
  if (node.type === 'mo' && (inScript || (DELIMITERS.has(text(node)) && 'minsize' in node.attributes))) tight(node);
  const [open, close] = [node.children[0], node.children.at(-1)];
  if (stretchyFence(open, 'prefix') && stretchyFence(close, 'postfix') && !node.children.slice(1, -1).some(tall)) {
    open.setAttribute('stretchy', 'false');
    close.setAttribute('stretchy', 'false');
  }
  node.children.forEach((child, i) => {
    space(child, inScript || (SCRIPTED.has(node.type ?? '') && i > 0));
    if (child.type === 'mo' && SIGNS.has(text(child)) && i > 0) {
      const previous = before(node.children, i);
      if (previous?.type === 'mo' && !CLOSING.has(text(previous))) tight(child);
    }
    const core = first(child);
    const next = node.children[i + 1];
    if (core.type === 'mo' && BIG_OPERATORS.has(text(core)) && next?.children && first(next).type === 'mo' && OPENING.has(text(first(next)))) {
      core.setAttribute('rspace', '0em');
    }
  });
}

/** TeX as MathML markup; a display formula comes in a .math-display box, which scrolls sideways when it is wider
 * than the column (ui/scroll-regions.js). throwOnError: the build stops on bad TeX; the page shows it in red.
 * @param {string} source  @param {{display?: boolean, throwOnError?: boolean}} [options] @returns {string} */
export function texToMathml(source, { display = false, throwOnError = false } = {}) {
  const tree = temml.__renderToMathMLTree(source, { displayMode: display, annotate: true, throwOnError });
  space(tree);
  const mathml = tree.toMarkup();
  return display ? `<span class="math-display">${mathml}</span>` : mathml;
}
