// The workers' status line at the bottom of the window (experiment/status-bar.js) covers the text under it,
// so it shows only while a run is running: never for runs that merely wait (a figure's prefetch is held
// back for a moment), gone once everything is done, and while it shows the page has room at its end to
// scroll its last lines clear of it.
import { expect, test } from './fixtures.js';
import { LIGHT } from './reach.js';

test("the status line shows only while a run runs, leaves room at the page's end, and goes when all is done", async ({ page }) => {
  await page.addInitScript(() => {
    window.__bar = [];
    const watch = () => {
      const bar = document.querySelector('.run-status');
      if (bar) {
        const shown = !bar.hidden;
        const text = bar.querySelector('.run-status-text').textContent;
        const last = window.__bar.at(-1);
        if (!last || last.shown !== shown || last.text !== text) {
          const room = parseFloat(getComputedStyle(document.body).paddingBottom) >= bar.getBoundingClientRect().height;
          window.__bar.push({ t: performance.now(), shown, text, room });
        }
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  // opened at the first figure, so the tables below it prefetch their runs, held back a moment first
  await page.goto(`./?${new URLSearchParams({ ...LIGHT, 'a.L': '6', 'a.seeds': '0-3' })}#figure-s01`);
  await page.locator('#table-a').scrollIntoViewIfNeeded();
  await expect(page.locator('#table-a .exp-footer')).toHaveText(/^\d+ runs/, { timeout: 90_000 });
  await expect(page.locator('.run-status')).toBeHidden({ timeout: 30_000 });
  // the watch records a change at the next frame: wait for it to have seen the line go (a fresh run read the
  // states before that frame, its last one still shown)
  await expect.poll(() => page.evaluate(() => window.__bar.at(-1)?.shown)).toBe(false);
  const states = await page.evaluate(() => window.__bar);
  const shown = states.filter((s) => s.shown);
  expect(shown.length, 'the line showed while the runs ran').toBeGreaterThan(0);
  for (const s of shown) {
    expect(s.text, 'shown only while a run is running (or to say, briefly, that all are done)').toMatch(/^Computing in \d+ workers?:|^Done: /);
    expect(s.room, 'the page has room at its end for the line').toBe(true);
  }
  // "Done" stays no longer than the line had been up, and never past 0.6 s
  states.forEach((s, i) => {
    if (s.shown && s.text.startsWith('Done: ')) expect((states[i + 1]?.t ?? Infinity) - s.t).toBeLessThan(700);
  });
  expect(states.at(-1).shown).toBe(false);
});
