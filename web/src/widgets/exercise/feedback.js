// What the reader sees after a numeric part is graded. gradeView turns the kernel's grade into a plain
// description (no DOM, tested in Node): the verdict line, each entry marked, laid out as the answer's shape
// (a matrix as its rows), the accepted interval only once the part is right or the solution is revealed (a
// wrong answer must not give the answer away), and the mistake named. renderGrade draws it.
import { formatNumber } from '../../ui/format.js';
import { fragment, html, trusted } from '../../ui/html.js';
import { toKernel } from '../../exercises/values.js';

const interval = (lo, hi) => `[${formatNumber(lo, 6)}, ${formatNumber(hi, 6)}]`;

/**
 * @param grade    the kernel's grade ({correct, shapeOk, message, entryOk, lo, hi, misconception, moreDigits})
 * @param typed    the reader's answer as parsed (a number, a list, or a list of rows)
 * @param revealed whether the worked solution has been opened
 */
export function gradeView(grade, typed, { revealed = false } = {}) {
  const { rows, cols, values } = toKernel(typed);
  const showInterval = grade.correct || revealed;
  const accepted = grade.lo.map((lo, i) => interval(lo, grade.hi[i]));
  const view = {
    verdict: grade.correct ? 'right' : grade.moreDigits ? 'digits' : 'wrong',
    head: '',
    entries: [],
    rows: values.length > 1 && rows > 1 ? rows : 1,
    interval: null,
    misconception: !grade.correct && grade.misconception ? grade.misconception : '',
  };
  if (!grade.shapeOk) {
    view.head = `✗ ${grade.message}`;
  } else {
    const wrong = grade.entryOk.filter((ok) => !ok).length;
    if (grade.correct) view.head = '✓ Right.';
    else if (grade.moreDigits) view.head = '✗ Right idea, give more digits: your answer is the right value rounded, but the tolerance needs more digits.';
    else if (values.length > 1) view.head = `✗ ${wrong} of ${values.length} entries ${wrong === 1 ? 'is' : 'are'} off (marked ✗).`;
    else view.head = '✗ Not quite.';
    if (values.length > 1) {
      view.entries = values.map((v, i) => ({
        text: formatNumber(v, 6),
        ok: grade.entryOk[i],
        row: Math.floor(i / cols),
        col: i % cols,
        accepted: showInterval ? accepted[i] : null,
      }));
    }
  }
  if (showInterval) {
    const perRow = grade.lo.length / Math.max(1, view.rows);
    const byRow = Array.from({ length: view.rows }, (_, r) => accepted.slice(r * perRow, (r + 1) * perRow).join(' '));
    view.interval = `Accepted${accepted.length > 1 ? ', entry by entry' : ''}: ${byRow.join('; ')}`;
  }
  return view;
}

/** Draws a gradeView into the part's result box; mistakes maps a mistake id to its explanation (HTML). */
export function renderGrade(result, view, mistakes) {
  const cell = (e, i) =>
    html`<span class="${e.ok ? 'ok' : 'wrong'}" data-entry="${i}" data-row="${e.row}" data-col="${e.col}"${!e.ok && html` aria-invalid="true"`}${
      e.accepted && html` title="accepted: ${e.accepted}"`
    }>${e.text} ${e.ok ? '✓' : '✗'}</span>`;
  // one line of cells per row of a matrix; a vector's cells on one line
  const lines = [];
  view.entries.forEach((e, i) => {
    if (!lines.length || (view.rows > 1 && e.col === 0)) lines.push([]);
    lines.at(-1).push(cell(e, i));
  });
  const matrix = view.rows > 1;
  result.append(
    fragment(html`<p class="ex-verdict">${view.head}</p>
    ${
      view.entries.length > 0 &&
      html`<div class="ex-entries${matrix ? ' ex-entries-matrix' : ''}" role="group"
      aria-label="${matrix ? 'Your matrix, entry by entry' : 'Your answer, entry by entry'}">${lines.map((l) => html`<div class="ex-entries-row">${l}</div>`)}</div>`
    }
    ${view.interval && html`<p class="ex-interval">${view.interval}</p>`}
    ${
      view.misconception &&
      mistakes[view.misconception] &&
      html`<p class="ex-mistake" data-misconception="${view.misconception}"><strong>A known slip:</strong>
      ${trusted(mistakes[view.misconception])}</p>`
    }`),
  );
}
