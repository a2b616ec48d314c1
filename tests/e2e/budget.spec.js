// A link that asks for days of work: the figure shows the estimate and starts nothing until the reader says
// yes (web/src/experiment/budget.js). Every message the page posts to a worker is recorded, so "nothing
// started" is what the workers received, not what the page claims.
import { expect, test } from './fixtures.js';
import { lightExcept } from './reach.js';

// Issue 12's link: width 512, twelve depths from 50 to 1024, 32 seeds: 1,152 runs, about 1,500 TFLOP
const DEPTHS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1024];
// (the other figures at their smallest: at width 512 their article settings held both workers for a minute before
// Table B's first run could follow the confirmation)
const OTHERS = Object.entries(lightExcept('b'));
const CRAFTED = `./?${new URLSearchParams([...OTHERS, ['x.d', '512'], ['b.Ls', DEPTHS.join(',')], ['b.seeds', '0-31']])}#table-b`;

// the depth of every run posted to any worker of the page, in order
const postedDepths = (page) => page.evaluate(() => window.__postedRuns.map((options) => options.L));

test('a crafted link shows the estimate and starts no run until the reader confirms', async ({ page }) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => {
    window.__postedRuns = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (message?.options) window.__postedRuns.push(message.options);
      return post.call(this, message, ...rest);
    };
  });
  await page.goto(CRAFTED);
  const table = page.locator('#table-b');
  const footer = table.locator('.exp-footer');
  await expect(footer).toContainText(/^This would start 1,152 runs, about 1,[45]00 TFLOP: roughly [\d.]+ (hours|days) of computing in this browser/);
  await expect(footer).toContainText('Nothing has started yet.');
  const confirm = table.getByRole('button', { name: 'Compute anyway' });
  await expect(confirm).toBeVisible();

  // the other figures start theirs (smaller, or asking too); none of Table B's depths reaches a worker
  await page.waitForTimeout(3000);
  expect((await postedDepths(page)).filter((L) => DEPTHS.includes(L))).toEqual([]);
  await expect(page.locator('#table-b .run-status, .run-status-text')).not.toContainText(/1,?152/);

  await confirm.click();
  await expect(confirm).toBeHidden();
  await expect(footer).toContainText('Computing 1152 runs');
  // the other figures' runs may hold both workers for a while: the first of Table B's follows
  await expect.poll(async () => (await postedDepths(page)).filter((L) => DEPTHS.includes(L)).length, { timeout: 120_000 }).toBeGreaterThan(0);
  expect((await postedDepths(page)).find((L) => DEPTHS.includes(L))).toBe(50); // the cheapest first
  await page.locator('.run-status-cancel').click(); // stop the day of work this test started
});

test('the article’s own figures never ask', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('./#table-b');
  const footer = page.locator('#table-b .exp-footer');
  await expect(footer).toContainText(/Computing 72 runs|72 runs/);
  await expect(page.getByRole('button', { name: 'Compute anyway' })).toHaveCount(0);
});

// The page's budget covers every figure a link starts together (issue 29). Runs posted to a worker are held
// back here (recorded, never sent), so none finishes: the budget stays at its assumed speed and every figure's
// work stays outstanding, the worst case for a slow machine.
const holdRuns = (page) =>
  page.addInitScript(() => {
    window.__postedRuns = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (message?.options) return void window.__postedRuns.push(message.options);
      return post.call(this, message, ...rest);
    };
  });
const COMPUTING = ['article-table', 'grad-profile', 'ratio-depth', 'stream-growth'].map((n) => `[data-widget="${n}"]`).join(', ');

test('figures a link starts together share one budget: the one that would take the page past it asks', async ({ page }) => {
  test.setTimeout(120_000);
  await holdRuns(page);
  // each figure under its own limit (about 0.97, 0.52 and 0.99 TFLOP); together past the page's
  await page.goto('./?b.seeds=0-11&r.seeds=12-17&m.L=200&m.seeds=0-31#table-b');
  for (const id of ['table-b', 'figure-ratio-depth']) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await expect(page.locator(`#${id} .exp-footer`)).toContainText(/^Computing \d+ runs/);
  }
  const m = page.locator('#table-measures');
  await m.scrollIntoViewIfNeeded();
  await expect(m.locator('.exp-footer')).toContainText(
    /^This would start 32 runs, about 990 GFLOP: .* Other figures of this page are still computing about 1\.[5-9] TFLOP, and together that is more than the page starts without asking\. Nothing has started yet\./,
  );
  await expect(m.getByRole('button', { name: 'Compute anyway' })).toBeVisible();
  expect((await page.evaluate(() => window.__postedRuns)).filter((o) => o.L === 200)).toEqual([]);
});

test('every figure of the chapter at its own settings, all started at once, asks nothing', async ({ page }) => {
  test.setTimeout(120_000);
  await holdRuns(page);
  await page.goto('./');
  const figures = page.locator(COMPUTING);
  const count = await figures.count();
  expect(count).toBeGreaterThanOrEqual(10);
  for (let i = 0; i < count; i++) {
    await figures.nth(i).scrollIntoViewIfNeeded();
    await expect(figures.nth(i).locator('.exp-footer')).toContainText(/^Computing \d+ runs/);
  }
  await expect(page.getByRole('button', { name: 'Compute anyway' })).toHaveCount(0);
});
