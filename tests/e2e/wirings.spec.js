// Figure s01, the two wirings, in a real browser: both rows drawn with the LN box in the right place,
// the gradient path highlighted from the keyboard and from the buttons, named rows, and a phone-width page
// that does not scroll sideways. The desktop tests share one page (fixtures.js, sharedPage): each leaves the figure
// as it found it, nothing pressed but None and nothing highlighted.
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

// the vertical extent of the row's LN box against the pipe's y
const lnAgainstPipe = (row) =>
  row.evaluate((el) => {
    const rect = el.querySelector('[data-box="ln"] rect');
    const pipe = el.querySelector('.wr-pipe').getBBox();
    const top = Number(rect.getAttribute('y'));
    return { top, bottom: top + Number(rect.getAttribute('height')), pipeY: pipe.y + pipe.height / 2 };
  });

test.describe('at 1280 px, on one page', () => {
  const shared = sharedPage(open);
  test.afterEach(async () => {
    const page = shared();
    await page.evaluate(() => document.activeElement?.blur()); // (a row keeps its highlight while it has the focus)
    await expect(figureOf(page).getByRole('button', { name: 'None', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(figureOf(page).locator('.wr-grad.is-highlighted')).toHaveCount(0);
  });

  test('draws both rows: LN on the branch below the pipe (Pre-LN), LN on the pipe (Post-LN)', async () => {
    const page = shared();
    await expect(figureOf(page).locator('.wirings-row')).toHaveCount(2);
    for (const kind of ['pre', 'post']) {
      const row = rowOf(page, kind);
      await expect(row.locator('svg')).toBeVisible();
      await expect(row.locator('.wr-pipe')).toHaveCount(1);
      await expect(row.locator('[data-box="ln"]')).toHaveText('LN');
      await expect(row.locator('[data-box="f"]')).toHaveText('F');
      await expect(row.locator('svg')).toContainText('i+1');
    }
    await expect(rowOf(page, 'pre')).toContainText('Pre-LN: x + F(LN(x))');
    await expect(rowOf(page, 'post')).toContainText('Post-LN: LN(x + F(x))');

    const pre = await lnAgainstPipe(rowOf(page, 'pre'));
    expect(pre.top).toBeGreaterThan(pre.pipeY); // hangs below the unbroken pipe
    const post = await lnAgainstPipe(rowOf(page, 'post'));
    expect(post.top).toBeLessThan(post.pipeY); // sits on the pipe
    expect(post.bottom).toBeGreaterThan(post.pipeY);

    // nothing is highlighted until asked
    await expect(figureOf(page).locator('.wr-grad.is-highlighted')).toHaveCount(0);
  });

  test('rows have accessible names and descriptions of the gradient path', async () => {
    const page = shared();
    const pre = page.getByRole('group', { name: /^Pre-LN/ });
    const post = page.getByRole('group', { name: /^Post-LN/ });
    await expect(pre).toHaveAttribute('data-wiring', 'pre');
    await expect(post).toHaveAttribute('data-wiring', 'post');
    await expect(pre).toHaveAccessibleDescription(/without crossing any LayerNorm/);
    await expect(post).toHaveAccessibleDescription(/every path crosses a LayerNorm/);
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

  test('the buttons show one path or none, and say which is pressed', async () => {
    const page = shared();
    const button = (name) => figureOf(page).getByRole('button', { name, exact: true });
    await expect(button('None')).toHaveAttribute('aria-pressed', 'true');
    const box = await button('Pre-LN').boundingBox();
    expect(box.height).toBeGreaterThanOrEqual(24);

    await button('Pre-LN').click();
    await expect(button('Pre-LN')).toHaveAttribute('aria-pressed', 'true');
    await expect(button('None')).toHaveAttribute('aria-pressed', 'false');
    await expect(highlighted(page, 'pre')).toHaveCount(3);
    await expect(highlighted(page, 'post')).toHaveCount(0);
    const line = rowOf(page, 'pre').locator('.wr-grad.is-highlighted .wr-grad-line').first();
    expect(await line.evaluate((el) => getComputedStyle(el).animationName)).toBe('wr-flow'); // dashes flow back

    await button('Post-LN').click();
    await expect(highlighted(page, 'post')).toHaveCount(3);
    await expect(highlighted(page, 'pre')).toHaveCount(0);

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
