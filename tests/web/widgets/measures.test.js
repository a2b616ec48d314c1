// @vitest-environment jsdom
// Section "What exactly is measured" (content/14-what-is-measured.md): the share of Post-LN's early-layer starvation
// that each measure of a block's gradient removes, computed on the page (issue 10: the prose said "half" from a run
// done once). Moved from tests/e2e/measures.spec.js (docs/testing/moved-figures.md).
import { expect, it } from 'vitest';
import { openPage, until } from './figures-helpers.js';

it('the measures table computes each measure’s Post-LN ratio and the share of the starvation it removes', async () => {
  const [table] = await openPage('/?m.L=8&m.seeds=0-1#table-measures', '#table-measures');
  await until(() => expect(table.querySelectorAll('tbody td[data-value]')).toHaveLength(10), 150_000);
  const rows = [...table.querySelectorAll('tbody tr')].map((tr) => {
    const cells = /** @type {HTMLTableRowElement} */ (tr).cells;
    return {
      measure: cells[0].textContent,
      values: [...tr.querySelectorAll('td')].map((td) => Number(td.dataset.value)),
      shown: cells[2].textContent,
    };
  });
  expect(rows.map((r) => r.measure)).toEqual([
    'all parameters of the block (the article’s)',
    'Linear weights only',
    'Linear layers only (no norm, no gate)',
    'gradient w.r.t. the block’s input',
    'block 1 against block L − 1',
  ]);
  const [all, , noLn, , penultimate] = rows;
  expect(all.values[0]).toBeLessThan(1); // Post-LN starves its early blocks under the article's measure
  expect(all.values[1]).toBe(0); // … and that measure removes none of it
  expect(all.shown).toBe('0 %');
  for (const row of [noLn, penultimate]) {
    expect(row.values[0]).toBeGreaterThan(all.values[0]);
    expect(row.values[1]).toBeGreaterThan(0.5); // leaving the last block's LayerNorm out removes most of it at this depth
    expect(row.shown).toMatch(/^\d+(\.\d+)? %$/);
  }
}, 180_000);
