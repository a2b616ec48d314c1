// The workers' status line at the bottom of the window (experiment/status-bar.js): at 1280 px it stands in the margin
// beside the text and covers none of it; on any screen, while it shows, the page has room at its end to scroll its
// last lines clear of it. That is layout (its box against the text's, the body's padding against its height), which
// only a browser lays out: the line's words, when it shows and when it goes are
// checked in a DOM in Node (tests/web/widgets/status-bar.test.js).
import { expect, test } from './fixtures.js';
import { LIGHT } from './reach.js';

test('while the status line shows, it covers no text at 1280 px, and the page has room at its end for it', async ({ page }) => {
  await page.addInitScript(() => {
    window.__bar = [];
    window.__covers = [];
    const watch = () => {
      const bar = document.querySelector('.run-status');
      if (bar && !bar.hidden) {
        const box = bar.getBoundingClientRect();
        const room = parseFloat(getComputedStyle(document.body).paddingBottom) >= box.height;
        if (window.__bar.at(-1) !== room) window.__bar.push(room);
        // the text's column: main's box (every figure and paragraph lies inside it)
        const text = document.querySelector('main').getBoundingClientRect();
        const covers = box.left < text.right && box.right > text.left;
        if (window.__covers.at(-1) !== covers) window.__covers.push(covers);
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await page.goto(`./?${new URLSearchParams({ ...LIGHT, 'a.L': '6', 'a.seeds': '0-3' })}#figure-s01`);
  await page.locator('#table-a').scrollIntoViewIfNeeded();
  await expect(page.locator('#table-a .exp-footer')).toHaveText(/^\d+ runs?/, { timeout: 90_000 });
  await expect(page.locator('.run-status')).toBeHidden({ timeout: 30_000 });
  const rooms = await page.evaluate(() => window.__bar);
  expect(rooms.length, 'the line showed while the runs ran').toBeGreaterThan(0);
  expect(rooms, 'the page has room at its end for the line').toEqual([true]);
  expect(await page.evaluate(() => window.__covers), 'the line beside the text, not over it').toEqual([false]);
});
