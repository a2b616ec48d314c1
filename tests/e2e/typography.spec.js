// Small things a careful reader notices: an equation's tag never sits on its equation. Browser-only: where the tag
// and the equation stand is layout, which a DOM in Node does not do. (Every number a figure prints uses the one minus
// sign "−": tests/web/widgets/minus-sign.test.js.)
import { expect, warmTest as test } from './fixtures.js';

for (const width of [1280, 375]) {
  test(`${width} px: an equation's tag, "(LN-jac)", sits beside its equation, within reach of its box's scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('./');
    const tagged = page.locator('.math-display:has(.tml-tag)');
    expect(await tagged.count()).toBeGreaterThanOrEqual(2);
    await expect(tagged.locator('.tml-tag')).toContainText(['(LN)', '(LN-jac)']);
    for (const box of await tagged.all()) {
      const { tag, equation, end } = await box.evaluate((el) => {
        // a tagged equation is a row of three cells: room on the left, the equation, its tag (Temml's MathML)
        const tagRect = el.querySelector('.tml-tag').getBoundingClientRect();
        const cells = [...el.querySelector('.tml-tag').closest('mtr').children];
        const parts = [...cells.at(-2).children].map((b) => b.getBoundingClientRect());
        return { tag: tagRect, equation: Math.max(...parts.map((r) => r.right)), end: el.getBoundingClientRect().left + el.scrollWidth };
      });
      expect(tag.left, 'the tag starts after the equation ends').toBeGreaterThanOrEqual(equation);
      expect(tag.right, 'scrolling the box reaches the tag').toBeLessThanOrEqual(end + 0.5);
    }
  });
}
