// Part 4 where only a browser shows it: a number in a sentence far below Part 4's table, reached by a link, brings
// the table (far above, out of the window) to mount and compute it: the page mounts a figure as it comes near the
// window, which only a laid-out page has. What Part 4's figures compute and say (the table of every wiring, the
// prose's numbers, the charts and the lab with any wiring, the lab links, the RMSNorm switch, the exercises) is
// checked in a DOM: tests/web/widgets/part4.test.js.
import { expect, warmTest as test } from './fixtures.js';

test.describe.configure({ timeout: 180_000 });

test('a sentence far below the table brings the table to compute its numbers', async ({ page }) => {
  await page.goto('./?p.Ls=6,24&p.seeds=0#deepnorm-post-ln-kept-the-residual-up-weighted');
  const cell = page.locator('a.live-cell[data-row="deepnorm|24"][data-col="no-ln"]').first();
  await expect(cell).toHaveText(/^\d\.\d+$/, { timeout: 120_000 });
  await expect(cell).toHaveAttribute('href', '#table-placements');
});
