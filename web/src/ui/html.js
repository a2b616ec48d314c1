// The page's one way to build markup (html.js is the only file that parses it): html`…` templates, placed with
// setHtml() or made into elements with element() / fragment().
// Markup from values, safely: html`<td title="${message}">` escapes every interpolated value (a kernel's
// error text, a caption, a number) so it can only ever be text. Markup the page made itself (the math's
// MathML, HTML the build rendered from content/, another html`…`) passes through when wrapped in
// trusted(). setHtml() takes nothing else, so a plain string can never reach innerHTML by mistake.
/** @type {Record<string, string>} */
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML: safe inside an element and inside a quoted attribute. @param {unknown} value */
export const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);

class Markup {
  /** @param {string} text */
  constructor(text) {
    this.text = text;
  }

  toString() {
    return this.text;
  }
}

/** Markup that is known to be safe (the page's own rendering); everything else gets escaped. @param {unknown} text */
export const trusted = (text) => new Markup(String(text));

// null, undefined and false draw nothing (so `${flag && html`…`}` works); arrays are joined
/** @type {(value: unknown) => string} */
const piece = (value) =>
  value instanceof Markup ? value.text : Array.isArray(value) ? value.map(piece).join('') : value == null || value === false ? '' : escapeHtml(value);

/** Tagged template: html`<p>${text}</p>` → Markup, every value escaped unless it is Markup itself.
 * @param {TemplateStringsArray | readonly string[]} strings  @param {unknown[]} values  @returns {Markup} */
export function html(strings, ...values) {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += piece(values[i]) + strings[i + 1];
  return new Markup(out);
}

/** el.innerHTML = markup, for Markup only. @param {Element} el  @param {Markup} markup */
export function setHtml(el, markup) {
  if (!(markup instanceof Markup)) throw new TypeError('setHtml takes html`…` or trusted(…), never a plain string');
  el.innerHTML = markup.text;
}

/** Replaces el with the elements of markup (one cell of a table, redrawn). @param {Element} el  @param {Markup} markup */
export function replaceWithHtml(el, markup) {
  if (!(markup instanceof Markup)) throw new TypeError('replaceWithHtml takes html`…` or trusted(…), never a plain string');
  el.outerHTML = markup.text;
}

/**
 * el's text, written only when it differs: writing the same text again still replaces the text node, which lays out
 * and paints the page again (a figure that redraws at every worker's message would do so several times a second).
 * @param {Element} el  @param {string} text
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * el.dataset[key] = value (undefined: removed), written only when it changes, as setText: the same value written
 * again still invalidates the style of what a [data-…] selector matches.
 * @param {HTMLElement} el  @param {string} key  @param {string | undefined} value
 */
export function setData(el, key, value) {
  if (value === undefined) {
    if (key in el.dataset) delete el.dataset[key];
  } else if (el.dataset[key] !== value) el.dataset[key] = value;
}

/**
 * A boolean attribute (disabled, hidden) on or off, written only when it changes, as setText.
 * @param {Element} el  @param {string} name  @param {boolean} on
 */
export function setFlag(el, name, on) {
  if (el.hasAttribute(name) !== on) el.toggleAttribute(name, on);
}

/**
 * The one element markup describes, made: element(html`<p class="note">${text}</p>`) → a <p>, not yet in the page.
 * @param {Markup} markup
 * @returns {any} that element: its kind is the markup's (the caller reads a select's value, a details' open)
 */
export function element(markup) {
  const made = fragment(markup);
  const stray = [...made.childNodes].some((node) => node.nodeType !== 1 && node.textContent.trim());
  if (made.childElementCount !== 1 || stray) throw new Error('element() takes the markup of exactly one element');
  return made.firstElementChild;
}

/** The nodes markup describes, made (a DocumentFragment to append). @param {Markup} markup */
export function fragment(markup) {
  const template = document.createElement('template');
  setHtml(template, markup);
  // a template's content belongs to an inert document of its own: taken into the page's, a link made here can be
  // followed (a download's click) before it is ever appended
  return document.importNode(template.content, true);
}

/** Markup pieces with a separator between them: joinHtml(entries.map((v) => html`<span>${v}</span>`), ', ').
 * @param {unknown[]} items  @param {unknown} [separator] */
export const joinHtml = (items, separator = '') => html`${items.flatMap((item, k) => (k ? [separator, item] : [item]))}`;
