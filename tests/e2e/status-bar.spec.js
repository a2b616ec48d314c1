// The workers' status line at the bottom of the window (experiment/status-bar.js) covers the text under it; while it
// shows, the page has room at its end to scroll its last lines clear of it. That room is layout (the body's padding
// against the line's height), which only a browser lays out: the line's words, when it shows and when it goes are
// checked in a DOM in Node (tests/web/widgets/status-bar.test.js).
import { expect, test } from './fixtures.js';
import { LIGHT } from './reach.js';

test('while the status line shows, the page has room at its end for it', async ({ page }) => {
  await page.addInitScript(() => {
    window.__bar = [];
    const watch = () => {
      const bar = document.querySelector('.run-status');
      if (bar && !bar.hidden) {
        const room = parseFloat(getComputedStyle(document.body).paddingBottom) >= bar.getBoundingClientRect().height;
        if (window.__bar.at(-1) !== room) window.__bar.push(room);
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await page.goto(`./?${new URLSearchParams({ ...LIGHT, 'a.L': '6', 'a.seeds': '0-3' })}#figure-s01`);
  await page.locator('#table-a').scrollIntoViewIfNeeded();
  await expect(page.locator('#table-a .exp-footer')).toHaveText(/^\d+ runs/, { timeout: 90_000 });
  await expect(page.locator('.run-status')).toBeHidden({ timeout: 30_000 });
  const rooms = await page.evaluate(() => window.__bar);
  expect(rooms.length, 'the line showed while the runs ran').toBeGreaterThan(0);
  expect(rooms, 'the page has room at its end for the line').toEqual([true]);
});
