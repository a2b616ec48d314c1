// The article's three charts in a real browser, for what only a browser shows: the legend following the pointer
// over the plot (uPlot reads the pointer against the canvas's laid-out box), the selects' labels fitting their boxes
// at 1280 px, and the charts fitting a 375 px phone and following their container's width. What the charts compute
// and say (their data tables, legends at rest, labels, controls and messages, the agreement with tables B and D) is
// checked in a DOM in Node: tests/web/widgets/charts.test.js.
import { expect, warmTest as test } from './fixtures.js';
import { LIGHT, selectLabelFit } from './reach.js';

// the workers share the machine with the other specs: leave room for a slow moment
test.describe.configure({ timeout: 120_000 });

// every other experiment on the page at its smallest (reach.js), so the workers spend their time on the chart tested
const url = (params = {}) => `./?${new URLSearchParams({ ...LIGHT, ...params })}`;

const widgetOf = async (page, name) => {
  const widget = page.locator(`#figure-${name}`);
  await widget.scrollIntoViewIfNeeded();
  return widget;
};
const footerDone = (widget, timeout = 60_000) => expect(widget.locator('.exp-footer')).toHaveText(/^\d+ runs?(,|$)/, { timeout });

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

test("grad-profile: a hover over the plot shows that block's values in the legend, and away from it the last block's", async ({ page }) => {
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
