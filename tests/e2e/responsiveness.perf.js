// While the workers compute a sweep, the main thread must stay free: no task on it may take more than
// 50 ms. A task's length is measured in the main thread's own CPU time (Chromium's trace "tdur"), not in
// wall time: on a machine whose cores are shared with other jobs a short task can wait many times its length for a
// core, and that wait is not the page's doing. The wall times are printed beside for the record. Runs in a
// project of its own, after every other spec, so no other test competes for the two cores.
// Browser-only: the main thread's task lengths come from Chromium's trace.
import { startTrace } from '../../scripts/lib/trace.mjs';
import { expect, test } from './fixtures.js';

async function traceMainThread(page, during) {
  const trace = await startTrace(page);
  await during();
  const events = await trace.stop();
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = events.filter((e) => e.name === 'RunTask' && e.tid === main.tid && e.pid === main.pid && e.dur);
  return { tasks, timed: tasks.filter((t) => typeof t.tdur === 'number') };
}

test('no long task on the main thread while a sweep runs', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('./?b.Ls=6,24,48&b.seeds=0-1#table-b');
  const table = page.locator('#table-b');
  // the sweep is under way and the figures around it have mounted and drawn
  await expect(table.locator('tbody td[data-value]').first()).toBeVisible({ timeout: 60_000 });
  await page.waitForTimeout(1_500);
  expect(await page.locator('.run-status').isVisible(), 'the sweep must still be running when the watch starts').toBe(true);

  const { tasks: all, timed: tasks } = await traceMainThread(page, () => expect(table.locator('tbody td[data-value]')).toHaveCount(9, { timeout: 150_000 }));
  expect(tasks.length, 'the trace carries thread (CPU) time for the main thread’s tasks').toBeGreaterThan(0.9 * all.length);
  const long = tasks.filter((t) => t.tdur > 50_000).map((t) => `${Math.round(t.tdur / 1000)} ms of CPU (${Math.round(t.dur / 1000)} ms wall)`);
  const busy = tasks.reduce((sum, t) => sum + t.tdur, 0) / 1e6;
  const span = (tasks.at(-1).ts + tasks.at(-1).dur - tasks[0].ts) / 1e6;
  console.log(
    `main thread during the sweep: ${tasks.length} tasks, ${busy.toFixed(2)} s of CPU in ${span.toFixed(1)} s; ` +
      `longest ${Math.round(Math.max(...tasks.map((t) => t.tdur)) / 1000)} ms CPU, ${Math.round(Math.max(...tasks.map((t) => t.dur)) / 1000)} ms wall`,
  );
  expect(long, 'tasks over 50 ms while the sweep ran').toEqual([]);
});
