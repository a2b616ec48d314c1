// Grading what the page grades itself (choice parts), and the one-line summary after Check: plain functions,
// no DOM, tested in Node.

/** A choice or multi part: right when exactly the [correct] options are chosen; which boxes are wrong. */
export function gradeChoice(part, chosenKeys) {
  const correct = part.options.filter((o) => o.correct).map((o) => o.key);
  const chosen = new Set(chosenKeys);
  const ok = correct.length === chosen.size && correct.every((k) => chosen.has(k));
  const wrongKeys = part.options.map((o) => o.key).filter((k) => chosen.has(k) && !correct.includes(k));
  const text = ok ? '✓ Right.' : part.kind === 'multi' ? '✗ Not quite: some choices are missing or wrong.' : '✗ Not this one.';
  return { ok, wrongKeys, text };
}

/** The status line after Check: graded parts (explanations aside), how many right, parts left unanswered. */
export function summaryText({ graded, right, open, attempts }) {
  const rest = open ? ` ${open} part${open === 1 ? '' : 's'} not answered yet.` : '';
  if (graded === 0) return `Compare your explanation with the model answer below.${rest}`;
  if (right === graded) return `${graded === 1 ? 'Right.' : `All ${graded} answers right.`}${open ? rest : ' Well done.'}`;
  return `${right} of ${graded} answer${graded === 1 ? '' : 's'} right (attempt ${attempts}).${rest}`;
}

/** How the exercise's state reads beside its title. */
export const STATE_LABELS = { solved: '✓ Solved', attempted: 'Attempted', untouched: 'Not started' };
