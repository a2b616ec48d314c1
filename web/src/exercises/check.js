// Grading what the page grades itself (choice parts), and the one-line summary after Check: plain functions,
// no DOM, tested in Node.

/**
 * A choice or multi part: right when exactly the [correct] options are chosen; which boxes are wrong.
 * @param {{kind: string, options?: {key: string, correct?: boolean}[]}} part  @param {Iterable<string>} chosenKeys
 */
export function gradeChoice(part, chosenKeys) {
  const correct = part.options.filter((o) => o.correct).map((o) => o.key);
  const chosen = new Set(chosenKeys);
  const ok = correct.length === chosen.size && correct.every((k) => chosen.has(k));
  const wrongKeys = part.options.map((o) => o.key).filter((k) => chosen.has(k) && !correct.includes(k));
  const text = ok ? '✓ Right.' : part.kind === 'multi' ? '✗ Not quite: some choices are missing or wrong.' : '✗ Not this one.';
  return { ok, wrongKeys, text };
}

/**
 * The status line after Check: graded parts (explanations aside), how many right, parts left unanswered, and
 * explanations given but not yet marked "I had it" (left): never "Well done" while one of those is left.
 * @param {{graded: number, right: number, open: number, attempts: number, left?: number}} counts
 */
export function summaryText({ graded, right, open, attempts, left = 0 }) {
  const rest = open ? ` ${open} part${open === 1 ? '' : 's'} not answered yet.` : '';
  const mark = left
    ? ` ${left === 1 ? 'Your explanation is' : `${left} explanations are`} still to mark: compare with the model answer below, then mark it.`
    : '';
  if (graded === 0) return `Compare your explanation with the model answer below, then mark it.${rest}`;
  const all = graded === 1 ? 'Right.' : graded === 2 ? 'Both answers right.' : `All ${graded} answers right.`;
  if (right === graded) return `${all}${open || left ? mark + rest : ' Well done.'}`;
  const some = graded === 1 ? 'Not right yet' : `${right} of ${graded} answers right`;
  return `${some} (attempt ${attempts}).${mark}${rest}`;
}

/** An explanation is a sentence or more: fewer words do not open the model answer. */
export const MIN_EXPLAIN_WORDS = 3;

// (How the exercise's state reads beside its title: exercises/outcome.js STATE_LABELS.)

/**
 * Why a graded answer is not counted as an attempt, or '' when it is: a wrong shape (a vector of the wrong
 * length, one number for a vector) and the right value to fewer digits than the tolerance needs are said, as
 * unreadable text is, and cost nothing. text is what was typed (a decimal comma is asked about).
 * @param {{shapeOk: boolean, message?: string, moreDigits?: boolean, digitsNeeded?: number} | null | undefined} g  a grade (read-answer.js)
 * @param {string} [text]
 */
export function refusalOf(g, text = '') {
  if (!g) return '';
  if (!g.shapeOk) {
    const comma = /\d,\d/.test(text) ? ' If a comma is a decimal comma, write a point instead (1.5, not 1,5).' : '';
    return `${g.message[0].toUpperCase()}${g.message.slice(1)}.${comma}`;
  }
  if (g.moreDigits) {
    return `Right idea, but give at least ${g.digitsNeeded} significant digits: your answer is the right value rounded to fewer.`;
  }
  return '';
}
