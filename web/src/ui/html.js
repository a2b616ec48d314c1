// Markup from values, safely: html`<td title="${message}">` escapes every interpolated value (a kernel's
// error text, a caption, a number) so it can only ever be text. Markup the page made itself (KaTeX's
// rendering, HTML the build rendered from content/, another html`…`) passes through when wrapped in
// trusted(). setHtml() takes nothing else, so a plain string can never reach innerHTML by mistake.
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML: safe inside an element and inside a quoted attribute. */
export const escapeHtml = (value) => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);

class Markup {
  constructor(text) {
    this.text = text;
  }

  toString() {
    return this.text;
  }
}

/** Markup that is known to be safe (the page's own rendering); everything else gets escaped. */
export const trusted = (text) => new Markup(String(text));

// null, undefined and false draw nothing (so `${flag && html`…`}` works); arrays are joined
const piece = (value) =>
  value instanceof Markup ? value.text : Array.isArray(value) ? value.map(piece).join('') : value == null || value === false ? '' : escapeHtml(value);

/** Tagged template: html`<p>${text}</p>` → Markup, every value escaped unless it is Markup itself. */
export function html(strings, ...values) {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += piece(values[i]) + strings[i + 1];
  return new Markup(out);
}

/** el.innerHTML = markup, for Markup only. */
export function setHtml(el, markup) {
  if (!(markup instanceof Markup)) throw new TypeError('setHtml takes html`…` or trusted(…), never a plain string');
  el.innerHTML = markup.text;
}

/** Replaces el with the elements of markup (one cell of a table, redrawn). */
export function replaceWithHtml(el, markup) {
  if (!(markup instanceof Markup)) throw new TypeError('replaceWithHtml takes html`…` or trusted(…), never a plain string');
  el.outerHTML = markup.text;
}
