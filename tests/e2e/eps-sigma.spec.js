// The ε and σ instrument in a real browser, for what only a browser shows: the keyboard's way through it (Tab), a
// phone's width and its touch targets, axe in light and dark, where the window stands after an exercise's link and
// after Back (the instrument in view, the link in view again), and the depth strip keeping its finished size while
// its run is out. What the instrument computes and says (its numbers, messages, the address, the links' values,
// Back and Forward) is checked in a DOM in Node: tests/web/widgets/eps-sigma.test.js.
import { axeScan } from './axe.js';
import { expect, test as freshTest, warmTest as test } from './fixtures.js';

const ANCHOR = '#eps-sigma-instrument';
const widgetOf = (page) => page.locator(ANCHOR);
const field = (widget, label) => widget.getByLabel(label, { exact: true });
const messageOf = (widget, label) => field(widget, label).locator('xpath=..').locator('.field-message');
const scaleOf = (widget) => widget.locator('[data-scale]');
const readScale = async (widget) => Number(await scaleOf(widget).getAttribute('data-scale'));

async function open(page, query = '') {
  await page.goto(`./${query}${ANCHOR}`);
  const widget = widgetOf(page);
  await widget.scrollIntoViewIfNeeded();
  await expect(widget).toHaveAttribute('data-mount', 'done');
  return widget;
}

// the reference value, written out here as the test's own oracle
const scale = (sigma, eps, gamma = 1) => gamma / Math.sqrt(sigma * sigma + eps);

test('before the instrument has mounted, an exercise’s link brings it into view, Tab goes on to σ, and Back returns to the exercise', async ({ page }) => {
  await page.goto('./');
  const link = page.locator(`#exercise-7 a[href$="${ANCHOR}"]`);
  await link.scrollIntoViewIfNeeded();
  await expect(widgetOf(page)).not.toHaveAttribute('data-mount', /./);
  await link.click();
  const widget = widgetOf(page);
  await expect(widget).toHaveAttribute('data-mount', 'done');
  await expect(widget).toBeInViewport();
  await expect(widget).toBeFocused(); // where Tab goes on from, as after any link within the page
  await page.keyboard.press('Tab');
  await expect(field(widget, 'σ')).toBeFocused();
  await page.goBack();
  await expect(link).toBeInViewport();
  await expect(field(widget, 'σ')).toHaveValue('1');
});

test('with the instrument mounted, an exercise’s link brings it into view, and Back the exercise', async ({ page }) => {
  await page.goto('./?es.sigma=0.5'); // a reader who came in at the top, set σ in the instrument and read on
  const widget = widgetOf(page);
  await widget.scrollIntoViewIfNeeded();
  await expect(widget).toHaveAttribute('data-mount', 'done');
  const link = page.locator(`#exercise-7 a[href$="${ANCHOR}"]`);
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await expect(field(widget, 'σ')).toHaveValue('0');
  await expect(widget).toBeInViewport();
  await page.goBack();
  await expect(field(widget, 'σ')).toHaveValue('0.5');
  await expect(link).toBeInViewport();
});

test('keyboard: Tab reaches σ, ε and γ, and typing recomputes', async ({ page }) => {
  const widget = await open(page);
  await widget.evaluate((el) => {
    const before = document.createElement('button');
    before.textContent = 'start';
    before.id = 'tab-start';
    el.before(before);
    before.focus();
  });
  const order = [];
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    order.push(await page.evaluate(() => document.activeElement.labels?.[0]?.textContent));
  }
  expect(order).toEqual(['σ', 'ε', 'γ']);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('0.25');
  await expect.poll(() => readScale(widget)).toBeCloseTo(scale(0.25, 1e-5), 12);
  // further on, past the chart's legend and data table, the strip's controls
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const seen = [];
  for (let i = 0; i < 15 && !seen.includes('δ'); i++) {
    await page.keyboard.press('Tab');
    seen.push(await page.evaluate(() => document.activeElement.labels?.[0]?.textContent ?? document.activeElement.textContent.trim()));
  }
  expect(seen).toEqual(expect.arrayContaining(['your σ', 'Data table', 'σᵢ along the stack', 'Wiring', 'L, the number of blocks', 'δ']));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test('375 px: nothing in the instrument sticks out unless it scrolls in its own box', async ({ page }) => {
    const widget = await open(page, '?es.eps=0&es.sigma=0.001');
    await expect(widget.locator('.es-chart .chart canvas')).toHaveCount(2);
    for (const summary of await widget.locator('.chart-data summary').all()) await summary.click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const sticking = await widget.evaluate((root) =>
      [...root.querySelectorAll('*')]
        .filter((el) => !el.closest('svg') && el.getBoundingClientRect().right > innerWidth + 0.5)
        .filter((el) => {
          for (let a = el.parentElement; a && a !== root.parentElement; a = a.parentElement)
            if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return false;
          return true;
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    );
    expect(sticking).toEqual([]);
    // every control stays a touch target of at least 24×24 px
    const small = await widget.evaluate((root) =>
      [...root.querySelectorAll('button, summary, select, input, [role="switch"]')]
        .filter((el) => el.getClientRects().length)
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width < 24 || r.height < 24)
        .map(({ el, r }) => `${el.tagName} ${r.width}×${r.height}`),
    );
    expect(small).toEqual([]);
  });
});

for (const scheme of ['light', 'dark']) {
  test(`axe: the instrument has no violation in ${scheme} mode, with a message shown and a table open`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const widget = await open(page, '?es.sigma=0&es.eps=0');
    await field(widget, 'γ').fill('-1');
    await expect(messageOf(widget, 'γ')).not.toBeEmpty();
    await widget.locator('.chart-data summary').first().click();
    const { violations, passes } = await axeScan(page, ANCHOR);
    expect(violations).toEqual([]);
    expect(passes).toContain('color-contrast');
  });
}

freshTest('while the measured stack’s run is out, the strip keeps its finished size', async ({ page }) => {
  // the strip as first drawn, before its run can be in (recorded in the page, at its first frame)
  await page.addInitScript(() => {
    new MutationObserver((records, observer) => {
      const view = document.querySelector('.es-depth-view');
      if (!view) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        window.__firstStrip = { height: view.offsetHeight, stale: view.classList.contains('stale') };
      });
    }).observe(document, { childList: true, subtree: true });
  });
  const widget = await open(page);
  await expect(widget.locator('.es-measured')).toContainText('Post-LN stack of 24 blocks', { timeout: 60_000 });
  const first = await page.evaluate(() => window.__firstStrip);
  expect(first.stale, 'the run cannot be in at the first frame').toBe(true);
  const done = await widget.locator('.es-depth-view').evaluate((view) => view.offsetHeight);
  expect(first.height).toBe(done);
});
