// Grading one part and drawing its marks: a number, vector or matrix by the kernel (feedback.js draws it), a
// choice by the page (check.js, with the exercise's reason for each wrong choice it explains), an explanation
// by the reader against the model answer (self-check). No
// progress is written here except the reader's self-check verdict (logged with its time).
import { gradeChoice } from '../../exercises/check.js';
import { gradeView, renderGrade } from './feedback.js';
import { SELF_CHECK_LABELS } from '../../progress/validate.js';
import { toKernel } from '../../exercises/values.js';
import { withEvent } from '../../exercises/record.js';
import { element, html, trusted } from '../../ui/html.js';

const NUMERIC = new Set(['number', 'vector', 'matrix']);

/**
 * @param {{n, exercises, record, mistakes, kernelInputs(): object, revealed(): boolean, onSelfCheck(): void}} ctx
 */
export function createGrading(ctx) {
  /** The kernel's grade of a numeric part's answer ({value, ulp}, as read); null for other parts. */
  function assess(a, { value, ulp }) {
    return NUMERIC.has(a.part.kind) ? ctx.exercises.grade(ctx.n, ctx.kernelInputs(), a.part.id, toKernel(value, ulp)) : null;
  }

  /** Grades answer control a with what it read ({value, ulp}; g: its grade if assessed) and draws the marks. → right or not */
  function grade(a, { value, ulp }, g = assess(a, { value, ulp })) {
    const { part } = a;
    if (NUMERIC.has(part.kind)) {
      a.graded = { g, value };
      draw(a);
      return a.graded.g.correct;
    }
    if (part.kind === 'explain') return showModel(a);
    const { ok, wrongKeys, text } = gradeChoice(part, value);
    a.el.classList.add(ok ? 'ex-right' : 'ex-wrong');
    for (const box of a.boxes) box.setAttribute('aria-invalid', String(wrongKeys.includes(box.value)));
    a.result.textContent = text;
    // each wrong choice the exercise explains (its Mistakes, keyed by the option): why it is wrong
    for (const key of wrongKeys) {
      if (!ctx.mistakes[key]) continue;
      const option = part.options.find((o) => o.key === key);
      // (an option's words and a mistake's explanation are HTML the build rendered from content/)
      a.result.append(
        element(html`<p class="ex-mistake" data-misconception="${key}"><strong>Not this one:</strong>
        ${trusted(option.html)}. ${trusted(ctx.mistakes[key])}</p>`),
      );
    }
    return ok;
  }

  /** Draws (again) the marks of a graded numeric part: again when the solution is revealed. */
  function draw(a) {
    const { g, value } = a.graded;
    a.result.replaceChildren();
    a.el.classList.remove('ex-right', 'ex-wrong');
    a.el.classList.add(g.correct ? 'ex-right' : 'ex-wrong');
    if (g.correct) a.input.removeAttribute('aria-invalid');
    else a.input.setAttribute('aria-invalid', 'true');
    renderGrade(a.result, gradeView(g, value, { revealed: ctx.revealed() }), ctx.mistakes);
  }

  function showModel(a) {
    const id = a.part.id;
    const said = ctx.record.get().selfCheck[id];
    const box = element(html`<div class="ex-model"><p><strong>Model answer.</strong></p>${trusted(a.part.model)}<p>How did yours compare?</p>
      <div class="ex-selfcheck">${Object.entries(SELF_CHECK_LABELS).map(
        ([key, label]) => html`<button type="button" data-key="${key}" aria-pressed="${String(said === key)}">${label}</button>`,
      )}</div></div>`);
    const choices = box.querySelector('.ex-selfcheck');
    for (const b of choices.querySelectorAll('button')) {
      const key = b.dataset.key;
      b.addEventListener('click', () => {
        ctx.record.update((r) => {
          r.selfCheck[id] = key;
          if (key === 'yes') r.solved[id] = true;
          withEvent(r, { kind: 'self', part: id, mark: key }); // (the mark a teacher reads, with its time)
        });
        choices.querySelectorAll('button').forEach((x) => x.setAttribute('aria-pressed', String(x === b)));
        ctx.onSelfCheck();
      });
    }
    a.result.append(box);
    return ctx.record.get().selfCheck[id] === 'yes';
  }

  return { assess, grade, draw };
}

/** Whether an exercise's parts need the kernels. */
export const needsKernels = (parts) => parts.some((p) => NUMERIC.has(p.kind));
