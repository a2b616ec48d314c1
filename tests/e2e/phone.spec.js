// The chapter on a phone (375×667): nothing widens the page, whatever is mounted (wide code, display
// math and tables scroll in their own boxes, the tables with their row labels kept in view), and every
// control is a touch target of at least 24×24 px.
// Browser-only: widths, overflow and touch targets are layout, at a phone's viewport.
import { expect, warmTest as test } from './fixtures.js';
import { cutOff, experimentsDone, lightExceptUrl, lightUrl, mountAll, splitNumbers } from './reach.js';

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

test('375 px: the tables show every computed value and its published one without scrolling sideways; the code keeps its comments', async ({ page }) => {
  // Table A at the article's settings, so its cells carry the published values beside the computed ones
  await page.goto(lightExceptUrl('a', '#table-a'));
  await expect(page.locator('#table-a .exp-footer')).toHaveText(/^\d+ runs?/, { timeout: 90_000 });
  // the two-line comparison: each line's comment is in view, not past the box's edge
  const code = page.locator('#two-wirings pre').first();
  for (const comment of ['# Post-LN: the original Transformer', '# Pre-LN: what most models use today']) {
    const fits = await code.evaluate((el, text) => {
      const range = document.createRange();
      const node = [...el.querySelectorAll('*')]
        .concat(el)
        .flatMap((e) => [...e.childNodes])
        .find((n) => n.nodeType === 3 && n.textContent.includes(text));
      range.setStart(node, node.textContent.indexOf(text));
      range.setEnd(node, node.textContent.indexOf(text) + text.length);
      return range.getBoundingClientRect().right <= el.getBoundingClientRect().right;
    }, comment);
    expect(fits, comment).toBe(true);
  }
  const table = page.locator('#table-a .table-scroll');
  expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const cells = table.locator('td[data-value]');
  await expect(cells).toHaveCount(12);
  for (const td of await cells.all()) {
    const box = await td.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { right: r.right, label: getComputedStyle(el, '::before').content, published: el.querySelector('.published')?.getBoundingClientRect().right };
    });
    expect(box.right).toBeLessThanOrEqual(375);
    expect(box.published).toBeLessThanOrEqual(375);
    expect(box.label).toMatch(/^"(block|ratio)/); // each value names its column
  }
  await expect(table.locator('tbody th').first()).toHaveAttribute('data-header', 'wiring');
  // display equations fit or break into lines; the one line that cannot break (LN-jac's three labelled terms)
  // scrolls in its own box, with its cue
  const wideMath = page.locator('.math-display');
  const scrolling = [];
  for (const box of await wideMath.all()) {
    const [wide, overflow, tex] = await box.evaluate((el) => [
      el.scrollWidth > el.clientWidth,
      getComputedStyle(el).overflowX,
      el.querySelector('annotation')?.textContent ?? '',
    ]);
    if (!wide) continue;
    scrolling.push(tex.includes('underbrace') ? 'LN-jac' : tex.slice(0, 60));
    expect(overflow).toBe('auto');
  }
  expect(scrolling).toEqual(['LN-jac']);
});

// One page, every widget mounted and every figure computed, in its widest states, for the three checks of the whole
// page (each a step of its own; mounting it all three times took longer than the checks).
test('375 px, every widget mounted: nothing widens the page or is cut off, no number breaks, every target is 24×24 px', async ({ page }) => {
  test.setTimeout(300_000);
  // Table A at the article's settings, so its cells carry the published values beside the computed ones
  await page.goto(lightExceptUrl('a'));
  await mountAll(page);
  await experimentsDone(page);
  await expect(page.locator('#table-a td[data-published]').first()).toBeVisible();
  // the states with the widest contents: an exercise's worked solution, a chart's data table, the LayerNorm steps
  await page.locator('#figure-grad-profile .chart-data summary').click();
  await page.locator('#exercise-9 summary').filter({ hasText: 'Worked solution' }).click();
  await page.locator('.ln-widget').getByLabel('x', { exact: true }).fill('1.23456, -2.5, 3.75, 4.125, -5.0625, 6.5, 7.25, -8.875');
  await expect(page.locator('.ln-steps li')).toHaveCount(7);
  await page.waitForTimeout(500); // the scroll boxes are measured again when their contents change

  await test.step('nothing is cut off where its box cannot scroll, every box that scrolls shows a cue, no number breaks across lines', async () => {
    expect.soft(await cutOff(page)).toEqual([]);
    expect.soft(await splitNumbers(page)).toEqual([]);
  });

  await test.step('no section scrolls the page sideways, and nothing sticks out of its box', async () => {
    for (const section of await page.locator('main > section, header, nav, footer').all()) {
      await section.scrollIntoViewIfNeeded();
      expect.soft(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    // an element wider than the screen must sit in a box that scrolls (not be cut off by a clipping one);
    // (SVG's pieces are drawn by their <svg>, which is measured itself)
    const sticking = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => !el.closest('svg') && el.getBoundingClientRect().right > innerWidth + 0.5)
        .filter((el) => {
          for (let a = el.parentElement; a; a = a.parentElement) if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return false;
          return true;
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className} in #${el.closest('[id]')?.id}`),
    );
    expect.soft(sticking).toEqual([]);
  });

  await test.step('buttons, check boxes, radio labels, summaries and the contents links are at least 24×24 px', async () => {
    const small = await page.evaluate(() => {
      const targets = [
        ...document.querySelectorAll('button, summary, .toc a, select, input[type="text"]'),
        // a check box or radio button is hit through its label when it has one
        ...[...document.querySelectorAll('input[type="checkbox"], input[type="radio"]')].map((i) => i.closest('label') ?? i),
      ];
      return targets
        .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width < 24 || r.height < 24)
        .map(({ el, r }) => `${el.tagName.toLowerCase()} “${el.textContent.trim().slice(0, 30)}” ${r.width.toFixed(0)}×${r.height.toFixed(0)}`);
    });
    expect.soft(small).toEqual([]);
    expect.soft(await page.locator('.toc a').count()).toBeGreaterThan(8);
  });
});

test('375 px: a tap on a heat map cell shows its value, as hovering does with a mouse', async ({ page }) => {
  await page.goto(lightUrl('#layernorm-one-vector-at-a-time'));
  const ln = page.locator('.ln-widget');
  await ln.getByLabel('x', { exact: true }).fill('2, 4, 4, 6');
  await ln.getByLabel('ε', { exact: true }).fill('0');
  await expect(ln).toContainText(/tap/);
  const cell = ln.locator('.heatmap svg rect').first();
  await cell.scrollIntoViewIfNeeded();
  const value = Number(await cell.getAttribute('data-value'));
  await cell.tap();
  const tip = page.locator('.touch-tip');
  await expect(tip).toBeVisible();
  await expect(tip).toHaveText(/^row 1, column 1: /);
  expect(Number((await tip.textContent()).split(': ')[1].replace(/−/g, '-'))).toBeCloseTo(value, 4);
  await expect(tip).toBeInViewport({ ratio: 1 });
  // a tap elsewhere puts it away
  await page.locator('h1').tap();
  await expect(tip).toHaveCount(0);
});
