// Part 1 in a real browser, for what only a browser shows (the tables' numbers, controls, messages, Cancel and the
// address are checked in tests/web/widgets/article-tables.test.js, in a DOM in Node): a second visit served from
// the results stored across visits (IndexedDB, which jsdom has not), the page opening that store as it starts, the
// chapter's first layout and the first load's order (a Chromium trace, resource timing, module workers), and the
// tables fitting the text column at 1280 px.
import { expect, test as freshTest, warmTest as test } from './fixtures.js';
import { lightExceptUrl } from './reach.js';

async function waitForTable(page, table, cells, timeout) {
  const widget = page.locator(`#table-${table.toLowerCase()}`);
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.locator('tbody td[data-value]')).toHaveCount(cells, { timeout });
}

const readValues = (page, table) => page.locator(`#table-${table.toLowerCase()} tbody td`).evaluateAll((tds) => tds.map((td) => Number(td.dataset.value)));

test('a second visit shows cached results at once', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(lightExceptUrl('a', '', { 'a.L': '10', 'a.seeds': '0-1' }));
  await waitForTable(page, 'A', 12, 60_000);
  const first = await readValues(page, 'A');
  await page.reload();
  const started = Date.now();
  await waitForTable(page, 'A', 12, 5_000);
  const waited = Date.now() - started;
  expect(waited).toBeLessThan(3_000);
  await expect(page.locator('#table-a .exp-footer')).toContainText('cache');
  expect(await readValues(page, 'A')).toEqual(first);
});

// The results store is opened as the page starts, not at the first figure's first look-up: on a first visit the
// first run had waited for its creation (experiment/cache.js openCache; docs/measurements.md, "The results store
// opens as the page starts").
test('the page opens its results store as it starts, before any figure that computes has mounted', async ({ page }) => {
  await page.goto('./#cards'); // the flash cards, far from every figure that runs the kernels in workers
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).toContain('residual-ln-runs');
  const computing = ['article-table', 'grad-profile', 'ratio-depth', 'stream-growth', 'training-lab'];
  const mounted = await page.evaluate(
    (kinds) => kinds.flatMap((k) => [...document.querySelectorAll(`.widget[data-widget="${k}"][data-mount]`)]).length,
    computing,
  );
  expect(mounted).toBe(0);
});

// The chapter's first layout is the browser's own, in its first frame, not one forced by the page's script: a
// read there (the contents marking the section being read) laid out the whole chapter while the script ran, and
// the widgets' placeholders changed it right after, so the first paint waited for two layouts (docs/measurements.md,
// "The contents' first mark waits for the first paint"). Small layouts a mounting figure forces later (its own box)
// are not the chapter's.
test('the chapter’s layout before the first paint is the browser’s own, not forced by the page’s script', async ({ page, browser }) => {
  await page.goto('about:blank');
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'],
  });
  await page.goto('./#table-a');
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.includes('#table-a'));
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.args?.data?.navigationId === start.args.data.navigationId);
  const onMain = (e) => e.pid === start.pid && e.tid === start.tid && e.ph === 'X' && e.ts >= start.ts && e.ts <= paint.ts;
  const scripts = events.filter(
    (e) => onMain(e) && ['v8.evaluateModule', 'EvaluateScript', 'FunctionCall', 'RunMicrotasks', 'FireIdleCallback', 'TimerFire'].includes(e.name),
  );
  const layouts = events.filter((e) => onMain(e) && e.name === 'Layout');
  expect(layouts.length, 'the chapter is laid out before its first paint').toBeGreaterThan(0);
  // a forced layout a quarter as long as the longest lays out much of the chapter (a figure's own box is a tiny
  // fraction of the chapter's: docs/measurements.md, "The first-layout test's threshold")
  const longest = Math.max(...layouts.map((l) => l.dur));
  const forced = layouts
    .filter((l) => l.dur > longest / 4)
    .map((l) => [l, scripts.find((s) => s.ts <= l.ts && l.ts < s.ts + s.dur)])
    .filter(([, script]) => script)
    .map(([l, script]) => `a layout of ${(l.dur / 1000).toFixed(0)} ms forced inside ${script.name}`);
  expect(forced).toEqual([]);
});

// A link to a figure (#table-a) has its code requested as the page's script runs, not once the figure starts to
// mount (after the first layout and an idle callback, when the first number waited for the table's modules:
// docs/measurements.md, "A linked figure's code loads as the page's script runs"); its workers start once the
// first frame is drawn.
freshTest('a link to a figure requests its code as the page starts, before the figure mounts, and its workers after the first frame', async ({ page }) => {
  await page.addInitScript(() => {
    requestAnimationFrame(() => (window.__firstFrame = performance.now())); // the first frame, before its layout
    window.__workers = [];
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        window.__workers.push(performance.now());
      }
    };
  });
  await page.goto('./#table-a');
  await expect(page.locator('#table-a')).toHaveAttribute('data-mount', 'done');
  const t = await page.evaluate(() => ({
    code: performance.getEntriesByType('resource').find((r) => /\/article-table-[\w-]+\.js$/.test(r.name))?.startTime,
    frame: window.__firstFrame,
    ready: performance.getEntriesByType('navigation')[0].domContentLoadedEventStart,
    workers: window.__workers,
  }));
  // (the page's module runs before DOMContentLoaded; a mount, in an idle period after the first layout, later)
  expect(t.code, 'the table’s code was requested as the page’s script ran').toBeLessThan(t.ready);
  expect(t.workers.length, 'the workers started').toBeGreaterThan(0);
  expect(t.workers[0], 'the first worker started after the first frame (not beside the first layout)').toBeGreaterThan(t.frame);
});

// On a desktop screen the article's tables fit the text column: table A at the article's settings (five columns,
// each value over its published one) was 715 px wide in 661 and hid its last column behind a sideways scroll.
test('at 1280 px every table of the article fits the text column, computing and computed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(lightExceptUrl('a', '', { 's.T': '8' })); // table A at the article's own depth and seeds
  const overflow = () =>
    page.locator('table.results').evaluateAll((tables) =>
      tables
        .map((t) => [t.closest('.widget').id, t.closest('.table-scroll') ?? t.parentElement])
        .filter(([, box]) => box.scrollWidth > box.clientWidth)
        .map(([id, box]) => `${id}: ${box.scrollWidth} px in ${box.clientWidth}`),
    );
  for (const id of ['table-a', 'table-b', 'table-c', 'table-d', 'table-measures']) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await expect(page.locator(`#${id} table.results`)).toBeVisible();
  }
  expect(await overflow(), 'while they compute').toEqual([]);
  await expect(page.locator('#table-a tbody td[data-value]')).toHaveCount(12, { timeout: 60_000 });
  await expect(page.locator('table.results td.pending')).toHaveCount(0, { timeout: 90_000 });
  expect(await overflow(), 'computed').toEqual([]);
});
