// @vitest-environment jsdom
// Long: the article's 96-block figures (starts first: tests/web/sequencer.js).
// The article's three charts (widgets/grad-profile, ratio-depth, stream-growth): each draws a uPlot chart from runs
// computed in the page's workers, lists exactly its plotted values in a data table (full precision in data-value),
// agrees with the tables computed from the same runs, recomputes when a control changes, and answers bad input with a
// message beside the control. The chart's canvas draws nothing here (browser-gaps.js): what a chart says is read
// from its table, its legend and its label. Moved from tests/e2e/charts.spec.js (docs/testing/moved-figures.md).
import { afterAll, describe, expect, it } from 'vitest';
import { field, fill, messageOf } from './harness.js';
import { LIGHT, addressOf, choice, choose, closePage, footerDone, openPage, param, tableRows, textOf, until, valuesOf } from './figures-helpers.js';

afterAll(closePage);

/** every other experiment at its smallest (LIGHT), with params over it (null: the figure's own default) */
const light = (/** @type {Record<string, string | null>} */ params = {}) => addressOf({ ...LIGHT, ...params });
const rows = (/** @type {ParentNode} */ widget) => widget.querySelectorAll('.chart-data tbody tr');
const cells = (/** @type {ParentNode} */ widget) => widget.querySelectorAll('.chart-data td[data-value]');
const label = (/** @type {ParentNode} */ widget) => widget.querySelector('.chart[role="img"]')?.getAttribute('aria-label') ?? '';
const legend = (/** @type {ParentNode} */ widget) => textOf(widget.querySelector('.u-legend'));

function expectAllFinite(/** @type {ParentNode} */ widget) {
  const values = valuesOf(widget, '.chart-data td[data-value]');
  expect(values.length).toBeGreaterThan(0);
  for (const v of values) expect(Number.isFinite(v)).toBe(true);
}

it('grad-profile at its defaults is the article figure: 96 blocks, three wirings, no-residual sinking to block 1', async () => {
  const [widget] = await openPage(light({ 'g.L': null }), '#figure-grad-profile');
  expect(label(widget)).toMatch(/gradient norm.*96 blocks/);
  expect(widget.querySelector('.chart canvas')).not.toBeNull();
  await footerDone(widget, 150_000);
  await until(() => expect(rows(widget)).toHaveLength(96));
  await until(() => expect(cells(widget)).toHaveLength(96 * 3));
  expectAllFinite(widget);
  const table = await tableRows(widget);
  expect(Object.keys(table['1']).sort()).toEqual(['nores', 'post', 'pre']);
  expect(table['1'].nores).toBeLessThan(table['96'].nores);
  // the article's figure spans about 1e-2 … 1e0 on its log axis
  for (const row of Object.values(table)) {
    for (const v of Object.values(row)) {
      expect(v).toBeGreaterThan(1e-2);
      expect(v).toBeLessThan(1);
    }
  }
  expect(legend(widget)).toContain('no residual');

  // the data table is one click away
  const details = /** @type {HTMLDetailsElement} */ (widget.querySelector('.chart-data'));
  expect(details.open).toBe(false);
  /** @type {HTMLElement} */ (details.querySelector('summary')).click();
  expect(details.open).toBe(true);
}, 240_000);

it('grad-profile recomputes when the depth changes, and draws the measure chosen', async () => {
  const [widget] = await openPage(light(), '#figure-grad-profile');
  await footerDone(widget);
  await until(() => expect(rows(widget)).toHaveLength(6));
  const before = await tableRows(widget);

  fill(field(widget, 'Depth L'), '12');
  await until(() => expect(rows(widget)).toHaveLength(12));
  await footerDone(widget);
  await until(() => expect(cells(widget)).toHaveLength(12 * 3));
  expectAllFinite(widget);
  expect(param('g.L')).toBe('12');

  // a different measure draws a different per-block array of the same runs
  fill(field(widget, 'Depth L'), '6');
  await until(() => expect(rows(widget)).toHaveLength(6));
  await footerDone(widget);
  choose(choice(widget, 'Gradient measured over'), 'input');
  await until(async () => expect((await tableRows(widget))['1']?.post).not.toBe(before['1'].post));
  await until(() => expect(cells(widget)).toHaveLength(6 * 3));
});

describe.each([
  ['abc', /not a number/],
  ['0', /between 1 and/],
])('grad-profile depth “%s”', (value, message) => {
  it('gets a message beside the control', async () => {
    const [widget] = await openPage(light(), '#figure-grad-profile');
    await footerDone(widget);
    fill(field(widget, 'Depth L'), value);
    expect(messageOf(field(widget, 'Depth L'))).toMatch(message);
    expect(field(widget, 'Depth L').getAttribute('aria-invalid')).toBe('true');
    // the chart keeps its last good view, and a good value recomputes
    await until(() => expect(rows(widget)).toHaveLength(6));
    fill(field(widget, 'Depth L'), '3');
    expect(messageOf(field(widget, 'Depth L'))).toBe('');
    await until(() => expect(rows(widget)).toHaveLength(3));
  });
});

it('ratio-depth: a point per seed, the median per depth, equal to Table B’s medians', async () => {
  const depths = [6, 12];
  const [widget, tableB] = await openPage(
    light({ 'b.Ls': depths.join(','), 'b.seeds': '0-2', 'r.Ls': depths.join(','), 'r.seeds': '0-2' }),
    '#figure-ratio-depth',
    '#table-b',
  );
  expect(widget.querySelector('.chart canvas')).not.toBeNull();
  expect(label(widget)).toMatch(/ratio.*depth/);
  await footerDone(widget);
  await until(() => expect(tableB.querySelectorAll('td[data-value]')).toHaveLength(depths.length * 3));
  // every seed's point and every median: (3 seeds + median) × depths rows, three wirings each
  await until(() => expect(rows(widget)).toHaveLength(depths.length * 4));
  await until(() => expect(cells(widget)).toHaveLength(depths.length * 4 * 3));
  expectAllFinite(widget);

  const chart = await tableRows(widget);
  const b = [...tableB.querySelectorAll('tbody tr')].map((tr) => ({
    L: textOf(tr.querySelector('th')),
    values: valuesOf(tr, 'td[data-value]'),
  }));
  expect(b.map((row) => row.L)).toEqual(depths.map(String));
  for (const { L, values } of b) {
    const median = chart[`${L}|median`];
    expect([median.post, median.pre, median.nores]).toEqual(values);
  }
  expect(legend(widget)).toContain('median');
});

it('ratio-depth recomputes when the depths change, and rejects bad depths beside the control', async () => {
  const [widget] = await openPage(light(), '#figure-ratio-depth');
  await footerDone(widget);
  await until(() => expect(rows(widget)).toHaveLength(2));
  fill(field(widget, 'Depths'), '3, 6');
  await until(() => expect(rows(widget)).toHaveLength(4));
  await footerDone(widget);
  expectAllFinite(widget);
  fill(field(widget, 'Depths'), 'abc');
  expect(messageOf(field(widget, 'Depths'))).toMatch(/not a number/);
  fill(field(widget, 'Seeds'), '5-1');
  expect(messageOf(field(widget, 'Seeds'))).toMatch(/empty/);
  await until(() => expect(rows(widget)).toHaveLength(4));
});

it('stream-growth: sd per block with √L and fitted curves, the exponent as Table D prints it', async () => {
  // Table D sits just above the chart: it mounts with it
  const [widget, tableD] = await openPage(light({ 's.L': '12', 's.scales': '1, 3', 'd.L': '12', 'd.scales': '1, 3' }), '#figure-stream-growth', '#table-d');
  expect(widget.querySelector('.chart canvas')).not.toBeNull();
  expect(label(widget)).toMatch(/standard deviation/);
  await footerDone(widget);
  await until(() => expect(rows(widget)).toHaveLength(12));
  // per scale: the measured sd, √L growth and the fitted power
  await until(() => expect(cells(widget)).toHaveLength(12 * 2 * 3));
  expectAllFinite(widget);
  const table = await tableRows(widget);
  // both reference curves start from the first block's sd
  expect(table['1']['1-sqrt']).toBe(table['1']['1-sd']);
  expect(table['1']['1-fit']).toBe(table['1']['1-sd']);

  await until(() => expect(tableD.querySelectorAll('td[data-value]')).toHaveLength(2 * 2));
  const exponents = [...tableD.querySelectorAll('tbody tr')].map((tr) =>
    Number(/** @type {HTMLElement} */ (tr.querySelectorAll('td[data-value]')[1]).dataset.value),
  );
  const legendEl = /** @type {HTMLElement} */ (widget.querySelector('.u-legend'));
  // the fitted power typeset as an exponent (a superscript, read out as "to the power"), never "L^0.272"
  for (const [k, s] of [1, 3].entries()) {
    const name = `s = ${s}: fitted L to the power ${exponents[k].toFixed(3)}`;
    const switches = [...legendEl.querySelectorAll('[role="switch"]')].filter((el) => textOf(el).includes(name));
    expect(switches, name).toHaveLength(1);
    expect(textOf(switches[0].querySelector('sup'))).toBe(exponents[k].toFixed(3));
  }
  expect(textOf(legendEl)).not.toContain('^');

  fill(field(widget, 'Depth L'), '1');
  expect(messageOf(field(widget, 'Depth L'))).toMatch(/at least 2/);
  fill(field(widget, 'Output scales s'), 'abc');
  expect(messageOf(field(widget, 'Output scales s'))).toMatch(/not a number/);
});

it("grad-profile: at rest its legend shows the last block's values (not dashes)", async () => {
  const [widget] = await openPage(light(), '#figure-grad-profile');
  await footerDone(widget);
  /** @type {HTMLElement} */ (widget.querySelector('.chart-data summary')).click();
  await until(() => expect(cells(widget)).toHaveLength(6 * 3));
  const table = await tableRows(widget);
  const shown = () => {
    const [x, ...values] = [...widget.querySelectorAll('.u-legend .u-series .u-value')].map((v) => textOf(v));
    return { x, values: values.map((v) => Number(v.replace(/−/g, '-'))) };
  };
  await until(() => expect(shown().x).toBe('6'));
  const { values } = shown();
  ['post', 'pre', 'nores'].forEach((key, i) => expect(values[i]).toBeCloseTo(table['6'][key], 3));
});
