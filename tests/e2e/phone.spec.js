// The chapter on a phone (375×667): nothing widens the page, whatever is mounted (wide code, display
// math and tables scroll in their own boxes, the tables with their row labels kept in view), and every
// control is a touch target of at least 24×24 px.
import { expect, test } from './fixtures.js';
import { experimentsDone, lightUrl, mountAll } from './reach.js';

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

test('375 px: no section scrolls the page sideways, and nothing sticks out of its box', async ({ page }) => {
  await page.goto(lightUrl());
  await mountAll(page);
  await experimentsDone(page);
  await page.locator('#figure-grad-profile .chart-data summary').click(); // an open data table too
  for (const section of await page.locator('main > section, header, nav, footer').all()) {
    await section.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  // an element wider than the screen must sit in a box that scrolls (not be cut off by a clipping one);
  // math's hidden MathML copy and the SVG pieces KaTeX clips itself are not drawn
  const sticking = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => !el.closest('.katex-mathml, svg') && el.getBoundingClientRect().right > innerWidth + 0.5)
      .filter((el) => {
        for (let a = el.parentElement; a; a = a.parentElement) if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return false;
        return true;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} in #${el.closest('[id]')?.id}`),
  );
  expect(sticking).toEqual([]);
});

test('375 px: the known wide things scroll in their own box; the tables keep their row labels in view', async ({ page }) => {
  await page.goto(lightUrl('#table-a'));
  await expect(page.locator('#table-a .exp-footer')).toHaveText(/^\d+ runs/, { timeout: 90_000 });
  const code = page.locator('#two-wirings pre').first();
  expect(await code.evaluate((el) => [el.scrollWidth > el.clientWidth, getComputedStyle(el).overflowX])).toEqual([true, 'auto']);
  await expect(code).toHaveAttribute('tabindex', '0'); // a keyboard can scroll it
  const table = page.locator('#table-a .table-scroll');
  expect(await table.evaluate((el) => [el.scrollWidth > el.clientWidth, getComputedStyle(el).overflowX])).toEqual([true, 'auto']);
  const rowLabel = table.locator('tbody th').first();
  const x = await rowLabel.evaluate((el) => el.getBoundingClientRect().left);
  await table.evaluate((el) => el.scrollBy(200, 0));
  await expect.poll(() => rowLabel.evaluate((el) => el.getBoundingClientRect().left)).toBeCloseTo(x, 0);
  const wideMath = page.locator('.katex-display').filter({ has: page.locator('.katex') });
  let scrolling = 0;
  for (const box of await wideMath.all()) {
    const [wide, overflow] = await box.evaluate((el) => [el.scrollWidth > el.clientWidth, getComputedStyle(el).overflowX]);
    if (!wide) continue;
    scrolling++;
    expect(overflow).toBe('auto');
  }
  expect(scrolling, 'some display equations are wider than a phone').toBeGreaterThan(0);
});

test('375 px: buttons, check boxes, radio labels, summaries and the contents links are at least 24×24 px', async ({ page }) => {
  await page.goto(lightUrl());
  await mountAll(page);
  const small = await page.evaluate(() => {
    const targets = [
      ...document.querySelectorAll('button, summary, .toc a, select, input[type="text"]'),
      // a check box or radio button is hit through its label when it has one
      ...[...document.querySelectorAll('input[type="checkbox"], input[type="radio"]')].map((i) => i.closest('label') ?? i),
    ];
    return targets
      .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 24 || r.height < 24)
      .map(({ el, r }) => `${el.tagName.toLowerCase()} “${el.textContent.trim().slice(0, 30)}” ${r.width.toFixed(0)}×${r.height.toFixed(0)}`);
  });
  expect(small).toEqual([]);
  expect(await page.locator('.toc a').count()).toBeGreaterThan(8);
});
