// Small things a careful reader notices: an equation's tag never sits on its equation; every number the page
// prints uses the one minus sign "−", in the mantissa and the exponent alike.
import { expect, warmTest as test } from './fixtures.js';
import { lightUrl } from './reach.js';

for (const width of [1280, 375]) {
  test(`${width} px: an equation's tag, "(LN-jac)", sits beside its equation, within reach of its box's scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('./');
    const tagged = page.locator('.katex-display:has(.katex-tag)');
    expect(await tagged.count()).toBeGreaterThanOrEqual(2);
    await expect(tagged.locator('.katex-tag')).toContainText(['(LN)', '(LN-jac)']);
    for (const box of await tagged.all()) {
      const { tag, equation, end } = await box.evaluate((el) => {
        const html = el.querySelector('.katex-html');
        const tagRect = html.querySelector(':scope > .katex-tag').getBoundingClientRect();
        const parts = [...html.querySelectorAll(':scope > .katex-base')].map((b) => b.getBoundingClientRect());
        return { tag: tagRect, equation: Math.max(...parts.map((r) => r.right)), end: el.getBoundingClientRect().left + el.scrollWidth };
      });
      expect(tag.left, 'the tag starts after the equation ends').toBeGreaterThanOrEqual(equation);
      expect(tag.right, 'scrolling the box reaches the tag').toBeLessThanOrEqual(end + 0.5);
    }
  });
}

test('the numbers a figure prints use "−" for every minus sign, the exponent\'s included', async ({ page }) => {
  await page.goto(lightUrl('#layernorm-one-vector-at-a-time'));
  const ln = page.locator('.ln-widget');
  // equal entries: the output is β, a small negative number written with an exponent
  await ln.getByLabel('x', { exact: true }).fill('5, 5, 5, 5');
  await ln.getByLabel('ε', { exact: true }).fill('1e-5');
  await ln.getByLabel('β', { exact: true }).fill('-0.00002');
  await expect(ln.locator('.ln-y .ln-entry')).toHaveText(['−2e−5', '−2e−5', '−2e−5', '−2e−5']);
  await page.locator('#table-a').scrollIntoViewIfNeeded();
  await expect(page.locator('#table-a .exp-footer')).toHaveText(/^\d+ runs/, { timeout: 90_000 });
  // no hyphen as a minus anywhere a figure prints numbers (what a reader types in a field may keep one)
  const hyphenated = await page.evaluate(() =>
    [...document.querySelectorAll('.widget [data-value], .widget output, .widget .computed, .widget .published')]
      .map((el) => el.textContent)
      .filter((text) => /(^|[^\w])-\d|\de-\d/.test(text)),
  );
  expect(hyphenated).toEqual([]);
});
