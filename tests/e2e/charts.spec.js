// The article's three charts in a real browser: each draws a uPlot canvas from runs computed in the
// page's workers, lists exactly its plotted values in a data table (full precision in data-value), agrees
// with the tables computed from the same runs, recomputes when a control changes, and answers bad input
// with a message beside the control. Other figures are shrunk through the URL to keep the page light.
import { expect, warmTest as test } from './fixtures.js';
import { LIGHT, selectLabelFit } from './reach.js';

// the workers share the machine with the other specs: leave room for a slow moment
test.describe.configure({ timeout: 120_000 });

// every other experiment on the page at its smallest (reach.js), so the workers spend their time on the chart tested
const url = (params = {}) => {
  const query = new URLSearchParams({ ...LIGHT, ...params });
  for (const [k, v] of Object.entries(params)) if (v === null) query.delete(k);
  return `./?${query}`;
};

// each chart as the article's part shows it (Part 4 has a second gradient profile, #figure-placements-profile)
const ARTICLE_FIGURE = { 'grad-profile': '#figure-grad-profile', 'ratio-depth': '#figure-ratio-depth', 'stream-growth': '#figure-stream-growth' };
const widgetOf = async (page, name) => {
  const widget = page.locator(ARTICLE_FIGURE[name] ?? `.widget[data-widget="${name}"]`);
  await widget.scrollIntoViewIfNeeded();
  return widget;
};
const field = (widget, label) => widget.getByLabel(label, { exact: true });
const messageOf = (widget, label) => field(widget, label).locator('xpath=..').locator('.field-message');
const footerDone = (widget, timeout = 60_000) => expect(widget.locator('.exp-footer')).toHaveText(/^\d+ runs(,|$)/, { timeout });

/** the data table as {rowKey: {column: value}} from data-value attributes, once it shows its latest values */
const readTable = async (widget) => {
  await expect(widget.locator('.chart-data[data-pending]')).toHaveCount(0);
  return widget
    .locator('.chart-data tbody tr')
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((tr) => [
          tr.dataset.key,
          Object.fromEntries([...tr.querySelectorAll('td[data-value]')].map((td) => [td.dataset.col, Number(td.dataset.value)])),
        ]),
      ),
    );
};

const expectAllFinite = async (widget) => {
  const values = await widget.locator('.chart-data td[data-value]').evaluateAll((tds) => tds.map((td) => Number(td.dataset.value)));
  expect(values.length).toBeGreaterThan(0);
  for (const v of values) expect(Number.isFinite(v)).toBe(true);
};

test('grad-profile at its defaults is the article figure: 96 blocks, three wirings, no-residual sinking to block 1', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto(url({ 'g.L': null }));
  const widget = await widgetOf(page, 'grad-profile');
  await expect(widget.locator('.chart[role="img"]')).toHaveAttribute('aria-label', /gradient norm.*96 blocks/);
  await expect(widget.locator('.chart canvas').first()).toBeVisible();
  await footerDone(widget, 150_000);
  await expect(widget.locator('.chart-data tbody tr')).toHaveCount(96);
  await expect(widget.locator('.chart-data td[data-value]')).toHaveCount(96 * 3);
  await expectAllFinite(widget);
  const table = await readTable(widget);
  expect(Object.keys(table['1']).sort()).toEqual(['nores', 'post', 'pre']);
  expect(table['1'].nores).toBeLessThan(table['96'].nores);
  // the article's figure spans about 1e-2 … 1e0 on its log axis
  for (const row of Object.values(table)) {
    for (const v of Object.values(row)) {
      expect(v).toBeGreaterThan(1e-2);
      expect(v).toBeLessThan(1);
    }
  }
  await expect(widget.locator('.u-legend')).toContainText('no residual');

  // the data table is one click away
  await expect(widget.locator('.chart-data table')).toBeHidden();
  await widget.locator('.chart-data summary').click();
  await expect(widget.locator('.chart-data table')).toBeVisible();
});

test('grad-profile recomputes when the depth changes, and draws the measure chosen', async ({ page }) => {
  await page.goto(url());
  const widget = await widgetOf(page, 'grad-profile');
  await footerDone(widget);
  await expect(widget.locator('.chart-data tbody tr')).toHaveCount(6);
  const before = await readTable(widget);

  await field(widget, 'Depth L').fill('12');
  await expect(widget.locator('.chart-data tbody tr')).toHaveCount(12);
  await footerDone(widget);
  await expect(widget.locator('.chart-data td[data-value]')).toHaveCount(12 * 3);
  await expectAllFinite(widget);
  expect(page.url()).toContain('g.L=12');

  // a different measure draws a different per-block array of the same runs
  await field(widget, 'Depth L').fill('6');
  await expect(widget.locator('.chart-data tbody tr')).toHaveCount(6);
  await footerDone(widget);
  await widget.getByLabel('Gradient measured over').selectOption('input');
  await expect.poll(async () => (await readTable(widget))['1']?.post).not.toBe(before['1'].post);
  await expect(widget.locator('.chart-data td[data-value]')).toHaveCount(6 * 3);
});

for (const [value, message] of [
  ['abc', /not a number/],
  ['0', /between 1 and/],
]) {
  test(`grad-profile depth “${value}” gets a message beside the control`, async ({ page }) => {
    await page.goto(url());
    const widget = await widgetOf(page, 'grad-profile');
    await footerDone(widget);
    await field(widget, 'Depth L').fill(value);
    await expect(messageOf(widget, 'Depth L')).toHaveText(message);
    await expect(field(widget, 'Depth L')).toHaveAttribute('aria-invalid', 'true');
    // the chart keeps its last good view, and a good value recomputes
    await expect(widget.locator('.chart-data tbody tr')).toHaveCount(6);
    await field(widget, 'Depth L').fill('3');
    await expect(messageOf(widget, 'Depth L')).toBeEmpty();
    await expect(widget.locator('.chart-data tbody tr')).toHaveCount(3);
  });
}

test('ratio-depth: a point per seed, the median per depth, equal to Table B’s medians', async ({ page }) => {
  const depths = [6, 12];
  await page.goto(url({ 'b.Ls': depths.join(','), 'b.seeds': '0-2', 'r.Ls': depths.join(','), 'r.seeds': '0-2' }));
  const widget = await widgetOf(page, 'ratio-depth');
  const tableB = page.locator('[data-table="B"]');
  await expect(widget.locator('.chart canvas').first()).toBeVisible();
  await expect(widget.locator('.chart[role="img"]')).toHaveAttribute('aria-label', /ratio.*depth/);
  await footerDone(widget);
  await page.locator('#table-b').scrollIntoViewIfNeeded(); // the chart above keeps its height: Table B is a screen or two away
  await expect(tableB.locator('td[data-value]')).toHaveCount(depths.length * 3);
  // every seed's point and every median: (3 seeds + median) × depths rows, three wirings each
  await expect(widget.locator('.chart-data tbody tr')).toHaveCount(depths.length * 4);
  await expect(widget.locator('.chart-data td[data-value]')).toHaveCount(depths.length * 4 * 3);
  await expectAllFinite(widget);

  const chart = await readTable(widget);
  const b = await tableB.locator('tbody tr').evaluateAll((rows) =>
    rows.map((tr) => ({
      L: tr.querySelector('th').textContent.trim(),
      values: [...tr.querySelectorAll('td[data-value]')].map((td) => Number(td.dataset.value)),
    })),
  );
  expect(b.map((row) => row.L)).toEqual(depths.map(String));
  for (const { L, values } of b) {
    const median = chart[`${L}|median`];
    expect([median.post, median.pre, median.nores]).toEqual(values);
  }
  await expect(widget.locator('.u-legend')).toContainText('median');
});

test('ratio-depth recomputes when the depths change, and rejects bad depths beside the control', async ({ page }) => {
  await page.goto(url());
  const widget = await widgetOf(page, 'ratio-depth');
  await footerDone(widget);
  await expect(widget.locator('.chart-data tbody tr')).toHaveCount(2);
  await field(widget, 'Depths').fill('3, 6');
  await expect(widget.locator('.chart-data tbody tr')).toHaveCount(4);
  await footerDone(widget);
  await expectAllFinite(widget);
  await field(widget, 'Depths').fill('abc');
  await expect(messageOf(widget, 'Depths')).toHaveText(/not a number/);
  await field(widget, 'Seeds').fill('5-1');
  await expect(messageOf(widget, 'Seeds')).toHaveText(/empty/);
  await expect(widget.locator('.chart-data tbody tr')).toHaveCount(4);
});

test('stream-growth: sd per block with √L and fitted curves, the exponent as Table D prints it', async ({ page }) => {
  await page.goto(url({ 's.L': '12', 's.scales': '1, 3', 'd.L': '12', 'd.scales': '1, 3' }));
  // Table D sits just above the chart: it mounts with it
  const widget = await widgetOf(page, 'stream-growth');
  const tableD = page.locator('[data-table="D"]');
  await expect(widget.locator('.chart canvas').first()).toBeVisible();
  await expect(widget.locator('.chart[role="img"]')).toHaveAttribute('aria-label', /standard deviation/);
  await footerDone(widget);
  await expect(widget.locator('.chart-data tbody tr')).toHaveCount(12);
  // per scale: the measured sd, √L growth and the fitted power
  await expect(widget.locator('.chart-data td[data-value]')).toHaveCount(12 * 2 * 3);
  await expectAllFinite(widget);
  const table = await readTable(widget);
  // both reference curves start from the first block's sd
  expect(table['1']['1-sqrt']).toBe(table['1']['1-sd']);
  expect(table['1']['1-fit']).toBe(table['1']['1-sd']);

  await expect(tableD.locator('td[data-value]')).toHaveCount(2 * 2);
  const exponents = await tableD.locator('tbody tr').evaluateAll((rows) => rows.map((tr) => Number(tr.querySelectorAll('td[data-value]')[1].dataset.value)));
  const legend = widget.locator('.u-legend');
  // the fitted power typeset as an exponent (a superscript, read out as "to the power"), never "L^0.272"
  for (const [k, s] of [1, 3].entries()) {
    const label = legend.getByRole('switch', { name: `s = ${s}: fitted L to the power ${exponents[k].toFixed(3)}` });
    await expect(label.locator('sup')).toHaveText(exponents[k].toFixed(3));
  }
  await expect(legend).not.toContainText('^');

  await field(widget, 'Depth L').fill('1');
  await expect(messageOf(widget, 'Depth L')).toHaveText(/at least 2/);
  await field(widget, 'Output scales s').fill('abc');
  await expect(messageOf(widget, 'Output scales s')).toHaveText(/not a number/);
});

test("grad-profile: at rest its legend shows the last block's values (not dashes), a hover shows that block's", async ({ page }) => {
  await page.goto(url());
  const widget = await widgetOf(page, 'grad-profile');
  await footerDone(widget);
  await widget.locator('.chart-data summary').click();
  await expect(widget.locator('.chart-data td[data-value]')).toHaveCount(6 * 3);
  const table = await readTable(widget);
  const legend = async () => {
    const [x, ...values] = await widget.locator('.u-legend .u-series .u-value').allInnerTexts();
    return { x, values: values.map((v) => Number(v.replace(/−/g, '-'))) };
  };
  const expectBlock = async (block) => {
    await expect.poll(async () => (await legend()).x).toBe(String(block));
    const { values } = await legend();
    ['post', 'pre', 'nores'].forEach((key, i) => expect(values[i]).toBeCloseTo(table[String(block)][key], 3));
  };
  await expectBlock(6);
  // the cursor over block 2, then away: the legend follows it, then rests on the last block again
  const plot = widget.locator('.u-over');
  const box = await plot.boundingBox();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
  await expectBlock(2);
  await page.mouse.move(box.x + box.width / 2, box.y - 200);
  await expectBlock(6);
});

test('at 1280 px every choice of "Gradient measured over" shows its whole label', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url());
  for (const id of ['#table-b', '#figure-grad-profile', '#figure-ratio-depth']) {
    const widget = page.locator(id);
    await widget.scrollIntoViewIfNeeded();
    // the room for text: the box less its padding and the drop-down arrow (about 24 px)
    const fit = await selectLabelFit(widget.getByLabel('Gradient measured over'), 24);
    expect(fit.longest, `${id}: the longest label fits its box`).toBeLessThanOrEqual(fit.room);
  }
});

test('the charts fit a 375 px phone and follow their container', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(url());
  for (const name of ['grad-profile', 'ratio-depth', 'stream-growth']) {
    const widget = await widgetOf(page, name);
    await footerDone(widget);
    const [chartRight, widgetRight] = await Promise.all([
      widget
        .locator('.chart canvas')
        .first()
        .evaluate((c) => c.getBoundingClientRect().right),
      widget.evaluate((w) => w.getBoundingClientRect().right),
    ]);
    expect(chartRight).toBeLessThanOrEqual(widgetRight);
  }
  await page.setViewportSize({ width: 1000, height: 800 });
  const widget = await widgetOf(page, 'grad-profile');
  await expect
    .poll(() =>
      widget
        .locator('.chart canvas')
        .first()
        .evaluate((c) => c.getBoundingClientRect().width),
    )
    .toBeGreaterThan(500);
});
