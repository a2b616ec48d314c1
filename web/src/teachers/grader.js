// Progress files graded again, a class at a time, without holding up the tab: each file goes to a worker of the
// page's pool (experiment/pool.js, kind 'grade': read and graded by the kernels there, exercises/grade-job.js) with
// the progress said and a Cancel; the main thread only assesses the graded files for the form (report.js), a few
// files per task, and draws the report (report-view.js). A change of the form grades again only what it needs: the
// exercises no file has been graded on yet; everything else is assessment, redone a few files at a time. A file that
// cannot be read is reported and skipped; nothing is fatal. A design (exercises whose answer is a wiring) is graded by
// running it again (design-runs.js, in the same workers); its exercise is graded here, on the main thread, once its
// runs are in (no kernel work: the verdicts are looked up).
import { hasDesign } from '../exercises/design.js';
import { gradeLog } from '../exercises/regrade.js';
import { Cancelled, getPool } from '../experiment/pool.js';
import { isolated } from '../text/bidi.js';
import { download } from '../ui/download.js';
import { downloadNotices, noticesHtml } from '../ui/notices.js';
import { html, setHtml } from '../ui/html.js';
import { yieldToPage } from '../ui/yield-to-page.js';
import { toCsv } from './csv.js';
import { assessFile, exerciseRows, exerciseStats, gradebookRows, groupStudents } from './report.js';
import { createDesignRuns } from './design-runs.js';
import { createReportView } from './report-view.js';

const MAX_FILES = 2000;
const SLICE_MS = 12; // assessment runs in tasks this long at most, then lets the page respond
const SETTLE_MS = 250; // a burst of keystrokes in the form is assessed once, after it

/**
 * assignment: the builder's ({get()}); marking: the settings' ({get(assignment)}); exercises: the exercise kernels
 * with the design challenges' (exercises/design.js withDesign). → {update()} (update: either changed)
 */
export function createGrader(box, { allProps, exercises, assignment, marking }) {
  const pool = getPool();
  const files = []; // {id, name, file, pending: Set<ticket>, state: 'queued' | 'grading' | 'read' | 'skipped' | 'cancelled', read, graded, message}
  // ('queued': opened, not yet sent to the workers)
  let nextId = 1;
  setHtml(
    box,
    html`<p><label class="teachers-file">Open progress files
      <input type="file" accept="application/json,.json" multiple class="teachers-files"></label></p>
    <div class="teachers-progress" hidden>
      <progress class="teachers-progress-bar" max="1" value="0" aria-label="Files graded"></progress>
      <span class="teachers-progress-text" role="status"></span>
      <button type="button" class="teachers-cancel">Cancel</button>
      <button type="button" class="teachers-resume" hidden>Grade the rest</button>
    </div>
    <div class="teachers-report" aria-live="polite"></div>
    <div class="teachers-results"></div>
    <p class="teachers-actions" hidden><button type="button" class="teachers-csv">Download the gradebook (CSV)</button>
      <button type="button" class="teachers-csv-exercises">Download attempts by exercise (CSV)</button>
      <button type="button" class="teachers-clear">Clear the files</button></p>`,
  );
  const $ = (s) => box.querySelector(s);
  const view = createReportView($('.teachers-results'));
  const designs = createDesignRuns($('.teachers-report'), exercises);
  let report = null; // the last assessment: {settings, grouped, stats}
  let chosen = {}; // {student's nameKey: fileId}: the teacher's choice among a student's files that end at the same time

  // ---- the files, to the workers ----
  const numbersWanted = () => assignment.get()?.exercises ?? null;

  function request(f, numbers) {
    const ticket = pool.request(
      { kind: 'grade', fields: ['id', 'numbers', 'file'], options: { id: f.id, numbers, file: f.file } },
      { cost: f.id, cache: false },
    );
    f.pending.add(ticket);
    ticket.promise
      .then(
        ({ result }) => {
          if (result.unreadable) return Object.assign(f, { state: 'skipped', message: `${isolated(f.name)}: skipped, ${result.unreadable}.` });
          f.read ??= result.read;
          f.graded = { ...f.graded, ...result.graded };
          f.state = 'read';
        },
        (error) => {
          if (error instanceof Cancelled) f.state = f.read ? 'read' : 'cancelled';
          else Object.assign(f, { state: 'skipped', message: `${isolated(f.name)}: skipped, it could not be graded (${error.message}).` });
        },
      )
      .finally(() => {
        f.pending.delete(ticket);
        showProgress();
        if (!grading()) assessSoon(0);
      });
  }

  const busyWith = (f) => f.pending.size > 0 || f.state === 'queued';
  const grading = () => files.some(busyWith);

  function showProgress() {
    const busy = files.filter(busyWith).length;
    const total = files.length;
    const done = files.filter((f) => !busyWith(f) && f.state !== 'cancelled').length;
    const cancelled = files.filter((f) => f.state === 'cancelled').length;
    $('.teachers-progress').hidden = !busy && !cancelled;
    $('.teachers-progress-bar').value = total ? done / total : 0;
    $('.teachers-cancel').hidden = !busy;
    $('.teachers-resume').hidden = busy > 0 || !cancelled;
    $('.teachers-progress-text').textContent = busy
      ? `Grading: ${done} of ${total} files done, in the page’s workers.`
      : cancelled
        ? `Cancelled: ${done} of ${total} files graded, ${cancelled} not.`
        : '';
  }

  function showFileReport() {
    const accounts = report?.grouped.accounts ?? new Map();
    const lines = files
      .map((f) =>
        f.state === 'skipped'
          ? { bad: true, text: f.message }
          : f.state === 'cancelled'
            ? { bad: true, text: `${isolated(f.name)}: not graded (cancelled).` }
            : f.read
              ? // what was done with it (the last assessment's: graded, set aside, a copy), and its notices summarised by
                // kind (a file edited by hand may hold thousands; all of them download)
                {
                  bad: false,
                  id: f.id,
                  text: `${isolated(f.name)}: read${accounts.get(f.id) ? `, ${accounts.get(f.id).text}` : ''}.`,
                  choose: accounts.get(f.id)?.choose,
                  notices: f.read.notices.length ? html` Set aside: ${noticesHtml(f.read.notices, f.id)}` : null,
                }
              : null,
      )
      .filter(Boolean);
    // a student's files that end at the same moment: the teacher chooses the one graded (report.js groupStudents)
    const chooser = (l) =>
      l.choose
        ? html` <button type="button" class="teachers-choose" data-file="${l.id}" data-student="${l.choose.key}">Grade this one for <bdi>${l.choose.name}</bdi></button>`
        : '';
    setHtml(
      $('.teachers-report'),
      lines.length
        ? html`<ul class="teachers-file-report">${lines.map((l) => html`<li class="${l.bad ? 'teachers-problem' : ''}">${l.text}${chooser(l)}${l.notices}</li>`)}</ul>`
        : html``,
    );
  }
  $('.teachers-report').addEventListener('click', (event) => {
    const choice = event.target.closest('.teachers-choose');
    if (choice) {
      chosen = { ...chosen, [choice.dataset.student]: Number(choice.dataset.file) };
      return assessSoon(0);
    }
    const button = event.target.closest('.notices-download');
    const f = button && files.find((x) => String(x.id) === button.dataset.file);
    if (f?.read) downloadNotices(f.read.notices, `${f.name.replace(/\.json$/i, '')}-notices.txt`);
  });

  $('.teachers-files').addEventListener('change', async (event) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const room = MAX_FILES - files.length;
    const taken = chosen
      .slice(0, Math.max(0, room))
      .map((file) => ({ id: nextId++, name: file.name, file, pending: new Set(), state: 'queued', read: null, graded: {}, message: '' }));
    files.push(...taken);
    if (chosen.length > room)
      files.push({
        id: nextId++,
        name: '',
        pending: new Set(),
        state: 'skipped',
        message: `Only ${MAX_FILES} files are graded at once: the last ${chosen.length - room} were not opened.`,
      });
    showProgress();
    // to the workers a slice at a time (each request reorders the pool's queue: 500 at once held the page in one long task; docs/measurements.md, "Grading a class in slices")
    let sliceStart = performance.now();
    for (const f of taken) {
      if (f.state !== 'queued') continue; // cancelled or cleared meanwhile
      f.state = 'grading';
      request(f, numbersWanted());
      if (performance.now() - sliceStart > SLICE_MS) {
        showProgress();
        await yieldToPage();
        sliceStart = performance.now();
      }
    }
    showProgress();
  });
  $('.teachers-cancel').addEventListener('click', () => {
    for (const f of files) for (const t of [...f.pending]) t.cancel();
    for (const f of files.filter((x) => x.state === 'queued')) f.state = 'cancelled';
    showProgress();
    $('.teachers-resume').focus();
  });
  $('.teachers-resume').addEventListener('click', () => {
    for (const f of files.filter((x) => x.state === 'cancelled')) {
      f.state = 'grading';
      request(f, numbersWanted());
    }
    showProgress();
  });
  $('.teachers-clear').addEventListener('click', () => {
    for (const f of files) for (const t of [...f.pending]) t.cancel();
    for (const f of files) f.state = 'skipped'; // (those not yet sent are not sent)
    files.length = 0;
    report = null;
    chosen = {};
    showProgress();
    assessSoon(0);
  });
  const code = () => (assignment.get()?.code ?? 'class').replace(/[^\p{L}\p{N}-]+/gu, '-');
  $('.teachers-csv').addEventListener('click', () => {
    if (report) download(toCsv(gradebookRows(report.grouped, report.settings), { bom: true }), `gradebook-${code()}.csv`, 'text/csv');
  });
  $('.teachers-csv-exercises').addEventListener('click', () => {
    if (report) download(toCsv(exerciseRows(report.grouped, report.settings), { bom: true }), `attempts-${code()}.csv`, 'text/csv');
  });

  // ---- assessment for the form, a few files per task ----
  let generation = 0;
  let timer = null;
  function assessSoon(wait = SETTLE_MS) {
    clearTimeout(timer);
    timer = setTimeout(assess, wait);
  }

  async function assess() {
    const mine = ++generation;
    showFileReport();
    const a = assignment.get();
    $('.teachers-actions').hidden = !files.some((f) => f.read) || !a;
    if (!files.some((f) => f.read)) return view.clear();
    if (!a) return view.prompt('Fill in the assignment above (class code and exercises) to grade the files.');
    // exercises a file has not been graded on yet: to the workers, only those
    const wanted = files
      .filter((f) => f.read && !f.pending.size)
      .map((f) => [f, a.exercises.filter((n) => !(n in f.graded))])
      .filter(([, missing]) => missing.length);
    for (const [f, missing] of wanted) request(f, missing);
    if (wanted.length) return showProgress(); // (assessed once they are in)
    // the handed-in designs run again (those not run yet), then assessed again; meanwhile they read "not graded"
    designs.runFor(
      files.filter((f) => f.read).map((f) => f.read.state),
      a,
      allProps,
      () => assessSoon(0),
    );
    const designed = a.exercises.filter((n) => hasDesign(allProps[n]?.parts ?? []));
    const withDesigns = (f) => ({
      ...f.graded,
      ...Object.fromEntries(
        designed.map((n) => [n, gradeLog({ exercises, props: allProps[n], log: f.read.state.exercises[n]?.log ?? [], judged: designs.judged })]),
      ),
    });
    const settings = { assignment: a, ...marking.get(a) };
    const assessed = [];
    const ready = files.filter((f) => f.read);
    let sliceStart = performance.now();
    for (const f of ready) {
      assessed.push(
        assessFile(
          { id: f.id, name: f.name, state: f.read.state, logSetAside: f.read.logSetAside, exportedAt: f.read.exportedAt, graded: withDesigns(f) },
          settings,
          allProps,
        ),
      );
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToPage();
        if (mine !== generation) return; // the form changed meanwhile: that assessment replaces this one
        sliceStart = performance.now();
      }
    }
    const grouped = groupStudents(assessed, settings.roster, a, chosen);
    const stats = {};
    for (const n of a.exercises) {
      // (a class's statistics at once were one long task; docs/measurements.md, "Grading a class in slices")
      Object.assign(stats, exerciseStats(grouped.rows, [n], allProps));
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToPage();
        if (mine !== generation) return;
        sliceStart = performance.now();
      }
    }
    await yieldToPage();
    if (mine !== generation) return;
    report = { settings, grouped, stats };
    showFileReport(); // (with what was done with each file)
    await view.show(report);
  }

  return { update: () => (files.length ? assessSoon() : view.clear()) };
}
