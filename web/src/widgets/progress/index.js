// The reader's progress at the top of the exercises: every exercise with a link and its state (✓ solved,
// attempted, untouched), export to and import from a JSON file, reset of all progress after a
// confirmation, what the store had to set aside (with the copy to download), and the printed worksheet and
// answer key (print-sheets.js).
import { MAX_IMPORT_BYTES } from '../../progress/validate.js';
import { download } from '../../ui/download.js';
import { downloadNotices, noticesHtml } from '../../ui/notices.js';
import { html, setHtml } from '../../ui/html.js';
import { progress } from '../../progress/store.js';
import { repaired } from '../../exercises/record.js';
import { expectedSeedOf, recordOutcome, stateOf } from '../../exercises/outcome.js';
import { dueAt } from '../../progress/assignee.js';
import { progressFileName, studentDue } from '../../exercises/assignment.js';
import { exercisesOnPage } from './exercises.js';
import { readerAssignment } from './assignment.js';
import { createPrintSheets } from './print-sheets.js';
import './style.css';

const STATES = {
  solved: { mark: '✓', text: 'solved' },
  attempted: { mark: '◐', text: 'attempted' },
  untouched: { mark: '○', text: 'untouched' },
};

const plural = (k, one, many) => `${k} ${k === 1 ? one : many}`;

/**
 * What an import does to the designs of a file (issue 52): a design it marks right that cannot be run is unmarked, as
 * the teachers' page grades it (regrade.js unmarkUnrunnableDesigns), with the kernels, loaded at the first import.
 * Without them (they failed to load) no design can be run here either, and the file's marks are taken as they are.
 * @param {{n: number, props: any}[]} exercises  exercisesOnPage's
 * @returns {Promise<((state: any) => string[]) | undefined>}
 */
async function designCheck(exercises) {
  try {
    const [{ loadExercisesWithDesign }, { unmarkUnrunnableDesigns }, { loadWiring }] = await Promise.all([
      import('../../exercises/design.js'),
      import('../../exercises/regrade.js'),
      import('../../kernels/wiring.js'),
    ]);
    const [kernels, wiring] = await Promise.all([loadExercisesWithDesign(), loadWiring()]);
    const allProps = Object.fromEntries(exercises.map((ex) => [ex.n, ex.props]));
    return (state) => unmarkUnrunnableDesigns({ exercises: kernels, wiring, allProps, state });
  } catch {
    return undefined;
  }
}

/** loader: what mount.js hands a widget ({mountMatching}); the print sheets mount every exercise with it. */
export async function mount(el, props, loader) {
  const exercises = await exercisesOnPage(document);
  el.classList.add('progress-panel');
  // the list is built once; show() only updates each item's state
  setHtml(
    el,
    html`<p class="progress-summary" aria-live="polite"></p>
    <ol class="progress-list">${exercises.map(
      (ex) => html`<li data-exercise="${ex.n}"><a href="#exercise-${ex.n}">Exercise ${ex.n} · ${ex.title}</a> <span class="progress-state"></span></li>`,
    )}</ol>
    <p class="progress-problem" role="alert"></p>
    <div class="progress-notices"></div>
    <div class="progress-backup" hidden>
      <p class="progress-backup-text"></p>
      <button type="button" class="progress-backup-download">Download the copy</button>
      <button type="button" class="progress-backup-forget">Delete the copy</button>
    </div>
    <div class="progress-actions">
      <button type="button" class="progress-export">Export progress</button>
      <label class="progress-import-label"><span>Import progress</span>
        <input type="file" accept="application/json,.json" class="progress-import"></label>
      <button type="button" class="progress-reset">Reset all progress…</button>
    </div>
    <div class="progress-confirm" role="group" aria-label="Confirm the reset" hidden>
      <p>This clears every answer, attempt, hint and flash-card schedule saved in this browser. A copy of what is
        cleared can be downloaded afterwards.</p>
      <button type="button" class="progress-reset-confirm">Reset everything</button>
      <button type="button" class="progress-reset-cancel">Keep my progress</button>
    </div>
    <p class="progress-message" role="status"></p>`,
  );
  const $ = (selector) => el.querySelector(selector);
  const message = $('.progress-message');
  const confirm = $('.progress-confirm');

  const list = $('.progress-list');

  const show = () => {
    const counts = { solved: 0, attempted: 0, untouched: 0 };
    const who = progress.assignment();
    // with an assignment, the line counts its exercises (issue 51: it counted the chapter's, "0 of 23" for two assigned)
    const assigned = readerAssignment()?.exercises ?? null;
    exercises.forEach((ex, i) => {
      // the exercise widget's own reading: the one rule, on the assigned numbers where the reader's assignment holds it
      const expected = expectedSeedOf(who, ex.n, ex.props);
      const status = stateOf(
        recordOutcome({
          record: repaired({ ...(progress.peek(ex.n) ?? {}) }),
          props: ex.props,
          expectedSeed: expected,
          due: expected === undefined ? null : dueAt(studentDue(who).due),
        }).outcome,
      );
      if (!assigned || assigned.includes(ex.n)) counts[status]++;
      const li = list.children[i];
      li.dataset.status = status;
      li.querySelector('.progress-state').textContent = `${STATES[status].mark} ${STATES[status].text}`;
    });
    const counted = assigned?.length ?? exercises.length;
    $('.progress-summary').textContent = exercises.length
      ? `${counts.solved} of ${counted} ${assigned ? 'assigned ' : ''}exercises solved, ${counts.attempted} attempted, ${counts.untouched} untouched.`
      : '';
    $('.progress-problem').textContent = progress.problem() ?? '';
    const notices = progress.notices(); // (summarised by kind: a file edited by hand may hold thousands)
    setHtml($('.progress-notices'), notices.length ? noticesHtml(notices) : html``);
    const backup = progress.backup();
    $('.progress-backup').hidden = !backup;
    if (backup) {
      $('.progress-backup-text').textContent =
        `A copy of earlier saved progress is kept in this browser (${backup.reason}, ${/^\d{4}-/.test(backup.savedAt) ? backup.savedAt.slice(0, 10) : backup.savedAt}). ` +
        'Download it to keep it, or import it to bring it back.';
    }
  };

  $('.progress-export').addEventListener('click', () => {
    const file = progressFileName(progress.assignment()); // named for the student and the class: a teacher gets many
    download(progress.exportJson(), file);
    message.textContent = `Exported to ${file}.`;
  });
  $('.progress-notices').addEventListener('click', (event) => {
    if (!event.target.closest('.notices-download')) return;
    downloadNotices(progress.notices(), 'residual-ln-progress-notices.txt');
    message.textContent = 'Every notice was downloaded as residual-ln-progress-notices.txt.';
  });
  $('.progress-backup-download').addEventListener('click', () => {
    download(progress.backup()?.text ?? '', 'residual-ln-progress-copy.json');
    message.textContent = 'The copy was downloaded as residual-ln-progress-copy.json.';
  });
  $('.progress-backup-forget').addEventListener('click', () => {
    progress.forgetBackups();
    message.textContent = 'The copy was deleted.';
  });
  $('.progress-import').addEventListener('change', async (event) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      message.textContent = `${file.name} is ${(file.size / 1e6).toFixed(1)} MB, too large to be progress of this chapter (the limit is ${MAX_IMPORT_BYTES / 1e6} MB): nothing was imported.`;
      return;
    }
    try {
      const text = await file.text();
      const { saved, notices } = progress.importJson(text, await designCheck(exercises));
      const skipped = notices.length ? ` ${plural(notices.length, 'record was', 'records were')} set aside or changed (listed above).` : '';
      message.textContent = saved
        ? `Imported ${file.name}.${skipped}`
        : `${file.name} was read, but this browser refused to save it: it lasts only until you close the page.${skipped}`;
    } catch (error) {
      message.textContent = error.message;
    }
  });
  $('.progress-reset').addEventListener('click', () => {
    confirm.hidden = false;
    $('.progress-reset-cancel').focus();
  });
  $('.progress-reset-cancel').addEventListener('click', () => {
    confirm.hidden = true;
    message.textContent = 'Nothing was reset.';
    $('.progress-reset').focus();
  });
  $('.progress-reset-confirm').addEventListener('click', () => {
    const saved = progress.resetAll();
    confirm.hidden = true;
    message.textContent = saved
      ? 'All progress was reset.'
      : 'All progress was reset for this visit, but this browser refused to save that: your saved progress comes back on the next visit.';
    $('.progress-reset').focus();
  });

  const sheets = createPrintSheets(el, loader);
  const unsubscribe = progress.subscribe(() => {
    show();
    sheets.update(); // (the reader's assignment decides what the sheets print)
  });
  show();
  return {
    destroy() {
      unsubscribe();
      sheets.destroy();
      el.replaceChildren();
    },
  };
}
