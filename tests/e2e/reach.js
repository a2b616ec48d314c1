// Helpers for the reach specs (accessibility, phone, print, fallbacks, offline): the chapter with every
// experiment at its smallest, and every widget mounted the way a reader gets there, by scrolling.
import { expect } from './fixtures.js';

// every experiment on the page at its smallest, so mounting them all stays cheap (see charts.spec.js)
export const LIGHT = { 'a.L': '2', 'a.seeds': '0', 'b.Ls': '6', 'b.seeds': '0', 'c.Ls': '6', 'd.L': '6', 'd.scales': '1',
  'g.L': '6', 'r.Ls': '6', 'r.seeds': '0', 's.L': '6', 's.scales': '1' };
export const lightUrl = (hash = '') => `./?${new URLSearchParams(LIGHT)}${hash}`;

/** Scrolls every widget into view in turn, then waits until each has mounted (or failed: `expected`). */
export async function mountAll(page, { expected = 'done', timeout = 90_000 } = {}) {
  const widgets = page.locator('.widget[data-widget]');
  const count = await widgets.count();
  expect(count).toBeGreaterThan(20);
  for (let i = 0; i < count; i++) {
    const widget = widgets.nth(i);
    await widget.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    // stay until its mount has started: a loaded machine may skip frames, and a widget scrolled past
    // between two frames is never seen near the viewport (as with a reader flinging the page)
    await expect.poll(() => widget.evaluate((el) => el.classList.contains('widget-loading') || 'mount' in el.dataset)).toBe(true);
  }
  if (expected === 'any') {
    await expect(page.locator('.widget[data-widget]:not([data-mount])')).toHaveCount(0, { timeout });
  } else {
    await expect(page.locator(`.widget[data-widget][data-mount="${expected}"]`)).toHaveCount(count, { timeout });
  }
  return count;
}

/** Waits until every experiment figure on the page has finished its runs. */
export async function experimentsDone(page, timeout = 90_000) {
  const footers = page.locator('.exp-footer');
  await expect(footers).not.toHaveCount(0);
  for (const footer of await footers.all()) await expect(footer).toHaveText(/^\d+ runs(,|$)/, { timeout });
}

/** WCAG contrast ratio of two CSS colours as the browser computes them ("rgb(r, g, b)"). */
export function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map((v) => Number(v) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
