// Each extended student's own link, under the teachers' page's list of extensions: the assignment's link carrying
// that student's name and new due date, so their page shows the due date they are held to and stops marking the
// attempts before it late (exercises/assignment.js studentDue: for that name only). The link is for the student's
// eyes: this page's table marks lateness by the teacher's own list, whatever link a student opened.
import { assignmentLink, dueText } from '../exercises/assignment.js';
import { element, html, setHtml } from '../ui/html.js';

const chapterUrl = new URL('./', location.href);

/** → {draw(assignment (the builder's, or null), extensions: [{name, due}])} */
export function createExtensionLinks(box) {
  const el = element(html`<div class="teachers-ext-links"></div>`);
  box.append(el);

  function draw(assignment, extensions) {
    if (!extensions.length) return el.replaceChildren();
    if (!assignment) return setHtml(el, html`<p class="teachers-muted">Each extended student’s own link appears once the assignment above can be used.</p>`);
    setHtml(
      el,
      html`<p class="teachers-muted">Each student’s own link: it shows that student (under that name only) their new due date, and
        their page no longer marks their attempts before it late. It is for the student’s eyes; this page marks lateness
        by the list above, whatever link a student opened.</p>
      <ul>${extensions.map(
        (x, k) => html`<li><label for="ext-link-${k}"><bdi>${x.name}</bdi>’s own link (due ${dueText(x.due)})</label>
          <div class="teachers-link-row"><input id="ext-link-${k}" type="text" readonly value="${assignmentLink(chapterUrl, { ...assignment, extension: x })}">
          <button type="button" data-copy="${k}">Copy</button></div></li>`,
      )}</ul>
      <p class="teachers-muted teachers-ext-copied" aria-live="polite"></p>`,
    );
  }

  el.addEventListener('click', async (event) => {
    const button = event.target.closest('button[data-copy]');
    if (!button) return;
    const input = el.querySelector(`#ext-link-${button.dataset.copy}`);
    const said = el.querySelector('.teachers-ext-copied');
    try {
      await navigator.clipboard.writeText(input.value);
      said.textContent = `Copied ${input.labels[0].textContent.replace(/ \(due.*$/, '')}: for that student only; this page’s list stays what counts.`;
    } catch {
      input.select();
      said.textContent = 'This browser would not copy it: the link is selected, copy it with Ctrl+C (⌘C).';
    }
  });
  return { draw };
}
