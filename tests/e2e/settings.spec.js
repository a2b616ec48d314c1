// The settings drawer ("Advanced: model and batch") drives every figure of Part 1: change T or d there and
// a table that mounted with the page recomputes with the new value (issue 10: figures that mounted while
// the kernels loaded held a settings store of their own and never heard of the drawer).
import { expect, warmTest as test } from './fixtures.js';

const cellValues = (table) => table.locator('tbody td[data-value]').evaluateAll((tds) => tds.map((td) => Number(td.dataset.value)));

test('changing T in the drawer recomputes Table A with it', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('./?a.L=4&a.seeds=0-1#experiment-settings'); // the drawer and Table A mount together
  const table = page.locator('#table-a');
  await table.scrollIntoViewIfNeeded();
  await expect(table.locator('tbody td[data-value]')).toHaveCount(12, { timeout: 120_000 });
  const before = await cellValues(table);

  const drawer = page.locator('#experiment-settings');
  await drawer.scrollIntoViewIfNeeded();
  await drawer.getByText('Advanced: model and batch').click();
  await drawer.getByLabel('tokens T').fill('8');
  await expect(drawer.locator('.exp-settings-state')).toHaveText('(changed)');
  await expect.poll(() => new URL(page.url()).searchParams.get('x.T')).toBe('8');

  await table.scrollIntoViewIfNeeded();
  await expect
    .poll(
      async () => {
        const now = await cellValues(table);
        return now.length === 12 && now.every((v, i) => v !== before[i]);
      },
      { timeout: 120_000, message: 'every cell of Table A recomputed with T = 8' },
    )
    .toBe(true);

  // the same numbers as a page opened with T = 8 in its address: the figure used the drawer's value
  const after = await cellValues(table);
  await page.goto('./?a.L=4&a.seeds=0-1&x.T=8#table-a');
  await page.locator('#table-a').scrollIntoViewIfNeeded();
  await expect(page.locator('#table-a tbody td[data-value]')).toHaveCount(12, { timeout: 120_000 });
  expect(await cellValues(page.locator('#table-a'))).toEqual(after);
});

test('a setting in the link that cannot be read is said in the drawer, opened, and the article’s value is used', async ({ page }) => {
  await page.goto('./?x.T=0x40#experiment-settings');
  const drawer = page.locator('#experiment-settings');
  await expect(drawer.locator('details')).toHaveAttribute('open', '', { timeout: 30_000 });
  await expect(drawer.locator('.exp-settings-message')).toHaveText('x.T=“0x40” in this link is not a whole number from 1 up: the article’s 16 is used.');
  await expect(drawer.getByLabel('tokens T')).toHaveValue('16');
});
