// The question's numbers as editable fields, with "New numbers" / "The original numbers" (on an assigned exercise,
// "Your assigned numbers"), the variant shown, a line that says when the numbers are practice (not the assigned
// ones, with the way back), and one line beside the fields that says why the numbers cannot be used or make a poor
// question (the kernel's reasons). A message about one input goes under that input's own field.
import { createField } from '../../ui/field.js';
import { element, html } from '../../ui/html.js';
import { readInput } from '../../exercises/read-answer.js';
import { asText, inputLabel } from '../../exercises/values.js';

/**
 * @param {{n: number, kinds: {[name: string]: 'number'|'vector'|'matrix'}, values: object,
 *          onEdit(name, value, text): void, onSeed(seed: number|null): void}} options
 */
export function createInputBox({ n, kinds, values, onEdit, onSeed }) {
  const el = element(html`<div class="ex-inputs"><p class="ex-inputs-title">The numbers in the question</p><div class="ex-input-fields"></div>
    <p class="ex-input-problem" role="status"></p>
    <div class="ex-input-actions"><button type="button" class="ex-new">New numbers</button><button type="button" class="ex-original">The original numbers</button><span class="ex-seed"></span></div>
    <p class="ex-practice" role="status" hidden><strong>Practice numbers:</strong> an attempt on them does not count for the assignment.
      <button type="button" class="ex-back">Back to your assigned numbers</button></p>
    <p class="ex-input-note" role="status"></p></div>`);
  const problem = el.querySelector('.ex-input-problem');
  const note = el.querySelector('.ex-input-note');
  const fields = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const field = createField({ label: inputLabel(name), value: asText(values[name]), name: `ex${n}-${name}` });
    field.input.addEventListener('input', () => {
      const r = readInput(kind, field.input.value);
      if (!r.ok) return field.setMessage(r.message);
      field.setMessage('');
      onEdit(name, r.value, field.input.value);
    });
    fields[name] = field;
    el.querySelector('.ex-input-fields').append(field.el);
  }
  const seedNote = el.querySelector('.ex-seed');
  el.querySelector('.ex-new').addEventListener('click', () => onSeed(Math.floor(Math.random() * 2 ** 31)));
  el.querySelector('.ex-original').addEventListener('click', () => onSeed(null));
  el.querySelector('.ex-back').addEventListener('click', () => {
    onSeed(null);
    el.querySelector('.ex-original').focus(); // (the button pressed goes away with the practice line)
  });
  const practice = el.querySelector('.ex-practice');

  return {
    el,
    /** Shows these numbers in the fields (a new variant, or the original ones). */
    setValues(next, texts = {}) {
      for (const [name, f] of Object.entries(fields)) {
        f.input.value = texts[name] ?? asText(next[name]);
        f.setMessage('');
      }
    },
    setSeed: (seed) => (seedNote.textContent = seed === null ? '' : `variant ${seed}`),
    /** Whether the numbers shown are an assignment's (assigned: "The original numbers" are the assigned ones), and
     * whether they are practice, not the assigned ones (said on the spot, with the way back). */
    setAssignment({ assigned, practising }) {
      el.querySelector('.ex-original').textContent = assigned ? 'Your assigned numbers' : 'The original numbers';
      practice.hidden = !practising;
    },
    /** The kernel's error: under the field it names, else on the line beside the fields. */
    showError(error) {
      for (const f of Object.values(fields)) f.setMessage('');
      if (error.input && fields[error.input]) fields[error.input].setMessage(error.message);
      else problem.textContent = error.message;
    },
    /** Why the numbers make a poor question ('' clears it); field messages are cleared with it. */
    setProblem(text, { keepFieldMessages = false } = {}) {
      if (!keepFieldMessages) for (const f of Object.values(fields)) f.setMessage('');
      problem.textContent = text ? `These numbers make a poor question: ${text}.` : '';
    },
    /** A note about where the numbers came from (a seed in the address that cannot be used, say). */
    note: (text) => (note.textContent = text),
  };
}
