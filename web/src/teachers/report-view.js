// The teachers' page's report of a class: per-exercise statistics (what to read before the next lecture), the table
// of students by exercise (it scrolls with the page, its header in view, a name on one line; a table wider than the
// page scrolls sideways in its box, its first column and totals in view; its flags a count that opens the list; a
// page of PAGE_ROWS students at a time, its rows drawn a few per task, so a class of any size draws in short tasks),
// the students who handed in only another student's work, those of the roster with no file, the explanations to read
// with each student's own mark, and what the file checks cannot see. Every string a student or a file brings is shown
// isolated, its direction controls written out.
import { isSolved } from '../exercises/outcome.js';
import { UNDETECTABLE } from '../exercises/log-checks.js';
import { SELF_CHECK_LABELS } from '../progress/validate.js';
import { visibleControls } from '../text/bidi.js';
import { fragment, html, setHtml } from '../ui/html.js';
import { yieldToPage } from '../ui/yield-to-page.js';
import { outcomeText } from './report.js';

const PAGE_ROWS = 50;
const ROWS_PER_TASK = 8; // the table's rows are laid out this many at a time (a page's 50 at once were one long layout)

const plural = (k, one, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;
const minutesText = (m) => (m === null ? '—' : m < 90 ? `${Math.round(m)} min` : m < 60 * 36 ? `${(m / 60).toFixed(1)} h` : `${(m / 1440).toFixed(1)} days`);
const shown = (text) => html`<bdi>${visibleControls(text)}</bdi>`;
// a name or a file's name on one line, a long one cut short on the screen (style.css), whole in its title
const cut = (text, kind) => html`<bdi class="${kind}" title="${visibleControls(text)}">${visibleControls(text)}</bdi>`;

function statsTable(stats, exercises) {
  return html`<div class="scroll-x teachers-scroll" role="region" aria-label="Statistics by exercise" tabindex="0">
    <table class="teachers-table teachers-stats"><caption>Each exercise at a glance (the students’ own numbers only)</caption>
    <thead><tr><th scope="col">Exercise</th><th scope="col">Solved</th><th scope="col">At the first try</th><th scope="col">After several tries</th>
      <th scope="col">After hints</th><th scope="col">After the solution</th><th scope="col">Median try</th><th scope="col">Most common mistakes (attempts)</th>
      <th scope="col">Median time to solve</th></tr></thead>
    <tbody>${exercises.map((n) => {
      const s = stats[n];
      return html`<tr data-exercise="${n}"><th scope="row">${n}. ${s.title}</th><td data-stat="solved">${s.solved} of ${s.students}</td>
        <td>${s.by['first-try']}</td><td>${s.by.tries}</td><td>${s.by.hints}</td><td>${s.by.solution}</td><td>${s.medianTries ?? '—'}</td>
        <td data-stat="mistakes">${s.mistakes.length ? s.mistakes.map(([id, k]) => `${id} (${k})`).join(', ') : 'none diagnosed'}</td>
        <td>${minutesText(s.medianMinutes)}</td></tr>`;
    })}</tbody></table></div>`;
}

// One student's row of the table: each exercise's outcome, its points when solved (an unsolved one earns none: its
// cell says so in its words, so a class's table stays short), its late and practice attempts.
function gradeRow(g, ex, roster) {
  return html`<tr data-file="${g.fileId}">
      <th scope="row" class="teachers-sticky-left">${g.name === null ? '(no name)' : cut(g.name, 'teachers-name')}</th>
      ${roster ? html`<td>${shown(g.id)}</td>` : ''}<td class="teachers-file-cell">${cut(g.file, 'teachers-file-name')}${
        g.copies.length ? html` <span class="teachers-copies">+${g.copies.length}</span>` : ''
      }</td>
      ${ex.map((n) => {
        const r = g.results[n];
        if (!r) return html`<td data-exercise="${n}">—</td>`;
        const practice = g.practice?.[n] ?? 0;
        return html`<td data-exercise="${n}" data-outcome="${r.outcome}"${r.late ? html` data-late="true"` : ''}${r.solvedLate ? html` data-solved-late="true"` : ''}${
          r.lateAttempts ? html` data-late-attempts="${r.lateAttempts}"` : ''
        }${practice ? html` data-practice="${practice}"` : ''}>${isSolved(r.outcome) ? html`✓ ${outcomeText(r)}<span class="teachers-points"> · ${g.points[n]} pt</span>` : outcomeText(r)}${
          r.lateAttempts && !r.late && !r.solvedLate ? html`<span class="teachers-late"> · ${plural(r.lateAttempts, 'late attempt')}</span>` : ''
        }${practice ? html`<span class="teachers-practice"> · ${plural(practice, 'practice attempt')}</span>` : ''}</td>`;
      })}
      <td class="teachers-flags">${g.flags.length ? html`<details><summary>${plural(g.flags.length, 'flag')}</summary><ul>${g.flags.map((f) => html`<li>${f}</li>`)}</ul></details>` : 'none'}</td>
      <td class="teachers-sticky-right teachers-total" data-total="${g.total}">${g.total}</td></tr>`;
}

// The table without its rows (appendRows adds them, a few per task): busy until they are in.
function gradesTable(count, settings, from) {
  const ex = settings.assignment.exercises;
  const roster = settings.roster.length > 0;
  return html`<div class="scroll-x teachers-grades-box" role="region" aria-label="Outcomes by student and exercise">
    <table class="teachers-table teachers-grades"><caption>Class <bdi>${settings.assignment.code}</bdi>: each logged answer graded again by the kernels on its own numbers
      (students ${from + 1}–${from + count})</caption>
    <thead><tr><th scope="col" class="teachers-sticky-left">Student</th>${roster ? html`<th scope="col">ID</th>` : ''}<th scope="col">File</th>
      ${ex.map((n) => html`<th scope="col">Ex. ${n} <span class="teachers-worth">(${settings.points[n] ?? 1})</span></th>`)}
      <th scope="col">Flags</th><th scope="col" class="teachers-sticky-right">Total</th></tr></thead>
    <tbody aria-busy="true"></tbody></table></div>`;
}

/** → {show(report), prompt(text), clear()} */
export function createReportView(box) {
  let page = 0;
  let current = null;
  let drawing = 0; // the draw under way: a later one (another page, another report) stops it

  // The rows into the table's body a few per task, each slice laid out in its own task (read back at once, so the
  // browser's next frame does not lay out the whole page of rows in one go); busy until the last is in.
  async function appendRows(body, rows, settings) {
    const mine = drawing;
    const roster = settings.roster.length > 0;
    for (let k = 0; k < rows.length; k += ROWS_PER_TASK) {
      if (k > 0) await yieldToPage();
      if (mine !== drawing) return;
      body.append(fragment(html`${rows.slice(k, k + ROWS_PER_TASK).map((g) => gradeRow(g, settings.assignment.exercises, roster))}`));
      void body.offsetHeight;
    }
    body.removeAttribute('aria-busy');
  }

  async function draw() {
    drawing += 1;
    const { settings, grouped, stats } = current;
    const { rows, missing, copied } = grouped;
    const pages = Math.max(1, Math.ceil(rows.length / PAGE_ROWS));
    page = Math.min(page, pages - 1);
    const from = page * PAGE_ROWS;
    const shownRows = rows.slice(from, from + PAGE_ROWS);
    // the explanations of the students on this page (a class's all at once were thousands of items in one task)
    const explained = shownRows.flatMap((g) =>
      settings.assignment.exercises.flatMap((n) => (g.results[n]?.explanations ?? []).map((e) => ({ who: g.name ?? g.file, n, ...e }))),
    );
    setHtml(
      box,
      html`
      <h3 class="teachers-subhead">Before the next lecture</h3>
      ${statsTable(stats, settings.assignment.exercises)}
      <h3 class="teachers-subhead">Students</h3>
      <p class="teachers-muted">${plural(rows.length, 'student')}${copied.length ? `, ${copied.length} who handed in a copy of another student’s work` : ''}${
        missing.length ? `, ${missing.length} on the roster with no file` : ''
      }.
        Outcomes count only the numbers that follow from the class code and each name${settings.lateCounts ? '' : ', and only what was done by each student’s due date'}.</p>
      ${
        pages > 1
          ? html`<nav class="teachers-pages" aria-label="Pages of students"><button type="button" data-page="-1"${page === 0 ? html` disabled` : ''}>Previous ${PAGE_ROWS}</button>
        <span>Students ${from + 1}–${Math.min(rows.length, from + PAGE_ROWS)} of ${rows.length}</span>
        <button type="button" data-page="1"${page === pages - 1 ? html` disabled` : ''}>Next ${PAGE_ROWS}</button></nav>`
          : ''
      }
      ${gradesTable(shownRows.length, settings, from)}
      ${
        copied.length
          ? html`<p class="teachers-copied">Handed in a copy of another student’s work, not graded as theirs: ${copied.map(
              (c, k) =>
                html`${k ? '; ' : ''}${shown(c.rosterName ?? c.name)}${c.id !== (c.rosterName ?? c.name) ? html` (${shown(c.id)})` : ''}, ${shown(c.files.join(', '))}: the work of ${shown(c.of)} (${shown(c.ofFile)})`,
            )}.</p>`
          : ''
      }
      ${missing.length ? html`<p class="teachers-missing">No file from: ${missing.map((s, k) => html`${k ? ', ' : ''}${shown(s.name)}${s.id !== s.name ? html` (${shown(s.id)})` : ''}`)}.</p>` : ''}
      ${
        explained.length
          ? html`<details class="teachers-explanations"><summary>Explanations to read (${explained.length}${pages > 1 ? `, students ${from + 1}–${from + shownRows.length}` : ''}), each with the student’s own mark against the model answer</summary>
        <ul>${explained.map(
          (e) => html`<li><strong>${shown(e.who)}, exercise ${e.n}</strong> <span class="teachers-mark" data-mark="${e.mark ?? 'none'}">(marked
          ${e.mark ? `“${SELF_CHECK_LABELS[e.mark]}”` : 'not yet'})</span>: ${shown(e.text)}</li>`,
        )}</ul></details>`
          : ''
      }
      <details class="teachers-undetectable"><summary>What the checks of a file can and cannot see</summary>
        <p>Each file is checked against itself: its counts against its log, each attempt’s marks against the kernels’ grades, its
          solved parts, its times in order and against its record’s last change, attempt numbers without gaps, and what its attempts say was open against its log of openings.
          An edit that leaves any of these out of step is flagged with what was found. A file is the student’s own record, written by
          a page on their device, so these checks cannot see:</p>
        <ul>${UNDETECTABLE.map((t) => html`<li>${t}</li>`)}</ul>
        <p>The table is evidence for formative grading, not proof.</p></details>`,
    );
    for (const b of box.querySelectorAll('[data-page]')) {
      b.addEventListener('click', () => {
        page += Number(b.dataset.page);
        draw();
        box.querySelector('.teachers-pages span')?.focus?.();
      });
    }
    await appendRows(box.querySelector('.teachers-grades tbody'), shownRows, settings);
  }

  return {
    async show(report) {
      current = report;
      await draw();
    },
    prompt(text) {
      drawing += 1;
      current = null;
      setHtml(box, html`<p class="teachers-muted">${text}</p>`);
    },
    clear() {
      drawing += 1;
      current = null;
      box.replaceChildren();
    },
  };
}
