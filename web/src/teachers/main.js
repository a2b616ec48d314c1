// The teachers' page (teachers.html): an assignment link built from a form (kept in this page's address, so a
// bookmark keeps it), a student's numbers recomputed from the class code and their name, and the progress files
// students hand in graded again by the kernels (exercises/regrade.js), as a table of students by exercise with
// flags, exported as CSV. A file that cannot be read is reported and skipped; nothing is fatal. Every string a
// student or a file brings (a name, a file's name, an explanation) is shown isolated, its direction controls written
// out (ui/bidi.js): <bdi> in a cell, FSI … PDI inside a sentence.
import '../style.css';
import './style.css';
import {
  assignedSeed, assignmentLink, exercisesInLink, MAX_CODE_CHARS, MAX_NAME_CHARS, PARAMS, readCode, readDue, readExercises, readName,
} from '../exercises/assignment.js';
import { loadExerciseProps } from '../exercises/props.js';
import { OUTCOMES, isSolved, regradeStudent } from '../exercises/regrade.js';
import { seedParam } from '../exercises/seed.js';
import { asText, inputLabel, questionNumbers } from '../exercises/values.js';
import { readParam, writeParams } from '../experiment/url-state.js';
import { loadExercisesWithDesign } from '../exercises/design.js';
import { createDesignRuns } from './design-runs.js';
import { MAX_IMPORT_BYTES, readProgressText } from '../progress/validate.js';
import { isolated, visibleControls } from '../ui/bidi.js';
import { download } from '../ui/download.js';
import { createField } from '../ui/field.js';
import { element, html, setHtml } from '../ui/html.js';
import { watchScrollRegions } from '../ui/scroll-regions.js';
import { mountThemeSwitch } from '../ui/theme.js';
import { toCsv } from './csv.js';

const MAX_FILES = 500;
const chapterUrl = new URL('./', location.href);

mountThemeSwitch(document);
watchScrollRegions(document.body);
start().catch((error) => {
  const box = document.querySelector('#assign-builder');
  setHtml(box, html`<p class="teachers-problem">This page could not start: ${error.message}. Reload it to try again.</p>`);
});

async function start() {
  const [allProps, exercises] = await Promise.all([loadExerciseProps(), loadExercisesWithDesign()]);
  const known = Object.keys(allProps).map(Number).sort((a, b) => a - b);
  const assignment = createBuilder(document.querySelector('#assign-builder'), allProps, known);
  const numbers = createNumbers(document.querySelector('#assign-numbers'), allProps, exercises, assignment);
  const grader = createGrader(document.querySelector('#assign-grader'), allProps, exercises, assignment);
  assignment.onChange(() => {
    numbers.update();
    grader.update();
  });
}

/** The assignment's form: class code, exercises, due date; its link. → {get(): {code, exercises, due} | null, onChange(f)} */
function createBuilder(box, allProps, known) {
  const listeners = [];
  const code = createField({ label: 'Class code', value: readParam(PARAMS.code) ?? '', hint: 'e.g. PHYS 101 autumn', maxLength: MAX_CODE_CHARS, name: 'class' });
  const due = createField({ label: 'Due date (optional)', value: readParam(PARAMS.due) ?? '', maxLength: 10, name: 'due' });
  due.input.type = 'date';
  // the link's exercises that this chapter has; the others are named, not a reason to drop them all
  const linked = exercisesInLink(readParam(PARAMS.exercises) ?? '', known);
  const chosen = new Set(linked.value);
  let linkNote = linked.dropped.length
    ? `This page’s link lists ${linked.dropped.map((t) => `“${isolated(t)}”`).join(', ')}, not ${linked.dropped.length === 1 ? 'an exercise' : 'exercises'} ` +
      `of this chapter (${known[0]} to ${known.at(-1)}): left out${linked.value.length ? `, ${linked.value.join(', ')} kept` : ''}.`
    : '';
  const picks = element(html`<fieldset class="teachers-exercises"><legend>Exercises</legend>
    <div class="teachers-pick-all"><button type="button" data-pick="all">All</button> <button type="button" data-pick="none">None</button></div>
    <ul>${known.map((n) => html`<li><label><input type="checkbox" value="${n}"> ${n}. ${allProps[n].title}</label></li>`)}</ul>
    <p class="field-message teachers-exercises-message" aria-live="polite"></p></fieldset>`);
  const boxes = [...picks.querySelectorAll('input[type="checkbox"]')];
  for (const b of boxes) b.checked = chosen.has(Number(b.value));
  const out = element(html`<div class="teachers-link"><label for="assign-link">The link for your students</label>
    <div class="teachers-link-row"><input id="assign-link" type="text" readonly>
      <button type="button" class="teachers-copy">Copy</button> <a class="teachers-open" target="_blank" rel="noopener">Open it</a></div>
    <p class="teachers-link-note" aria-live="polite"></p></div>`);
  const form = element(html`<form class="teachers-form" novalidate></form>`);
  form.addEventListener('submit', (e) => e.preventDefault());
  form.append(code.el, due.el, picks);
  box.replaceChildren(form, out);

  let current = null;
  function update() {
    const c = readCode(code.input.value);
    const d = readDue(due.input.value);
    const ex = readExercises(boxes.filter((b) => b.checked).map((b) => b.value).join(','), known);
    code.setMessage(c.ok || !code.input.value ? '' : `${c.message}.`);
    due.setMessage(d.ok ? '' : `${d.message}.`);
    picks.querySelector('.teachers-exercises-message').textContent = [linkNote, ex.ok ? '' : 'Choose at least one exercise.'].filter(Boolean).join(' ');
    current = c.ok && d.ok && ex.ok ? { code: c.value, exercises: ex.value, due: d.value } : null;
    writeParams({
      [PARAMS.code]: [code.input.value.trim(), ''],
      [PARAMS.exercises]: [ex.ok ? ex.value.join(',') : '', ''],
      [PARAMS.due]: [due.input.value.trim(), ''],
    });
    const link = out.querySelector('#assign-link');
    const open = out.querySelector('.teachers-open');
    const note = out.querySelector('.teachers-link-note');
    if (current) {
      link.value = assignmentLink(chapterUrl, current);
      open.href = link.value;
      open.removeAttribute('aria-disabled');
      note.textContent = `${current.exercises.length} ${current.exercises.length === 1 ? 'exercise' : 'exercises'}` +
        (current.due ? `, due ${current.due}.` : ', no due date.');
    } else {
      link.value = '';
      open.removeAttribute('href');
      open.setAttribute('aria-disabled', 'true');
      note.textContent = !c.ok ? 'Give the class a code to make the link.' : 'The link appears once the form can be used.';
    }
    for (const f of listeners) f();
  }
  // the link's note stands until the teacher chooses exercises themselves
  picks.addEventListener('change', () => (linkNote = ''), { capture: true });
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  picks.querySelector('[data-pick="all"]').addEventListener('click', () => {
    linkNote = '';
    boxes.forEach((b) => (b.checked = true));
    update();
  });
  picks.querySelector('[data-pick="none"]').addEventListener('click', () => {
    linkNote = '';
    boxes.forEach((b) => (b.checked = false));
    update();
  });
  out.querySelector('.teachers-copy').addEventListener('click', async () => {
    const note = out.querySelector('.teachers-link-note');
    if (!current) return;
    try {
      await navigator.clipboard.writeText(out.querySelector('#assign-link').value);
      note.textContent = 'Copied.';
    } catch {
      out.querySelector('#assign-link').select();
      note.textContent = 'This browser would not copy it: the link is selected, copy it with Ctrl+C (⌘C).';
    }
  });
  update();
  return { get: () => current, onChange: (f) => listeners.push(f) };
}

/** A student's numbers, from the class code and their name, and a link to the chapter with them. */
function createNumbers(box, allProps, exercises, assignment) {
  const name = createField({ label: 'Student’s name or number', value: '', maxLength: MAX_NAME_CHARS, name: 'student' });
  const out = element(html`<div class="teachers-numbers" aria-live="polite"></div>`);
  box.replaceChildren(name.el, out);
  function update() {
    const a = assignment.get();
    const who = readName(name.input.value);
    name.setMessage(who.ok || !name.input.value.trim() ? '' : `${who.message}.`);
    if (!a || !who.ok) return setHtml(out, html`<p class="teachers-muted">${!a ? 'Fill in the assignment above first.' : 'Type a name to see their numbers.'}</p>`);
    const varying = a.exercises.filter((n) => Object.keys(allProps[n].inputs).length);
    const link = new URL(chapterUrl);
    const rows = varying.map((n) => {
      const seed = assignedSeed(a.code, who.value, n);
      link.searchParams.set(seedParam(n), String(seed));
      const { inputs } = questionNumbers(allProps[n], exercises.variant(n, seed));
      const shown = Object.entries(inputs).map(([k, v]) => `${inputLabel(k)} = ${asText(v)}`).join('; ');
      return html`<tr><th scope="row">${n}</th><td data-seed="${seed}">${seed}</td><td class="teachers-inputs">${shown}</td></tr>`;
    });
    const fixed = a.exercises.filter((n) => !varying.includes(n));
    setHtml(out, html`
      ${rows.length ? html`<table class="teachers-table"><caption>Numbers of <bdi>${who.value}</bdi>, class <bdi>${a.code}</bdi> (computed by the kernels)</caption>
        <thead><tr><th scope="col">Exercise</th><th scope="col">Variant</th><th scope="col">Its numbers</th></tr></thead><tbody>${rows}</tbody></table>` : ''}
      ${fixed.length ? html`<p class="teachers-muted">Exercise${fixed.length === 1 ? '' : 's'} ${fixed.join(', ')} ${fixed.length === 1 ? 'has' : 'have'} no numbers to vary: the same for everyone.</p>` : ''}
      ${rows.length ? html`<p><a class="teachers-student-link" href="${link.href}" target="_blank" rel="noopener">Open the chapter with <bdi>${who.value}</bdi>’s numbers</a></p>` : ''}`);
  }
  name.input.addEventListener('input', update);
  update();
  return { update };
}

/** Progress files graded again: a table of students by exercise, flags, CSV. */
function createGrader(box, allProps, exercises, assignment) {
  const files = []; // [{name, state, logSetAside}] read so far
  setHtml(box, html`<p><label class="teachers-file">Open progress files
      <input type="file" accept="application/json,.json" multiple class="teachers-files"></label></p>
    <div class="teachers-report" aria-live="polite"></div>
    <div class="teachers-results"></div>
    <p class="teachers-actions" hidden><button type="button" class="teachers-csv">Download the table as CSV</button>
      <button type="button" class="teachers-clear">Clear the files</button></p>`);
  const report = box.querySelector('.teachers-report');
  const results = box.querySelector('.teachers-results');
  const actions = box.querySelector('.teachers-actions');
  let table = null; // {header, rows} of the last grading, for the CSV
  const designs = createDesignRuns(report, exercises); // (a design is graded by running it again)

  box.querySelector('.teachers-files').addEventListener('change', async (event) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const lines = [];
    for (const file of chosen.slice(0, MAX_FILES)) {
      if (file.size > MAX_IMPORT_BYTES) {
        lines.push({ bad: true, text: `${isolated(file.name)}: skipped, ${(file.size / 1e6).toFixed(1)} MB is too large to be progress of this chapter (the limit is ${MAX_IMPORT_BYTES / 1e6} MB).` });
        continue;
      }
      try {
        const read = readProgressText(await file.text());
        files.push({ name: file.name, state: read.state, logSetAside: read.logSetAside });
        lines.push({ bad: false, text: `${isolated(file.name)}: read.${read.notices.length ? ` Set aside: ${read.notices.join(' ')}` : ''}` });
      } catch (error) {
        lines.push({ bad: true, text: `${isolated(file.name)}: skipped, it cannot be read (${error.message}).` });
      }
    }
    if (chosen.length > MAX_FILES) lines.push({ bad: true, text: `Only the first ${MAX_FILES} files were read.` });
    setHtml(report, html`<ul class="teachers-file-report">${lines.map((l) => html`<li class="${l.bad ? 'teachers-problem' : ''}">${l.text}</li>`)}</ul>`);
    update();
  });
  box.querySelector('.teachers-csv').addEventListener('click', () => {
    if (table) download(toCsv([table.header, ...table.rows]), `grades-${(assignment.get()?.code ?? 'class').replace(/[^\w-]+/g, '-')}.csv`, 'text/csv');
  });
  box.querySelector('.teachers-clear').addEventListener('click', () => {
    files.length = 0;
    report.replaceChildren();
    update();
  });

  const cellText = (r) => (isSolved(r.outcome) ? `${OUTCOMES[r.outcome]}${r.outcome === 'tries' ? ` (${r.tries})` : ''}` : OUTCOMES[r.outcome]);
  const mark = (r) => (isSolved(r.outcome) ? '✓ ' : '');

  function update() {
    const a = assignment.get();
    actions.hidden = !files.length || !a;
    if (!files.length) return void (table = null, results.replaceChildren());
    if (!a) {
      table = null;
      return setHtml(results, html`<p class="teachers-muted">Fill in the assignment above (class code and exercises) to grade the files.</p>`);
    }
    designs.runFor(files.map((f) => f.state), a, allProps, update); // (update again once they have run)
    const graded = files.map((f) => {
      try {
        return { file: f.name, ...regradeStudent({ exercises, allProps, state: f.state, assignment: a, logSetAside: f.logSetAside, judged: designs.judged }) };
      } catch (error) {
        return { file: f.name, name: null, results: {}, flags: [`could not be graded (${error.message})`] };
      }
    });
    const header = ['student', 'file', ...a.exercises.map((n) => `exercise ${n}`), 'flags'];
    table = {
      header,
      rows: graded.map((g) => [visibleControls(g.name ?? ''), visibleControls(g.file), ...a.exercises.map((n) => (g.results[n] ? cellText(g.results[n]) : '')), g.flags.join('; ')]),
    };
    const explained = graded.flatMap((g) => a.exercises.flatMap((n) => (g.results[n]?.explanations ?? []).map((text) => ({ who: g.name ?? g.file, n, text }))));
    setHtml(results, html`<div class="scroll-x teachers-scroll" role="region" aria-label="Outcomes by student and exercise">
      <table class="teachers-table teachers-grades"><caption>Class <bdi>${a.code}</bdi>: each logged answer graded again by the kernels on its own numbers</caption>
      <thead><tr><th scope="col">Student</th><th scope="col">File</th>${a.exercises.map((n) => html`<th scope="col">Ex. ${n}</th>`)}<th scope="col">Flags</th></tr></thead>
      <tbody>${graded.map((g) => html`<tr>
        <th scope="row">${g.name === null ? '(no name)' : html`<bdi>${visibleControls(g.name)}</bdi>`}</th><td><bdi>${visibleControls(g.file)}</bdi></td>
        ${a.exercises.map((n) => { const r = g.results[n]; return r ? html`<td data-exercise="${n}" data-outcome="${r.outcome}">${mark(r)}${cellText(r)}</td>` : html`<td data-exercise="${n}">—</td>`; })}
        <td class="teachers-flags">${g.flags.length ? html`<ul>${g.flags.map((f) => html`<li>${f}</li>`)}</ul>` : 'none'}</td></tr>`)}</tbody></table></div>
      ${explained.length ? html`<details class="teachers-explanations"><summary>Explanations to read (${explained.length})</summary>
        <ul>${explained.map((e) => html`<li><strong><bdi>${visibleControls(e.who)}</bdi>, exercise ${e.n}:</strong> <bdi>${visibleControls(e.text)}</bdi></li>`)}</ul></details>` : ''}`);
  }
  return { update };
}
