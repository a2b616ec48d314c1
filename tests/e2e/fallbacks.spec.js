// The chapter without its machinery. Without JavaScript: all prose and (prerendered) math, and each
// figure replaced by its note; each exercise links to the exercises' page, where it asks its question and
// offers its hints. Without
// WebAssembly, or when the kernels' .wasm file cannot be loaded: the prose intact, a plain message where
// each computing figure would be, the figures that only draw still drawn, and no uncaught error.
// Browser-only: a page with JavaScript or WebAssembly switched off, or its .wasm refused by the network, is a
// browser's state; the widget tests always have both.
import { expect, test } from './fixtures.js';
import { lightUrl, mountAll } from './reach.js';

test.describe.configure({ timeout: 120_000 });

const prose = async (page) => {
  await expect(page.locator('main h2')).toHaveCount(await page.locator('.toc a').count());
  expect(await page.locator('main p').count()).toBeGreaterThan(100);
  expect(await page.locator('math > semantics > annotation[encoding="application/x-tex"]').count()).toBeGreaterThan(100);
  await expect(page.locator('main math').first()).toBeVisible();
};

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('prose and math read; every figure shows its note; every exercise, linked, reads on the exercises’ page', async ({ page }) => {
    await page.goto('./');
    await prose(page);
    await expect(page.locator('.theme-switch')).toBeHidden(); // it could not work
    const widgets = page.locator('.widget[data-widget]');
    const count = await widgets.count();
    expect(count).toBeGreaterThan(20);
    for (const widget of await widgets.all()) {
      await widget.scrollIntoViewIfNeeded();
      await expect(widget.locator('.widget-note')).toBeVisible();
      const note = (await widget.locator('.widget-note').textContent()).trim();
      expect(note.length).toBeGreaterThan(20);
      expect(note).not.toContain('loading');
      expect((await widget.boundingBox()).height).toBeGreaterThan(40);
    }
    // the deck lists its cards with answers folded
    const cards = page.locator('#card-deck .cards-static > li');
    expect(await cards.count()).toBeGreaterThan(5);
    await expect(page.locator('#card-deck .cards-static > li > details')).toHaveCount(await cards.count());
    // each exercise: its heading where the contents and links expect it, and a link to its words on the exercises'
    // page (the chapter's HTML leaves them out: issue 38)
    const exercises = page.locator('section.exercise');
    const exerciseCount = await exercises.count();
    expect(exerciseCount).toBeGreaterThanOrEqual(21);
    for (const ex of await exercises.all()) {
      const id = await ex.getAttribute('id');
      await expect(ex.locator('h3')).toBeVisible();
      await expect(ex.locator(`.ex-elsewhere a[href="./exercises.html#${id}"]`)).toBeVisible();
    }
    await page.locator('#exercise-7 .ex-elsewhere a').click();
    await expect(page).toHaveURL(/\/exercises\.html#exercise-7$/);
    await expect(page.locator('#exercise-7 h3')).toBeInViewport();
    await exercisesReadWithoutScripts(page, exerciseCount);
  });
});

/** The exercises' page, as a reader without JavaScript sees it: every question, what it asks and its hints. */
async function exercisesReadWithoutScripts(page, count) {
  const exercises = page.locator('section.exercise');
  await expect(exercises).toHaveCount(count); // every one of the chapter's
  for (const ex of await exercises.all()) {
    const id = await ex.getAttribute('id');
    await ex.scrollIntoViewIfNeeded();
    await expect(ex.locator('.ex-question')).toBeVisible();
    expect((await ex.locator('.ex-question').textContent()).trim().length, id).toBeGreaterThan(30);
    await expect(ex.locator('.ex-asked > li').first()).toBeVisible();
    await expect(ex.locator(`a[href="./#${id}"]`)).toBeVisible(); // back to it in the chapter, to be worked
  }
  expect(await page.locator('math > semantics > annotation[encoding="application/x-tex"]').count()).toBeGreaterThan(50);
  await expect(page.locator('main math').first()).toBeVisible();
  const hints = page.locator('.ex-hints-static');
  expect(await hints.count()).toBeGreaterThan(10);
  await hints.first().locator('summary').click();
  await expect(hints.first().locator('li').first()).toBeVisible();
}

/** Every computing figure shows the plain message; the drawing-only ones mounted; the prose is intact. */
async function plainMessages(page, message) {
  await prose(page);
  await mountAll(page, { expected: 'any' });
  const failed = page.locator('.widget[data-mount="failed"]');
  expect(await failed.count()).toBeGreaterThan(20);
  for (const widget of await failed.all()) await expect(widget.locator('.widget-error')).toHaveText(message);
  await expect(page.locator('#figure-s01[data-mount="done"] svg').first()).toBeVisible();
  await expect(page.locator('#progress[data-mount="done"]')).toHaveCount(1);
}

test('without WebAssembly: a plain message in place of each computing figure, the rest intact', async ({ page }) => {
  await page.addInitScript(() => {
    delete globalThis.WebAssembly;
  });
  await page.goto(lightUrl());
  await plainMessages(page, /needs WebAssembly, which this browser does not offer\. The text around it reads on its own\./);
});

test.describe('when the .wasm file fails to load', () => {
  // the one failure provoked on purpose: the kernels' wasm answered with 404, and the browser's console
  // line about a 404 (it names no address; the HTTP lines, which do, are allowed for the wasm only)
  test.use({
    serviceWorkers: 'block',
    allowedProblems:
      /^HTTP 404: \S+\/assets\/kernels-[\w-]+\.wasm$|^console error: Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
  });

  test('a plain message in place of each computing figure, the rest intact, no uncaught error', async ({ page }) => {
    await page.context().route(/\/assets\/kernels-[\w-]+\.wasm$/, (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.goto(lightUrl());
    await plainMessages(page, /could not start: .+\. The text around it reads on its own\./);
  });
});
