// No layout jumps while figures mount: a figure's placeholder keeps the height the figure will take
// (style.css, widgets/mount.js), so the text a reader is looking at stays where it is. Measured as Chromium
// measures it, with a PerformanceObserver on 'layout-shift' entries (shifts right after the reader's own
// input do not count), summed like the cumulative layout shift; 0.1 is the web's threshold for "good",
// these checks ask for half of it.
// Browser-only: layout shifts are measured by the browser's layout (PerformanceObserver 'layout-shift').
import { expect, test } from './fixtures.js';
import { lightUrl, mountAll } from './reach.js';
// (the experiments at their smallest, by lightUrl, keep these checks quick; the heights reserved are those of the
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
const FIGURES = [
  '#figure-s01',
  '#table-a',
  '#table-b',
  '#figure-grad-profile',
  '#figure-ratio-depth',
  '#table-c',
  '#table-d',
  '#figure-stream-growth',
  '#table-measures',
  '#layernorm-one-vector-at-a-time',
  '#eps-sigma',
  '#training-lab',
  '#part4-summary-runs',
  '#table-placements',
  '#build-wiring',
  '#figure-placements-profile',
  '#progress',
];

/** In the page: the figure a link to `hash` arrives at, its height mounted and the reserve its placeholder keeps. */
function reserveFit(hash) {
  const target = document.querySelector(hash);
  const widgets = [...document.querySelectorAll('.widget[data-widget]')];
  const figure = target.matches('.widget[data-widget]')
    ? target
    : (target.querySelector('.widget[data-widget]') ?? widgets.find((w) => target.compareDocumentPosition(w) & Node.DOCUMENT_POSITION_FOLLOWING));
  const reserve = parseFloat(getComputedStyle(figure).minHeight); // (in the window, so not yet given up)
  const before = figure.dataset.reserve;
  figure.dataset.reserve = 'released'; // its own height, for a moment (restored before any frame is drawn)
  const natural = figure.offsetHeight;
  if (before === undefined) delete figure.dataset.reserve;
  else figure.dataset.reserve = before;
  return { figure: figure.id || figure.dataset.widget, natural, reserve: Math.round(reserve) };
}

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
        .filter((el) => !el.dataset.mount || [...el.querySelectorAll('.exp-footer')].some((f) => !/^\d+ runs?/.test(f.textContent)))
        .map(
          (el) =>
            `${el.id || el.dataset.widget}: ${el.dataset.mount ?? 'not mounted'} ${[...el.querySelectorAll('.exp-footer')].map((f) => f.textContent).join(' / ')}`,
        ),
    );
  await expect.poll(unsettled, { timeout: 90_000 }).toEqual([]);
  await expect(page.locator('.widget-loading')).toHaveCount(0);
  await page.waitForTimeout(500); // a frame or two for anything the last result moves
}

for (const [name, viewport] of [
  ['1280×800', { width: 1280, height: 800 }],
  ['375×667', { width: 375, height: 667 }],
]) {
  test.describe(name, () => {
    test.use({ viewport });

    test(`arriving at each figure by its link, nothing moves while it mounts and fills in (${name})`, async ({ page }) => {
      const report = [];
      const shifts = await recordShifts(page);
      for (const [visit, hash] of FIGURES.entries()) {
        await page.goto(lightUrl(hash, { visit })); // a new load each time, not a jump within the page
        await settled(page);
        const { total, worst } = await shifts();
        report.push(`${hash}: ${total.toFixed(4)} ${JSON.stringify(worst)}`);
        expect(total, report.at(-1)).toBeLessThan(LIMIT);
        // and its placeholder's reserve holds it, done: a reserve shorter than the figure moves what follows
        // it as the figure fills in, which the reader sees whenever the figure is shorter than the window
        const fit = await page.evaluate(reserveFit, hash);
        expect(fit.natural, `${fit.figure}: ${fit.natural} px mounted, in a reserve of ${fit.reserve} px`).toBeLessThanOrEqual(fit.reserve + 1);
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

    // A cell computing shows its meter over the article's printed value, a computed cell its value over the printed
    // one and the mark: two lines either way, and as wide (table A's rows went from one line to three).
    test(`a table of the article keeps its size from its first paint to its last value (${name})`, async ({ page }) => {
      await page.goto('./#table-a'); // the article's settings: every cell has its printed value
      const table = page.locator('#table-a table.results');
      await expect(table.locator('td.pending').first()).toBeVisible();
      const first = await table.boundingBox();
      await expect(table.locator('td[data-value]')).toHaveCount(12, { timeout: 60_000 });
      await expect(table.locator('td.pending')).toHaveCount(0);
      const last = await table.boundingBox();
      expect(Math.abs(last.height - first.height), `${first.height} px high computing, ${last.height} px done`).toBeLessThanOrEqual(1);
      expect(Math.abs(last.width - first.width), `${first.width} px wide computing, ${last.width} px done`).toBeLessThanOrEqual(1);
    });

    // Exercises differ in height (44 to 76rem mounted at 1280 px) and share one reserve: one that mounts while
    // its lower part is in view grows under the question the reader is reading (mount.js keeps it out of the
    // browser's scroll anchoring while it changes). Exercise 7 is the tallest; 15 outgrows the reserve a little.
    test(`landing among the exercises before they mount, the question in view stays where it is (${name})`, async ({ page }) => {
      const shifts = await recordShifts(page);
      await page.goto(lightUrl());
      for (const n of [8, 16]) {
        const heading = page.locator(`#exercise-${n} h3`);
        const before = await heading.evaluate((h) => {
          h.scrollIntoView({ block: 'center' }); // the exercise above shows its lower part, unmounted
          return h.getBoundingClientRect().top;
        });
        for (const id of [`#exercise-${n - 1}`, `#exercise-${n}`]) await expect(page.locator(id)).toHaveAttribute('data-mount', 'done');
        await page.waitForTimeout(500);
        const after = await heading.evaluate((h) => h.getBoundingClientRect().top);
        expect(Math.abs(after - before), `exercise ${n}’s heading at ${before} px, then at ${after} px`).toBeLessThanOrEqual(2);
      }
      const { total, worst } = await shifts();
      expect(total, JSON.stringify(worst)).toBeLessThan(LIMIT);
    });

    // What a mounting exercise adds to its own top (its state beside the heading) must not push its question
    // down: the badge once wrapped a long heading onto a second line, the question and its links moved 32 px,
    // and a click on exercise 14's link into the lab landed between its press and its release (missed).
    test(`each exercise's question stays at its place in its box as the exercise mounts (${name})`, async ({ page }) => {
      const offsets = () =>
        page.evaluate(() =>
          Object.fromEntries(
            [...document.querySelectorAll('.widget[data-widget="exercise"]')].map((el) => {
              const top = el.getBoundingClientRect().top;
              return [el.id, ['h3', '.ex-question'].map((part) => Math.round(el.querySelector(part).getBoundingClientRect().top - top))];
            }),
          ),
        );
      await page.goto(lightUrl());
      const before = await offsets();
      await expect(page.locator('.widget[data-widget="exercise"][data-mount]')).toHaveCount(0);
      expect(Object.keys(before).length).toBeGreaterThan(15);
      for (const id of Object.keys(before)) {
        await page.locator(`#${id}`).evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await expect(page.locator(`#${id}`)).toHaveAttribute('data-mount', 'done');
      }
      await expect(page.locator('#exercise-14 .ex-state')).toHaveText('Not started');
      expect(await offsets()).toEqual(before);
    });
  });
}

// The prose is laid out before the math's fonts arrive unless they are preloaded: when a face came in late, the
// inline math narrowed, line breaks moved and the text in view jumped (arriving at #eps-sigma at 375 px: a shift of
// 0.166 in 7 of 20 first visits under load, none of 20 with the faces preloaded; plugins/preload.js). The faces the
// chapter's HTML is set in are preloaded (read without JavaScript, what the HTML alone asks for). Since issue 54 all
// the math, the HTML's and the scripts' (the exercises' words, the figures' math), is set in one face, the math
// font: reading on fetches no other.
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
]) {
  test(`the faces the chapter's HTML uses are the faces the page preloads, and only those (${viewport.width} px)`, async ({ browser, baseURL }) => {
    test.setTimeout(300_000); // (two first visits and a reading of the whole chapter)
    const fonts = (page) =>
      page.evaluate(() =>
        [
          ...new Set(
            performance
              .getEntriesByType('resource')
              .map((r) => r.name)
              .filter((url) => /\.(woff2?|ttf|otf)$/.test(url)),
          ),
        ].sort(),
      );
    const plain = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false });
    const page = await plain.newPage();
    await page.goto(lightUrl());
    const preloaded = await page.locator('head link[rel="preload"][as="font"]').evaluateAll((links) => links.map((l) => l.href).sort());
    expect(preloaded.length).toBeGreaterThan(0);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(1000); // (a face asked for late would show meanwhile)
    expect(await fonts(page), 'the faces the HTML is set in are the faces preloaded').toEqual(preloaded);
    // (a preload is fetched whether used or not: a face counts as used when the page's text has loaded it)
    // (the page's faces are named after their files: "Chapter Math" in chapter-math-<hash>.woff2)
    const used = await page.evaluate(() =>
      [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/['"]/g, '').toLowerCase().replace(/ /g, '-')),
    );
    expect(used.sort(), 'every preloaded face is used by the HTML').toEqual(preloaded.map((href) => /\/([a-z-]+)-[\w-]{8}\.woff2$/.exec(href)[1]).sort());
    await plain.close();
    const scripted = await browser.newContext({ baseURL, viewport });
    const reader = await scripted.newPage();
    await reader.goto(lightUrl());
    await readToTheEnd(reader, 600, 30);
    await reader.evaluate(() => document.fonts.ready);
    const all = await fonts(reader);
    expect(all, 'the scripts’ content uses the faces the HTML does, and no other').toEqual(preloaded);
    await scripted.close();
  });
}

// A figure's own stylesheet comes with its code, when the first figure of its kind mounts. If it styled the
// placeholders too (an exercise's margins and heading), every placeholder of that kind changed shape at that
// moment, wherever it was: landing among the exercises, the link a reader was about to click moved down by
// 93 px. The placeholders, as the page first lays them out, must look the same once every figure's styles
// have arrived.
test('the figures’ own styles, arriving as they mount, leave every placeholder as it was', async ({ page }) => {
  await page.addInitScript(() => {
    const PROPS = [
      'display',
      'position',
      'box-sizing',
      'min-height',
      'font-size',
      'font-weight',
      'line-height',
      'gap',
      ...['top', 'right', 'bottom', 'left'].flatMap((side) => [`margin-${side}`, `padding-${side}`, `border-${side}-width`]),
    ];
    // each element of a placeholder, outside its typeset math: "where: property value; …"
    window.__signature = (root) =>
      [root, ...root.querySelectorAll('*')]
        .filter((el) => !el.parentElement.closest('math'))
        .map((el, i) => {
          const style = getComputedStyle(el);
          return `${root.id || root.dataset.widget} ${i} ${el.tagName.toLowerCase()}.${el.classList[0] ?? ''}: ${PROPS.map((p) => `${p} ${style.getPropertyValue(p)}`).join('; ')}`;
        });
    document.addEventListener('DOMContentLoaded', () => {
      // before any figure's code (and so its stylesheet) has loaded: module scripts have run, no chunk has
      window.__placeholders = [...document.querySelectorAll('.widget[data-widget]')].map((el) => ({
        el,
        clone: el.cloneNode(true),
        before: window.__signature(el),
      }));
    });
  });
  await page.goto(lightUrl());
  await mountAll(page); // every kind of figure mounted: every stylesheet in
  const changed = await page.evaluate(() =>
    window.__placeholders.flatMap(({ el, clone, before }) => {
      el.replaceWith(clone); // the placeholder again, in the very place it had (same parent, same siblings)
      const after = window.__signature(clone);
      clone.replaceWith(el);
      return before.flatMap((line, i) => (line === after[i] ? [] : [`${line}\n  now ${after[i]}`]));
    }),
  );
  expect(await page.evaluate(() => window.__placeholders.length), 'the placeholders compared').toBeGreaterThan(20);
  expect(changed).toEqual([]);
});
