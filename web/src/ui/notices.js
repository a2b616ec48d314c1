// A progress file's notices (progress/validate.js readProgress's: one for each record set aside or repaired) as the
// progress panel and the teachers' file report show them. A file edited by hand can hold thousands (5,000 attempts
// on one exercise gave 4,800, some 830,000 characters: issue 52), so they are summarised by kind, each kind with its
// count and its first few; when any are left out, a button downloads the full list as a .txt.
import { download } from './download.js';
import { html } from './html.js';

/** How many notices of one kind are shown; the rest are counted (and in the download). */
const NOTICE_EXAMPLES = 3;

// A notice's kind: its text without what names one record: numbers (an exercise, an attempt, a time), quoted values
// and isolated names (text/bidi.js). Attempts set aside for the same reason are one kind.
/** @param {string} text */
const kindOf = (text) =>
  text
    .replace(/\u2068[^\u2069]*\u2069/g, '…')
    .replace(/“[^”]*”|"[^"]*"/g, '…')
    .replace(/\d+/g, '#');

/**
 * Notices by kind, in the order each kind first comes: [{count, examples (its first `examples`)}].
 * @param {string[]} notices  @param {number} [examples]
 * @returns {{count: number, examples: string[]}[]}
 */
function summariseNotices(notices, examples = NOTICE_EXAMPLES) {
  /** @type {Map<string, {count: number, examples: string[]}>} */
  const kinds = new Map();
  for (const text of notices) {
    const key = kindOf(text);
    let kind = kinds.get(key);
    if (!kind) kinds.set(key, (kind = { count: 0, examples: [] }));
    kind.count++;
    if (kind.examples.length < examples) kind.examples.push(text);
  }
  return [...kinds.values()];
}

/** @param {number} k */
const count = (k) => k.toLocaleString('en');

/**
 * The notices summarised, as a list (a kind of one notice is that notice; a larger kind its count and its first
 * few), and when any are left out a button (class notices-download) that the caller wires to downloadNotices.
 * @param {string[]} notices  @param {string | number} [data]  the button's data-file (the teachers' file it is for)
 */
export function noticesHtml(notices, data = '') {
  const kinds = summariseNotices(notices);
  const shown = kinds.reduce((sum, k) => sum + k.examples.length, 0);
  return html`<ul class="notices">${kinds.map((k) =>
    k.count === 1
      ? html`<li>${k.examples[0]}</li>`
      : html`<li>${count(k.count)} of one kind${k.count > k.examples.length ? `, the first ${k.examples.length}` : ''}:
          <ul>${k.examples.map((text) => html`<li>${text}</li>`)}</ul></li>`,
  )}</ul>${
    shown < notices.length &&
    html`<button type="button" class="notices-download" data-file="${data}">Download all ${count(notices.length)} notices (.txt)</button>`
  }`;
}

/** The full list, one notice a line, downloaded as `name` (.txt). @param {string[]} notices  @param {string} name */
export function downloadNotices(notices, name) {
  download(`${notices.join('\n')}\n`, name, 'text/plain');
}
