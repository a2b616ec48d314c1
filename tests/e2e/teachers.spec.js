// The teachers' page and the chapter opened from its link, in a real browser: a link built on the page gives
// two names two different numbers, the same again for the same name; a student's exported file graded again
// gives the table the student's own page shows; the same file with a verdict edited by hand is graded to the
// truth; hostile files are reported and skipped; CSV; axe.
import { axeScan } from './axe.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, warmTest as test } from './fixtures.js';

test.describe.configure({ timeout: 120_000 });
// the teacher and the students in one time zone, so a due date reads the same on every page of the test
const ZONE = 'UTC';
test.use({ timezoneId: ZONE });

/** The teachers' page with an assignment filled in: class code, exercises (numbers), a due date and time (as the
 * date-time field takes it: 2026-12-20T23:59). → the link */
async function buildLink(page, { code, exercises, due = '' }) {
  await page.goto('./teachers.html');
  await page.getByLabel('Class code').fill(code);
  if (due) await page.getByLabel('Due (optional)').fill(due);
  for (const n of exercises) await page.locator(`.teachers-exercises input[value="${n}"]`).check();
  const link = page.getByLabel('The link for your students');
  await expect(link).toHaveValue(/assign\.class=/);
  return link.inputValue();
}

/** A student opens the link in a browser of their own, types their name: → exercise 4's x as shown */
async function asStudent(browser, link, name) {
  const context = await browser.newContext({ timezoneId: ZONE });
  const page = await context.newPage();
  await page.goto(link);
  const banner = page.locator('aside.assignment');
  await expect(banner).toContainText(/Class PHYS 101: exercises 1 and 4, due 20 December 2026(,| at) 23:59 UTC\s+\(\d+ days( \d+ hours?)? left\)\./);
  await banner.getByLabel('Your name or student number').fill(name);
  await banner.getByRole('button', { name: 'Start' }).click();
  await expect(banner).toContainText(`Working as ${name}`);
  await page.locator('#exercise-4').scrollIntoViewIfNeeded();
  const x = page.locator('#exercise-4').getByLabel('x', { exact: true });
  await expect(x).toBeVisible({ timeout: 30_000 });
  return { page, context, x: await x.inputValue(), seed: new URL(page.url()).searchParams.get('ex4.seed') };
}

test('a link built on the teachers’ page gives two names two different numbers, the same again for the same name', async ({ page, browser }) => {
  const link = await buildLink(page, { code: 'PHYS 101', exercises: [1, 4], due: '2026-12-20T23:59' });
  expect(new URL(link).searchParams.get('assign.ex')).toBe('1,4');
  const ada = await asStudent(browser, link, 'Ada Lovelace');
  const alan = await asStudent(browser, link, 'Alan Turing');
  const adaAgain = await asStudent(browser, link, '  ada lovelace ');
  expect(ada.x).not.toBe(alan.x);
  expect(adaAgain.x).toBe(ada.x);
  expect(ada.seed).toMatch(/^\d+$/);

  // the teacher sees the same numbers for the same name
  await page.getByLabel('Student’s name or number').fill('Ada Lovelace');
  await expect(page.locator('.teachers-numbers td[data-seed]')).toHaveText(ada.seed);
  // and a reload of the student's page keeps the name and the numbers, without the name asked again
  await ada.page.reload();
  await expect(ada.page.locator('aside.assignment')).toContainText('Working as Ada Lovelace');
  await ada.page.locator('#exercise-4').scrollIntoViewIfNeeded();
  await expect(ada.page.locator('#exercise-4').getByLabel('x', { exact: true })).toHaveValue(ada.x);
  for (const s of [ada, alan, adaAgain]) await s.context.close();
});

test('an exported file is graded again to the student’s own table; a verdict edited by hand counts for nothing; hostile files are skipped', async ({
  page,
  browser,
}, testInfo) => {
  const link = await buildLink(page, { code: 'PHYS 101', exercises: [1, 4], due: '2026-12-20T23:59' });
  const student = await asStudent(browser, link, 'Ada Lovelace');
  const s = student.page;
  // exercise 1 right at the first check; exercise 4 tried once, wrong
  await s.locator('#exercise-1').scrollIntoViewIfNeeded();
  await s.locator('#exercise-1 .ex-part[data-part="post"] input[value="a"]').check();
  await s.locator('#exercise-1 .ex-part[data-part="highway"] input[value="b"]').check();
  await s.locator('#exercise-1').getByRole('button', { name: 'Check' }).click();
  await expect(s.locator('#exercise-1 .ex-state')).toHaveText('✓ Solved');
  await s.locator('#exercise-4 .ex-part[data-part="mean"] .ex-answer').fill('123');
  await s.locator('#exercise-4').getByRole('button', { name: 'Check' }).click();
  await expect(s.locator('#exercise-4 .ex-state')).toHaveText('Attempted');
  await expect(s.locator('aside.assignment .assignment-state').nth(1)).toHaveText('Attempted');
  const states = await s.locator('aside.assignment .assignment-state').allTextContents();

  await s.goto(`${link}#progress`);
  await expect(s.locator('#progress').getByRole('button', { name: 'Export progress' })).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([s.waitForEvent('download'), s.locator('#progress').getByRole('button', { name: 'Export progress' }).click()]);
  const text = readFileSync(await download.path(), 'utf8');
  const saved = JSON.parse(text);
  expect(saved.assignment).toMatchObject({ code: 'PHYS 101', name: 'Ada Lovelace', exercises: [1, 4], due: '2026-12-20T23:59+00:00' });
  // named for the class and the student: a teacher gets a class's worth
  expect(download.suggestedFilename()).toBe('phys-101-ada-lovelace.json');
  await student.context.close();

  const good = testInfo.outputPath('ada.json');
  writeFileSync(good, text);
  await page.locator('.teachers-files').setInputFiles(good);
  const row = page.locator('.teachers-grades tbody tr').filter({ hasText: 'Ada Lovelace' });
  await expect(row).toHaveCount(1);
  // the teacher's table says what the student's page said: exercise 1 solved at the first try, 4 attempted
  expect(states).toEqual(['✓ Solved', 'Attempted']);
  await expect(row.locator('td[data-exercise="1"]')).toHaveAttribute('data-outcome', 'first-try');
  await expect(row.locator('td[data-exercise="1"]')).toHaveText('✓ solved at the first try · 1 pt');
  await expect(row.locator('td[data-exercise="4"]')).toHaveAttribute('data-outcome', 'attempted');
  await expect(row.locator('.teachers-flags')).toHaveText('none');

  // the same file, exercise 4 marked solved by hand: graded again, it is still only attempted, and flagged
  const edited = structuredClone(saved);
  edited.exercises['4'].solved = { mean: true, variance: true, sigma: true, output: true };
  edited.exercises['4'].checked = {};
  const forged = testInfo.outputPath('ada-edited.json');
  writeFileSync(forged, JSON.stringify(edited));
  // and hostile files beside it: not JSON, another chapter's, a name that is markup, one too deep to read
  const junk = testInfo.outputPath('junk.json');
  writeFileSync(junk, '\u0000\u0001 not json {');
  const other = testInfo.outputPath('other.json');
  writeFileSync(other, JSON.stringify({ version: 1, exercises: [], cards: {} }));
  // (the markup name's file holds other work than Ada's: exercise 4 only; with the same work it would be her copy)
  const markup = testInfo.outputPath('markup.json');
  writeFileSync(
    markup,
    JSON.stringify({
      ...saved,
      exercises: { 4: saved.exercises['4'] },
      assignment: { ...saved.assignment, name: '<img src=x onerror=alert(1)>=HYPERLINK("x")' },
    }),
  );
  // Ada's very work handed in again under another name: shown once, under the name its numbers follow, the copy listed
  const copy = testInfo.outputPath('bob.json');
  writeFileSync(copy, JSON.stringify({ ...saved, assignment: { ...saved.assignment, name: 'Bob' } }));
  const deep = testInfo.outputPath('deep.json');
  writeFileSync(deep, `{"version":1,"exercises":{"4":${'['.repeat(5000)}${']'.repeat(5000)}},"cards":{}}`);
  await page.getByRole('button', { name: 'Clear the files' }).click();
  await page.locator('.teachers-files').setInputFiles([forged, junk, other, markup, copy, deep]);
  const report = page.locator('.teachers-file-report');
  await expect(report).toContainText('junk.json: skipped, it cannot be read (it is not JSON).');
  await expect(report).toContainText('other.json: skipped, it cannot be read (its “exercises” must be a set of records by exercise number).');
  await expect(report).toContainText('deep.json: read. Set aside:');
  const forgedRow = page.locator('.teachers-grades tbody tr').filter({ hasText: 'ada-edited.json' });
  await expect(forgedRow.locator('td[data-exercise="4"]')).toHaveAttribute('data-outcome', 'attempted');
  await expect(forgedRow.locator('.teachers-flags')).toContainText('exercise 4: the file marks it solved, but its answers graded again do not');
  await expect(forgedRow.locator('.teachers-flags')).toContainText('the same work is in 2 files under 2 names: bob.json');
  await expect(page.locator('.teachers-grades tbody th').filter({ hasText: /^Bob$/ })).toHaveCount(0);
  // the markup is text, nowhere an element
  const markupRow = page.locator('.teachers-grades tbody tr').filter({ hasText: 'markup.json' });
  await expect(markupRow.locator('th')).toHaveText('<img src=x onerror=alert(1)>=HYPERLINK("x")');
  await expect(page.locator('.teachers-grades img')).toHaveCount(0);
  // its flags: the numbers do not follow from this name
  await expect(markupRow.locator('.teachers-flags')).toContainText('numbers that do not follow from the class code and the name');

  // the gradebook CSV, read back by a CSV parser: a BOM, a student-ID column, numeric points per exercise and a total,
  // one row per student (the copy under another name is not one), formula-safe
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the gradebook (CSV)' }).click()]);
  const raw = readFileSync(await csvDownload.path(), 'utf8');
  expect(raw.startsWith('\uFEFF')).toBe(true);
  const csv = parse(raw, { bom: true, columns: true });
  expect(Object.keys(csv[0])).toEqual(['student ID', 'name', 'file', 'exercise 1 (of 1)', 'exercise 4 (of 1)', 'total', 'late attempts', 'flags']);
  expect(csv).toHaveLength(3);
  expect(csv.find((r) => r.file === 'ada-edited.json')).toMatchObject({
    'student ID': 'Ada Lovelace',
    'exercise 1 (of 1)': '1',
    'exercise 4 (of 1)': '0',
    total: '1',
  });
  expect(csv.find((r) => r.file === 'markup.json')['student ID']).toBe('<img src=x onerror=alert(1)>=HYPERLINK("x")');
});

/** The student's progress exported from the chapter's panel. → its text */
async function exportProgress(s, link) {
  await s.goto(`${link}#progress`);
  await expect(s.locator('#progress').getByRole('button', { name: 'Export progress' })).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([s.waitForEvent('download'), s.locator('#progress').getByRole('button', { name: 'Export progress' }).click()]);
  return readFileSync(await download.path(), 'utf8');
}

// Issue 37: the log had kept the last 20 attempts: a first-try solve followed by 20 practice attempts read
// "attempted" with a flag that the file's verdict was not borne out. What a teacher needs is never evicted.
test('a first-try solve followed by 35 practice attempts is still solved at the first try; the practice summarised is counted in the file', async ({
  page,
  browser,
}, testInfo) => {
  const link = await buildLink(page, { code: 'PHYS 101', exercises: [1, 4], due: '2026-12-20T23:59' });
  const student = await asStudent(browser, link, 'Ada Lovelace');
  const s = student.page;
  const ex = s.locator('#exercise-1');
  await ex.scrollIntoViewIfNeeded();
  await ex.locator('.ex-part[data-part="post"] input[value="a"]').check();
  await ex.locator('.ex-part[data-part="highway"] input[value="b"]').check();
  await ex.getByRole('button', { name: 'Check' }).click();
  await expect(ex.locator('.ex-state')).toHaveText('✓ Solved');
  // practice: the wrong choices, checked again and again
  await ex.locator('.ex-part[data-part="post"] input[value="b"]').check();
  await ex.locator('.ex-part[data-part="highway"] input[value="a"]').check();
  for (let k = 2; k <= 36; k++) {
    await ex.getByRole('button', { name: 'Check' }).click();
    await expect(ex.locator('.ex-feedback')).toHaveText(`0 of 2 answers right (attempt ${k}).`);
  }
  const text = await exportProgress(s, link);
  await student.context.close();
  const saved = JSON.parse(text).exercises['1'];
  // the first ten attempts and the last twenty are in the log; the six between are summarised, counted
  expect(saved.log).toHaveLength(30);
  expect(saved.log[0]).toMatchObject({ answers: { post: 'a', highway: 'b' }, try: 1 });
  expect(saved.summarised).toEqual({ count: 6, numbers: [{ seed: null, inputs: null, count: 6 }] });

  const file = testInfo.outputPath('ada-practice.json');
  writeFileSync(file, text);
  await page.locator('.teachers-files').setInputFiles(file);
  const row = page.locator('.teachers-grades tbody tr').filter({ hasText: 'Ada Lovelace' });
  await expect(row.locator('td[data-exercise="1"]')).toHaveAttribute('data-outcome', 'first-try');
  await expect(row.locator('td[data-exercise="1"]')).toHaveText('✓ solved at the first try · 1 pt');
  await expect(row.locator('.teachers-flags')).toHaveText('none');
});

test('the teachers’ page keeps its form in its address, says what is missing, and is axe-clean', async ({ page }) => {
  await page.goto('./teachers.html?assign.class=PHYS%20101&assign.ex=4,7&assign.due=2026-12-20');
  await expect(page.getByLabel('Class code')).toHaveValue('PHYS 101');
  await expect(page.locator('.teachers-exercises input[value="7"]')).toBeChecked();
  await expect(page.getByLabel('The link for your students')).toHaveValue(/assign\.ex=4%2C7|assign\.ex=4,7/);
  await page.getByRole('button', { name: 'None' }).click();
  await expect(page.locator('.teachers-exercises-message')).toHaveText('Choose at least one exercise.');
  await expect(page.getByLabel('The link for your students')).toHaveValue('');
  await page.getByRole('button', { name: 'All' }).click();
  await page.getByLabel('Student’s name or number').fill('Ada');
  await expect(page.locator('.teachers-numbers tbody tr').first()).toBeVisible();
  // an extension, and with it that student's own link (axe reads it too)
  await page.getByLabel(/^Extensions, one a line/).fill('Ada Lovelace = 2026-12-22 18:00');
  await expect(page.getByLabel(/^Ada Lovelace’s own link/)).toHaveValue(/assign\.ext\.for=Ada\+Lovelace/);
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    expect((await axeScan(page)).violations, scheme).toEqual([]);
  }
  // the chapter links here from its end
  await page.goto('./');
  await expect(page.locator('footer.colophon').getByRole('link', { name: 'For teachers' })).toHaveAttribute('href', './teachers.html');
});

// Issue 37: a link listing an exercise the chapter does not have had unticked every box.
test('the teachers’ page keeps the link’s exercises it has and names the ones it left out', async ({ page }) => {
  await page.goto('./teachers.html?assign.class=PHYS%20101&assign.ex=1,2,999,-4,abc');
  const boxes = page.locator('.teachers-exercises input[type="checkbox"]');
  await expect(page.locator('.teachers-exercises input[value="1"]')).toBeChecked();
  await expect(page.locator('.teachers-exercises input[value="2"]')).toBeChecked();
  await expect(boxes.and(page.locator(':checked'))).toHaveCount(2);
  const count = await boxes.count();
  await expect(page.locator('.teachers-exercises-message')).toHaveText(
    `This page’s link lists “999”, “-4”, “abc”, not exercises of this chapter (1 to ${count}): left out, 1, 2 kept.`,
  );
  await expect(page.getByLabel('The link for your students')).toHaveValue(/assign\.ex=1%2C2(&|$)/);
  // the teacher's own choice replaces the note
  await page.locator('.teachers-exercises input[value="3"]').check();
  await expect(page.locator('.teachers-exercises-message')).toHaveText('');
});

// Issue 37: direction controls in a name or a class code reordered the table and the flags ("\u202Enosaj\u202C Mallory"
// displayed as "jason Mallory"). Every string a student or a file brings is isolated, its controls written out; a name
// and a class code refuse them.
test('direction controls never reorder the page: refused in a code or a name, written out where a file keeps them', async ({ page }) => {
  await page.goto('./teachers.html?assign.ex=1');
  await page.getByLabel('Class code').fill('PHYS \u202E101');
  await expect(page.locator('.field', { has: page.getByLabel('Class code') }).locator('.field-message')).toHaveText(
    'a class code cannot hold direction controls (U+202E right-to-left override): \u2068PHYS [U+202E]101\u2069.',
  );
  await page.getByLabel('Class code').fill('PHYS 101');
  await page.getByLabel('Student’s name or number').fill('\u202Enosaj\u202C Mallory');
  await expect(page.locator('.field', { has: page.getByLabel('Student’s name or number') }).locator('.field-message')).toContainText(
    'U+202E right-to-left override',
  );
  await expect(page.locator('.teachers-numbers table')).toHaveCount(0);

  // a file with such a name (the assignment is set aside, said with the name written out), an explanation with one,
  // and a file whose own name has one
  const explain = {
    at: '2026-12-01T10:00:00.000Z',
    seed: null,
    answers: { why: '\u202Eevil\u202C explanation here' },
    inputs: null,
    hints: 0,
    solution: false,
  };
  const progress = {
    version: 1,
    cards: {},
    exercises: { 17: { attempts: 1, log: [explain] } },
    assignment: { code: 'PHYS 101', name: '\u202Enosaj\u202C Mallory', exercises: [1], due: '' },
  };
  await page.getByRole('button', { name: 'All' }).click();
  await page
    .locator('.teachers-files')
    .setInputFiles([{ name: '\u202Enosj.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(progress)) }]);
  const report = page.locator('.teachers-file-report');
  await expect(report).toContainText(
    '\u2068[U+202E]nosj.json\u2069: read. Set aside: The saved assignment could not be read (a name cannot hold direction controls ' +
      '(U+202E right-to-left override, U+202C pop directional formatting): \u2068[U+202E]nosaj[U+202C] Mallory\u2069): open your teacher’s link again.',
  );
  const row = page.locator('.teachers-grades tbody tr');
  await expect(row.locator('th')).toHaveText('(no name)');
  await expect(row.locator('td bdi').first()).toHaveText('[U+202E]nosj.json');
  await page.locator('.teachers-explanations summary').click();
  await expect(page.locator('.teachers-explanations li bdi').nth(1)).toHaveText('[U+202E]evil[U+202C] explanation here');
  // nowhere on the page an override or an embedding left to act
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/[\u202A-\u202E]/);
});

test('a link whose assignment cannot be used says so, and the chapter works as without it', async ({ page }) => {
  await page.goto('./?assign.class=PHYS&assign.ex=4,99#exercise-4');
  await expect(page.locator('aside.assignment')).toContainText('This link’s assignment cannot be used: “99” is not an exercise of this chapter');
  await expect(page.locator('#exercise-4 .ex-form')).toBeVisible({ timeout: 30_000 });
});
