// Section "What exactly is measured": the share of Post-LN's early-layer starvation that each measure of a
// block's gradient removes is computed on the page (issue 10: the prose said "half" from a run done once).
import { expect, warmTest as test } from './fixtures.js';

test('the measures table computes each measure’s Post-LN ratio and the share of the starvation it removes', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('./?m.L=8&m.seeds=0-1#table-measures');
  const table = page.locator('#table-measures');
  await table.scrollIntoViewIfNeeded();
  await expect(table.locator('tbody td[data-value]')).toHaveCount(10, { timeout: 150_000 });
  const rows = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      measure: tr.cells[0].textContent,
      values: [...tr.querySelectorAll('td')].map((td) => Number(td.dataset.value)),
      shown: tr.cells[2].textContent,
    })),
  );
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
});
