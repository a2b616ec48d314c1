// @vitest-environment jsdom
// The settings drawer ("Advanced: model and batch", widgets/experiment-settings) drives every figure of Part 1:
// change T there and a table that mounted with the page recomputes with the new value (issue 10: figures that
// mounted while the kernels loaded held a settings store of their own and never heard of the drawer); a setting in
// a link that cannot be read is said in the drawer. Moved from tests/e2e/settings.spec.js
// (docs/testing/moved-figures.md). Each test is a new visit: the shared settings are read from the address once.
import { afterAll, expect, it } from 'vitest';
import { field, fill } from './harness.js';
import { closePage, newVisit, openPage, param, until, valuesOf } from './figures-helpers.js';

afterAll(closePage);

it('changing T in the drawer recomputes Table A with it', async () => {
  await newVisit();
  const [drawer, table] = await openPage('/?a.L=4&a.seeds=0-1#experiment-settings', '#experiment-settings', '#table-a'); // they mount together
  await until(() => expect(table.querySelectorAll('tbody td[data-value]')).toHaveLength(12), 120_000);
  const before = valuesOf(table);

  /** @type {HTMLElement} */ (drawer.querySelector('summary')).click();
  expect(drawer.querySelector('summary')?.textContent).toContain('Advanced: model and batch');
  fill(field(drawer, 'tokens T'), '8');
  expect(drawer.querySelector('.exp-settings-state')?.textContent).toBe('(changed)');
  await until(() => expect(param('x.T')).toBe('8'));

  // every cell of Table A recomputed with T = 8
  await until(() => {
    const now = valuesOf(table);
    expect(now).toHaveLength(12);
    now.forEach((v, i) => expect(v).not.toBe(before[i]));
  }, 120_000);

  // the same numbers as a page opened with T = 8 in its address: the figure used the drawer's value
  const after = valuesOf(table);
  await newVisit();
  const [again] = await openPage('/?a.L=4&a.seeds=0-1&x.T=8#table-a', '#table-a');
  await until(() => expect(again.querySelectorAll('tbody td[data-value]')).toHaveLength(12), 120_000);
  expect(valuesOf(again)).toEqual(after);
}, 240_000);

it('a setting in the link that cannot be read is said in the drawer, opened, and the article’s value is used', async () => {
  await newVisit();
  const [drawer] = await openPage('/?x.T=0x40#experiment-settings', '#experiment-settings');
  expect(/** @type {HTMLDetailsElement} */ (drawer.querySelector('details')).open).toBe(true);
  expect(drawer.querySelector('.exp-settings-message')?.textContent).toBe('x.T=“0x40” in this link is not a whole number from 1 up: the article’s 16 is used.');
  expect(field(drawer, 'tokens T').value).toBe('16');
});
