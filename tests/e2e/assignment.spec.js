// Issue 36: what the student sees and what the teacher sees are the same. Students on devices of their own (one
// browser context each) open an assignment link: a reset, New numbers, an input typed over and restored and "Your
// assigned numbers" all keep the assigned question; a self-mark "Partly" is attempted on both sides; a shared
// computer keeps each name's work apart; O'Brien and O’Brien get the same numbers. The teacher's page grades the
// files the students export and reads them as the students' pages did.
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';

test.describe.configure({ timeout: 150_000 });
const ZONE = 'UTC';
test.use({ timezoneId: ZONE });

const LINK = './?assign.class=PHYS%20101&assign.ex=3,4&assign.due=2026-12-20T23:59Z';

/** A student on a device of their own: the link opened, a name typed. → {page, context} */
async function student(browser, name) {
  const context = await browser.newContext({ timezoneId: ZONE });
  const page = await context.newPage();
  await page.goto(LINK);
  const banner = page.locator('aside.assignment');
  await banner.getByLabel('Your name or student number').fill(name);
  await banner.getByRole('button', { name: 'Start' }).click();
  await expect(banner).toContainText(`Working as ${name}`);
  return { page, context };
}

async function exercise4(page) {
  const ex = page.locator('#exercise-4');
  await ex.scrollIntoViewIfNeeded();
  const x = ex.getByLabel('x', { exact: true });
  await expect(x).toBeVisible({ timeout: 30_000 });
  return { ex, x };
}

async function exportFile(page) {
  await page.locator('#progress').scrollIntoViewIfNeeded();
  const button = page.locator('#progress').getByRole('button', { name: 'Export progress' });
  await expect(button).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { text: readFileSync(await download.path(), 'utf8'), name: download.suggestedFilename() };
}

const seedOf = (page) => new URL(page.url()).searchParams.get('ex4.seed');

test('reset, New numbers, an input typed over and restored: the assigned question stays, and the log keeps every attempt', async ({ browser }) => {
  const { page, context } = await student(browser, 'Ada Lovelace');
  const { ex, x } = await exercise4(page);
  const assigned = await x.inputValue();
  const seed = seedOf(page);
  expect(seed).toMatch(/^\d+$/);

  // 1. a wrong answer checked, then a reset: the assigned numbers stay, the attempt stays in the log
  await ex.locator('.ex-part[data-part="mean"] .ex-answer').fill('123');
  await ex.getByRole('button', { name: 'Check' }).click();
  await expect(ex.locator('.ex-state')).toHaveText('Attempted');
  await ex.getByRole('button', { name: 'Reset this exercise' }).click();
  await expect(ex.locator('.ex-reset-what')).toContainText('Your assigned numbers stay');
  await ex.getByRole('button', { name: 'Reset exercise 4' }).click();
  await expect(ex.locator('.ex-feedback')).toContainText('your assigned numbers stay');
  await expect(x).toHaveValue(assigned);
  expect(seedOf(page)).toBe(seed);
  await expect(ex.locator('.ex-state')).toHaveText('Attempted'); // the wrong attempt still counts

  // 2. New numbers: practice, said on the spot; an attempt on them does not count, in the badge or the banner
  await ex.getByRole('button', { name: 'New numbers' }).click();
  await expect(ex.locator('.ex-practice')).toBeVisible();
  expect(seedOf(page)).not.toBe(seed);
  await ex.locator('.ex-part[data-part="mean"] .ex-answer').fill('7');
  await ex.getByRole('button', { name: 'Check' }).click();
  await expect(ex.locator('.ex-feedback')).toContainText('Practice numbers: this attempt does not count for the assignment.');
  // 5. "Your assigned numbers" (the original ones of an assigned exercise) come back to them
  await ex.getByRole('button', { name: 'Your assigned numbers', exact: true }).click();
  await expect(x).toHaveValue(assigned);
  expect(seedOf(page)).toBe(seed);
  await expect(ex.locator('.ex-practice')).toBeHidden();
  // 5. an input typed over and restored (click x, type 0, Backspace) is the assigned question again
  await x.click();
  await x.press('End');
  await x.press('0');
  await expect(ex.locator('.ex-practice')).toBeVisible();
  await x.press('Backspace');
  await expect(ex.locator('.ex-practice')).toBeHidden();
  await ex.locator('.ex-part[data-part="mean"] .ex-answer').fill('124');
  await ex.getByRole('button', { name: 'Check' }).click();
  await expect(ex.locator('.ex-feedback')).not.toContainText('Practice');

  const { text, name } = await exportFile(page);
  expect(name).toBe('phys-101-ada-lovelace.json');
  const rec = JSON.parse(text).exercises['4'];
  // the log: the wrong attempt before the reset, the practice one, the one after the input was restored
  expect(rec.log.map((e) => [e.seed === Number(seed), e.inputs, e.answers.mean])).toEqual([
    [true, null, '123'],
    [false, null, '7'],
    [true, null, '124'],
  ]);
  expect(rec.events.map((e) => e.kind)).toContain('reset');
  await context.close();
});

test('a self-mark “Partly” is attempted on the student’s page and on the teacher’s, which shows the mark beside the explanation', async ({
  browser,
  page: teacher,
}, testInfo) => {
  const { page, context } = await student(browser, 'Grace Hopper');
  const ex = page.locator('#exercise-3');
  await ex.scrollIntoViewIfNeeded();
  await expect(ex.locator('.ex-form')).toBeVisible({ timeout: 30_000 });
  await ex.locator('.ex-part[data-part="axis"] input[value="features"]').check();
  await ex.locator('.ex-part[data-part="why"] .ex-answer').fill('Batches mix sequences of different lengths and padding.');
  await ex.getByRole('button', { name: 'Check' }).click();
  await ex.getByRole('button', { name: 'Partly' }).click();
  await expect(ex.locator('.ex-state')).toHaveText('Attempted');
  await expect(page.locator('aside.assignment .assignment-state').first()).toHaveText('Attempted');
  const { text } = await exportFile(page);
  await context.close();

  const file = testInfo.outputPath('grace.json');
  writeFileSync(file, text);
  await teacher.goto('./teachers.html?assign.class=PHYS%20101&assign.ex=3,4&assign.due=2026-12-20T23:59Z');
  await teacher.locator('.teachers-files').setInputFiles(file);
  const row = teacher.locator('.teachers-grades tbody tr').filter({ hasText: 'Grace Hopper' });
  await expect(row.locator('td[data-exercise="3"]')).toHaveAttribute('data-outcome', 'attempted');
  await teacher.locator('.teachers-explanations summary').click();
  await expect(teacher.locator('.teachers-explanations li').first()).toContainText('(marked “Partly”)');
});

test("a shared computer: another name starts its own work, the first stays under its name; O’Brien and O'Brien get the same numbers", async ({ browser }) => {
  const { page, context } = await student(browser, "Liam O'Brien");
  const { ex, x } = await exercise4(page);
  const liam = await x.inputValue();
  await ex.locator('.ex-part[data-part="mean"] .ex-answer').fill('123');
  await ex.getByRole('button', { name: 'Check' }).click();
  await expect(ex.locator('.ex-state')).toHaveText('Attempted');

  // 4. Bob takes the computer: none of Liam's work is his, and his export holds only his
  const banner = page.locator('aside.assignment');
  await banner.getByRole('button', { name: 'Not you? Change the name' }).click();
  await banner.getByLabel('Your name or student number').fill('Bob');
  await banner.getByRole('button', { name: 'Start' }).click();
  await expect(banner).toContainText('Working as Bob');
  await expect(ex.locator('.ex-state')).toHaveText('Not started');
  await expect(x).not.toHaveValue(liam);
  const bob = JSON.parse((await exportFile(page)).text);
  expect([bob.assignment.name, Object.keys(bob.exercises).filter((n) => bob.exercises[n].log?.length)]).toEqual(['Bob', []]);
  // and Liam can come back to his own
  await banner.getByRole('button', { name: 'Not you? Change the name' }).click();
  await banner.getByRole('button', { name: "Continue as Liam O'Brien" }).click();
  await expect(banner).toContainText("Working as Liam O'Brien");
  await ex.scrollIntoViewIfNeeded();
  await expect(ex.locator('.ex-state')).toHaveText('Attempted');
  await expect(x).toHaveValue(liam);
  await context.close();

  // 6. the same name typed with a typographic apostrophe on another device: the same numbers
  const other = await student(browser, 'Liam O’Brien');
  expect(await (await exercise4(other.page)).x.inputValue()).toBe(liam);
  await other.context.close();
});
