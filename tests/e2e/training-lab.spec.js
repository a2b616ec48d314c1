// The training lab (Part 3) in a real browser, for what only a browser shows: Cancel stopping the page's real
// module workers, the closed data tables kept from loading the main thread while the steps stream, where the window
// stands after exercise 14's link and Back, the selects' labels at 1280 px, the keyboard's way through the lab, axe
// in light and dark with its results out, and a phone's width. What the lab computes and says (the default view
// against PyTorch, steps streaming, the address in and out, the messages, the charts' and heat maps' tables, the
// cliff, the prediction, a divergence, the char model, the work budget) is checked in a DOM in Node:
// tests/web/widgets/training-lab.test.js and training-lab-pytorch.test.js.
import { axeScan, serious } from './axe.js';
import { expect, warmTest as test } from './fixtures.js';
import { LIGHT, selectLabelFit } from './reach.js';

test.describe.configure({ timeout: 120_000 });

const lab = (page) => page.locator('#training-lab-curves');
const url = (params = {}, hash = '#training-lab') => `./?${new URLSearchParams({ ...LIGHT, ...params })}${hash}`;

async function openLab(page, params = {}) {
  await page.goto(url(params));
  await expect(lab(page).getByRole('button', { name: 'Run', exact: true })).toBeVisible({ timeout: 30_000 });
  return lab(page);
}

test('Cancel stops the workers and says so; a closed data table waits while the steps stream', async ({ page }) => {
  // as many seeds as the pool can have workers (4), so every worker runs one and none idles; runs long
  // enough (the kernel's most steps) that a loaded machine cannot finish them before the test cancels
  const L = await openLab(page, { 't.configs': 'post-4-0', 't.steps': '10000', 't.seeds': '0-3' });
  await L.getByRole('button', { name: 'Run', exact: true }).click();
  await L.getByRole('button', { name: 'Compute anyway' }).click();
  const state = () =>
    L.evaluate((el) => ({
      rows: el.querySelectorAll('figure.lab-chart details.chart-data')[0].querySelectorAll('tbody tr').length,
      finished: el.querySelectorAll('.lab-run').length,
    }));
  await expect.poll(async () => (await state()).rows, { timeout: 30_000 }).toBeGreaterThan(0);
  // a closed data table is not rebuilt at every result while the steps stream (that took a quarter of the main
  // thread the workers share): at most every 4 s, so at most 3 times in 8 s (it had been about once a second:
  // docs/measurements.md, "A closed data table waits for its results to pause")
  const redraws = await L.evaluate(async (el) => {
    const table = el.querySelector('figure.lab-chart details.chart-data table');
    let count = 0;
    const watch = new MutationObserver(() => count++);
    watch.observe(table, { childList: true });
    await new Promise((resolve) => setTimeout(resolve, 8000));
    watch.disconnect();
    return { count, open: table.closest('details').open, finished: el.querySelectorAll('.lab-run').length };
  });
  expect(redraws).toEqual({ count: expect.any(Number), open: false, finished: 0 });
  expect(redraws.count).toBeGreaterThanOrEqual(1);
  expect(redraws.count).toBeLessThanOrEqual(3);
  expect(page.workers().length).toBeGreaterThan(0);

  await page.locator('.run-status').getByRole('button', { name: 'Cancel' }).click();
  await expect(L.locator('.lab-footer')).toContainText('Cancelled');
  await expect.poll(() => page.workers().length, { message: 'the running workers are stopped' }).toBe(0);
  await page.waitForTimeout(3000); // a closed data table redraws once its results pause for 1 s, when the page is idle
  const stopped = await state();
  await page.waitForTimeout(1500);
  expect(await state()).toEqual(stopped);
  expect(stopped.finished).toBe(0);
  await expect(page.locator('.run-status')).toBeHidden();
});

test('Back after exercise 14’s link returns to the exercise where it was in the window, even when the page above changed', async ({ page }) => {
  // the reader came in at the top, set the lab up and read on
  await page.goto(url({ 't.configs': 'pre-12-0', 't.lr': '1e-3' }, ''));
  const L = lab(page);
  await L.scrollIntoViewIfNeeded();
  await expect(L.getByRole('button', { name: 'Run', exact: true })).toBeVisible();
  await page.evaluate(() => (window.__samePage = true));
  const link = page.locator('#exercise-14 a[href*="#training-lab"]');
  await link.scrollIntoViewIfNeeded();
  // where the link is as it is clicked (the click itself may scroll it into view again)
  await link.evaluate((a) => window.addEventListener('click', () => (window.__clickedAt = a.getBoundingClientRect().top), { capture: true, once: true }));
  await link.click();
  const clickedAt = await page.evaluate(() => window.__clickedAt);
  await expect(L.locator('.lab-config')).toHaveCount(2);
  await expect(page.locator('#training-lab')).toBeInViewport(); // the section the link names
  // the exercise before it grows, as a figure that gives up its reserved height while the reader is away does
  await page.locator('#exercise-13').evaluate((el) => (el.style.minHeight = `${el.offsetHeight + 600}px`));
  await page.goBack();
  await expect.poll(() => new URL(page.url()).searchParams.get('t.configs')).toBe('pre-12-0');
  await expect(link).toBeInViewport();
  await expect.poll(() => link.evaluate((a) => Math.round(a.getBoundingClientRect().top))).toBeCloseTo(clickedAt, -1);
  expect(await page.evaluate(() => history.scrollRestoration), 'a reload of this entry restores as usual').toBe('auto');
  expect(await page.evaluate(() => window.__samePage)).toBe(true);
});

test('at 1280 px the lab’s selects show their whole label (the task, a wiring)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const L = await openLab(page, { 't.configs': 'post-2-0', 't.steps': '2', 't.seeds': '0' });
  for (const name of ['Task', 'Wiring of configuration 1']) {
    // the room for text: the box less its padding and Chromium's drop-down arrow (about 19 px; a select as
    // wide as its longest choice leaves exactly that)
    const fit = await selectLabelFit(L.getByLabel(name, { exact: true }), 18);
    expect(fit.longest, `${name}: the longest label fits its box`).toBeLessThanOrEqual(fit.room);
  }
});

test('the lab is keyboard-reachable before it computes, axe-clean with its results out, and fits a phone', async ({ page }) => {
  const L = await openLab(page, { 't.configs': 'post-2-0,pre-2-0', 't.steps': '12', 't.seeds': '0' });
  // from the wiring of the first configuration, Tab reaches every control and Run; nothing has computed
  await L.getByLabel('Wiring of configuration 1').focus();
  const seen = [];
  for (let i = 0; i < 20; i++) {
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        return (el.getAttribute('aria-label') || el.labels?.[0]?.textContent || el.textContent || '').trim();
      }),
    );
    await page.keyboard.press('Tab');
  }
  for (const name of [
    'Wiring of configuration 2',
    'Remove configuration 1',
    'Add a configuration',
    'Task',
    'Learning rate',
    'Learning rate, logarithmic scale',
    'Steps',
    'Seeds',
    'Run',
  ]) {
    expect(seen.join('\n')).toContain(name);
  }
  await expect(L.locator('.lab-run, .lab-run-pending')).toHaveCount(0);

  await L.getByRole('button', { name: 'Run', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(L.locator('.lab-run')).toHaveCount(2);
  for (const details of await L.locator('details.chart-data').all()) await details.locator('summary').click();
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(serious((await axeScan(page, '#training-lab')).violations), scheme).toEqual([]);
  }

  await page.setViewportSize({ width: 375, height: 667 });
  await L.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const sticking = await L.evaluate((root) =>
    [...root.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5)
      .filter((el) => {
        for (let a = el.parentElement; a; a = a.parentElement) if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return false;
        return true;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );
  expect(sticking).toEqual([]);
});
