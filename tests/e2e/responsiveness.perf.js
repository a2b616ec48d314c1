// While the workers compute a sweep, the main thread must stay free: no task over 50 ms. This runs in a
// project of its own, after every other spec, so no other test competes for the two cores.
import { expect, test } from './fixtures.js';

test('no long task on the main thread while a sweep runs', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('./?b.Ls=6,24,48&b.seeds=0-1#table-b');
  const table = page.locator('#table-b');
  // the sweep is under way and the figures around it have mounted and drawn
  await expect(table.locator('tbody td[data-value]').first()).toBeVisible({ timeout: 60_000 });
  await page.waitForTimeout(1_500);
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => Math.round(e.duration)))).observe({ type: 'longtask' });
  });
  const running = await page.locator('.run-status').isVisible();
  expect(running, 'the sweep must still be running when the watch starts').toBe(true);
  await expect(table.locator('tbody td[data-value]')).toHaveCount(9, { timeout: 150_000 });
  const longTasks = await page.evaluate(() => window.__longTasks);
  expect(longTasks, `tasks over 50 ms while the sweep ran: ${longTasks.join(', ')} ms`).toEqual([]);
});
