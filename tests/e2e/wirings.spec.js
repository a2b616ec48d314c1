// Figure s01, the two wirings, where only a browser shows it: Tab to a row highlights its gradient path in the
// keyboard's order, hovering a row highlights it (the pointer's events), the highlighted path's dashes flow (CSS
// animation) and stand still with reduced motion, the buttons are a finger's size, and a phone-width page does not
// scroll sideways. The desktop tests share one page (fixtures.js, sharedPage): each leaves the figure as it found
// it, nothing pressed but None and nothing highlighted. What the figure draws and says (its rows, the LN box's place,
// the rows' names and descriptions, the buttons' paths and pressed states): tests/web/widgets/wirings.test.js.
import { expect, sharedPage, warmTest as test } from './fixtures.js';

const figureOf = (page) => page.locator('.wirings-figure');
const rowOf = (page, kind) => figureOf(page).locator(`.wirings-row[data-wiring="${kind}"]`);
const highlighted = (page, kind) => rowOf(page, kind).locator('.wr-grad.is-highlighted');

async function open(page) {
  await page.goto('./');
  await page.locator('#part-1-stacking-ninety-six-blocks').scrollIntoViewIfNeeded();
  await expect(figureOf(page)).toBeVisible();
  await figureOf(page).evaluate((el) => el.scrollIntoView({ block: 'start' }));
}

test.describe('at 1280 px, on one page', () => {
  const shared = sharedPage(open);
  test.afterEach(async () => {
    const page = shared();
    await page.evaluate(() => document.activeElement?.blur()); // (a row keeps its highlight while it has the focus)
    await expect(figureOf(page).getByRole('button', { name: 'None', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(figureOf(page).locator('.wr-grad.is-highlighted')).toHaveCount(0);
  });

  test('keyboard: Tab to a row highlights its gradient path, Tab on moves it', async () => {
    const page = shared();
    await figureOf(page).getByRole('button', { name: 'None' }).focus();

    await page.keyboard.press('Tab');
    await expect(rowOf(page, 'pre')).toBeFocused();
    await expect(rowOf(page, 'pre')).toHaveClass(/is-active/);
    await expect(highlighted(page, 'pre')).toHaveCount(3); // the pipe path, the fainter branch path, the arrowhead
    await expect(highlighted(page, 'post')).toHaveCount(0);
    await expect(rowOf(page, 'pre').locator('[data-box="ln"]')).not.toHaveClass(/is-crossed/);

    await page.keyboard.press('Tab');
    await expect(rowOf(page, 'post')).toBeFocused();
    await expect(highlighted(page, 'post')).toHaveCount(3);
    await expect(highlighted(page, 'pre')).toHaveCount(0);
    await expect(rowOf(page, 'post').locator('[data-box="ln"]')).toHaveClass(/is-crossed/);

    await page.keyboard.press('Shift+Tab');
    await expect(highlighted(page, 'pre')).toHaveCount(3);
    await expect(highlighted(page, 'post')).toHaveCount(0);
  });

  test('the buttons are a finger’s size, and the highlighted path’s dashes flow back', async () => {
    const page = shared();
    const button = (name) => figureOf(page).getByRole('button', { name, exact: true });
    const box = await button('Pre-LN').boundingBox();
    expect(box.height).toBeGreaterThanOrEqual(24);

    await button('Pre-LN').click();
    await expect(highlighted(page, 'pre')).toHaveCount(3);
    const line = rowOf(page, 'pre').locator('.wr-grad.is-highlighted .wr-grad-line').first();
    expect(await line.evaluate((el) => getComputedStyle(el).animationName)).toBe('wr-flow'); // dashes flow back

    await button('None').click();
    await expect(figureOf(page).locator('.wr-grad.is-highlighted')).toHaveCount(0);
  });

  test('hovering a row highlights it; leaving it restores the buttons’ choice', async () => {
    const page = shared();
    await figureOf(page).getByRole('button', { name: 'Pre-LN', exact: true }).click();
    await rowOf(page, 'post').locator('svg').hover();
    await expect(highlighted(page, 'post')).toHaveCount(3);
    await expect(highlighted(page, 'pre')).toHaveCount(0);
    await figureOf(page).locator('figcaption').hover();
    await expect(highlighted(page, 'pre')).toHaveCount(3);
    await expect(highlighted(page, 'post')).toHaveCount(0);
    await figureOf(page).getByRole('button', { name: 'None', exact: true }).click();
  });
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('the highlighted path does not move', async ({ page }) => {
    await open(page);
    await figureOf(page).getByRole('button', { name: 'Post-LN', exact: true }).click();
    const line = rowOf(page, 'post').locator('.wr-grad.is-highlighted .wr-grad-line').first();
    await expect(line).toBeVisible();
    expect(await line.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });
  test('the figure fits 375 px without sideways scrolling', async ({ page }) => {
    await open(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const kind of ['pre', 'post']) {
      const box = await rowOf(page, kind).locator('svg').boundingBox();
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(box.width).toBeGreaterThan(280); // drawn large enough to read
    }
  });
});
