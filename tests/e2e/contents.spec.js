// The table of contents on a long page (≈ 30,000 px): always within reach, the section being read marked
// (aria-current="location"). Wide screens keep it in a column beside the text; narrower ones keep it at the
// top and, once it is scrolled away, offer it from a "Contents" button at the window's corner. Every check here is
// what only a browser shows: which section the window is reading and whether the contents are scrolled away (the
// page's scroll and IntersectionObserver over a laid-out page), where the list and the button stand and what they
// cover at 375, 1024 and 1280 px, the lines an entry takes, and the keyboard's focus on Escape; a DOM in Node lays
// nothing out, so none of it moved to tests/web/widgets/.
import { expect, warmTest as test } from './fixtures.js';
import { lightUrl } from './reach.js';

const current = (list) => list.locator('a[aria-current="location"]');
/** Scrolls the page so that the element is a little below the window's top, as a reader would. */
const readAt = (page, selector) => page.evaluate((s) => window.scrollTo(0, document.querySelector(s).getBoundingClientRect().top + scrollY - 50), selector);

test('1280 px: the contents stay in view beside the text and mark the section being read', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(lightUrl());
  const nav = page.getByRole('navigation', { name: 'Contents' });
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(15_000);
  for (const [at, section] of [
    ['#the-residual-stream-grows', 'The residual stream grows'],
    ['#layernorm-one-vector-at-a-time', 'LayerNorm, one vector at a time'],
    ['#exercise-5', 'Exercises'],
  ]) {
    await readAt(page, at);
    await expect(nav).toBeInViewport({ ratio: 1 });
    await expect(current(nav)).toHaveText(section);
    await expect(current(nav)).toHaveCount(1);
  }
  // beside the text, never over it: left of the column the text stands in
  const [navRight, textLeft] = await Promise.all([
    nav.evaluate((el) => el.getBoundingClientRect().right),
    page.locator('main').evaluate((el) => el.getBoundingClientRect().left),
  ]);
  expect(navRight).toBeLessThanOrEqual(textLeft);
  // a link there takes the reader to its section, which becomes the one marked
  await nav.getByRole('link', { name: 'Up to ninety-six' }).click();
  await expect(page.locator('#up-to-ninety-six')).toBeInViewport();
  await expect(current(nav)).toHaveText('Up to ninety-six');
});

// Marking the section being read must not change a line: the script marks it as the page starts, which on a loaded
// phone is after the first paint, and a contents entry that took a second line in its marked style moved the page.
test('375 px: every entry of the contents takes the same lines marked as unmarked', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto(lightUrl());
  const nav = page.getByRole('navigation', { name: 'Contents' });
  const grown = await nav.locator('a').evaluateAll((links) =>
    links.flatMap((a) => {
      const was = a.getAttribute('aria-current');
      a.removeAttribute('aria-current');
      const plain = a.getBoundingClientRect().height;
      a.setAttribute('aria-current', 'location');
      const marked = a.getBoundingClientRect().height;
      if (was === null) a.removeAttribute('aria-current');
      return marked === plain ? [] : [`${a.textContent}: ${plain} px, ${marked} px marked`];
    }),
  );
  expect(grown).toEqual([]);
});

for (const width of [375, 1024]) {
  test(`${width} px: once the contents at the top are scrolled away, a button opens them over the page`, async ({ page }) => {
    await page.setViewportSize({ width, height: 700 });
    await page.goto(lightUrl());
    const toggle = page.getByRole('button', { name: 'Contents' });
    await expect(toggle).toBeHidden(); // the contents themselves are in view at the top
    await readAt(page, '#the-residual-stream-grows');
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator('#toc-panel');
    await expect(panel).toBeInViewport();
    await expect(current(panel)).toHaveText('The residual stream grows');
    await expect(current(panel)).toBeFocused(); // the keyboard starts where the reader is
    // Escape closes it and gives the focus back to the button
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
    // a link closes it and takes the reader there, the section's heading clear of the button
    await toggle.click();
    await panel.getByRole('link', { name: 'Exercises' }).click();
    await expect(panel).toBeHidden();
    const [heading, button] = await Promise.all([
      page.locator('#exercises').evaluate((el) => el.getBoundingClientRect().top),
      toggle.evaluate((el) => el.getBoundingClientRect().bottom),
    ]);
    expect(heading).toBeGreaterThanOrEqual(button);
    await expect(current(page.getByRole('navigation', { name: 'Contents' }))).toHaveText('Exercises');
  });
}

test('375 px: the button is a bar across the top, opaque, so no line of text sits under a button; two-digit numbers fit', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto(lightUrl());
  // the numbers of the contents: the list's indent holds "16." in the list's own font, on a phone and beside the
  // text on a wide screen
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 700 });
    const list = page.locator('nav.toc ol').first();
    const [indent, widest] = await list.evaluate((ol) => {
      const style = getComputedStyle(ol.querySelector('li'));
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = `${style.fontSize} ${style.fontFamily}`;
      return [parseFloat(getComputedStyle(ol).paddingLeft), ctx.measureText(`${ol.children.length}. `).width];
    });
    expect(indent).toBeGreaterThanOrEqual(widest);
  }
  await readAt(page, '#the-residual-stream-grows');
  const toggle = page.getByRole('button', { name: 'Contents' });
  await expect(toggle).toBeVisible();
  const bar = await toggle.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, width: r.width, top: r.top, background: getComputedStyle(el).backgroundColor };
  });
  expect(bar).toMatchObject({ left: 0, width: 375, top: 0 });
  expect(bar.background).toMatch(/^rgb\(/); // opaque: rgb(), not rgba(…, 0)
  // the paragraph the reader scrolled to starts below the bar
  await readAt(page, '#the-residual-stream-grows');
  const [headingTop, barBottom] = await Promise.all([
    page.locator('#the-residual-stream-grows').evaluate((el) => el.getBoundingClientRect().top),
    toggle.evaluate((el) => el.getBoundingClientRect().bottom),
  ]);
  expect(headingTop).toBeGreaterThanOrEqual(barBottom);
});
