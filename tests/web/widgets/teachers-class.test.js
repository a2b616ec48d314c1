// @vitest-environment jsdom
// Issue 36: a class's files graded without holding up the tab (moved from tests/e2e/teachers-class.spec.js). 100
// students' files (21 exercises, 20 attempts each, made by the real kernels: scripts/lib/class-files.mjs) opened at
// once on the teachers' page are graded in the page's workers (Node threads running its worker.js); meanwhile the
// page answers the teacher. What is checked is an order of events, not a duration, so it holds on a fast machine and
// a slow one alike: a name typed while the files grade has its numbers shown, and the progress bar has moved through
// several values, before the last file is graded (with the grading on the main thread, as before, the keystroke
// waited for every file and the bar went from 0 to done at once); Cancel stops the grading with files left
// ungraded, and "Grade the rest" grades them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it, vi } from 'vitest';
import { click } from './harness.js';
import { device, eventually, fileOf, labelled, openFiles, openTeachers, textOf } from './teachers-helpers.js';

const STUDENTS = 100;
const PAGE = `/teachers.html?assign.class=ML%204410&assign.ex=${Array.from({ length: 21 }, (_, k) => k + 1).join(',')}`;
const GRADING_MS = 240_000; // the whole class graded on a loaded 2-core machine (each step of the wait: 25 ms)
vi.setConfig({ testTimeout: 600_000 }); // (the two gradings and the files' making)

const dir = mkdtempSync(join(tmpdir(), 'teachers-class-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The class's files, written by the kernels in Node. → the files, as a picker hands them to the page */
function classFiles() {
  execFileSync('node', ['scripts/lib/class-files.mjs', '--students', String(STUDENTS), '--out', dir], {
    cwd: join(dirname(fileURLToPath(import.meta.url)), '../../..'),
    env: { ...process.env, NODE_PATH: '' },
    stdio: 'ignore',
  });
  return readdirSync(dir)
    .sort()
    .map((f) => fileOf(f, readFileSync(join(dir, f))));
}

// In the page, before the files are opened: the moments (the page's clock) at which the progress bar took each value
// and the last file was graded. (A MutationObserver runs on the main thread: it sees the bar only when the page does.)
function watchGrading(/** @type {HTMLElement} */ body) {
  const seen = {
    values: /** @type {[number, number][]} */ ([]),
    allGraded: /** @type {number | null} */ (null),
    nameAnswered: /** @type {number | null} */ (null),
  };
  const bar = /** @type {HTMLProgressElement} */ (body.querySelector('.teachers-progress-bar'));
  new MutationObserver(() => {
    seen.values.push([performance.now(), bar.value]);
    if (seen.allGraded === null && bar.value === 1) seen.allGraded = performance.now();
  }).observe(bar, { attributes: true });
  const numbers = /** @type {HTMLElement} */ (body.querySelector('.teachers-numbers'));
  new MutationObserver(() => {
    if (seen.nameAnswered === null && numbers.querySelector('caption')?.textContent.includes('Grace Hopper')) seen.nameAnswered = performance.now();
  }).observe(numbers, { childList: true, subtree: true });
  return seen;
}

it('a class of 100 files grades in the workers while the page answers: a name typed, the progress moving, Cancel', async () => {
  const files = classFiles();
  expect(files).toHaveLength(STUDENTS);
  const teacher = await openTeachers(device(), PAGE);
  const t = teacher.body;
  expect(labelled(t, 'The link for your students').value).toMatch(/assign\.class=/);
  const seen = watchGrading(t);
  const progress = () => textOf(t.querySelector('.teachers-progress-text'));
  const input = /** @type {HTMLInputElement} */ (t.querySelector('.teachers-files'));

  // 1. the teacher types a name while the files grade: its numbers come before the last file is graded
  openFiles(input, files);
  await eventually(() => expect(progress()).toContain('Grading:'));
  // (typed a key at a time, each its input event, as a keyboard does)
  const name = labelled(t, 'Student’s name or number');
  name.focus();
  for (const key of 'Grace Hopper') {
    name.value += key;
    name.dispatchEvent(new Event('input', { bubbles: true }));
  }
  await eventually(() => expect(textOf(t.querySelector('.teachers-numbers caption'))).toContain('Grace Hopper'));
  await eventually(() => expect(t.querySelector('.teachers-grades')).not.toBeNull(), GRADING_MS);
  await eventually(() => expect(textOf(t.querySelector('.teachers-results'))).toContain(`${STUDENTS} students`));
  expect(seen.nameAnswered, 'the name’s numbers were drawn').not.toBeNull();
  expect(seen.allGraded, 'the last file was graded').not.toBeNull();
  expect(seen.nameAnswered, 'the name’s numbers came before the last file was graded').toBeLessThan(seen.allGraded);
  // the bar moved as the files came in: several values between none and all, each before the end
  const between = [...new Set(seen.values.filter(([at, v]) => v > 0 && v < 1 && at < seen.allGraded).map(([, v]) => v))];
  expect(between.length, `progress values seen before the end: ${between.join(', ')}`).toBeGreaterThanOrEqual(5);
  // every student graded: the 20th attempt right, as the files were made
  await eventually(() => expect(t.querySelector('.teachers-grades tbody tr td[data-exercise="4"]')?.getAttribute('data-outcome')).toBe('tries'));

  // 2. Cancel while the files grade: it stops with files not graded, and "Grade the rest" grades them
  click(t, 'Clear the files');
  openFiles(input, files);
  await eventually(() => expect(progress()).toContain('Grading:'));
  click(t, 'Cancel');
  await eventually(() => expect(progress()).toMatch(/^Cancelled: \d+ of 100 files graded, \d+ not\.$/));
  const [done, left] = progress()
    .match(/\d+/g)
    .map(Number)
    .filter((_, k) => k !== 1);
  expect(left, 'files left ungraded by Cancel').toBeGreaterThan(0);
  expect(done + left).toBe(STUDENTS);
  await eventually(() => expect(textOf(t.querySelector('.teachers-file-report'))).toContain('not graded (cancelled)'));
  click(t, 'Grade the rest');
  await eventually(() => expect(textOf(t.querySelector('.teachers-results'))).toContain(`${STUDENTS} students`), GRADING_MS);
  await eventually(() => expect(textOf(t.querySelector('.teachers-file-report'))).not.toContain('cancelled'));
});
