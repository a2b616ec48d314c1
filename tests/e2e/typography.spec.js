// Small things a careful reader notices: an equation's tag never sits on its equation. Browser-only: where the tag
// and the equation stand is layout, which a DOM in Node does not do. (Every number a figure prints uses the one minus
// sign "−": tests/web/widgets/minus-sign.test.js.)
import { expect, warmTest as test } from './fixtures.js';

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
