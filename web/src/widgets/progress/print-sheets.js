// Paper for a class: a worksheet (every exercise's question with its own numbers, the reader's variant when
// there is one, and room to answer; no hints, no solutions) and an answer key (the same questions with every
// worked solution opened, filled by the kernels for those numbers, and the right options of a choice marked). Both
// are the browser's print of the page with html[data-print] set (style.css hides the rest), under a heading of their
// own (the sheet, the class, a name line; page numbers at the foot); every exercise is mounted first, wherever the
// reader is. With an assignment (a teacher's link, a name typed or not: a blank name line then), the sheets hold
// only its exercises, and its key stays unavailable while the assignment hides the worked solutions. A printed key is logged on each exercise it shows (progress/events.js).
import { dueAt } from '../../progress/assignee.js';
import { dueText, solutionsHidden, studentDue, whenPassed } from '../../exercises/assignment.js';
import { loadExerciseProps } from '../../exercises/props.js';
import { repaired, withEvent } from '../../exercises/record.js';
import { progress } from '../../progress/store.js';
import { element, html, setHtml } from '../../ui/html.js';
import { readerAssignment } from './assignment.js';

const SHEETS = [
  { mode: 'worksheet', label: 'Print a worksheet', title: 'Worksheet' },
  { mode: 'key', label: 'Print the answer key', title: 'Answer key' },
];

const listText = (ns) => (ns.length === 1 ? `exercise ${ns[0]}` : `exercises ${ns.slice(0, -1).join(', ')} and ${ns.at(-1)}`);

/**
 * Adds the two buttons to host; mountMatching(selector) is mount.js's (handed down by the panel's mount), which
 * mounts every exercise before a sheet prints. → {destroy(), update()} (update: after the reader's assignment changed)
 */
export function createPrintSheets(host, { mountMatching }) {
  const box = element(
    html`<div class="progress-print">${SHEETS.map(
      ({ mode, label }) => html`<button type="button" data-sheet="${mode}">${label}</button>`,
    )}<p class="progress-print-note" aria-live="polite"></p></div>`,
  );
  const note = box.querySelector('.progress-print-note');
  let undo = []; // what a print changed on the page, put back after it
  const done = () => {
    delete document.documentElement.dataset.print;
    for (const f of undo) f();
    undo = [];
  };
  window.addEventListener('afterprint', done);

  // the reader's assignment, a name given or not yet (issue 51: a link's worksheet printed every exercise until a
  // name was typed): its exercises on this page
  const assigned = () => readerAssignment();

  let keyDue = null; // cancels the wait for the due date, while the key is hidden until then
  function update() {
    const a = assigned();
    const [worksheet, key] = box.querySelectorAll('button[data-sheet]');
    worksheet.textContent = a ? `Print a worksheet of your assignment (${listText(a.exercises)})` : SHEETS[0].label;
    key.textContent = a ? 'Print its answer key' : SHEETS[1].label;
    key.hidden = !!a && solutionsHidden(a);
    keyDue?.();
    keyDue = key.hidden ? whenPassed(dueAt(studentDue(a).due), update) : null; // (a page left open past the due date offers the key then)
    note.textContent = key.hidden ? `The answer key can be printed once the assignment is due (${dueText(studentDue(a).due)}), as your teacher chose.` : '';
  }

  // The sheet's heading, before the first exercise printed: what it is, the class, a name line.
  function heading(mode, a, first) {
    const sheet = SHEETS.find((s) => s.mode === mode);
    const head = element(html`<header class="print-head"></header>`);
    setHtml(
      head,
      html`<p class="print-title">${sheet.title} · Residual connections and where LayerNorm goes</p>
      ${a ? html`<p class="print-class">Class <bdi>${a.code}</bdi> · ${listText(a.exercises)}${studentDue(a).due ? ` · due ${dueText(studentDue(a).due)}${studentDue(a).extended ? ' (extended)' : ''}` : ''}</p>` : ''}
      <p class="print-name">Name: ${a?.name ? html`<bdi>${a.name}</bdi> <span class="print-note">(these are ${a.name}’s numbers)</span>` : html`<span class="print-line"></span>`}</p>`,
    );
    first.before(head);
    undo.push(() => head.remove());
  }

  // On the key, each right option of a choice marked (the page's own props say which).
  async function markRightOptions(sections) {
    const props = await loadExerciseProps();
    for (const section of sections) {
      for (const part of props[section.dataset.exercise]?.parts ?? []) {
        part.options?.forEach((o, k) => {
          if (!o.correct) return;
          const label = section.querySelectorAll(`.ex-part[data-part="${part.id}"] .ex-option`)[k];
          label?.setAttribute('data-right', '');
          undo.push(() => label?.removeAttribute('data-right'));
        });
      }
    }
  }

  for (const button of box.querySelectorAll('button[data-sheet]')) {
    const mode = button.dataset.sheet;
    button.addEventListener('click', async () => {
      done();
      note.textContent = 'Preparing every exercise…';
      await mountMatching('.exercise');
      const a = assigned();
      const all = [...document.querySelectorAll('section.exercise')];
      const printed = a ? all.filter((s) => a.exercises.includes(Number(s.dataset.exercise))) : all;
      for (const section of printed) {
        section.dataset.printed = '';
        undo.push(() => delete section.dataset.printed);
      }
      // each exercise at its own height on paper, not its placeholder's reserve (as mount.js does before a print)
      for (const el of all) el.dataset.reserve = 'released';
      heading(mode, a, printed[0]);
      if (mode === 'key') {
        await markRightOptions(printed);
        const closed = printed.map((s) => s.querySelector('.ex-solution:not([open])')).filter(Boolean);
        for (const details of closed) {
          details.dataset.printing = 'key'; // (opened for the key: logged as the key printed, below, not as an opening)
          details.open = true; // each fills itself from the kernels as it opens
        }
        undo.push(() =>
          closed.forEach((d) => {
            d.open = false;
            delete d.dataset.printing;
          }),
        );
        progress.update(() => {
          for (const s of printed) withEvent(repaired(progress.exercise(Number(s.dataset.exercise))), { kind: 'key' });
        });
      }
      document.documentElement.dataset.print = mode;
      note.textContent = '';
      window.print();
    });
  }
  host.append(box);
  update();
  return {
    update,
    destroy() {
      window.removeEventListener('afterprint', done);
      keyDue?.();
      done();
      box.remove();
    },
  };
}
