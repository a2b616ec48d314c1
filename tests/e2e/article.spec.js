// Part 1 in a real browser: the article's tables computed live must equal its printed values at the
// printed precision; controls recompute; Cancel stops the workers; the URL restores the controls; a second
// visit is served from the cache; the main thread stays responsive while the workers compute.
import { expect, test as freshTest, warmTest as test } from './fixtures.js';
import { lightExceptUrl, lightUrl } from './reach.js';

// The printed value's own precision: "1.78e-01" → 2 mantissa decimals; "0.306" → 3 decimals.
function asPrinted(value, printed) {
  const exp = /^\d\.(\d+)e([+-])(\d+)$/.exec(printed);
  if (exp) {
    const [mantissa, power] = value.toExponential(exp[1].length).split('e');
    return `${mantissa}e${power[0] === '-' ? '-' : '+'}${power.replace(/^[+-]/, '').padStart(exp[3].length, '0')}`;
  }
  return value.toFixed((/\.(\d+)$/.exec(printed)?.[1] ?? '').length);
}

const cellsOf = (page, table) => page.locator(`#table-${table.toLowerCase()} tbody td`);

async function waitForTable(page, table, cells, timeout) {
  const widget = page.locator(`#table-${table.toLowerCase()}`);
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.locator('tbody td[data-value]')).toHaveCount(cells, { timeout });
}

async function readCells(page, table) {
  return cellsOf(page, table).evaluateAll((tds) =>
    tds.map((td) => ({ value: Number(td.dataset.value), published: td.dataset.published, agrees: !!td.querySelector('.agrees') })),
  );
}

test('tables A to D equal the article’s printed values at the printed precision', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('./');
  const expected = { A: 12, B: 12, C: 12, D: 6 };
  for (const [table, count] of Object.entries(expected)) {
    await waitForTable(page, table, count, 240_000);
    const cells = await readCells(page, table);
    expect(cells).toHaveLength(count);
    for (const cell of cells) {
      expect(cell.published, `table ${table}: every cell carries the published value`).toBeTruthy();
      expect(Number.isFinite(cell.value)).toBe(true);
      expect(asPrinted(cell.value, cell.published), `table ${table}, computed ${cell.value}`).toBe(cell.published);
      expect(cell.agrees).toBe(true);
    }
  }
});

// (in these, the figures below table A at their smallest: table B's article runs held both workers meanwhile)
test('changing the depth or the seeds recomputes and changes the numbers', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(lightExceptUrl('a'));
  await waitForTable(page, 'A', 12, 60_000);
  const before = await readCells(page, 'A');
  const table = page.locator('#table-a');
  await table.getByLabel('Depth L').fill('8');
  await table.getByLabel('Seeds').fill('0-2');
  await expect(table.locator('thead')).toContainText('block 8 grad');
  await expect(table.locator('thead')).toContainText('median of 3');
  await waitForTable(page, 'A', 12, 60_000);
  const after = await readCells(page, 'A');
  expect(after.map((c) => c.value)).not.toEqual(before.map((c) => c.value));
  expect(after.every((c) => c.published === undefined)).toBe(true); // published values only for the article's settings
  await expect(page.locator('#table-a .exp-note:not(.field-message)')).toContainText('put the controls back');
  expect(new URL(page.url()).searchParams.get('a.L')).toBe('8');
});

test('a bad control value gets a message beside it and starts nothing', async ({ page }) => {
  await page.goto(lightUrl());
  const table = page.locator('#table-b');
  await table.scrollIntoViewIfNeeded();
  for (const [label, value, message] of [
    ['Depths', '6, abc', /Entry 2: “abc” is not a number/],
    ['Depths', '10000', /between 1 and 1024/],
    ['Seeds', '5-2', /empty/],
  ]) {
    await table.getByLabel(label).fill(value);
    await expect(table.getByLabel(label).locator('xpath=..').locator('.field-message')).toHaveText(message);
  }
});

test('Cancel stops the workers at once', async ({ page }) => {
  test.setTimeout(120_000);
  const closed = [];
  page.on('worker', (worker) => worker.on('close', () => closed.push(worker.url())));
  await page.goto('./?b.seeds=20-25');
  const table = page.locator('#table-b');
  await table.scrollIntoViewIfNeeded();
  const bar = page.locator('.run-status');
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await bar.getByRole('button', { name: 'Cancel' }).click();
  await expect(bar).toBeHidden({ timeout: 5_000 });
  await expect.poll(() => closed.length, { timeout: 5_000 }).toBeGreaterThan(0);
  await expect(table.locator('.exp-footer')).toContainText('Cancelled');
  const filled = await table.locator('tbody td[data-value]').count();
  await page.waitForTimeout(2_000);
  expect(await table.locator('tbody td[data-value]').count()).toBe(filled);
  await table.getByRole('button', { name: 'Compute' }).click();
  await expect(bar).toBeVisible();
});

test('a reload with the same URL restores the controls', async ({ page }) => {
  await page.goto(lightExceptUrl('a', '', { 'a.L': '7', 'a.seeds': '1,4', 'b.measure': 'no-ln' }));
  const a = page.locator('#table-a');
  await a.scrollIntoViewIfNeeded();
  await expect(a.getByLabel('Depth L')).toHaveValue('7');
  await expect(a.getByLabel('Seeds')).toHaveValue('1,4');
  await a.getByLabel('Depth L').fill('9');
  await expect.poll(() => new URL(page.url()).searchParams.get('a.L')).toBe('9');
  await page.reload();
  await page.locator('#table-a').scrollIntoViewIfNeeded();
  await expect(page.locator('#table-a').getByLabel('Depth L')).toHaveValue('9');
  await page.locator('#table-b').scrollIntoViewIfNeeded();
  await expect(page.locator('#table-b select')).toHaveValue('no-ln');
});

test('a second visit shows cached results at once', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(lightExceptUrl('a', '', { 'a.L': '10', 'a.seeds': '0-1' }));
  await waitForTable(page, 'A', 12, 60_000);
  const first = await readCells(page, 'A');
  await page.reload();
  const started = Date.now();
  await waitForTable(page, 'A', 12, 5_000);
  const waited = Date.now() - started;
  expect(waited).toBeLessThan(3_000);
  await expect(page.locator('#table-a .exp-footer')).toContainText('cache');
  expect((await readCells(page, 'A')).map((c) => c.value)).toEqual(first.map((c) => c.value));
});

// The results store is opened as the page starts, not at the first figure's first look-up: on a first visit,
// creating it took 0.4–0.5 s that the first run waited for (experiment/cache.js openCache).
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
// the widgets' placeholders changed it right after, so the first paint waited for two layouts (a Chromium trace
// on 2 cores: 227 + 97 ms). Small layouts a mounting figure forces later (its own box) are not the chapter's.
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
  // the chapter's whole layout takes 100–1100 ms on this machine kind, a figure's own box 1–2 ms: a forced
  // layout a quarter as long as the longest lays out much of the chapter
  const longest = Math.max(...layouts.map((l) => l.dur));
  const forced = layouts
    .filter((l) => l.dur > longest / 4)
    .map((l) => [l, scripts.find((s) => s.ts <= l.ts && l.ts < s.ts + s.dur)])
    .filter(([, script]) => script)
    .map(([l, script]) => `a layout of ${(l.dur / 1000).toFixed(0)} ms forced inside ${script.name}`);
  expect(forced).toEqual([]);
});

// A link to a figure (#table-a) has its code requested as the page's script runs, not once the figure starts to
// mount (after the first layout and an idle callback: on 2 cores the table's 12 modules were requested 0.08 s
// after the first paint, and the first number waited for them); its workers start once the first frame is drawn.
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

// A value from a link that cannot be read is shown in its field with its message, as if typed, and the figure's
// own word about the values it does compute (Table B's measure check) does not erase it.
test('a depth from a link that cannot be read keeps its message beside the field', async ({ page }) => {
  await page.goto(lightExceptUrl('b', '#table-b', { 'b.Ls': '8192', 'b.seeds': '0' }));
  const table = page.locator('#table-b');
  const depths = table.getByLabel('Depths', { exact: true });
  await expect(depths).toHaveValue('8192', { timeout: 30_000 });
  await expect(depths.locator('xpath=..').locator('.field-message')).toHaveText('Depths must be between 1 and 1024 (got 8192).');
  await expect(table.locator('.exp-footer')).toHaveText(/^\d+ runs/, { timeout: 120_000 }); // the figure computed its defaults
  await expect(depths.locator('xpath=..').locator('.field-message')).toHaveText('Depths must be between 1 and 1024 (got 8192).');
  await expect(depths).toHaveAttribute('aria-invalid', 'true');
});
