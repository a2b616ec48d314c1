// Issue 36: a week's marking on the teachers' page, from files three students made on devices of their own (one
// browser context each, its clock set with Playwright's clock so the test does not depend on the day it runs):
// attempts after a student's due date are marked late in the table and both CSVs; an extension (name → new due
// date) moves that student's due date; the teacher chooses whether late attempts count; a roster of names and IDs
// pasted on the page matches the files (by name, or by the ID a student typed as their name), gives the gradebook
// its IDs and lists the students with no file. Each CSV is read back by a CSV parser. An extended student's own link,
// offered beside the extension, makes their page agree with the teacher's table on which attempts are late.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test } from './fixtures.js';

test.describe.configure({ timeout: 240_000 });
const ZONE = 'UTC';
test.use({ timezoneId: ZONE });

const DUE = '2026-12-10T18:00Z';
const QUERY = `assign.class=PHYS%20101&assign.ex=1,4&assign.due=${DUE}`;

/** A student on a device of their own whose clock reads `time`: the link (its query) opened, a name typed. → {page, context} */
async function studentAt(browser, name, time, query = QUERY) {
  const context = await browser.newContext({ timezoneId: ZONE });
  await context.clock.install({ time: new Date(time) });
  const page = await context.newPage();
  await page.goto(`./?${query}`);
  const banner = page.locator('aside.assignment');
  await banner.getByLabel('Your name or student number').fill(name);
  await banner.getByRole('button', { name: 'Start' }).click();
  await expect(banner).toContainText(`Working as ${name}`);
  return { page, context };
}

/** Exercise 1 answered right (its two choices) and checked. → the exercise's badge */
async function solveExercise1(page) {
  const ex = page.locator('#exercise-1');
  await ex.scrollIntoViewIfNeeded();
  await ex.locator('.ex-part[data-part="post"] input[value="a"]').check({ timeout: 30_000 });
  await ex.locator('.ex-part[data-part="highway"] input[value="b"]').check();
  await ex.getByRole('button', { name: 'Check' }).click();
  return ex.locator('.ex-state');
}

/** The student's progress exported from the chapter's panel, written where the teacher will open it. → its path */
async function handIn(page, path) {
  await page.locator('#progress').scrollIntoViewIfNeeded();
  const button = page.locator('#progress').getByRole('button', { name: 'Export progress' });
  await expect(button).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  writeFileSync(path, readFileSync(await download.path(), 'utf8'));
  return path;
}

async function csv(page, button) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return parse(readFileSync(await download.path(), 'utf8'), { bom: true, columns: true });
}

test('late attempts are marked in the table and the CSVs, an extension moves a due date, the teacher chooses whether they count, and a roster gives the IDs', async ({
  browser,
  page: teacher,
}, testInfo) => {
  // Ada: exercise 1 right a day before the due date; exercise 4 tried (wrong) the day after it
  const ada = await studentAt(browser, 'Ada Lovelace', '2026-12-09T10:00:00Z');
  await expect(await solveExercise1(ada.page)).toHaveText('✓ Solved');
  await ada.context.clock.setSystemTime(new Date('2026-12-11T09:00:00Z'));
  const ex4 = ada.page.locator('#exercise-4');
  await ex4.scrollIntoViewIfNeeded();
  await ex4.locator('.ex-part[data-part="mean"] .ex-answer').fill('123', { timeout: 30_000 });
  await ex4.getByRole('button', { name: 'Check' }).click();
  await expect(ex4.locator('.ex-state')).toHaveText('Attempted');
  const adaFile = await handIn(ada.page, testInfo.outputPath('ada.json'));
  await ada.context.close();
  // Bob: exercise 1 right the day after the class's due date, within his extension
  const bob = await studentAt(browser, 'Bob Builder', '2026-12-11T10:00:00Z');
  await expect(await solveExercise1(bob.page)).toHaveText(/✓ Solved/);
  const bobFile = await handIn(bob.page, testInfo.outputPath('bob.json'));
  await bob.context.close();
  // Carol, under her student number: exercise 1 right the day after the due date, with no extension: late, on her page too
  const carol = await studentAt(browser, '1003', '2026-12-11T11:00:00Z');
  await expect(await solveExercise1(carol.page)).toHaveText('✓ Solved (late)');
  const carolFile = await handIn(carol.page, testInfo.outputPath('carol.json'));
  await carol.context.close();

  // the teacher, after the week: Bob's extension, the files
  await teacher.clock.install({ time: new Date('2026-12-13T09:00:00Z') });
  await teacher.goto(`./teachers.html?${QUERY}`);
  await teacher.getByLabel(/^Extensions, one a line/).fill('Bob Builder = 2026-12-12 18:00');
  await teacher.locator('.teachers-files').setInputFiles([adaFile, bobFile, carolFile]);
  const rowOf = (name) => teacher.locator('.teachers-grades tbody tr').filter({ has: teacher.locator('th', { hasText: name }) });
  await expect(teacher.locator('.teachers-grades tbody tr')).toHaveCount(3, { timeout: 60_000 });
  // late attempts count (the default), marked late
  await expect(rowOf('Ada Lovelace').locator('td[data-exercise="1"]')).not.toHaveAttribute('data-late', 'true');
  await expect(rowOf('Ada Lovelace').locator('td[data-exercise="4"]')).toHaveAttribute('data-late-attempts', '1');
  await expect(rowOf('Ada Lovelace').locator('td[data-exercise="4"]')).toContainText('1 late attempt');
  await expect(rowOf('Bob Builder').locator('td[data-exercise="1"]')).toHaveText('✓ solved at the first try · 1 pt');
  await expect(rowOf('1003').locator('td[data-exercise="1"]')).toHaveAttribute('data-late', 'true');
  await expect(rowOf('1003').locator('td[data-exercise="1"]')).toHaveText('✓ solved at the first try, late · 1 pt');
  for (const name of ['Ada Lovelace', 'Bob Builder', '1003']) await expect(rowOf(name).locator('.teachers-flags')).toHaveText('none');
  let book = await csv(teacher, 'Download the gradebook (CSV)');
  expect(book.map((r) => [r['student ID'], r['exercise 1 (of 1)'], r['exercise 4 (of 1)'], r.total, r['late attempts']])).toEqual([
    ['Ada Lovelace', '1', '0', '1', '1'],
    ['Bob Builder', '1', '0', '1', '0'],
    ['1003', '1', '0', '1', '1'],
  ]);
  const attempts = await csv(teacher, 'Download attempts by exercise (CSV)');
  expect(attempts.filter((r) => r.exercise === '1').map((r) => [r['student ID'], r.outcome, r['late attempts']])).toEqual([
    ['Ada Lovelace', 'solved at the first try', '0'],
    ['Bob Builder', 'solved at the first try', '0'],
    ['1003', 'solved at the first try, late', '1'],
  ]);

  // without his extension Bob's attempt is late too
  await teacher.getByLabel(/^Extensions, one a line/).fill('');
  await expect(rowOf('Bob Builder').locator('td[data-exercise="1"]')).toHaveAttribute('data-late', 'true');
  await teacher.getByLabel(/^Extensions, one a line/).fill('Bob Builder = 2026-12-12 18:00');
  await expect(rowOf('Bob Builder').locator('td[data-exercise="1"]')).not.toHaveAttribute('data-late', 'true');

  // late attempts do not count: Carol's solve is not counted (still marked late), Ada's on-time solve is
  await teacher.getByLabel('do not count (marked late)').check();
  await expect(teacher).toHaveURL(/[?&]late=no/);
  await expect(rowOf('1003').locator('td[data-exercise="1"]')).toHaveAttribute('data-outcome', 'untouched');
  await expect(rowOf('1003').locator('td[data-exercise="1"]')).toContainText('1 late attempt');
  await expect(rowOf('1003').locator('.teachers-total')).toHaveText('0');
  await expect(rowOf('Ada Lovelace').locator('.teachers-total')).toHaveText('1');
  await expect(rowOf('Bob Builder').locator('.teachers-total')).toHaveText('1');
  await expect(teacher.locator('.teachers-results')).toContainText('and only what was done by each student’s due date');
  book = await csv(teacher, 'Download the gradebook (CSV)');
  expect(book.map((r) => [r['student ID'], r['exercise 1 (of 1)'], r.total, r['late attempts']])).toEqual([
    ['Ada Lovelace', '1', '1', '1'],
    ['Bob Builder', '1', '1', '0'],
    ['1003', '0', '0', '1'],
  ]);

  // a roster pasted from a spreadsheet (a tab, a comma, a semicolon): Ada and Bob matched by name, Carol by the number
  // she typed as her name; Dan handed in nothing
  await teacher.getByLabel(/^Roster \(optional\)/).fill('Ada Lovelace, 1001\nBob Builder\t1002\nCarol Danvers; 1003\nDan Brown, 1004');
  await expect(teacher.locator('.teachers-missing')).toHaveText('No file from: Dan Brown (1004).');
  await expect(teacher.locator('.teachers-results')).toContainText('3 students, 1 on the roster with no file');
  await expect(rowOf('Ada Lovelace').locator('td').first()).toHaveText('1001');
  book = await csv(teacher, 'Download the gradebook (CSV)');
  expect(book.map((r) => [r['student ID'], r.name, r.file])).toEqual([
    ['1001', 'Ada Lovelace', 'ada.json'],
    ['1002', 'Bob Builder', 'bob.json'],
    ['1003', 'Carol Danvers', 'carol.json'],
    ['1004', 'Dan Brown', 'no file'],
  ]);
  expect(book.at(-1)).toMatchObject({ 'exercise 1 (of 1)': '', total: '' });
  // the roster stays on the page, never in its address
  expect(teacher.url()).not.toMatch(/1001|Lovelace/);
});

test('an extended student’s own link: their page shows the new due date and no longer marks their attempts late, as the teacher’s table does', async ({
  browser,
  page: teacher,
}, testInfo) => {
  // the teacher lists Bob's extension; the page offers Bob's own link and says it is for display, not what counts
  await teacher.clock.install({ time: new Date('2026-12-13T09:00:00Z') });
  await teacher.goto(`./teachers.html?${QUERY}`);
  await teacher.getByLabel(/^Extensions, one a line/).fill('Bob Builder = 2026-12-12 18:00');
  const own = teacher.getByLabel(/^Bob Builder’s own link \(due 12 December 2026/);
  await expect(own).toHaveValue(/assign\.ext\.for=Bob\+Builder&assign\.ext\.due=2026-12-12T18%3A00%2B00%3A00/);
  await expect(teacher.locator('.teachers-ext-links')).toContainText('this page marks lateness by the list above, whatever link a student opened');
  const bobQuery = new URL(await own.inputValue()).search.slice(1);

  // Bob opens it (typing his name another way) the day after the class's due date, within his extension
  const bob = await studentAt(browser, 'bob  builder', '2026-12-11T10:00:00Z', bobQuery);
  const bobBanner = bob.page.locator('aside.assignment');
  await expect(bobBanner.locator('p').first()).toContainText('due 12 December 2026');
  await expect(bobBanner.locator('.assignment-extended')).toHaveText('extended');
  await expect(bobBanner).toContainText('Your teacher gave you this extension');
  await expect(await solveExercise1(bob.page)).toHaveText('✓ Solved');
  await expect(bobBanner.locator('.assignment-state').first()).toHaveText('✓ Solved');
  const bobFile = await handIn(bob.page, testInfo.outputPath('bob.json'));
  await bob.context.close();
  // Carol opens Bob's link at the same time: the extension is not hers, her attempt is late
  const carol = await studentAt(browser, 'Carol', '2026-12-11T10:00:00Z', bobQuery);
  const carolBanner = carol.page.locator('aside.assignment');
  await expect(carolBanner).toContainText('This link carries an extension for Bob Builder only');
  await expect(carolBanner.locator('.assignment-extended')).toHaveCount(0);
  await expect(await solveExercise1(carol.page)).toHaveText('✓ Solved (late)');
  await expect(carolBanner.locator('.assignment-state').first()).toHaveText('✓ Solved (late)');
  const carolFile = await handIn(carol.page, testInfo.outputPath('carol.json'));
  await carol.context.close();

  // the teacher's table says the same of the same attempts
  await teacher.locator('.teachers-files').setInputFiles([bobFile, carolFile]);
  const rowOf = (name) => teacher.locator('.teachers-grades tbody tr').filter({ has: teacher.locator('th', { hasText: name }) });
  await expect(teacher.locator('.teachers-grades tbody tr')).toHaveCount(2, { timeout: 60_000 });
  await expect(rowOf('bob builder').locator('td[data-exercise="1"]')).toHaveText('✓ solved at the first try · 1 pt');
  await expect(rowOf('bob builder').locator('td[data-exercise="1"]')).not.toHaveAttribute('data-late', 'true');
  await expect(rowOf('Carol').locator('td[data-exercise="1"]')).toHaveAttribute('data-late', 'true');
  // the table goes by the teacher's list, not by the link a student opened: without the extension Bob is late there
  await teacher.getByLabel(/^Extensions, one a line/).fill('');
  await expect(rowOf('bob builder').locator('td[data-exercise="1"]')).toHaveAttribute('data-late', 'true');
  await expect(teacher.locator('.teachers-ext-links')).toBeEmpty();
});

// The teachers' page keeps its form and its marking settings in its address through the page's one kit (ui/url-state.js
// addressEntry), so a bookmark opens it as it was left; an older link's due date, a day alone, is still read (the end
// of that day anywhere on Earth: 23:59 at UTC−12, 11:59 the next day in UTC).
test('a bookmarked teachers’ page opens as it was left, an older link’s day-alone due date read', async ({ page }) => {
  const marking = 'ext=Ada%20Lovelace%20%3D%202026-12-22%2018%3A00&pts=4%3A%202&pen=25&late=no';
  await page.goto(`./teachers.html?assign.class=PHYS%20101&assign.ex=1,4&assign.due=2026-12-20&assign.hide=solutions&${marking}`);
  await expect(page.getByLabel('Class code')).toHaveValue('PHYS 101');
  await expect(page.getByLabel('Due (optional)')).toHaveValue('2026-12-21T11:59');
  await expect(page.locator('input[name="hide"]')).toBeChecked();
  await expect(page.locator('.teachers-exercises input:checked')).toHaveCount(2);
  await expect(page.locator('#set-ext')).toHaveValue('Ada Lovelace = 2026-12-22 18:00');
  await expect(page.locator('#set-points')).toHaveValue('4: 2');
  await expect(page.locator('#set-penalty')).toHaveValue('25');
  await expect(page.locator('input[name="late"][value="no"]')).toBeChecked();
  // a change is written back, the rest of the address kept; a setting back at its default leaves the address
  await page.locator('#set-penalty').fill('0');
  await page.locator('input[name="late"][value="count"]').check();
  await expect.poll(() => new URL(page.url()).searchParams.get('late')).toBeNull();
  const params = new URL(page.url()).searchParams;
  expect([params.get('pen'), params.get('pts'), params.get('assign.class'), params.get('ext')]).toEqual([
    null,
    '4: 2',
    'PHYS 101',
    'Ada Lovelace = 2026-12-22 18:00',
  ]);
});
