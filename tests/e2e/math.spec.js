// The chapter's math as the browser's own (issue 54): each formula once, as MathML, which the browser lays out in
// the chapter's math font. With KaTeX's HTML beside its hidden MathML copy the chapter was 15,300 elements after
// load, 14,070 of them math's and 3,050 of those positioned, all laid out and painted on every load and every frame.
// Browser-only: what is counted is the page as Chromium has laid it out.
import { expect, test } from './fixtures.js';
import { lightUrl } from './reach.js';

test('after load the chapter is under 6,500 elements, its math one MathML rendering with nothing positioned', async ({ page }) => {
  await page.goto(lightUrl());
  await page.waitForLoadState('networkidle');
  // the exercises' words, which come in a chunk as the page opens, are in (their formulas with them)
  await expect(page.locator('#exercise-23 .ex-question math').first()).toBeAttached();
  await page.evaluate(() => document.fonts.ready);
  const counts = await page.evaluate(() => {
    const formulas = [...document.querySelectorAll('math')];
    const inMath = formulas.flatMap((m) => [m, ...m.querySelectorAll('*')]);
    return {
      elements: document.querySelectorAll('*').length,
      formulas: formulas.length,
      inMath: inMath.length,
      positionedInMath: inMath.filter((el) => getComputedStyle(el).position !== 'static').length,
      katex: document.querySelectorAll('[class*="katex"]').length,
    };
  });
  expect(counts.katex, 'no KaTeX markup').toBe(0);
  expect(counts.formulas).toBeGreaterThan(400);
  expect(counts.elements, JSON.stringify(counts)).toBeLessThanOrEqual(6500);
  expect(counts.positionedInMath, JSON.stringify(counts)).toBeLessThanOrEqual(100);
  expect(counts.inMath / counts.formulas, 'elements a formula').toBeLessThan(15);
});

test('a formula is math to a screen reader, with its TeX kept, and is set in the math font', async ({ page }) => {
  await page.goto(lightUrl('#layernorm'));
  const ln = page.locator('.math-display math').filter({ has: page.locator('annotation', { hasText: '\\tag{LN}' }) });
  await expect(ln).toHaveCount(1);
  await expect(ln.locator('annotation')).toHaveText(/^\\begin\{gathered\}\s*\\mu = \\frac\{1\}\{d\}\\sum_\{i=1\}\^\{d\} x_i/);
  expect(await page.getByRole('math').count(), 'formulas in view of a screen reader (not in a closed <details>)').toBeGreaterThan(150);
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('20px "Chapter Math"', 'μσ∑'))).toBe(true);
  expect(await ln.evaluate((m) => getComputedStyle(m).fontFamily)).toMatch(/^"Chapter Math"/);
});

// Chromium makes a stretchy delimiter as wide as the widest of its sizes (MathML Core): with Latin Modern's
// 0.875 em parentheses every \big( and \Big( stood in a quarter of an em of air. The font keeps parentheses to
// \Big's size (scripts/math-font.sh); math.js sets a one-line \left…\right at text size.
test('a \\Big( hugs what it opens, and a vector’s brackets hug its numbers', async ({ page }) => {
  await page.goto(lightUrl('#layernorm'));
  const lnJac = page.locator('math').filter({ has: page.locator('annotation', { hasText: '\\tag{LN-jac}' }) });
  const widths = await lnJac
    .locator('mo[minsize]')
    .evaluateAll((mos) => mos.map((mo) => mo.getBoundingClientRect().width / parseFloat(getComputedStyle(mo).fontSize)));
  expect(widths.length).toBe(2);
  for (const w of widths) expect(w, 'a \\Big parenthesis, in em').toBeLessThanOrEqual(0.6);
  const vector = page
    .locator('math')
    .filter({ has: page.locator('annotation', { hasText: /\\left\[/ }) })
    .first();
  await vector.scrollIntoViewIfNeeded();
  const bracket = await vector
    .locator('mo', { hasText: '[' })
    .first()
    .evaluate((mo) => mo.getBoundingClientRect().width / parseFloat(getComputedStyle(mo).fontSize));
  expect(bracket, 'a vector’s [, in em').toBeLessThanOrEqual(0.3);
});
