// The chapter opened from a teacher's assignment link (exercises/assignment.js): a banner under the title says
// which exercises are assigned and when they are due, asks the student's name or student number once, and then
// lists the assigned exercises with the student's progress on each. Each assigned exercise gets the variant
// seed that follows from the class code and the name, written into the address (exN.seed) before any exercise
// mounts; one that has mounted already takes its new numbers when the name is given ('assignment').
// A student who comes back without the link keeps the assignment saved in their progress.
import { MAX_NAME_CHARS, assignedSeed, assignmentOf, dueText, readName, sameKey } from '../exercises/assignment.js';
import { seedParam } from '../exercises/seed.js';
import { exerciseState } from '../exercises/record.js';
import { loadExerciseProps } from '../exercises/props.js';
import { writeParams } from '../experiment/url-state.js';
import { progress } from '../progress/store.js';
import { createField } from '../ui/field.js';
import { element, html, setHtml } from '../ui/html.js';
import { STATE_LABELS } from '../exercises/check.js';
import './style.css';

const listText = (ns) => (ns.length === 1 ? `exercise ${ns[0]}` : `exercises ${ns.slice(0, -1).join(', ')} and ${ns.at(-1)}`);

/** The assignment of this visit, its banner, and the seeds. */
export function startAssignment(doc) {
  const known = [...doc.querySelectorAll('section.exercise[data-exercise]')].map((s) => Number(s.dataset.exercise));
  const fromLink = assignmentOf(new URLSearchParams(location.search), known);
  const saved = progress.assignment();
  if (!fromLink && !saved) return;

  const banner = element(html`<aside class="assignment" aria-labelledby="assignment-title"></aside>`);
  doc.querySelector('.masthead')?.after(banner);
  if (fromLink?.message) {
    setHtml(banner, html`<h2 id="assignment-title">Assignment</h2><p class="assignment-problem">${fromLink.message}</p>`);
    return;
  }

  // the link's assignment (a saved name carries over when the class is the same), else the one saved
  let assignment = fromLink?.assignment ?? saved;
  let name = fromLink ? (saved && sameKey(saved.code, assignment.code) ? saved.name : null) : saved.name;
  const assigned = () => assignment.exercises.filter((n) => known.includes(n));

  function applySeeds() {
    writeParams(Object.fromEntries(assigned().map((n) => [seedParam(n), [assignedSeed(assignment.code, name, n), null]])));
  }
  if (name) {
    applySeeds();
    if (fromLink) progress.setAssignment({ ...assignment, name });
  }

  function draw() {
    const due = assignment.due ? `, due ${dueText(assignment.due)}` : '';
    setHtml(banner, html`<h2 id="assignment-title">Your assignment</h2>
      <p>Class <strong><bdi>${assignment.code}</bdi></strong>: ${listText(assigned())}${due}.</p>`);
    if (!name) return drawNameForm();
    const idOf = (n) => doc.querySelector(`section.exercise[data-exercise="${n}"]`).id;
    banner.append(
      element(html`<ul class="assignment-list">${assigned().map(
        (n) => html`<li><a href="#${idOf(n)}">Exercise ${n}</a> <span class="assignment-state"></span></li>`,
      )}</ul>`),
      element(html`<p class="assignment-who">Working as <strong><bdi>${name}</bdi></strong>: these exercises have numbers of your own, which your
        teacher can check. When you are done, export your progress from the <a href="#progress">progress panel</a> and hand in
        the file. <button type="button">Not you? Change the name</button></p>`),
    );
    banner.querySelector('.assignment-who button').addEventListener('click', () => {
      name = null;
      draw();
      banner.querySelector('input')?.focus();
    });
    showStates();
  }

  function drawNameForm() {
    const form = element(html`<form class="assignment-name" novalidate><button type="submit">Start</button></form>`);
    const field = createField({ label: 'Your name or student number', value: '', maxLength: MAX_NAME_CHARS });
    field.input.autocomplete = 'name';
    form.prepend(field.el);
    banner.append(
      element(html`<p class="assignment-note">Typed once: your exercises then get numbers of your own, which your teacher can recompute
        from the class code and this name.</p>`),
      form,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const r = readName(field.input.value);
      if (!r.ok) return field.setMessage(`${r.message[0].toUpperCase()}${r.message.slice(1)}.`);
      name = r.value;
      applySeeds();
      progress.setAssignment({ ...assignment, name }); // (exercises already mounted take their new numbers)
      draw();
      banner.querySelector('.assignment-list a')?.focus();
    });
  }

  async function showStates() {
    const props = await loadExerciseProps().catch(() => ({}));
    for (const [k, n] of assigned().entries()) {
      const span = banner.querySelectorAll('.assignment-state')[k];
      if (!span || !props[n]) continue;
      const state = exerciseState(progress.peek(n) ?? {}, props[n].parts.map((p) => p.id));
      span.textContent = STATE_LABELS[state];
      span.dataset.state = state;
    }
  }

  draw();
  progress.subscribe(() => name && showStates());
}
