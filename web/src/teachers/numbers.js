// A student's numbers on the teachers' page: from the class code and their name (exercises/assignment.js), computed
// by the kernels, with a link to the chapter showing them.
import { MAX_NAME_CHARS, assignedSeed, readName } from '../progress/assignee.js';
import { seedAddress } from '../exercises/seed.js';
import { asText, inputLabel, questionNumbers } from '../exercises/values.js';
import { createField } from '../ui/field.js';
import { element, html, setHtml } from '../ui/html.js';

const chapterUrl = new URL('./', location.href);

/** → {update()} (update: the assignment changed) */
export function createNumbers(box, allProps, exercises, assignment) {
  const name = createField({ label: 'Student’s name or number', value: '', maxLength: MAX_NAME_CHARS, name: 'student' });
  const out = element(html`<div class="teachers-numbers" aria-live="polite"></div>`);
  box.replaceChildren(name.el, out);
  function update() {
    const a = assignment.get();
    const who = readName(name.input.value);
    name.setMessage(who.ok || !name.input.value.trim() ? '' : `${who.message}.`);
    if (!a || !who.ok)
      return setHtml(out, html`<p class="teachers-muted">${!a ? 'Fill in the assignment above first.' : 'Type a name to see their numbers.'}</p>`);
    const varying = a.exercises.filter((n) => Object.keys(allProps[n].inputs).length);
    const link = new URL(chapterUrl);
    const rows = varying.map((n) => {
      const seed = assignedSeed(a.code, who.value, n);
      link.searchParams.set(seedAddress(n).name, String(seed));
      const { inputs } = questionNumbers(allProps[n], exercises.variant(n, seed));
      const shown = Object.entries(inputs)
        .map(([k, v]) => `${inputLabel(k)} = ${asText(v)}`)
        .join('; ');
      return html`<tr><th scope="row">${n}</th><td data-seed="${seed}">${seed}</td><td class="teachers-inputs">${shown}</td></tr>`;
    });
    const fixed = a.exercises.filter((n) => !varying.includes(n));
    setHtml(
      out,
      html`
      ${
        rows.length
          ? html`<table class="teachers-table"><caption>Numbers of <bdi>${who.value}</bdi>, class <bdi>${a.code}</bdi> (computed by the kernels)</caption>
        <thead><tr><th scope="col">Exercise</th><th scope="col">Variant</th><th scope="col">Its numbers</th></tr></thead><tbody>${rows}</tbody></table>`
          : ''
      }
      ${fixed.length ? html`<p class="teachers-muted">Exercise${fixed.length === 1 ? '' : 's'} ${fixed.join(', ')} ${fixed.length === 1 ? 'has' : 'have'} no numbers to vary: the same for everyone.</p>` : ''}
      ${rows.length ? html`<p><a class="teachers-student-link" href="${link.href}" target="_blank" rel="noopener">Open the chapter with <bdi>${who.value}</bdi>’s numbers</a></p>` : ''}`,
    );
  }
  name.input.addEventListener('input', update);
  update();
  return { update };
}
