// No layout jumps while figures mount: a figure's placeholder keeps the height the figure will take
// (style.css, widgets/mount.js), so the text a reader is looking at stays where it is. Measured as Chromium
// measures it, with a PerformanceObserver on 'layout-shift' entries (shifts right after the reader's own
// input do not count), summed like the cumulative layout shift; 0.1 is the web's threshold for "good",
// these checks ask for half of it.
import { expect, test } from './fixtures.js';
import { LIGHT, lightUrl } from './reach.js';
// (the experiments at their smallest, LIGHT, keep these checks quick; the heights reserved are those of the
// figures at the article's settings, which are as tall or taller)

test.describe.configure({ timeout: 180_000 });
const LIMIT = 0.05;

/** Starts recording layout shifts from the page's first paint. → reads {total, worst: [value, what moved]} */
async function recordShifts(page) {
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map((s) => `${s.node?.nodeName ?? '?'}${s.node?.id ? `#${s.node.id}` : ''} in #${s.node?.closest?.('[id]')?.id ?? '?'}`);
        window.__shifts.push([entry.value, moved.join(', ')]);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async () => {
    const shifts = await page.evaluate(() => window.__shifts);
    return { total: shifts.reduce((sum, [v]) => sum + v, 0), worst: shifts.sort((a, b) => b[0] - a[0]).slice(0, 3) };
  };
}

// the figures, by the address a link to each one would use (ids of widgets, or of the heading above)
const FIGURES = ['#figure-s01', '#table-a', '#table-b', '#figure-grad-profile', '#figure-ratio-depth', '#table-c', '#table-d',
  '#figure-stream-growth', '#table-measures', '#layernorm-one-vector-at-a-time', '#eps-sigma', '#training-lab', '#progress'];

/** Reads the chapter from the top to the end: scrolls down by `step` px, pausing `pauseMs` at each stop. */
async function readToTheEnd(page, step, pauseMs) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(pauseMs);
  }
}

/** The figures in the window have mounted and finished their runs. */
async function settled(page) {
  const unsettled = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('.widget[data-widget]')]
        // (a section far from the window is not laid out: what it holds has no place to measure)
        .filter((el) => el.checkVisibility({ contentVisibilityAuto: true }))
        .filter((el) => el.getBoundingClientRect().bottom > 0 && el.getBoundingClientRect().top < innerHeight)
        .filter((el) => !el.dataset.mount || [...el.querySelectorAll('.exp-footer')].some((f) => !/^\d+ runs/.test(f.textContent)))
        .map((el) => `${el.id || el.dataset.widget}: ${el.dataset.mount ?? 'not mounted'} ${[...el.querySelectorAll('.exp-footer')].map((f) => f.textContent).join(' / ')}`),
    );
  await expect.poll(unsettled, { timeout: 90_000 }).toEqual([]);
  await expect(page.locator('.widget-loading')).toHaveCount(0);
  await page.waitForTimeout(500); // a frame or two for anything the last result moves
}

for (const [name, viewport] of [['1280×800', { width: 1280, height: 800 }], ['375×667', { width: 375, height: 667 }]]) {
  test.describe(name, () => {
    test.use({ viewport });

    test(`arriving at each figure by its link, nothing moves while it mounts and fills in (${name})`, async ({ page }) => {
      const report = [];
      const shifts = await recordShifts(page);
      for (const [visit, hash] of FIGURES.entries()) {
        await page.goto(`./?${new URLSearchParams({ ...LIGHT, visit })}${hash}`); // a new load each time, not a jump within the page
        await settled(page);
        const { total, worst } = await shifts();
        report.push(`${hash}: ${total.toFixed(4)} ${JSON.stringify(worst)}`);
        expect(total, report.at(-1)).toBeLessThan(LIMIT);
      }
      test.info().annotations.push({ type: 'layout shift', description: report.join('\n') });
    });

    test(`reading from the top to the end, nothing moves as the figures mount ahead (${name})`, async ({ page }) => {
      const shifts = await recordShifts(page);
      await page.goto(lightUrl());
      await readToTheEnd(page, viewport.height * 0.75, 150);
      await settled(page);
      const { total, worst } = await shifts();
      expect(total, JSON.stringify(worst)).toBeLessThan(LIMIT);
    });
  });
}

// The prose is laid out before the math's fonts arrive unless they are preloaded: when a face came in late, the
// inline math narrowed, line breaks moved and the text in view jumped (arriving at #eps-sigma at 375 px: a shift of
// 0.166 in 7 of 20 first visits under load, none of 20 with the faces preloaded; plugins/preload-fonts.js).
test('every KaTeX face the chapter uses is preloaded by the page, and every preload is used', async ({ page }) => {
  await page.goto(lightUrl());
  const preloaded = await page.locator('head link[rel="preload"][as="font"]').evaluateAll((links) => links.map((l) => l.href).sort());
  expect(preloaded.length).toBeGreaterThan(0);
  // read the whole chapter, so every section is laid out once (far sections are not: content-visibility)
  await readToTheEnd(page, 600, 30);
  await page.evaluate(() => document.fonts.ready);
  const fetched = await page.evaluate(() =>
    [...new Set(performance.getEntriesByType('resource').map((r) => r.name).filter((url) => /KaTeX_[\w-]+\.woff2$/.test(url)))].sort(),
  );
  expect(fetched, 'the faces fetched while reading are the faces preloaded').toEqual(preloaded);
});
