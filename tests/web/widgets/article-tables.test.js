// @vitest-environment jsdom
// Long: tables A to D at the article's settings (starts first: tests/web/sequencer.js).
// Part 1's tables (widgets/article-table), computed in the page's workers: tables A to D equal the article's printed
// values at the printed precision, at the article's settings; controls recompute; a bad value is answered beside its
// control; Cancel stops the runs and Compute finishes them; the address restores the controls; a second visit is
// served from the page's cache; a value from a link that cannot be read keeps its message. Moved from
// tests/e2e/article.spec.js (docs/testing/moved-figures.md). The shared settings are the article's in every test
// here (this file never sets x.*): table A–D's published values are for them.
import { afterAll, expect, it, vi } from 'vitest';
import { getPool } from '../../../web/src/experiment/pool.js';
import { field, fill, messageOf } from './harness.js';
import { LIGHT, addressOf, closePage, footerDone, lightExcept, openPage, param, textOf, until, valuesOf } from './figures-helpers.js';
import { NodeModuleWorker } from './node-worker.js';

afterAll(closePage);

// The printed value's own precision: "1.78e-01" → 2 mantissa decimals; "0.306" → 3 decimals.
/** @param {number} value  @param {string} printed */
function asPrinted(value, printed) {
  const exp = /^\d\.(\d+)e([+-])(\d+)$/.exec(printed);
  if (exp) {
    const [mantissa, power] = value.toExponential(exp[1].length).split('e');
    return `${mantissa}e${power[0] === '-' ? '-' : '+'}${power.replace(/^[+-]/, '').padStart(exp[3].length, '0')}`;
  }
  return value.toFixed((/\.(\d+)$/.exec(printed)?.[1] ?? '').length);
}

const tableOf = (/** @type {string} */ letter) => /** @type {HTMLElement} */ (document.querySelector(`#table-${letter.toLowerCase()}`));
const filled = (/** @type {HTMLElement} */ table, /** @type {number} */ cells, timeout = 60_000) =>
  until(() => expect(table.querySelectorAll('tbody td[data-value]')).toHaveLength(cells), timeout);
const readCells = (/** @type {HTMLElement} */ table) =>
  [...table.querySelectorAll('tbody td')].map((td) => ({
    value: Number(td.dataset.value),
    published: td.dataset.published,
    agrees: !!td.querySelector('.agrees'),
  }));
const bar = () => /** @type {HTMLElement} */ (document.querySelector('.run-status'));

it('tables A to D equal the article’s printed values at the printed precision', async () => {
  await openPage('/', '#table-a', '#table-b', '#table-c', '#table-d');
  const expected = { A: 12, B: 12, C: 12, D: 6 };
  for (const [letter, count] of Object.entries(expected)) {
    const table = tableOf(letter);
    await filled(table, count, 240_000);
    const cells = readCells(table);
    expect(cells).toHaveLength(count);
    for (const cell of cells) {
      expect(cell.published, `table ${letter}: every cell carries the published value`).toBeTruthy();
      expect(Number.isFinite(cell.value)).toBe(true);
      expect(asPrinted(cell.value, String(cell.published)), `table ${letter}, computed ${cell.value}`).toBe(cell.published);
      expect(cell.agrees).toBe(true);
    }
  }
}, 300_000);

it('changing the depth or the seeds recomputes and changes the numbers', async () => {
  const [table] = await openPage(addressOf(lightExcept('a')), '#table-a');
  await filled(table, 12);
  const before = readCells(table);
  fill(field(table, 'Depth L'), '8');
  fill(field(table, 'Seeds'), '0-2');
  await until(() => expect(textOf(table.querySelector('thead'))).toContain('block 8 grad'));
  expect(textOf(table.querySelector('thead'))).toContain('median of 3');
  await filled(table, 12);
  const after = readCells(table);
  expect(after.map((c) => c.value)).not.toEqual(before.map((c) => c.value));
  expect(after.every((c) => c.published === undefined)).toBe(true); // published values only for the article's settings
  expect(textOf(table.querySelector('.exp-note:not(.field-message)'))).toContain('put the controls back');
  expect(param('a.L')).toBe('8');
}, 120_000);

it('a bad control value gets a message beside it and starts nothing', async () => {
  const [table] = await openPage(addressOf(LIGHT), '#table-b');
  /** @type {[string, string, RegExp][]} */
  const bad = [
    ['Depths', '6, abc', /Entry 2: “abc” is not a number/],
    ['Depths', '10000', /between 1 and 1024/],
    ['Seeds', '5-2', /empty/],
  ];
  for (const [label, value, message] of bad) {
    fill(field(table, label), value);
    expect(messageOf(field(table, label))).toMatch(message);
  }
});

it('Cancel stops the runs at once, their workers with them; Compute finishes the rest', async () => {
  const stopped = vi.spyOn(NodeModuleWorker.prototype, 'terminate');
  const [table] = await openPage('/?b.seeds=20-25', '#table-b');
  // (the line up for table B's own runs: the last test's may still be saying it is done)
  await until(
    () => expect([bar().hidden, getPool().status().running > 0, bar().textContent]).toEqual([false, true, expect.stringContaining('Computing in')]),
    30_000,
  );
  /** @type {HTMLElement} */ (bar().querySelector('.run-status-cancel')).click();
  expect(stopped, 'the running workers are stopped').toHaveBeenCalled();
  expect(getPool().status().running).toBe(0);
  await until(() => expect(bar().hidden).toBe(true), 5_000);
  expect(textOf(table.querySelector('.exp-footer'))).toContain('Cancelled');
  const filledAtCancel = table.querySelectorAll('tbody td[data-value]').length;
  const posted = getPool().nextId; // (every run a worker is given takes the next id)
  await until(() => expect(getPool().status()).toMatchObject({ running: 0, queued: 0 }));
  expect(getPool().nextId, 'nothing starts again by itself').toBe(posted);
  expect(table.querySelectorAll('tbody td[data-value]')).toHaveLength(filledAtCancel);
  const compute = /** @type {HTMLButtonElement} */ ([...table.querySelectorAll('button')].find((b) => b.textContent === 'Compute'));
  expect(compute.hidden).toBe(false);
  compute.click();
  await until(() => expect(bar().hidden).toBe(false));
  stopped.mockRestore();
  closePage(); // (its runs stop: the next test's workers are free)
}, 120_000);

it('a reload with the same URL restores the controls', async () => {
  let [a, b] = await openPage(addressOf({ ...lightExcept('a'), 'a.L': '7', 'a.seeds': '1,4', 'b.measure': 'no-ln' }), '#table-a', '#table-b');
  expect(field(a, 'Depth L').value).toBe('7');
  expect(field(a, 'Seeds').value).toBe('1,4');
  fill(field(a, 'Depth L'), '9');
  await until(() => expect(param('a.L')).toBe('9'));
  [a, b] = await openPage(`${location.pathname}${location.search}${location.hash}`, '#table-a', '#table-b');
  expect(field(a, 'Depth L').value).toBe('9');
  expect(/** @type {HTMLSelectElement} */ (b.querySelector('select')).value).toBe('no-ln');
});

it('a second visit shows cached results at once, from the page’s cache, starting no run', async () => {
  const address = addressOf({ ...lightExcept('a'), 'a.L': '10', 'a.seeds': '0-1' });
  let [table] = await openPage(address, '#table-a');
  await filled(table, 12);
  await footerDone(table);
  const first = valuesOf(table);
  const posted = getPool().nextId;
  [table] = await openPage(address, '#table-a');
  await filled(table, 12, 5_000);
  expect(textOf(table.querySelector('.exp-footer'))).toContain('cache');
  expect(valuesOf(table)).toEqual(first);
  expect(getPool().nextId, 'no worker was given a run').toBe(posted);
});

it('a depth from a link that cannot be read keeps its message beside the field', async () => {
  const [table] = await openPage(addressOf({ ...lightExcept('b'), 'b.Ls': '8192', 'b.seeds': '0' }, '#table-b'), '#table-b');
  const depths = field(table, 'Depths');
  expect(depths.value).toBe('8192');
  expect(messageOf(depths)).toBe('Depths must be between 1 and 1024 (got 8192).');
  await footerDone(table, 120_000); // the figure computed its defaults
  expect(messageOf(depths)).toBe('Depths must be between 1 and 1024 (got 8192).');
  expect(depths.getAttribute('aria-invalid')).toBe('true');
}, 150_000);
