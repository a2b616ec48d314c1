// Issue 36: a class's files graded without holding up the tab. 100 students' files (21 exercises, 20 attempts each,
// made by the real kernels: scripts/lib/class-files.mjs) opened at once on the teachers' page are graded in the
// page's workers; meanwhile the page answers the teacher. What is checked is an order of events, not a duration, so it
// holds on a fast machine and a slow one alike: a name typed while the files grade has its numbers shown, and the
// progress bar has moved through several values, before the last file is graded (with the grading on the main
// thread, as before, the keystroke waited for every file and the bar went from 0 to done at once); Cancel stops the
// grading with files left ungraded, and "Grade the rest" grades them.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, warmTest as test } from './fixtures.js';

test.describe.configure({ timeout: 300_000 });
const STUDENTS = 100;
const PAGE = `./teachers.html?assign.class=ML%204410&assign.ex=${Array.from({ length: 21 }, (_, k) => k + 1).join(',')}`;

/** The class's files, written by the kernels in Node. → their paths */
function classFiles(dir) {
  execFileSync('node', ['scripts/lib/class-files.mjs', '--students', String(STUDENTS), '--out', dir], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, NODE_PATH: '' },
    stdio: 'ignore',
  });
  return readdirSync(dir)
    .sort()
    .map((f) => join(dir, f));
}

// In the page, before the files are opened: the moments (the page's clock) at which the progress bar took each value
// and the last file was graded. (A MutationObserver runs on the main thread: it sees the bar only when the page does.)
async function watchGrading(page) {
  await page.evaluate(() => {
    const seen = { values: [], allGraded: null, nameAnswered: null };
    window.gradingSeen = seen;
    const bar = document.querySelector('.teachers-progress-bar');
    new MutationObserver(() => {
      seen.values.push([performance.now(), bar.value]);
      if (seen.allGraded === null && bar.value === 1) seen.allGraded = performance.now();
    }).observe(bar, { attributes: true });
    const numbers = document.querySelector('.teachers-numbers');
    new MutationObserver(() => {
      if (seen.nameAnswered === null && numbers.querySelector('caption')?.textContent.includes('Grace Hopper')) seen.nameAnswered = performance.now();
    }).observe(numbers, { childList: true, subtree: true });
  });
}

test('a class of 100 files grades in the workers while the page answers: a name typed, the progress moving, Cancel', async ({ page }, testInfo) => {
  const files = classFiles(testInfo.outputPath('class'));
  expect(files).toHaveLength(STUDENTS);
  await page.goto(PAGE);
  await expect(page.getByLabel('The link for your students')).toHaveValue(/assign\.class=/);
  await watchGrading(page);
  const progress = page.locator('.teachers-progress-text');

  // 1. the teacher types a name while the files grade: its numbers come before the last file is graded
  await page.locator('.teachers-files').setInputFiles(files);
  await expect(progress).toContainText('Grading:');
  await page.getByLabel('Student’s name or number').pressSequentially('Grace Hopper');
  await expect(page.locator('.teachers-numbers caption')).toContainText('Grace Hopper');
  await expect(page.locator('.teachers-grades')).toBeVisible({ timeout: 240_000 });
  await expect(page.locator('.teachers-results')).toContainText(`${STUDENTS} students`);
  const seen = await page.evaluate(() => window.gradingSeen);
  expect(seen.nameAnswered, 'the name’s numbers were drawn').not.toBeNull();
  expect(seen.allGraded, 'the last file was graded').not.toBeNull();
  expect(seen.nameAnswered, 'the name’s numbers came before the last file was graded').toBeLessThan(seen.allGraded);
  // the bar moved as the files came in: several values between none and all, each before the end
  const between = [...new Set(seen.values.filter(([at, v]) => v > 0 && v < 1 && at < seen.allGraded).map(([, v]) => v))];
  expect(between.length, `progress values seen before the end: ${between.join(', ')}`).toBeGreaterThanOrEqual(5);
  // every student graded: the 20th attempt right, as the files were made
  const row = page.locator('.teachers-grades tbody tr').first();
  await expect(row.locator('td[data-exercise="4"]')).toHaveAttribute('data-outcome', 'tries');

  // 2. Cancel while the files grade: it stops with files not graded, and "Grade the rest" grades them
  await page.getByRole('button', { name: 'Clear the files' }).click();
  await page.locator('.teachers-files').setInputFiles(files);
  await expect(progress).toContainText('Grading:');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toHaveText(/^Cancelled: \d+ of 100 files graded, \d+ not\.$/);
  const [done, left] = (await progress.textContent())
    .match(/\d+/g)
    .map(Number)
    .filter((_, k) => k !== 1);
  expect(left, 'files left ungraded by Cancel').toBeGreaterThan(0);
  expect(done + left).toBe(STUDENTS);
  await expect(page.locator('.teachers-file-report')).toContainText('not graded (cancelled)');
  await page.getByRole('button', { name: 'Grade the rest' }).click();
  await expect(page.locator('.teachers-results')).toContainText(`${STUDENTS} students`, { timeout: 240_000 });
  await expect(page.locator('.teachers-file-report')).not.toContainText('cancelled');
});
