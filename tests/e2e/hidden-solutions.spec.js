// Issue 36: an assignment can hide the worked solutions and the answer key until its due date. Before it, on the
// student's page, the banner says so (and that a static page cannot make it proof), an assigned exercise's worked
// solution is replaced by a line saying until when, and the progress panel offers no answer key; an exercise the
// assignment does not list keeps its solution. After the due date they show, also on a page left open over it. The
// students' clocks are set (Playwright's clock), so the test does not depend on the day it runs.
import { expect, test } from './fixtures.js';

test.describe.configure({ timeout: 150_000 });
const ZONE = 'UTC';
test.use({ timezoneId: ZONE });

const DUE = '2026-12-20T23:59Z';
const LINK = `./?assign.class=PHYS%20101&assign.ex=3,4&assign.due=${DUE}&assign.hide=solutions`;

/** A student on a device of their own whose clock reads `time`: the link opened, a name typed. → {page, context} */
async function studentAt(browser, time) {
  const context = await browser.newContext({ timezoneId: ZONE });
  await context.clock.install({ time: new Date(time) });
  const page = await context.newPage();
  await page.goto(LINK);
  const banner = page.locator('aside.assignment');
  await banner.getByLabel('Your name or student number').fill('Ada Lovelace');
  await banner.getByRole('button', { name: 'Start' }).click();
  await expect(banner).toContainText('Working as Ada Lovelace');
  return { page, context, banner };
}

async function mounted(page, n) {
  const ex = page.locator(`#exercise-${n}`);
  await ex.scrollIntoViewIfNeeded();
  await expect(ex.locator('.ex-form')).toBeVisible({ timeout: 30_000 });
  return ex;
}

async function keyButton(page) {
  await page.locator('#progress').scrollIntoViewIfNeeded();
  const panel = page.locator('#progress');
  await expect(panel.getByRole('button', { name: /Print a worksheet of your assignment/ })).toBeVisible({ timeout: 30_000 });
  return panel;
}

test('before the due date the worked solutions and the answer key are hidden, and the page says so plainly', async ({ browser }) => {
  const { page, context, banner } = await studentAt(browser, '2026-12-15T10:00:00Z');
  await expect(banner).toContainText('Your teacher keeps the worked solutions and the answer key hidden until then.');
  await expect(banner).toContainText('This is a static page: its code holds them, and a determined reader can find them there.');
  for (const n of [3, 4]) {
    const ex = await mounted(page, n);
    await expect(ex.locator('.ex-solution')).toBeHidden();
    await expect(ex.locator('.ex-solution-hidden')).toBeVisible();
    await expect(ex.locator('.ex-solution-hidden')).toContainText(
      'Your teacher keeps the worked solution hidden until the assignment is due (20 December 2026',
    );
    await expect(ex.locator('.ex-solution-hidden')).toContainText('a determined reader can find them there');
  }
  // an exercise the assignment does not list keeps its solution
  const other = await mounted(page, 5);
  await expect(other.locator('.ex-solution')).toBeVisible();
  await expect(other.locator('.ex-solution-hidden')).toBeHidden();
  // the progress panel prints the worksheet, not the key, and says when the key comes
  const panel = await keyButton(page);
  await expect(panel.getByRole('button', { name: 'Print its answer key' })).toBeHidden();
  await expect(panel).toContainText('The answer key can be printed once the assignment is due (20 December 2026');
  await context.close();
});

test('after the due date the worked solutions and the answer key show', async ({ browser }) => {
  const { page, context, banner } = await studentAt(browser, '2026-12-21T10:00:00Z');
  await expect(banner).not.toContainText('hidden until then');
  const ex = await mounted(page, 4);
  await expect(ex.locator('.ex-solution')).toBeVisible();
  await expect(ex.locator('.ex-solution-hidden')).toBeHidden();
  await ex.locator('.ex-solution summary').click();
  await expect(ex.locator('.ex-solution-body')).toBeVisible();
  const panel = await keyButton(page);
  await expect(panel.getByRole('button', { name: 'Print its answer key' })).toBeVisible();
  await context.close();
});

test('a page left open over the due date shows them when it passes, without a reload', async ({ browser }) => {
  const { page, context, banner } = await studentAt(browser, '2026-12-20T23:58:00Z');
  const ex = await mounted(page, 4);
  await expect(ex.locator('.ex-solution')).toBeHidden();
  const panel = await keyButton(page);
  await expect(panel.getByRole('button', { name: 'Print its answer key' })).toBeHidden();
  await page.clock.fastForward('03:00');
  await expect(ex.locator('.ex-solution')).toBeVisible();
  await expect(ex.locator('.ex-solution-hidden')).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Print its answer key' })).toBeVisible();
  await expect(banner).not.toContainText('hidden until then');
  await context.close();
});
