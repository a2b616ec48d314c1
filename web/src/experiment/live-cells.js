// Numbers in the prose that a table of the page computes ([[table-id: row col]] in content/, rendered by
// web/plugins/markdown.js as a.live-cell): the table fills each one in with the text of its own cell as that
// cell computes, so a sentence carries the very number the table shows, never one typed into the prose.
//
// A sentence that compares such numbers is a live claim: content/ wraps it in
// <span class="live-claim" data-source="table-id" data-claim="…">, the comparison written as
// "row col OP row col" (or a number on either side), several joined by " & ". The table checks it with its own
// cells: data-holds says "true", "false", "pending" (a cell still computing) or "unknown" (the table as it is set
// leaves a cell out), and a claim the reader's settings make false gets a note beside it that says so, with
// the numbers. OP: above, below, near (within a tenth: |a/b − 1| ≤ 0.1), farther (further from 1: |ln a| > |ln b|).
import { element, html, setData, setText } from '../ui/html.js';

/** @type {Record<string, {holds: (a: number, b: number) => boolean, words: string}>} */
const OPS = {
  above: { holds: (a, b) => a > b, words: 'above' },
  below: { holds: (a, b) => a < b, words: 'below' },
  near: { holds: (a, b) => Math.abs(a / b - 1) <= 0.1, words: 'within a tenth of' },
  farther: { holds: (a, b) => Math.abs(Math.log(a)) > Math.abs(Math.log(b)), words: 'further from 1 than' },
};

const SIDE = String.raw`(\S+ \S+|-?\d+(?:\.\d+)?)`;
const COMPARISON = new RegExp(`^${SIDE} (${Object.keys(OPS).join('|')}) ${SIDE}$`);

/**
 * @typedef {{number: number, row?: undefined, col?: undefined} | {row: string, col: string, number?: undefined}} Side
 * @typedef {{left: Side, op: string, right: Side}} Comparison
 * @typedef {(row: string, col: string) => {text: string, value: unknown, reason?: string} | null | undefined} CellOf  (a value not a number leaves
 *   the claims it is in unknown)
 */

/** "a above b & c near 1" → [{left, op, right}], a side being {row, col} or {number}; throws on anything else.
 * @param {string} text  @returns {Comparison[]} */
export function parseClaim(text) {
  return text.split(' & ').map((part) => {
    const m = COMPARISON.exec(part.trim());
    if (!m) throw new Error(`a live claim cannot read “${part}”`);
    /** @type {(s: string) => Side} */
    const side = (s) => (/^-?\d/.test(s) ? { number: Number(s) } : { row: s.split(' ')[0], col: s.split(' ')[1] });
    return { left: side(m[1]), op: m[2], right: side(m[3]) };
  });
}

/**
 * Checks claims against cells: cellOf(row, col) as fillLiveCells takes it. → {state: 'true' | 'false' | 'pending'
 * | 'unknown', failed: [{left, right, words}] (the comparisons that do not hold, their sides as the table shows them)}
 * @param {Comparison[]} comparisons  @param {CellOf} cellOf
 */
function checkClaim(comparisons, cellOf) {
  let state = 'true';
  /** @type {{left: string, right: string, words: string}[]} */
  const failed = [];
  for (const { left, op, right } of comparisons) {
    const sides = [left, right].map((s) => (s.number !== undefined ? { text: String(s.number), value: s.number } : cellOf(s.row, s.col)));
    if (sides.some((c) => c === undefined || (c && typeof c.value !== 'number'))) return { state: 'unknown', failed: [] };
    if (sides.some((c) => c === null)) {
      state = 'pending';
      continue;
    }
    // (every side is a number here: checked above)
    const [a, b] = /** @type {{text: string, value: number}[]} */ (sides);
    if (!OPS[op].holds(a.value, b.value)) failed.push({ left: a.text, right: b.text, words: OPS[op].words });
  }
  if (state === 'pending') return { state, failed: [] };
  return { state: failed.length ? 'false' : 'true', failed };
}

/** @param {string} sourceId  @param {CellOf} cellOf */
function fillLiveClaims(sourceId, cellOf) {
  for (const span of document.querySelectorAll(`.live-claim[data-source="${CSS.escape(sourceId)}"]`)) {
    const { state, failed } = checkClaim(parseClaim(span.dataset.claim), cellOf);
    setData(span, 'holds', state);
    let note = span.nextElementSibling?.classList.contains('live-claim-note') ? span.nextElementSibling : null;
    if (state !== 'false') {
      note?.remove();
      continue;
    }
    if (!note) {
      note = element(html`<span class="live-claim-note" role="note"></span>`);
      span.after(note);
    }
    const text = ` (Not so at the table's settings now: ${failed.map((f) => `${f.left} is not ${f.words} ${f.right}`).join('; ')}.)`;
    setText(note, text);
  }
}

/**
 * sourceId: the table's element id. cellOf(row, col) → {text, value} once computed; null while it computes;
 * undefined when the table's controls leave that cell out.
 * @param {string} sourceId  @param {CellOf} cellOf
 */
export function fillLiveCells(sourceId, cellOf) {
  for (const a of document.querySelectorAll(`a.live-cell[data-source="${CSS.escape(sourceId)}"]`)) {
    const cell = cellOf(a.dataset.row, a.dataset.col);
    const text = cell === undefined ? '(not in the table as it is set now)' : cell === null ? '(computing in the table)' : cell.text;
    setText(a, text);
    setData(a, 'value', cell ? String(cell.value) : undefined);
    const title = cell?.reason ?? (cell ? 'computed in the table: follow the link to see it' : '');
    if (a.title !== title) a.title = title;
  }
  fillLiveClaims(sourceId, cellOf);
}
