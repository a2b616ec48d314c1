// The chapter opened from a teacher's assignment link (exercises/assignment.js): a banner under the title says
// which exercises are assigned and when they are due (in the reader's time, with the time left; a student's own link
// may carry their extension, which holds for their name only: exercises/assignment.js studentDue), asks the student's
// name or student number once, and then lists the assigned exercises with the student's progress on each, read by the
// one rule the teachers' page reads (exercises/outcome.js: only the assigned numbers count). Each assigned exercise
// gets the variant seed that follows from the class code and the name, written into the address (exN.seed) before
// any exercise mounts; one that has mounted already takes its new numbers when the name is given ('assignment').
// A student who comes back without the link keeps the assignment saved in their progress. On a shared computer a
// new name starts that student's own work; the others' stays in the browser and can be switched back to.
import { MAX_NAME_CHARS, assignedSeed, dueAt, readName, sameKey } from '../progress/assignee.js';
import { assignmentOf, dueText, solutionsHidden, studentDue, timeLeftText, whenPassed } from '../exercises/assignment.js';
import { seedAddress } from '../exercises/seed.js';
import { STATE_LABELS, expectedSeedOf, recordOutcome, stateOf } from '../exercises/outcome.js';
import { repaired } from '../exercises/record.js';
import { loadExerciseProps } from '../exercises/props.js';
import { progress } from '../progress/store.js';
import { createField } from '../ui/field.js';
import { element, html, setHtml } from '../ui/html.js';
import './style.css';

const listText = (ns) => (ns.length === 1 ? `exercise ${ns[0]}` : `exercises ${ns.slice(0, -1).join(', ')} and ${ns.at(-1)}`);
const TICK_MS = 60_000; // the time left is said to the minute

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

  // the link's assignment (a saved name carries over when the class is the same), else the one saved; a student's
  // extension, once their own link brought it, stays while the class's link they open again is the same assignment
  const assignment = fromLink?.assignment ?? {
    code: saved.code,
    exercises: saved.exercises,
    due: saved.due,
    ...(saved.hide && { hide: true }),
    ...(saved.extension && { extension: saved.extension }),
  };
  if (fromLink && !assignment.extension && saved?.extension && sameKey(saved.code, assignment.code) && saved.due === assignment.due) {
    assignment.extension = saved.extension;
  }
  let name = fromLink ? (saved && sameKey(saved.code, assignment.code) ? saved.name : null) : saved.name;
  const assigned = () => assignment.exercises.filter((n) => known.includes(n));

  function applySeeds() {
    for (const n of assigned()) seedAddress(n).write(assignedSeed(assignment.code, name, n));
  }
  if (name) {
    applySeeds();
    if (fromLink) progress.setAssignment({ ...assignment, name });
  }

  // the due date this student is held to: their extension's when their own link carries one for this name
  const due = () => studentDue({ ...assignment, name });

  function draw() {
    const { due: dueNow, extended } = due();
    const extensionFor = assignment.extension && !extended ? assignment.extension.name : null;
    setHtml(
      banner,
      html`<h2 id="assignment-title">Your assignment</h2>
      <p>Class <strong><bdi>${assignment.code}</bdi></strong>: ${listText(assigned())}${
        dueNow
          ? html`, due <strong>${dueText(dueNow)}</strong>
        (${extended ? html`<span class="assignment-extended">extended</span>, ` : ''}<span class="assignment-left"></span>)`
          : ''
      }.</p>
      ${
        extended
          ? html`<p class="assignment-note">Your teacher gave you this extension; the class’s due date is ${dueText(assignment.due) || 'none'}.</p>`
          : extensionFor && name
            ? html`<p class="assignment-note">This link carries an extension for <bdi>${extensionFor}</bdi> only: working as
        <bdi>${name}</bdi>, the class’s due date holds.</p>`
            : ''
      }
      ${
        solutionsHidden({ ...assignment, name })
          ? html`<p class="assignment-note assignment-hidden-note">Your teacher keeps the worked solutions and the answer key hidden until then. This
        is a static page: its code holds them, and a determined reader can find them there. The file you hand in shows what you
        opened and when, as evidence for feedback, not as proof.</p>`
          : ''
      }`,
    );
    showTimeLeft();
    if (!name) return drawNameForm();
    const idOf = (n) => doc.querySelector(`section.exercise[data-exercise="${n}"]`).id;
    banner.append(
      element(
        html`<ul class="assignment-list">${assigned().map(
          (n) => html`<li><a href="#${idOf(n)}">Exercise ${n}</a> <span class="assignment-state"></span></li>`,
        )}</ul>`,
      ),
      element(html`<p class="assignment-who">Working as <strong><bdi>${name}</bdi></strong>: these exercises have numbers of your own, which your
        teacher can check; only attempts on them count. When you are done, export your progress from the
        <a href="#progress">progress panel</a> and hand in the file. <button type="button">Not you? Change the name</button></p>`),
    );
    banner.querySelector('.assignment-who button').addEventListener('click', () => {
      drawNameForm({ changing: true });
      banner.querySelector('.assignment-who').remove();
      banner.querySelector('input')?.focus();
    });
    showStates();
  }

  // The name, asked once; when it changes, the new name's own work (the other students' stays, listed to switch back to).
  function drawNameForm({ changing = false } = {}) {
    const form = element(html`<form class="assignment-name" novalidate><button type="submit">Start</button></form>`);
    const field = createField({ label: 'Your name or student number', value: '', maxLength: MAX_NAME_CHARS });
    field.input.autocomplete = 'name';
    form.prepend(field.el);
    const others = progress.otherStudents().filter((s) => sameKey(s.code, assignment.code) && !sameKey(s.name, name ?? ''));
    banner.append(
      element(
        html`<p class="assignment-note">${
          changing
            ? html`Another name starts that student’s own work here. <bdi>${name}</bdi>’s work stays in this browser under their name, and can be switched back to.`
            : 'Typed once: your exercises then get numbers of your own, which your teacher can recompute from the class code and this name.'
        }</p>`,
      ),
      form,
    );
    if (others.length) {
      const list = element(
        html`<p class="assignment-others">Saved in this browser: ${others.map(
          (s) => html`<button type="button" data-name="${s.name}">Continue as <bdi>${s.name}</bdi></button> `,
        )}</p>`,
      );
      banner.append(list);
      for (const b of list.querySelectorAll('button')) b.addEventListener('click', () => start(b.dataset.name));
    }
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const r = readName(field.input.value);
      if (!r.ok) return field.setMessage(`${r.message[0].toUpperCase()}${r.message.slice(1)}.`);
      start(r.value);
    });
  }

  function start(next) {
    const before = progress.assignment();
    const same = name && sameKey(next, name);
    name = same ? name : next;
    applySeeds();
    // the first name keeps what was done before it; another student's name starts their own work
    if (before?.name && !sameKey(before.name, name) && sameKey(before.code, assignment.code)) progress.switchStudent({ ...assignment, name });
    else progress.setAssignment({ ...assignment, name }); // (exercises already mounted take their new numbers)
    draw();
    banner.querySelector('.assignment-list a')?.focus();
  }

  function showTimeLeft() {
    const left = banner.querySelector('.assignment-left');
    if (left) left.textContent = timeLeftText(due().due);
  }

  async function showStates() {
    const props = await loadExerciseProps().catch(() => ({}));
    const who = progress.assignment();
    for (const [k, n] of assigned().entries()) {
      const span = banner.querySelectorAll('.assignment-state')[k];
      if (!span || !props[n]) continue;
      const result = recordOutcome({
        record: repaired({ ...(progress.peek(n) ?? {}) }),
        props: props[n],
        expectedSeed: expectedSeedOf(who, n, props[n]),
        due: dueAt(studentDue(who).due),
      });
      const state = stateOf(result.outcome);
      span.textContent = `${STATE_LABELS[state]}${result.late ? ' (late)' : ''}`;
      span.dataset.state = state;
    }
  }

  draw();
  progress.subscribe(() => name && showStates());
  if (assignment.due) setInterval(showTimeLeft, TICK_MS);
  // a page left open past the due date: the solutions show then (the exercises' own timers), and the note goes
  if (solutionsHidden({ ...assignment, name })) whenPassed(dueAt(due().due), () => banner.querySelector('.assignment-hidden-note')?.remove());
}
