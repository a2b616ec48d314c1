// The checks that read the whole chapter with every widget mounted and every figure computed (at the light
// settings, reach.js), on one page: mounting it all and computing took longer than any of the checks, which each
// did it for itself. In order: the Content-Security-Policy (its violations watched from the page's first script on),
// every link and anchor, axe in light and dark with the page in the states that matter to it, and print (last: it
// changes what the page emulates). Each test is the one its subject's spec held: csp, site, a11y, print.
// Browser-only: the whole page under its policy, in real module workers, its links served, axe in both schemes and
// print; and one end-to-end path per figure (it mounts, computes in the page's workers, shows a number).
import { readFileSync } from 'node:fs';
import { axeScan, serious } from './axe.js';
import { expect, sharedPage, warmTest as test } from './fixtures.js';
import { DARK_BACKGROUND, experimentsDone, LIGHT_BACKGROUND, lightUrl, mountAll, watchViolations } from './reach.js';

test.describe.configure({ timeout: 360_000 });
const dist = new URL('../../dist/', import.meta.url);

/** @type {() => Promise<string[]>} */
let violations;
// (the service worker allowed: the CSP's check covers its registration and install too)
const shared = sharedPage(
  async (page) => {
    violations = await watchViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(lightUrl());
    await mountAll(page);
    await experimentsDone(page);
  },
  { serviceWorkers: 'allow' },
);

/** Opens a <details> (a chart's data table) unless it is open already: a click on its summary would close it. */
async function openDetails(details) {
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
}

/** Two frames of the page: what a change of colours redraws is drawn. */
const nextFrames = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test('no Content-Security-Policy violation with every widget mounted, every figure computed, its runtime paths taken', async () => {
  const page = shared();
  // the runtime paths too: typeset math (the LayerNorm steps), a chart's table, an exercise's check
  await page.locator('.ln-widget').getByLabel('x', { exact: true }).fill('1, 2, 3');
  await expect(page.locator('.ln-steps math').first()).toBeVisible();
  await openDetails(page.locator('#figure-grad-profile details.chart-data'));
  await page.locator('#exercise-11').getByRole('button', { name: 'Check' }).click();
  expect(await violations()).toEqual([]);
});

// One end-to-end path per figure (docs/testing.md): each mounts from its placeholder, computes in the page's module
// workers (or, for the instruments, on the page), and shows a number. What each figure computes and says is the widget
// tests' (tests/web/widgets/); this is where the browser's own workers, module loading and policy carry it.
const FIRST_NUMBER = {
  'article-table': 'tbody td[data-value]',
  layernorm: '.ln-y .ln-entry[data-value]',
  'eps-sigma': '.es-first-over-last[data-value]',
  // (its numbers are the live cells of the prose's table, #part4-summary)
  'part4-summary': 'a.live-cell[data-value]',
  'grad-profile': '.chart-data td[data-value]',
  'ratio-depth': '.chart-data td[data-value]',
  'stream-growth': '.chart-data td[data-value]',
};
// figures that compute nothing: the drawing of the wirings, the settings' form, the progress panel, the builder (its
// row computes in article-table's figure)
const DRAW_ONLY = new Set(['wirings', 'experiment-settings', 'progress', 'wiring-builder', 'cards']);
// the training lab computes only when Run is pressed, which would change what the print test finds (its charts "not
// computed yet"): its path through the page's module workers is training-lab.spec.js's, which runs it, streams its
// steps and cancels them
const ON_DEMAND = new Set(['training-lab']);

test('every figure mounted from its placeholder, and each that computes shows a finite number', async () => {
  const page = shared();
  const placeholders = page.locator('.widget[data-widget]:not(.exercise)');
  const count = await placeholders.count();
  expect(count).toBeGreaterThan(15);
  for (let i = 0; i < count; i++) {
    const figure = placeholders.nth(i);
    const name = await figure.getAttribute('data-widget');
    const where = `${name} #${(await figure.getAttribute('id')) ?? i}`;
    await expect(figure, where).toHaveAttribute('data-mount', 'done');
    if (DRAW_ONLY.has(name) || ON_DEMAND.has(name)) continue;
    const selector = FIRST_NUMBER[name];
    expect(selector, `${where}: a figure that computes names where its first number shows`).toBeTruthy();
    for (const details of await figure.locator('details.chart-data').all()) await openDetails(details);
    const shown = (name === 'part4-summary' ? page.locator('#part4-summary') : figure).locator(selector).first();
    await expect(shown, where).toHaveAttribute('data-value', /\S/, { timeout: 60_000 });
    const value = await shown.getAttribute('data-value');
    expect(Number.isFinite(Number(value)), `${where} shows ${value}`).toBe(true);
  }
});

test('every same-site link and source resolves, and every #anchor names an element', async ({ request, baseURL }) => {
  const page = shared();
  const origin = new URL(baseURL).origin;
  const refs = await page.evaluate(() =>
    [...document.querySelectorAll('[href], [src]')].map((el) => {
      const raw = el.getAttribute('href') ?? el.getAttribute('src');
      return { raw, url: new URL(raw, document.baseURI).href };
    }),
  );
  const anchors = refs.filter((r) => r.raw.startsWith('#'));
  expect(anchors.length).toBeGreaterThan(10); // the contents, the skip link, cross-references
  for (const { raw } of anchors) expect(await page.locator(`[id="${decodeURIComponent(raw.slice(1))}"]`).count(), raw).toBe(1);

  // the exercises' page links each exercise back to its place in the chapter (./#exercise-N), and the chapter to it
  const exercisesPage = readFileSync(new URL('exercises.html', dist), 'utf8');
  const back = [...exercisesPage.matchAll(/href="\.\/#([^"]+)"/g)].map((m) => m[1]);
  const there = new Set([...exercisesPage.matchAll(/<section class="exercise" id="([^"]+)"/g)].map((m) => m[1]));
  expect(there.size).toBeGreaterThanOrEqual(21);
  expect(back).toHaveLength(there.size);
  for (const id of back) expect(await page.locator(`[id="${id}"]`).count(), id).toBe(1);
  // (as the chapter's HTML has them: with scripts, the words replace the links as the page opens)
  const linked = [...readFileSync(new URL('index.html', dist), 'utf8').matchAll(/href="\.\/exercises\.html#([^"]+)"/g)].map((m) => m[1]);
  expect(linked).toHaveLength(there.size);
  for (const id of linked) expect(there.has(id), id).toBe(true);

  // the 404 page's own links count too
  const notFound = readFileSync(new URL('404.html', dist), 'utf8');
  const fromNotFound = [...notFound.matchAll(/(?:href|src)="([^"#]+)"/g)].map((m) => new URL(m[1], `${origin}/residual-ln/no/such/page`).href);
  const urls = [...new Set([...refs.map((r) => r.url), ...fromNotFound].map((u) => u.split('#')[0]))].filter((u) => u.startsWith(`${origin}/`));
  expect(urls.length).toBeGreaterThan(4);
  for (const url of urls) {
    expect(url.startsWith(baseURL), `${url} lies under the site's base`).toBe(true);
    expect((await request.get(url)).status(), url).toBe(200);
  }
});

/** Puts the page in the states the issue names. */
async function putInStates(page) {
  // an exercise after a wrong answer
  const ex = page.locator('#exercise-11');
  await ex.locator('.ex-part[data-part="ratio"] .ex-answer').fill('7');
  await ex.getByRole('button', { name: 'Check' }).click();
  await expect(ex.getByRole('status')).toContainText(/^(Not right yet|0 of \d+ answers right)/);
  // the card deck turned over
  const deck = page.locator('#card-deck');
  await deck.getByRole('button', { name: 'Show answer' }).click();
  await expect(deck.locator('.deck-back')).toBeVisible();
  // a chart with its data table open
  const chart = page.locator('#figure-grad-profile');
  await openDetails(chart.locator('details.chart-data'));
  await expect(chart.locator('.chart-data table')).toBeVisible();
  // ... and a series switched off in its legend (dimmed, still to be readable)
  await chart.getByRole('switch', { name: /Post-LN/ }).click();
  await expect(chart.getByRole('switch', { name: /Post-LN/ })).toHaveAttribute('aria-checked', 'false');
  // the ε and σ instrument with a message beside a field and its tallest data table open
  const es = page.locator('#eps-sigma-instrument');
  await es.getByLabel('δ', { exact: true }).fill('-1');
  await openDetails(es.locator('details.chart-data').first());
  // every section laid out (content-visibility skips those off screen), so colours are judged everywhere
  await page.addStyleTag({ content: 'main > section { content-visibility: visible !important; }' });
}

/** Runs axe over the whole page as it is. → its serious and critical violations, one line each */
async function scan(page) {
  const { violations, passes } = await axeScan(page);
  expect(passes).toContain('color-contrast'); // axe really judged the colours
  return serious(violations);
}

// Both schemes on the page in the states above: the scheme switches under them, as a reader's system setting does.
test('axe: no serious or critical violation in light or dark mode, every widget mounted', async () => {
  const page = shared();
  await putInStates(page);
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('body')).toHaveCSS('background-color', scheme === 'light' ? LIGHT_BACKGROUND : DARK_BACKGROUND);
    expect(await scan(page), scheme).toEqual([]);
  }
});

test('print: controls hidden, figures in their current state and unsplit, light on paper; a PDF comes out', async () => {
  const page = shared();
  const testInfo = test.info();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('body')).toHaveCSS('background-color', DARK_BACKGROUND);
  await openDetails(page.locator('#figure-grad-profile details.chart-data'));
  await nextFrames(page); // the chart redrawn in the dark screen's colours
  const screenPixels = await page
    .locator('#figure-grad-profile .chart canvas')
    .first()
    .evaluate((c) => c.toDataURL());

  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  const shown = await page.evaluate(() =>
    [...document.querySelectorAll('button, input, select, textarea, .run-status, .theme-switch, .field')]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} “${el.textContent.trim().slice(0, 20)}”`),
  );
  expect(shown, 'controls on paper').toEqual([]);
  // no empty figure on paper: a chart not computed (the lab, not run) is one line saying so under its heading,
  // and every data table printed has values
  const labCharts = page.locator('#training-lab-curves figure.lab-chart');
  expect(await labCharts.count()).toBe(3);
  for (const figure of await labCharts.all()) {
    await expect(figure.locator('figcaption')).toBeVisible();
    await expect(figure.locator('.chart-empty-note')).toBeVisible();
    await expect(figure.locator('.chart-empty-note')).toHaveText(/^Not computed yet when this page was printed/);
  }
  const emptyTables = await page
    .locator('details.chart-data')
    .evaluateAll((tables) => tables.filter((d) => d.getClientRects().length > 0 && !d.querySelector('td[data-value]')).map((d) => d.closest('[id]')?.id));
  expect(emptyTables, 'data tables printed without a value').toEqual([]);
  await expect(page.locator('.chart-empty-note:visible')).toHaveCount(await page.locator('.chart[data-empty="true"]').count());

  // the figures as they stand: six charts drawn (the lab's draw only once it has run), the tables' computed
  // values, the wirings drawing
  const canvases = page.locator('.chart canvas');
  await expect(canvases).toHaveCount(6);
  for (const canvas of await canvases.all()) await expect(canvas).toBeVisible();
  await expect(page.locator('#table-a td[data-value]').first()).toBeVisible();
  await expect(page.locator('#figure-grad-profile .chart-data table')).toBeVisible();
  await expect(page.locator('#figure-s01 svg').first()).toBeVisible();
  // paper is light: the page's colours and the chart redrawn in them
  expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(27, 29, 33)');
  await expect
    .poll(() =>
      page
        .locator('#figure-grad-profile .chart canvas')
        .first()
        .evaluate((c) => c.toDataURL()),
    )
    .not.toBe(screenPixels);
  // nothing that is a figure breaks across pages
  const splittable = await page.evaluate(() =>
    [...document.querySelectorAll('.widget:not(.exercise), figure, table, pre, .math-display, .chart')]
      .filter((el) => getComputedStyle(el).breakInside !== 'avoid')
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );
  expect(splittable).toEqual([]);

  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(100_000);
  await testInfo.attach('printed.pdf', { body: pdf, contentType: 'application/pdf' });
  await testInfo.attach('printed chart', { body: await page.locator('#figure-grad-profile').screenshot(), contentType: 'image/png' });
});
