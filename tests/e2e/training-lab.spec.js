// The training lab (Part 3) in a real browser, on the real training kernel in the page's workers: the
// default view trains as PyTorch does (docs/design/training.md), steps stream in before a run finishes, Cancel stops
// the workers, a link restores the controls, every chart and heat map has its table and the tables agree
// with each other, the learning-rate cliff, the prediction exercise, and the lab stays accessible and
// phone-sized. Every run but the first test's is tiny: the point there is the page, not the result.
import { axeScan, serious } from './axe.js';
import { expect, warmTest as test } from './fixtures.js';
import { LIGHT, selectLabelFit } from './reach.js';

test.describe.configure({ timeout: 120_000 });

// docs/design/training.md, "What PyTorch shows": what PyTorch measures at the default view (d = 64, 4 heads, B = 2,
// T = 16, Adam at 3e-3, 150 steps, regression), seeds 0–4; the mean of the last 10 losses per seed lies in these
// ranges (as printed there, to three decimals) and a run trains below 0.2.
const PYTORCH = {
  'post|0': { trained: 'false', lo: 0.968, hi: 0.999 },
  'post|50': { trained: 'true', lo: 0.021, hi: 0.024 },
  'pre|0': { trained: 'true', lo: 0.017, hi: 0.022 },
};
const THRESHOLD_REGRESS = 0.2;
const HALF_DIGIT = 0.0005; // the printed ranges are rounded to three decimals

const lab = (page) => page.locator('#training-lab-curves');
const cliff = (page) => page.locator('#training-lab-cliff');
const url = (params = {}, hash = '#training-lab') => `./?${new URLSearchParams({ ...LIGHT, ...params })}${hash}`;

async function openLab(page, params = {}) {
  await page.goto(url(params));
  await expect(lab(page).getByRole('button', { name: 'Run', exact: true })).toBeVisible({ timeout: 30_000 });
  return lab(page);
}

/** a figure's data table as {column: [values by row]} (full precision from data-value); opens it first */
async function readTable(figure) {
  const details = figure.locator('details.chart-data').first();
  if (!(await details.evaluate((d) => d.open))) await details.locator('summary').click();
  await expect(details).not.toHaveAttribute('data-pending'); // (an open table redraws on the next frame)
  return details.locator('tbody tr').evaluateAll((rows) => {
    const out = {};
    for (const tr of rows) {
      for (const td of tr.querySelectorAll('td[data-value]')) (out[td.dataset.col] ??= []).push(Number(td.dataset.value));
    }
    return out;
  });
}

const runsOf = (widget) =>
  widget.locator('.lab-run').evaluateAll((els) =>
    els.map((e) => ({
      placement: e.getAttribute('data-placement'),
      L: e.getAttribute('data-L'),
      warmup: e.getAttribute('data-warmup'),
      lr: e.getAttribute('data-lr'),
      seed: e.getAttribute('data-seed'),
      finalLoss: Number(e.getAttribute('data-final-loss')),
      trained: e.getAttribute('data-trained'),
    })),
  );

test('the default view trains as PyTorch does: Post-LN at L = 24 stalls without warmup, trains with it; Pre-LN trains', async ({ page }) => {
  test.setTimeout(1_200_000); // 13 runs of about 35 GFLOP each, on a machine other tests share
  const L = await openLab(page);
  // the prediction: three states, 'no prediction' by default; the first said to train (it does not), the
  // second to stall (it trains), the third left alone (not marked, never taken for 'does not train')
  const choices = L.locator('.lab-predict select');
  await expect(choices).toHaveCount(3);
  for (const choice of await choices.all()) await expect(choice).toHaveValue('');
  await choices.nth(0).selectOption({ label: 'trains' });
  await choices.nth(1).selectOption({ label: 'does not train' });
  await L.getByRole('button', { name: 'Run', exact: true }).click();
  // small training runs get one worker more than the cores (pool.js): with 9 runs queued, every one is busy
  const cores = await page.evaluate(() => Math.min(4, navigator.hardwareConcurrency || 2));
  await expect(page.locator('.run-status-text')).toContainText(`Computing in ${cores + 1} workers`);
  await expect(L.locator('.lab-run')).toHaveCount(9, { timeout: 840_000 });

  const runs = await runsOf(L);
  for (const r of runs) {
    expect(r.L).toBe('24');
    expect(r.lr).toBe('0.003');
    expect(['0', '1', '2']).toContain(r.seed);
    const ref = PYTORCH[`${r.placement}|${r.warmup}`];
    expect(ref, `${r.placement} warmup ${r.warmup}`).toBeDefined();
    expect(r.trained, `${r.placement} warmup ${r.warmup} seed ${r.seed}`).toBe(ref.trained);
    expect(r.finalLoss).toBeGreaterThanOrEqual(ref.lo - HALF_DIGIT);
    expect(r.finalLoss).toBeLessThanOrEqual(ref.hi + HALF_DIGIT);
    expect(r.trained).toBe(String(r.finalLoss < THRESHOLD_REGRESS));
  }
  await expect(L.locator('.lab-summary caption')).toContainText(`below ${THRESHOLD_REGRESS}`);
  // (in words: issue 35 found "1 of 1 seeds")
  await expect(L.locator('.lab-summary .lab-count')).toHaveText(['none of the 3 seeds trained', 'all 3 seeds trained', 'all 3 seeds trained']);
  await expect(L.locator('.lab-verdict')).toHaveText([/not so/, /not so/, /no prediction; all 3 seeds trained/]);
  await expect(L.locator('.lab-predict-score')).toHaveText('0 of 2 predictions right. 1 configuration was left without one.');
  await expectStalls(L);

  // the other seeds PyTorch shows for Post-LN (0–4): 3 and 4, with and without warmup
  await L.getByRole('button', { name: 'Remove configuration 3' }).click();
  await L.getByRole('textbox', { name: 'Seeds', exact: true }).fill('3-4');
  await L.getByRole('textbox', { name: 'Seeds', exact: true }).press('Enter');
  await L.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(L.locator('.lab-run')).toHaveCount(4, { timeout: 600_000 });
  for (const r of await runsOf(L)) {
    expect(['3', '4']).toContain(r.seed);
    const ref = PYTORCH[`${r.placement}|${r.warmup}`];
    expect(r.trained, `${r.placement} warmup ${r.warmup} seed ${r.seed}`).toBe(ref.trained);
    expect(r.finalLoss).toBeGreaterThanOrEqual(ref.lo - HALF_DIGIT);
    expect(r.finalLoss).toBeLessThanOrEqual(ref.hi + HALF_DIGIT);
  }
});

/**
 * A stall, not a blow-up (what exercise 14 and the prose say the lab measures): Post-LN without warmup never
 * rises above its first loss, stays finite, and the ratio block 1 / block 24 collapses (PyTorch: to 1e-5 …
 * 1e-8), while in the runs that train it never falls below a hundredth (it dips mildly, at most).
 */
async function expectStalls(L) {
  const loss = await readTable(L.locator('figure.lab-chart', { hasText: 'Loss against step' }));
  const ratio = await readTable(L.locator('figure.lab-chart', { hasText: 'Gradient ratio' }));
  expect(Object.keys(loss)).toHaveLength(9);
  for (const [id, losses] of Object.entries(loss)) {
    expect(losses).toHaveLength(150);
    for (const v of losses) expect(Number.isFinite(v)).toBe(true);
    const [, placement, , warmup] = id.split('|');
    if (placement === 'post' && warmup === '0') {
      expect(Math.max(...losses)).toBeLessThanOrEqual(losses[0]);
      expect(ratio[id].at(-1)).toBeLessThan(1e-4);
    } else {
      expect(Math.min(...ratio[id])).toBeGreaterThan(1e-2);
    }
  }
}

test('steps stream in before a run finishes, and Cancel stops the workers and says so', async ({ page }) => {
  // as many seeds as the pool can have workers (4), so every worker runs one and none idles; runs long
  // enough (the kernel's most steps) that a loaded machine cannot finish them before the test cancels
  const L = await openLab(page, { 't.configs': 'post-4-0', 't.steps': '10000', 't.seeds': '0-3' });
  await L.getByRole('button', { name: 'Run', exact: true }).click();
  // about 1.6 TFLOP: over the work budget, so the lab shows the estimate and starts nothing until asked
  await expect(L.locator('.lab-footer')).toContainText('Nothing has started yet.');
  expect(await L.evaluate((el) => el.querySelectorAll('figure.lab-chart details.chart-data')[0].querySelectorAll('tbody tr').length)).toBe(0);
  await L.getByRole('button', { name: 'Compute anyway' }).click();
  const state = () =>
    L.evaluate((el) => ({
      rows: el.querySelectorAll('figure.lab-chart details.chart-data')[0].querySelectorAll('tbody tr').length,
      finished: el.querySelectorAll('.lab-run').length,
    }));
  await expect.poll(async () => (await state()).rows, { timeout: 30_000 }).toBeGreaterThan(0);
  const early = await state();
  expect(early.finished).toBe(0);
  expect(early.rows).toBeLessThan(10000);
  await expect.poll(async () => (await state()).rows).toBeGreaterThan(early.rows); // and keeps coming
  await expect(L.locator('.u-legend')).toHaveCount(3);
  // a closed data table is not rebuilt at every result while the steps stream (that took a quarter of the main
  // thread the workers share): at most every 4 s, so at most 3 times in 8 s (it had been about once a second:
  // docs/measurements.md, "A closed data table waits for its results to pause")
  const redraws = await L.evaluate(async (el) => {
    const table = el.querySelector('figure.lab-chart details.chart-data table');
    let count = 0;
    const watch = new MutationObserver(() => count++);
    watch.observe(table, { childList: true });
    await new Promise((resolve) => setTimeout(resolve, 8000));
    watch.disconnect();
    return { count, open: table.closest('details').open, finished: el.querySelectorAll('.lab-run').length };
  });
  expect(redraws).toEqual({ count: expect.any(Number), open: false, finished: 0 });
  expect(redraws.count).toBeGreaterThanOrEqual(1);
  expect(redraws.count).toBeLessThanOrEqual(3);
  expect(page.workers().length).toBeGreaterThan(0);

  await page.locator('.run-status').getByRole('button', { name: 'Cancel' }).click();
  await expect(L.locator('.lab-footer')).toContainText('Cancelled');
  await expect.poll(() => page.workers().length, { message: 'the running workers are stopped' }).toBe(0);
  await page.waitForTimeout(3000); // a closed data table redraws once its results pause for 1 s, when the page is idle
  const stopped = await state();
  await page.waitForTimeout(1500);
  expect(await state()).toEqual(stopped);
  expect(stopped.finished).toBe(0);
  await expect(page.locator('.run-status')).toBeHidden();
});

test('a link restores the lab: controls from the URL, bad values answered beside their field, links in the chapter set it up in place', async ({ page }) => {
  const L = await openLab(page, {
    't.task': 'char',
    't.configs': 'pre-6-10,nores-3-0',
    't.lr': '2e-3',
    't.steps': '40',
    't.seeds': '1, 4',
  });
  await expect(L.getByLabel('Task')).toHaveValue('char');
  await expect(L.locator('.lab-config')).toHaveCount(2);
  await expect(L.getByLabel('Wiring of configuration 1')).toHaveValue('pre');
  await expect(L.getByLabel('Wiring of configuration 2')).toHaveValue('nores');
  await expect(L.getByLabel('Depth L').nth(0)).toHaveValue('6');
  await expect(L.getByLabel('Warmup steps').nth(0)).toHaveValue('10');
  await expect(L.getByLabel('Depth L').nth(1)).toHaveValue('3');
  await expect(L.getByLabel('Learning rate', { exact: true })).toHaveValue('2e-3');
  expect(Number(await L.getByLabel('Learning rate, logarithmic scale').inputValue())).toBeCloseTo(Math.log10(2e-3), 1);
  await expect(L.getByLabel('Steps', { exact: true })).toHaveValue('40');
  await expect(L.getByRole('textbox', { name: 'Seeds', exact: true })).toHaveValue('1, 4');
  await expect(L.locator('.lab-predict li')).toHaveText([/Pre-LN, L = 6, warmup 10/, /no residual, L = 3, no warmup/]);

  // a change goes back into the URL; a bad one gets its message and does not
  await L.getByLabel('Steps', { exact: true }).fill('60');
  await L.getByLabel('Steps', { exact: true }).press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('t.steps')).toBe('60');
  await L.getByLabel('Depth L').nth(1).fill('abc');
  await L.getByLabel('Depth L').nth(1).blur();
  await expect(L.locator('.lab-config').nth(1).locator('.field-message').first()).toContainText('not a number');
  expect(new URL(page.url()).searchParams.get('t.configs')).toBe('pre-6-10,nores-3-0');
  await L.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(L.locator('.lab-status')).toContainText('cannot be read');
  await expect(L.locator('.lab-run, .lab-run-pending')).toHaveCount(0);

  // what the kernel refuses (train.check): its message beside the field, or beside the configuration
  await openLab(page, { 't.steps': '20000', 't.configs': 'post-24-0,pre-1000-0' });
  await L.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(L.getByLabel('Steps', { exact: true }).locator('xpath=..').locator('.field-message')).toContainText('steps must be between 1 and');
  await L.getByLabel('Steps', { exact: true }).fill('150');
  await L.getByLabel('Steps', { exact: true }).press('Enter');
  await expect(L.getByLabel('Steps', { exact: true }).locator('xpath=..').locator('.field-message')).toBeEmpty();
  await L.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(L.locator('.lab-config-message').nth(1)).toContainText('memory');
  await expect(L.locator('.lab-config-message').nth(0)).toBeEmpty();
  await expect(L.locator('.lab-status')).toContainText('cannot run');
  await expect(L.locator('.lab-run, .lab-run-pending')).toHaveCount(0);

  // hostile or broken values in a link: a message, never a crash
  await openLab(page, { 't.lr': '-1', 't.seeds': '5-2', 't.configs': 'sideways-24-0' });
  await expect(L.getByLabel('Learning rate', { exact: true }).locator('xpath=..').locator('.field-message')).toContainText('above 0');
  await expect(L.getByRole('textbox', { name: 'Seeds', exact: true }).locator('xpath=..').locator('.field-message')).toContainText('empty');
  await expect(L.locator('.lab-configs-message')).toContainText('sideways');
  await expect(L.locator('.lab-config')).toHaveCount(3); // the default configurations instead

  // exercise 14's link sets the lab up in place (no reload) and hands Run the focus; the reader came in at the
  // top, set the lab up and read on
  await page.goto(url({ 't.configs': 'pre-12-0', 't.lr': '1e-3' }, ''));
  await L.scrollIntoViewIfNeeded();
  await expect(L.getByRole('button', { name: 'Run', exact: true })).toBeVisible();
  await page.evaluate(() => (window.__samePage = true));
  const link = page.locator('#exercise-14 a[href*="#training-lab"]');
  await link.scrollIntoViewIfNeeded();
  // where the link is as it is clicked (the click itself may scroll it into view again)
  await link.evaluate((a) => window.addEventListener('click', () => (window.__clickedAt = a.getBoundingClientRect().top), { capture: true, once: true }));
  await link.click();
  const clickedAt = await page.evaluate(() => window.__clickedAt);
  await expect(L.locator('.lab-config')).toHaveCount(2);
  await expect(L.getByLabel('Depth L').nth(0)).toHaveValue('6');
  await expect(L.getByLabel('Depth L').nth(1)).toHaveValue('48');
  await expect(L.getByLabel('Learning rate', { exact: true })).toHaveValue('3e-3'); // the link's missing values: the defaults
  await expect(L.getByRole('button', { name: 'Run', exact: true })).toBeFocused();
  expect(await page.evaluate(() => window.__samePage)).toBe(true);
  expect(new URL(page.url()).searchParams.get('t.configs')).toBe('post-6-0,post-48-0');
  expect(new URL(page.url()).hash).toBe('#training-lab');

  // the jump is a step in the history, as a link within the page is: Back returns to the exercise where it was in
  // the window (no reload), even when the page above it changed meanwhile (here the exercise before it grows, as
  // a figure that gives up its reserved height while the reader is away does), and the lab to that entry's URL;
  // Forward sets the link's values again
  await page.locator('#exercise-13').evaluate((el) => (el.style.minHeight = `${el.offsetHeight + 600}px`));
  await page.goBack();
  await expect.poll(() => new URL(page.url()).searchParams.get('t.configs')).toBe('pre-12-0');
  expect(new URL(page.url()).hash).toBe('');
  await expect(link).toBeInViewport();
  await expect.poll(() => link.evaluate((a) => Math.round(a.getBoundingClientRect().top))).toBeCloseTo(clickedAt, -1);
  expect(await page.evaluate(() => history.scrollRestoration), 'a reload of this entry restores as usual').toBe('auto');
  await expect(L.locator('.lab-config')).toHaveCount(1);
  await expect(L.getByLabel('Learning rate', { exact: true })).toHaveValue('1e-3');
  await page.goForward();
  await expect(L.getByLabel('Depth L').nth(1)).toHaveValue('48');
  await expect(L.locator('.lab-config')).toHaveCount(2);
  expect(new URL(page.url()).searchParams.get('t.configs')).toBe('post-6-0,post-48-0');
  // a move that keeps the lab's parameters (a contents link, then Back) leaves its fields as the reader left them,
  // a value not yet valid included
  await L.getByLabel('Steps', { exact: true }).fill('abc');
  await page.locator('nav.toc a[href="#so"]').click();
  await expect(page).toHaveURL(/#so$/);
  await page.goBack();
  await expect(page).toHaveURL(/#training-lab$/);
  await expect(L.getByLabel('Steps', { exact: true })).toHaveValue('abc');
  await expect(L.getByLabel('Depth L').nth(1)).toHaveValue('48');
  expect(await page.evaluate(() => window.__samePage)).toBe(true);
});

test('before the lab has mounted, exercise 14’s link opens it with its configurations, in the same page', async ({ page }) => {
  await page.goto(url({}, '#exercise-14'));
  await page.evaluate(() => (window.__samePage = true));
  await expect(lab(page)).not.toHaveAttribute('data-mount', /./);
  await page.locator('#exercise-14 a[href*="#training-lab"]').click();
  const L = lab(page);
  await expect(L.locator('.lab-config')).toHaveCount(2);
  await expect(L.getByLabel('Depth L').nth(1)).toHaveValue('48');
  expect(new URL(page.url()).searchParams.get('t.configs')).toBe('post-6-0,post-48-0');
  expect(new URL(page.url()).searchParams.get('a.L')).toBe(LIGHT['a.L']); // the other figures' parameters stay
  expect(await page.evaluate(() => window.__samePage), 'no reload').toBe(true);
});

test("every chart and heat map has its data table, and the tables agree with the kernel's runs", async ({ page }) => {
  const L = await openLab(page, { 't.configs': 'post-3-0,pre-3-5', 't.steps': '12', 't.seeds': '0-1' });
  await L.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(L.locator('.lab-run')).toHaveCount(4);
  await expect(L.locator('.lab-footer')).toHaveText(/^4 runs/);

  // three step charts (loss, ratio, the stream's sd after the last block), each a described image with its own table
  const charts = L.locator('figure.lab-chart');
  await expect(charts).toHaveCount(3);
  for (const chart of await charts.all()) {
    await expect(chart.locator('.chart[role="img"]')).toHaveAttribute('aria-label', /logarithmic y axis.*data table/);
    await expect(chart.locator('.chart canvas').first()).toBeVisible();
    await expect(chart.locator('details.chart-data')).toHaveCount(1);
  }
  const loss = await readTable(charts.nth(0));
  const ratio = await readTable(charts.nth(1));
  expect(Object.keys(loss)).toHaveLength(4);
  for (const losses of Object.values(loss)) expect(losses).toHaveLength(12);
  const spread = await readTable(charts.nth(2));
  expect(Object.keys(spread)).toEqual(Object.keys(loss));
  for (const sds of Object.values(spread)) for (const sd of sds) expect(sd).toBeGreaterThan(0);

  // one heat map per configuration (seed 0 first), a table each, one colour legend for both
  const heats = L.locator('figure.lab-heat');
  await expect(heats).toHaveCount(2);
  await expect(heats.nth(0).locator('canvas')).toHaveAttribute('aria-label', /3 blocks.*12 of 12 computed/);
  await expect(L.locator('.lab-heat-legend-ticks span').first()).toHaveText(/^1e/);
  const grads = await readTable(heats.nth(0));
  expect(Object.keys(grads)).toEqual(['b1', 'b2', 'b3']);
  // the ratio drawn is block 1 over block L of the norms drawn (both the kernel's, per step)
  const post0 = Object.keys(ratio).find((id) => id.includes('|post|') && id.endsWith('|0'));
  grads.b1.forEach((g1, k) => expect(ratio[post0][k]).toBeCloseTo(g1 / grads.b3[k], 12));
  // another seed in the heat maps: other values
  await L.getByLabel('Seed shown in the heat maps').selectOption('1');
  await expect(heats.nth(0).locator('figcaption')).toHaveText(/seed 1$/);
  await expect(heats.nth(0).locator('table caption')).toHaveText(/seed 1:/);
  const grads1 = await readTable(heats.nth(0));
  expect(grads1.b1).not.toEqual(grads.b1);

  // each run's final loss is the mean of its last ten losses in the table
  for (const r of await runsOf(L)) {
    const id = Object.keys(loss).find((k) => k.includes(`|${r.placement}|3|${r.warmup}|`) && k.endsWith(`|${r.seed}`));
    const last = loss[id].slice(-10);
    expect(r.finalLoss).toBeCloseTo(last.reduce((a, b) => a + b, 0) / last.length, 12);
  }
});

test('the learning-rate cliff: the final loss of each run against the rate, with the threshold, and its table', async ({ page }) => {
  await page.goto(url({ 'tc.L': '2', 'tc.lrs': '1e-3, 1e-2', 'tc.steps': '12' }, '#the-learning-rate-cliff'));
  const C = cliff(page);
  await C.scrollIntoViewIfNeeded();
  await expect(C.getByRole('button', { name: 'Run', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(C.getByLabel('Post-LN')).toBeChecked();
  await expect(C.getByLabel('Pre-LN')).toBeChecked();
  await C.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(C.locator('.lab-run')).toHaveCount(4);
  const runs = await runsOf(C);
  expect(runs.map((r) => `${r.placement} ${r.lr}`).sort()).toEqual(['post 0.001', 'post 0.01', 'pre 0.001', 'pre 0.01']);
  await expect(C.locator('.chart[role="img"]')).toHaveAttribute('aria-label', /final loss.*learning rate.*data table/);
  const table = await readTable(C);
  expect(Object.keys(table).sort()).toEqual(['post-0', 'pre-0']);
  for (const r of runs) {
    const row = r.lr === '0.001' ? 0 : 1;
    expect(table[`${r.placement}-0`][row]).toBe(r.finalLoss);
  }
  await expect(C.locator('.u-legend')).toContainText('threshold');
});

test('at 1280 px the lab’s selects show their whole label (the task, a wiring)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const L = await openLab(page, { 't.configs': 'post-2-0', 't.steps': '2', 't.seeds': '0' });
  for (const name of ['Task', 'Wiring of configuration 1']) {
    // the room for text: the box less its padding and Chromium's drop-down arrow (about 19 px; a select as
    // wide as its longest choice leaves exactly that)
    const fit = await selectLabelFit(L.getByLabel(name, { exact: true }), 18);
    expect(fit.longest, `${name}: the longest label fits its box`).toBeLessThanOrEqual(fit.room);
  }
});

test('the lab is keyboard-reachable before it computes, axe-clean with its results out, and fits a phone', async ({ page }) => {
  const L = await openLab(page, { 't.configs': 'post-2-0,pre-2-0', 't.steps': '12', 't.seeds': '0' });
  // from the wiring of the first configuration, Tab reaches every control and Run; nothing has computed
  await L.getByLabel('Wiring of configuration 1').focus();
  const seen = [];
  for (let i = 0; i < 20; i++) {
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        return (el.getAttribute('aria-label') || el.labels?.[0]?.textContent || el.textContent || '').trim();
      }),
    );
    await page.keyboard.press('Tab');
  }
  for (const name of [
    'Wiring of configuration 2',
    'Remove configuration 1',
    'Add a configuration',
    'Task',
    'Learning rate',
    'Learning rate, logarithmic scale',
    'Steps',
    'Seeds',
    'Run',
  ]) {
    expect(seen.join('\n')).toContain(name);
  }
  await expect(L.locator('.lab-run, .lab-run-pending')).toHaveCount(0);
  // the heat maps' seed waits for a run, listing the seeds it will have (it was an empty select)
  const heatSeed = L.getByLabel('Seed shown in the heat maps');
  await expect(heatSeed).toBeDisabled();
  await L.getByLabel('Seeds', { exact: true }).fill('0, 3');
  await expect(heatSeed.locator('option')).toHaveText(['seed 0', 'seed 3']);
  await L.getByLabel('Seeds', { exact: true }).fill('0');
  await expect(heatSeed.locator('option')).toHaveText(['seed 0']);

  await L.getByRole('button', { name: 'Run', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(L.locator('.lab-run')).toHaveCount(2);
  await expect(heatSeed).toBeEnabled();
  for (const details of await L.locator('details.chart-data').all()) await details.locator('summary').click();
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(serious((await axeScan(page, '#training-lab')).violations), scheme).toEqual([]);
  }

  await page.setViewportSize({ width: 375, height: 667 });
  await L.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const sticking = await L.evaluate((root) =>
    [...root.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5)
      .filter((el) => {
        for (let a = el.parentElement; a; a = a.parentElement) if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return false;
        return true;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );
  expect(sticking).toEqual([]);
});

// Issue 29: a learning rate far past the cliff blows the weights out of float64's range. The run stops at that
// step and the summary says so, where it had failed with "x must contain only finite numbers".
test('a run that blows up says it diverged, and at which step', async ({ page }) => {
  const L = await openLab(page, { 't.configs': 'post-2-0', 't.lr': '1e300', 't.steps': '20', 't.seeds': '0' });
  await L.getByRole('button', { name: 'Run', exact: true }).click();
  const run = L.locator('.lab-run');
  await expect(run).toHaveCount(1, { timeout: 60_000 });
  // (the reason is the kernel's: here the weights an update sent past float64's range, refused by the next forward)
  await expect(run).toHaveText(/^seed 0: ✗ diverged at step \d+ \(its weights left float64’s range\)$/);
  await expect(run).toHaveAttribute('data-diverged-at', /^\d+$/);
  await expect(L).not.toContainText('finite numbers');
});

test('the char model, visible: its text, the chance level, samples at step 0, midway and the end, and a prompt of your own', async ({ page }) => {
  const L = await openLab(page, { 't.task': 'char', 't.configs': 'pre-2-0', 't.steps': '40', 't.seeds': '0', 't.lr': '1e-2' });
  const samples = L.locator('.lab-samples');
  await expect(samples.locator('.lab-text summary')).toHaveText('The training text (900 characters, V = 28 distinct)');
  await expect(samples.locator('.lab-text-body')).toHaveText(/^the quick brown fox jumps over the lazy dog\. the quick/);
  await L.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(L.locator('.lab-run')).toHaveCount(1, { timeout: 60_000 });
  const shown = samples.locator('.lab-sample-runs [data-sample]');
  await expect(shown).toHaveCount(3);
  expect(await shown.evaluateAll((els) => els.map((e) => e.dataset.step))).toEqual(['0', '20', '40']);
  // one count for the charts and the samples: updates done (the charts' last loss, taken before the last update, is
  // at 39; the last sample comes after all 40 updates; issue 35 found "after step 40" beside a chart ending at 39)
  await expect(shown.locator('.lab-sample-step')).toHaveText(['before any update: ', 'after 20 updates: ', 'after 40 updates: ']);
  expect(
    await L.locator('.lab-chart')
      .first()
      .evaluate((f) => f.querySelector('.u-legend .u-series th')?.textContent ?? ''),
  ).toMatch(/updates done/);
  const atEnd = await shown.nth(2).getAttribute('data-sample');
  expect(atEnd).toHaveLength(40);
  expect(
    await L.locator('.lab-chart')
      .first()
      .evaluate((f) => f.textContent + (f.querySelector('[aria-label]')?.getAttribute('aria-label') ?? '')),
  ).toMatch(/chance, ln 28 = 3\.332/);

  // the reader's prompt: the kernel's own prompt after the last step gives the run's last sample again
  const ask = samples.locator('.lab-ask');
  await ask.getByLabel('After how many updates').fill('40');
  await ask.getByRole('button', { name: 'Continue' }).click();
  await expect(ask.locator('.lab-ask-out [data-sample]')).toHaveAttribute('data-sample', atEnd, { timeout: 60_000 });
  await expect(ask.locator('.lab-ask-out [data-sample]')).toHaveAttribute('data-step', '40');
  const bars = ask.locator('.lab-probs li');
  await expect(bars).toHaveCount(8);
  const ps = await bars.evaluateAll((els) => els.map((e) => Number(e.dataset.p)));
  expect(ps.every((p, i) => p >= 0 && p <= 1 && (i === 0 || p <= ps[i - 1]))).toBe(true);
  // after step 0 the untrained model, and a prompt it cannot read is answered beside its field
  await ask.getByLabel('After how many updates').fill('0');
  await ask.getByRole('button', { name: 'Continue' }).click();
  await expect(ask.locator('.lab-ask-out [data-sample]')).toHaveAttribute('data-sample', (await shown.nth(0).getAttribute('data-sample')) ?? '', {
    timeout: 60_000,
  });
  await ask.getByLabel('Prompt').fill('The Fox');
  await ask.getByRole('button', { name: 'Continue' }).click();
  await expect(ask.getByLabel('Prompt').locator('xpath=..').locator('.field-message')).toHaveText(
    "The prompt may hold only the text's characters (a to z, space and '.'): 'T' is not one of them.",
  );
  await ask.getByLabel('After how many updates').fill('41');
  await ask.getByRole('button', { name: 'Continue' }).click();
  await expect(ask.getByLabel('After how many updates').locator('xpath=..').locator('.field-message')).toHaveText(
    'The number of updates must be between 0 and 40 (got 41).',
  );
});

test('over the work budget: the question is asked beside Run, and the seeds say they wait for the reader', async ({ page }) => {
  const L = await openLab(page, { 't.steps': '10000', 't.seeds': '0-7' });
  await L.getByRole('button', { name: 'Run', exact: true }).click();
  const answer = L.locator('.lab-run-bar + .lab-run-answer');
  await expect(answer.locator('.lab-footer')).toContainText('This would start');
  await expect(answer.getByRole('button', { name: 'Compute anyway' })).toBeVisible();
  const pending = L.locator('.lab-summary .lab-run-pending');
  await expect(pending).toHaveCount(24);
  await expect(pending.first()).toHaveText('seed 0: not started: press Compute, beside Run');
  await expect(L.locator('.lab-summary')).not.toContainText('waiting');
  await expect(page.locator('.run-status-text')).toBeHidden(); // nothing runs
});
