// @vitest-environment jsdom
// A link that asks for days of work: the figure shows the estimate and starts nothing until the reader says yes
// (web/src/experiment/budget.js), and the budget is the page's, shared by every figure a link starts together.
// Every message the page posts to a worker is recorded, so "nothing started" is what the workers received, not what
// the page claims. Moved from tests/e2e/budget.spec.js (docs/testing.md); each test is a new visit (freshPage).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { click, freshPage, mountFigure, mountFigures } from './harness.js';
import { NodeModuleWorker } from './node-worker.js';

// the light settings (tests/web/light-settings.js), every figure's but table B's
import { LIGHT } from '../light-settings.js';

/** @type {object[]} the options of every run the page posted to a worker, in order */
let posted;
let hold = false; // runs posted are recorded and never sent: none finishes, every figure's work stays outstanding
const post = NodeModuleWorker.prototype.postMessage;
beforeEach(() => {
  posted = [];
  hold = false;
  vi.spyOn(NodeModuleWorker.prototype, 'postMessage').mockImplementation(function (/** @type {any} */ message, transfer) {
    if (message?.options) posted.push(message.options);
    if (hold && message?.options) return;
    post.call(this, message, transfer);
  });
});
afterEach(() => freshPage());

const footerOf = (/** @type {Element} */ figure) => figure.querySelector('.exp-footer')?.textContent ?? '';
// a wait is ten times its step's quiet time or more: the crafted link's 1,152 checks take 7 s to mount and 9 s to
// start, quiet (docs/testing.md, "No race with the clock")
const wait = (/** @type {() => void} */ check, timeout = 300_000) => vi.waitFor(check, { timeout, interval: 50 });
vi.setConfig({ testTimeout: 900_000 });

// Issue 12's link: width 512, twelve depths from 50 to 1024, 32 seeds: 1,152 runs, about 1,500 TFLOP
const DEPTHS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1024];
const others = Object.entries(LIGHT).filter(([key]) => !key.startsWith('b.'));
const CRAFTED = `/?${new URLSearchParams([...others, ['x.d', '512'], ['b.Ls', DEPTHS.join(',')], ['b.seeds', '0-31']])}#table-b`;

it('a crafted link shows the estimate and starts no run until the reader confirms', async () => {
  await freshPage(CRAFTED);
  const table = await mountFigure('#table-b');
  await wait(() =>
    expect(footerOf(table)).toMatch(/^This would start 1,152 runs, about 1,[45]00 TFLOP: roughly [\d.]+ (hours|days) of computing in this browser/),
  );
  expect(footerOf(table)).toContain('Nothing has started yet.');
  const { getPool } = await import('../../../web/src/experiment/pool.js');
  // the page has settled: nothing queued or running, and none of Table B's depths reached a worker
  expect(getPool().status()).toMatchObject({ running: 0, queued: 0 });
  expect(posted.map((o) => o.L).filter((L) => DEPTHS.includes(L))).toEqual([]);

  const confirm = click(table, 'Compute anyway');
  await wait(() => expect(confirm.isConnected && !(/** @type {HTMLElement} */ (confirm).hidden)).toBe(false));
  await wait(() => expect(footerOf(table)).toContain('Computing 1152 runs'));
  await wait(() => expect(posted.length).toBeGreaterThan(0));
  expect(posted[0].L).toBe(50); // the cheapest first
});

it('the article’s own figures never ask', async () => {
  await freshPage('/#table-b');
  const table = await mountFigure('#table-b');
  await wait(() => expect(footerOf(table)).toMatch(/Computing 72 runs|72 runs/));
  expect([...table.querySelectorAll('button')].map((b) => b.textContent?.trim())).not.toContain('Compute anyway');
});

const COMPUTING = ['article-table', 'grad-profile', 'ratio-depth', 'stream-growth'].map((n) => `[data-widget="${n}"]`);

it('figures a link starts together share one budget: the one that would take the page past it asks', async () => {
  hold = true;
  // each figure under its own limit (about 0.97, 0.52 and 0.99 TFLOP); together past the page's
  await freshPage('/?b.seeds=0-11&r.seeds=12-17&m.L=200&m.seeds=0-31#table-b');
  const [b, r, m] = await mountFigures(['#table-b', '#figure-ratio-depth', '#table-measures']);
  await wait(() => expect(footerOf(b)).toMatch(/^Computing \d+ runs?/));
  await wait(() => expect(footerOf(r)).toMatch(/^Computing \d+ runs?/));
  await wait(() =>
    expect(footerOf(m)).toMatch(
      /^This would start 32 runs, about 990 GFLOP: .* Other figures of this page are still computing about 1\.[5-9] TFLOP, and together that is more than the page starts without asking\. Nothing has started yet\./,
    ),
  );
  expect([...m.querySelectorAll('button')].map((x) => x.textContent?.trim())).toContain('Compute anyway');
  expect(posted.filter((o) => o.L === 200)).toEqual([]);
});

it('every figure of the chapter at its own settings, all started at once, asks nothing', async () => {
  hold = true;
  await freshPage('/');
  const figures = await mountFigures(COMPUTING);
  expect(figures.length).toBeGreaterThanOrEqual(10);
  for (const figure of figures) await wait(() => expect(footerOf(figure)).toMatch(/^Computing \d+ runs?/));
  expect([...document.querySelectorAll('button')].map((x) => x.textContent?.trim())).not.toContain('Compute anyway');
});
