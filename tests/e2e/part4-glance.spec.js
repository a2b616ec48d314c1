// Issue 35 where only a browser shows it: one colour per wiring as the browser paints it (the palette's hues apart in
// light and dark, each chart series' stroke, the lab's slots and summary swatches, computed from the CSS), the six
// wirings' code keeping its names in view on a phone, the lab's summary showing each verdict or a cue that it
// scrolls, and exercise 18's “The original numbers” taking its click at 375 and 1280 px. What Part 4 at a glance
// computes and says (#part4-summary's cells and lab column, the sentences that check their comparisons, the colours
// the page gives each swatch, the profile's caption, exercise 18's messages) is checked in a DOM:
// tests/web/widgets/part4-glance.test.js.
import { expect, warmTest as test } from './fixtures.js';

test.describe.configure({ timeout: 240_000 });

// #rrggbb → OKLCH's lightness, chroma and hue (degrees)
const oklch = (hex) => {
  const lin = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [1, 3, 5].map((i) => lin(parseInt(hex.slice(i, i + 2), 16) / 255));
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { C: Math.hypot(A, B), h: ((Math.atan2(B, A) * 180) / Math.PI + 360) % 360 };
};
// a computed colour ("rgb(3, 122, 132)", or "color(srgb 0.38 0.6 0.64)" for a color-mix()) → #rrggbb
const rgbToHex = (css) => {
  const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(css);
  const channels = srgb ? srgb.slice(1, 4).map((v) => Math.round(Number(v) * 255)) : css.match(/\d+/g).slice(0, 3).map(Number);
  return `#${channels.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
};
// two colours the same to rounding (a CSS color-mix() and the chart's own mix of the same two colours)
const sameColour = (a, b) => [1, 3, 5].every((i) => Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)) <= 1);

test('one colour per wiring: no two families share a hue, and every chart, swatch and lab configuration uses its wiring’s', async ({ page }) => {
  await page.goto('./?t.configs=post-3-0,post-3-50,mixln-3-0&t.steps=2&t.seeds=0#figure-placements-profile');
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    const palette = await page.evaluate(() => {
      const css = getComputedStyle(document.documentElement);
      return [...Array.from({ length: 12 }, (_, k) => `--wiring-${k + 1}`), '--wiring-own'].map((v) => [v, css.getPropertyValue(v).trim()]);
    });
    const chromatic = palette.map(([v, hex]) => ({ v, ...oklch(hex) })).filter((c) => c.C > 0.04);
    expect(chromatic.length, theme).toBe(12); // one neutral family (Pre-LN's), the rest each a hue
    for (const [i, a] of chromatic.entries()) {
      for (const b of chromatic.slice(i + 1)) {
        const apart = Math.min(Math.abs(a.h - b.h), 360 - Math.abs(a.h - b.h));
        expect(apart, `${theme}: ${a.v} and ${b.v}`).toBeGreaterThanOrEqual(20);
      }
    }
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  const colourOf = (v) => page.evaluate((name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim(), v);

  // a chart of the wirings: each series' stroke is its wiring's colour
  const profile = page.locator('#figure-placements-profile');
  await expect(profile.locator('.exp-footer')).toHaveText(/^8 runs/, { timeout: 120_000 });
  const series = await profile.evaluate((el) =>
    [...el.querySelectorAll('.u-legend .u-series')]
      .slice(1)
      .map((r) => [r.querySelector('.u-label')?.textContent, getComputedStyle(r.querySelector('.u-marker')).borderColor]),
  );
  const labels = { 'Post-LN': 1, 'Pre-LN': 2, 'Pre-RMSNorm': 4, 'Peri-LN': 5, DeepNorm: 6, ReZero: 7, LayerScale: 8, 'Mix-LN': 9 };
  expect(series.map(([l]) => l)).toEqual(Object.keys(labels));
  for (const [label, border] of series) expect(rgbToHex(border), label).toBe(await colourOf(`--wiring-${labels[label]}`));

  // the lab: a configuration takes its wiring's colour, a wiring's second configuration a shade of it (same hue)
  const lab = page.locator('#training-lab-curves');
  await lab.scrollIntoViewIfNeeded();
  const slots = lab.locator('.lab-config-swatch');
  await expect(slots).toHaveCount(3, { timeout: 60_000 });
  const slotColours = await lab.evaluate((el) => [...el.querySelectorAll('.lab-config-swatch')].map((e) => getComputedStyle(e).backgroundColor));
  expect(rgbToHex(slotColours[0])).toBe(await colourOf('--wiring-1'));
  expect(rgbToHex(slotColours[2])).toBe(await colourOf('--wiring-9'));
  expect(slotColours[1]).not.toBe(slotColours[0]);
  expect(Math.abs(oklch(rgbToHex(slotColours[1])).h - oklch(await colourOf('--wiring-1')).h)).toBeLessThan(8);
  await lab.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(lab.locator('.lab-footer')).toHaveText(/^3 runs/, { timeout: 120_000 });
  const loss = lab.locator('figure.lab-chart').first();
  const strokes = await loss.evaluate((el) =>
    [...el.querySelectorAll('.u-legend .u-series')].slice(1, 4).map((r) => getComputedStyle(r.querySelector('.u-marker')).borderColor),
  );
  expect(rgbToHex(strokes[0])).toBe(await colourOf('--wiring-1'));
  expect(sameColour(rgbToHex(strokes[1]), rgbToHex(slotColours[1])), `${strokes[1]} / ${slotColours[1]}`).toBe(true); // the slot's very shade
  expect(rgbToHex(strokes[2])).toBe(await colourOf('--wiring-9'));
  // (one evaluate: the summary may redraw between a locator's query and its read, and a swatch it has replaced,
  // out of the document, has no computed colour)
  const summarySwatches = await lab.evaluate((el) => [...el.querySelectorAll('.lab-summary .lab-swatch')].map((e) => getComputedStyle(e).backgroundColor));
  expect(summarySwatches.map(rgbToHex)).toEqual(slotColours.map(rgbToHex));
});

/** #part4-summary as boxes on the screen: whether anything in it scrolls sideways, and for each row its wiring's name
 * and its three computed cells (each box: left, right, top, bottom), with the label each cell shows. */
async function summaryBoxes(page) {
  await page.goto('./?p.Ls=6&p.seeds=0#part4-summary');
  const summary = page.locator('#part4-summary');
  await expect(summary.locator('td [data-value]').first()).toBeAttached({ timeout: 120_000 });
  return summary.evaluate((el) => {
    const box = (e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    // (a box of 1 px is one left to screen readers: the phone's header row)
    const sideways = [el, ...el.querySelectorAll('*')].filter(
      (e) => e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible',
    );
    return {
      width: document.documentElement.clientWidth,
      sideways: sideways.map((e) => e.tagName),
      rows: [...el.querySelectorAll('tbody tr')].map((tr) => ({
        row: box(tr),
        name: box(tr.cells[1]),
        numbers: [...tr.cells].slice(3).map((td) => ({ ...box(td), label: getComputedStyle(td, '::before').content })),
      })),
    };
  });
}

test('Part 4 at a glance at 1280 px: every column in view, no box that scrolls sideways, each number beside its wiring', async ({ page }) => {
  const { width, sideways, rows } = await summaryBoxes(page);
  expect(sideways).toEqual([]);
  expect(rows.length).toBeGreaterThanOrEqual(9);
  for (const { name, numbers } of rows) {
    for (const n of numbers) {
      expect(n.right).toBeLessThanOrEqual(width);
      expect(n.top).toBe(name.top); // on the wiring's line
    }
  }
});

test('a link into the lab opens the window on the lab, its controls set from the link, before and after it mounted', async ({ page }) => {
  for (const start of ['./?t.steps=2#peri-ln', './?t.steps=2#training-lab-curves']) {
    await page.goto(start);
    if (start.endsWith('curves')) await expect(page.locator('#training-lab-curves .lab-run-button')).toBeVisible({ timeout: 60_000 });
    const link = page.locator('a[href*="t.configs=pre-24-0,peri-24-0"]').first();
    await link.scrollIntoViewIfNeeded();
    await link.click();
    const lab = page.locator('#training-lab-curves');
    const wirings = lab.getByLabel(/^Wiring of configuration/);
    await expect(wirings).toHaveCount(2, { timeout: 60_000 });
    await expect(wirings.nth(0)).toHaveValue('pre');
    await expect(wirings.nth(1)).toHaveValue('peri');
    // the lab's top in the window (not Part 3's heading a screen above it), its configurations in view, the focus in it
    const top = await lab.evaluate((el) => el.getBoundingClientRect().top);
    expect(top, start).toBeGreaterThanOrEqual(-1);
    expect(top, start).toBeLessThan(100);
    await expect(wirings.nth(1)).toBeInViewport();
    expect(await lab.evaluate((el) => el.contains(document.activeElement)), start).toBe(true);
  }
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test('Part 4 at a glance is a card per wiring: its three numbers under its name, each with its heading', async ({ page }) => {
    const { width, sideways, rows } = await summaryBoxes(page);
    expect(sideways).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const { row, name, numbers } of rows) {
      for (const n of numbers) {
        expect(n.right).toBeLessThanOrEqual(width);
        expect(n.top).toBeGreaterThanOrEqual(name.bottom - 1); // under its name, in its card
        expect(n.bottom).toBeLessThanOrEqual(row.bottom + 1);
        expect(n.label).toMatch(/^"(at initialisation|in the lab): /);
      }
    }
  });

  test('the six wirings’ code keeps its names in view, and the lab’s summary shows each verdict or says it scrolls', async ({ page }) => {
    await page.goto('./#six-wirings-in-two-lines-each');
    const code = page.locator('#six-wirings-in-two-lines-each ~ pre').first();
    await code.scrollIntoViewIfNeeded();
    for (const name of ['# Pre-RMSNorm', '# Peri-LN', '# DeepNorm', '# ReZero', '# LayerScale']) {
      const fits = await code.evaluate((el, text) => {
        const node = [...el.querySelectorAll('*')]
          .concat(el)
          .flatMap((e) => [...e.childNodes])
          .find((n) => n.nodeType === 3 && n.textContent.includes(text));
        const range = document.createRange();
        range.setStart(node, node.textContent.indexOf(text));
        range.setEnd(node, node.textContent.indexOf(text) + text.length);
        return range.getBoundingClientRect().right <= el.getBoundingClientRect().right;
      }, name);
      expect(fits, name).toBe(true);
    }
    // what does not fit scrolls in its box and says so (the shadow of ui/scroll-regions.js)
    if (await code.evaluate((el) => el.scrollWidth > el.clientWidth)) await expect(code).toHaveAttribute('data-scroll-more', /right/);

    await page.goto('./?t.configs=post-3-0&t.steps=2&t.seeds=0-2#training-lab');
    const lab = page.locator('#training-lab-curves');
    await lab.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(lab.locator('.lab-run')).toHaveCount(3, { timeout: 120_000 });
    const box = lab.locator('.lab-summary-scroll');
    await box.scrollIntoViewIfNeeded();
    const { scrolls, more } = await box.evaluate((el) => ({ scrolls: el.scrollWidth > el.clientWidth + 1, more: el.dataset.scrollMore ?? '' }));
    if (scrolls) expect(more).toMatch(/right/);
    // each run's verdict is the first thing its line says: in view, or in a box that shows it scrolls
    const edge = await box.evaluate((el) => el.getBoundingClientRect().right);
    for (const run of await lab.locator('.lab-run').all()) {
      const verdictRight = await run.evaluate((li) => {
        const text = li.firstChild;
        const range = document.createRange();
        const at = text.textContent.search(/[✓✗]/);
        range.setStart(text, at);
        range.setEnd(text, at + 1);
        return range.getBoundingClientRect().right;
      });
      if (verdictRight > edge) expect(more, 'a verdict past the edge of a box that shows no cue').toMatch(/right/);
    }
    expect(scrolls || more === '').toBe(true);
  });

  test('exercise 18: “The original numbers” takes its click', async ({ page }) => {
    await page.goto('./#exercise-18');
    const ex = page.locator('#exercise-18');
    await expect(ex.locator('.ex-form')).toBeVisible({ timeout: 30_000 });
    const original = ex.getByRole('button', { name: 'The original numbers' });
    // (a phone's width and a desktop's: the math of the part below reached over the button at 900 px and wider)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 667 });
      for (let k = 0; k < 3; k++) {
        await ex.getByRole('button', { name: 'New numbers' }).click();
        await original.scrollIntoViewIfNeeded();
        const hit = await original.evaluate((b) => {
          const r = b.getBoundingClientRect();
          return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b;
        });
        expect(hit, `${width} px, try ${k + 1}`).toBe(true);
      }
    }
    await page.setViewportSize({ width: 375, height: 667 });
    await original.click();
    await expect(ex.getByLabel('x', { exact: true })).toHaveValue('2, 4, 4, 6');
  });
});
