// Accessibility of the whole chapter in a real browser (axe over every widget mounted, light and dark:
// whole-chapter.spec.js): axe as the specs run it still reports a breach; the keyboard reaches every control
// with a visible focus ring and can work the ones that are not plain form fields; the palette keeps text at
// 4.5:1; math keeps its MathML.
// Browser-only: axe judges colours and names as Chromium computes and lays them out, focus rings are painted, Tab
// follows the browser's focus order; a DOM in Node computes no style and moves no focus.
import { axeScan, serious } from './axe.js';
import { expect, test as freshTest, warmTest as test } from './fixtures.js';
import { contrast, DARK_BACKGROUND, LIGHT_BACKGROUND, lightUrl, mountAll } from './reach.js';

test.describe.configure({ timeout: 180_000 });

// The one way every spec runs axe (axe.js: in the page, violations' details only) still reports what it must: pale
// text and an image without words, put into a section on purpose.
test('axe as the specs run it reports a deliberate breach, with its impact and where', async ({ page }) => {
  await page.goto('./#eps-sigma');
  await page.locator('#eps-sigma').evaluate((section) => {
    section.insertAdjacentHTML('beforeend', '<p id="breach" style="color: #eee; background: #fff">pale words</p><img src="data:,">');
  });
  const { violations, passes } = await axeScan(page, '#eps-sigma');
  expect(serious(violations)).toEqual(expect.arrayContaining(['serious color-contrast: #breach', 'critical image-alt: img']));
  expect(passes).toContain('color-contrast'); // the rest of the section's text passed
});

freshTest('the colour switch: light, dark, system; kept across visits, applied before the first paint; charts redraw', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(lightUrl('#figure-grad-profile'));
  const html = page.locator('html');
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const group = page.getByRole('group', { name: 'Colour scheme' });
  await expect(group.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');
  expect(await bg()).toBe(LIGHT_BACKGROUND);

  const chart = page.locator('#figure-grad-profile');
  await expect(chart.locator('.exp-footer')).toHaveText(/^\d+ runs?/, { timeout: 90_000 });
  const pixels = () =>
    chart
      .locator('.chart canvas')
      .first()
      .evaluate((c) => c.toDataURL());
  const before = await pixels();

  // by keyboard: focus the switch's "Dark" and press Enter
  await group.getByRole('button', { name: 'Dark' }).focus();
  await page.keyboard.press('Enter');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(group.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
  expect(await bg()).toBe(DARK_BACKGROUND);
  await expect.poll(pixels, { message: 'the chart redraws in the dark palette' }).not.toBe(before);
  expect(await page.evaluate(() => localStorage.getItem('residual-ln-theme'))).toBe('dark');

  // a new visit: the choice is on <html> before the body is parsed, i.e. before anything is painted
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      window.__themeAtBody = document.documentElement.dataset.theme ?? 'none';
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  expect(await page.evaluate(() => window.__themeAtBody)).toBe('dark');

  // "Light" wins over a dark system; "System" follows it again
  await page.emulateMedia({ colorScheme: 'dark' });
  await group.getByRole('button', { name: 'Light' }).click();
  expect(await bg()).toBe(LIGHT_BACKGROUND);
  await group.getByRole('button', { name: 'System' }).click();
  await expect(html).not.toHaveAttribute('data-theme', /.*/);
  expect(await bg()).toBe(DARK_BACKGROUND);
  expect(await page.evaluate(() => localStorage.getItem('residual-ln-theme'))).toBeNull();
});

test('text colours keep 4.5:1 against every background they sit on, light and dark', async ({ page }) => {
  await page.goto('./');
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    const c = await page.evaluate(() => {
      const probe = document.createElement('span');
      document.body.append(probe);
      const read = (name) => {
        probe.style.color = `var(${name})`;
        return getComputedStyle(probe).color;
      };
      const out = Object.fromEntries(['--bg', '--fg', '--muted', '--panel', '--accent', '--accent-soft', '--danger', '--ok'].map((n) => [n, read(n)]));
      probe.remove();
      return out;
    });
    const pairs = [
      ['--fg', '--bg'],
      ['--fg', '--panel'],
      ['--muted', '--bg'],
      ['--muted', '--panel'],
      ['--accent', '--bg'],
      ['--accent', '--panel'],
      ['--danger', '--bg'],
      ['--danger', '--panel'],
      ['--ok', '--bg'],
      ['--ok', '--panel'],
      ['--bg', '--accent'],
      ['--fg', '--accent-soft'],
    ];
    for (const [fg, bg] of pairs) {
      expect(contrast(c[fg], c[bg]), `${theme}: ${fg} on ${bg} (${c[fg]} on ${c[bg]})`).toBeGreaterThanOrEqual(4.5);
    }
  }
});

test('keyboard: Tab walks the first sections with a visible focus ring on every stop', async ({ page }) => {
  await page.goto(lightUrl());
  await mountAll(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('body').focus();
  const stops = [];
  for (let i = 0; i < 45; i++) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        const s = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        return {
          what: `${el.tagName.toLowerCase()} ${(el.labels?.[0]?.textContent || el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)}`,
          body: el === document.body,
          ring: (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none',
          inView: r.bottom > 0 && r.top < innerHeight && r.width > 0 && r.height > 0,
        };
      }),
    );
  }
  for (const stop of stops) {
    expect(stop.body, 'focus never falls back to the page').toBe(false);
    expect(stop.ring, `focus ring on ${stop.what}`).toBe(true);
    expect(stop.inView, `${stop.what} scrolled into view`).toBe(true);
  }
  const seen = stops.map((s) => s.what).join('\n');
  for (const expected of ['Skip to the chapter', 'Light', 'What this chapter is about', 'Pre-LN', 'Depth L']) expect(seen).toContain(expected);
});

test('keyboard: the controls that are not form fields work with Enter and Space', async ({ page }) => {
  await page.goto(lightUrl('#figure-grad-profile'));
  const chart = page.locator('#figure-grad-profile');
  await expect(chart.locator('.exp-footer')).toHaveText(/^\d+ runs?/, { timeout: 90_000 });
  // a legend entry is a switch
  const entry = chart.getByRole('switch', { name: /Post-LN/ });
  await expect(entry).toHaveAttribute('aria-checked', 'true');
  await entry.focus();
  await page.keyboard.press('Space');
  await expect(entry).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Enter');
  await expect(entry).toHaveAttribute('aria-checked', 'true');
  // the data table opens from its summary
  await chart.locator('.chart-data summary').focus();
  await page.keyboard.press('Enter');
  await expect(chart.locator('.chart-data table')).toBeVisible();
  // the wirings figure's buttons
  const wirings = page.locator('#figure-s01');
  await wirings.scrollIntoViewIfNeeded();
  const post = wirings.getByRole('button', { name: 'Post-LN' });
  await post.focus();
  await page.keyboard.press('Enter');
  await expect(post).toHaveAttribute('aria-pressed', 'true');
});

test('every chart has its data table, math keeps its MathML (prerendered and live), sliders are labelled', async ({ page }) => {
  await page.goto(lightUrl());
  // prerendered: every formula is MathML, which screen readers read, with its TeX kept as its annotation (issue 54:
  // no second, visual copy in HTML beside it)
  // (the exercises' words arrive while the page loads, so formulas keep appearing: count the ones without their TeX,
  // one query, rather than two counts taken at different moments)
  const withoutTex = page.locator('math:not(:has(> semantics > annotation[encoding="application/x-tex"]))');
  expect(await page.locator('math').count()).toBeGreaterThan(100);
  await expect(withoutTex).toHaveCount(0);
  await expect(page.locator('.katex, .katex-html')).toHaveCount(0);
  await mountAll(page);
  // runtime: the LayerNorm instrument's steps and an exercise's filled-in formulas
  await expect(page.locator('.ln-steps math > semantics > annotation')).toHaveCount(7);
  await expect(withoutTex).toHaveCount(0);
  // charts: each with a data table beside it
  // (the article's three figures, the ε–σ instrument's two, the training lab's three step charts and its cliff,
  // Part 4's gradient profile)
  const charts = page.locator('.chart[role="img"]');
  await expect(charts).toHaveCount(10);
  for (const chart of await charts.all()) await expect(chart).toHaveAttribute('aria-label', /\S/);
  const figures = page.locator('.widget:has(.chart)');
  await expect(figures).toHaveCount(7);
  for (const figure of await figures.all()) await expect(figure.locator('.chart-data table')).toHaveCount(await figure.locator('.chart').count());
  // sliders, if any: a name and a value for assistive technology
  for (const slider of await page.locator('input[type="range"], [role="slider"]').all()) {
    await expect(slider).toHaveAccessibleName(/\S/);
    if ((await slider.getAttribute('role')) === 'slider') await expect(slider).toHaveAttribute('aria-valuenow', /\S/);
  }
});
