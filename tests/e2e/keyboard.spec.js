// The keyboard alone, from the top of the page: Tab reaches every figure's controls, in reading order, and
// the LayerNorm instrument, although the figures mount only as they come near the window. Each placeholder
// starts with a stand-in button (widgets/stand-in.js): focusing it mounts the figure, and the Tab pressed
// meanwhile waits and then lands on the figure's first control.
// Browser-only: Tab's order and where the focus lands are the browser's, over the laid-out page.
import { expect, warmTest as test } from './fixtures.js';
import { lightUrl } from './reach.js';

test.describe.configure({ timeout: 180_000 });

// the figures of Part 1, the instruments of Part 2, the training lab of Part 3 and Part 4's summary, table, wiring builder
// and chart, in reading order (the LayerNorm instrument has no id: its kind)
const FIGURES = [
  'figure-s01',
  'experiment-settings',
  'table-a',
  'table-b',
  'figure-grad-profile',
  'figure-ratio-depth',
  'table-c',
  'table-d',
  'figure-stream-growth',
  'table-measures',
  'layernorm',
  'eps-sigma-instrument',
  'training-lab-curves',
  'training-lab-cliff',
  'part4-summary-runs',
  'table-placements',
  'build-wiring',
  'figure-placements-profile',
];

/** Where the focus is: the figure whose control has it (a mounted figure's form field, button, summary or switch). */
const focusIn = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    const figure = el?.closest('.widget[data-widget]');
    const control = el?.matches('input, select, textarea, button, summary, [role="switch"]') && !el.matches('.widget-wake');
    return {
      figure: figure && control && figure.dataset.mount === 'done' ? figure.id || figure.dataset.widget : null,
      what: `${el?.tagName.toLowerCase()} ${(el?.labels?.[0]?.textContent || el?.getAttribute('aria-label') || el?.textContent || '').trim().slice(0, 40)}`,
      standIn: !!el?.matches('.widget-wake'),
    };
  });

test("Tab alone, from the top, reaches each figure's controls in reading order, the instruments and the lab among them", async ({ page }) => {
  await page.goto(lightUrl());
  const reached = [];
  const stops = [];
  for (let i = 0; i < 600 && reached.length < FIGURES.length; i++) {
    await page.keyboard.press('Tab');
    // a stand-in keeps the focus until its figure's controls can take it
    await expect.poll(async () => (await focusIn(page)).standIn, { timeout: 30_000 }).toBe(false);
    const { figure, what } = await focusIn(page);
    stops.push(what);
    if (figure && reached.at(-1) !== figure) reached.push(figure);
  }
  expect(reached, `the figures reached, after ${stops.length} presses of Tab`).toEqual(FIGURES);
  // the instrument is worked by keyboard too: its first field took the focus, and typing recomputes
  const ln = page.locator('.ln-widget');
  await ln.getByLabel('x', { exact: true }).focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1, 2, 3');
  await expect(ln.locator('.ln-y .ln-entry')).toHaveCount(3);
});

test('Shift+Tab onto a figure not yet mounted lands on its last control', async ({ page }) => {
  await page.goto(lightUrl());
  const instrument = page.locator('.widget[data-widget="layernorm"]');
  await expect(instrument).not.toHaveAttribute('data-mount', /./); // far below the top: not mounted
  // the focus on the first thing after the instrument that takes it, the page left where it is
  await page.evaluate(() => {
    const ln = document.querySelector('.widget[data-widget="layernorm"]');
    const after = [...document.querySelectorAll('a[href], button, input, select, summary, [tabindex="0"]')].find(
      (el) => ln.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING && !ln.contains(el),
    );
    after.focus({ preventScroll: true });
  });
  await expect.poll(async () => (await focusIn(page)).standIn, { timeout: 30_000 }).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect.poll(async () => (await focusIn(page)).figure, { timeout: 30_000 }).toBe('layernorm');
  const last = await instrument.evaluate(
    (el) =>
      [...el.querySelectorAll('input, select, textarea, button, summary, [role="switch"]')].filter((c) => c.getClientRects().length).at(-1) ===
      document.activeElement,
  );
  expect(last, "the instrument's last control has the focus").toBe(true);
});
