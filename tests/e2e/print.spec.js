// Printing the exercises: a worksheet and an answer key from the progress panel, every exercise's words on paper
// (from the chapter, and without JavaScript from the exercises' page), and a print started before the figures in
// view are done. Checked with print media emulated, then printed to PDF (headless). (The chapter itself on paper,
// every widget mounted: no controls, the figures as they stand, light colours from a dark screen, no figure split
// across two pages: whole-chapter.spec.js.)
// Browser-only: print media and the PDF's pages come from Chromium's printing.
import { expect, test as freshTest, warmTest as test } from './fixtures.js';
import { lightExceptUrl, lightUrl } from './reach.js';

test.describe.configure({ timeout: 180_000 });

const pagesOf = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

freshTest(
  'a worksheet and an answer key: the exercises alone with their numbers; no solution on the worksheet, every one in the key',
  async ({ page }, testInfo) => {
    await page.addInitScript(() => {
      window.__prints = [];
      window.print = () => window.__prints.push(document.documentElement.dataset.print);
    });
    await page.goto(lightUrl('#progress'));
    const panel = page.locator('.progress-panel');
    await panel.getByRole('button', { name: 'Print a worksheet' }).click();
    await expect.poll(() => page.evaluate(() => window.__prints)).toEqual(['worksheet']);
    const exercises = page.locator('.exercise');
    const n = await exercises.count();
    expect(n).toBeGreaterThanOrEqual(21);
    await expect(page.locator('.exercise[data-mount="done"]')).toHaveCount(n); // every one, wherever the reader was
    await page.emulateMedia({ media: 'print' });
    for (const ex of await exercises.all()) {
      await expect(ex.locator('h3')).toBeVisible();
      await expect(ex.locator('.ex-solution')).toBeHidden();
      await expect(ex.locator('.ex-hints')).toBeHidden();
    }
    await expect(page.locator('#exercise-4 .ex-question')).toContainText('2'); // its numbers
    for (const other of ['#table-a', '#two-wirings', '#training-lab', '.masthead', 'nav.toc']) await expect(page.locator(other).first()).toBeHidden();
    await expect(page.locator('.ex-part').first()).toBeVisible(); // room to answer under each part
    const worksheet = await page.pdf({ format: 'A4' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    expect(await page.evaluate(() => document.documentElement.dataset.print ?? null)).toBeNull();

    await page.emulateMedia({ media: 'screen' });
    await panel.getByRole('button', { name: 'Print the answer key' }).click();
    await expect.poll(() => page.evaluate(() => window.__prints)).toEqual(['worksheet', 'key']);
    await page.emulateMedia({ media: 'print' });
    for (const ex of await exercises.all()) {
      const body = ex.locator('.ex-solution-body');
      await expect(body).toBeVisible();
      await expect(body.locator('math').first()).toBeVisible();
      expect(await body.textContent()).not.toContain('{{');
    }
    const key = await page.pdf({ format: 'A4' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('.exercise .ex-solution[open]')).toHaveCount(0); // closed again as they were
    const pages = { worksheet: pagesOf(worksheet), key: pagesOf(key) };
    expect(pages.worksheet).toBeGreaterThan(3);
    expect(pages.key).toBeGreaterThan(pages.worksheet);
    console.log(`A4 pages: worksheet ${pages.worksheet}, answer key ${pages.key}`);
    await testInfo.attach('worksheet.pdf', { body: worksheet, contentType: 'application/pdf' });
    await testInfo.attach('answer-key.pdf', { body: key, contentType: 'application/pdf' });
  },
);

// The chapter's HTML leaves the exercises' words out (issue 38): the page puts them in as it opens, so printing the
// chapter still prints every question, what it asks and its hints; the exercises' page prints them without scripts.
test('print: every exercise’s words on paper, from the chapter and, without JavaScript, from the exercises’ page', async ({ page, browser, baseURL }) => {
  let count;
  const wordsOnPaper = async (where) => {
    await where.emulateMedia({ media: 'print' });
    const exercises = where.locator('section.exercise');
    await expect(exercises).toHaveCount(count); // the chapter's every one
    for (const ex of await exercises.all()) {
      const id = await ex.getAttribute('id');
      await expect(ex.locator('.ex-question'), id).toBeVisible();
      expect((await ex.locator('.ex-question').innerText()).trim().length, id).toBeGreaterThan(30);
      await expect(ex.locator('.ex-asked > li').first(), id).toBeVisible();
    }
  };
  await page.goto(lightUrl());
  count = await page.locator('section.exercise').count();
  expect(count).toBeGreaterThanOrEqual(21);
  await expect(page.locator('section.exercise[data-text="filled"]')).toHaveCount(count, { timeout: 60_000 });
  await expect(page.locator('section.exercise[data-mount]')).toHaveCount(0); // none mounted: the words came alone
  await wordsOnPaper(page);

  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto('./exercises.html');
  await wordsOnPaper(plain);
  const pdf = await plain.pdf({ format: 'A4' });
  expect(pagesOf(pdf)).toBeGreaterThan(10);
  await context.close();
});

// A print before the figures in view are done (the page fills the exercises' words only then) printed each exercise's
// link to the exercises' page instead of its words: the words' chunk arrives as the figures near the window have
// mounted, and the print puts them in at once (beforeprint cannot wait for a download). Opened at table B at the
// article's settings, whose 72 runs take far longer than the chunk (at the light settings and the small model its one
// run could finish first: the check below then failed, as the fresh clone of 70c8d0e saw once); the page closes, and
// its runs stop, as the test ends.
test('print before the figures in view are done: every exercise’s words are put in as the print starts', async ({ page }) => {
  await page.goto(lightExceptUrl('b', '#table-b'));
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /exercise-text/.test(r.name) && r.responseEnd > 0)), {
      timeout: 60_000,
    })
    .toBe(true);
  await page.waitForTimeout(300); // (the chunk evaluated)
  const count = await page.locator('section.exercise').count();
  const { before, after } = await page.evaluate(() => {
    const filled = () => document.querySelectorAll('section.exercise[data-text="filled"]').length;
    const before = filled();
    window.dispatchEvent(new Event('beforeprint'));
    return { before, after: filled() }; // in the same task as the event: what the print lays out
  });
  expect(before, 'the figures in view still computing: not every exercise filled yet').toBeLessThan(count);
  expect(after).toBe(count);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('section.exercise .ex-elsewhere')).toHaveCount(0);
  await expect(page.locator('#exercise-1 .ex-question')).toBeVisible();
});
