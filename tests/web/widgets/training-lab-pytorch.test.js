// @vitest-environment jsdom
// Long: the lab's default view, trained step by step (starts first: tests/web/sequencer.js).
// The training lab's default view trains as PyTorch does (docs/design/training.md): Post-LN at L = 24 stalls without warmup and
// trains with it, Pre-LN trains, every seed of PyTorch's 0–4 inside its printed range, with the prediction exercise
// marked against the kernel's verdicts. 13 runs of about 35 GFLOP each in the page's workers (Node worker threads
// running the page's worker.js): a file of its own, so that the lab's quick tests (training-lab.test.js) do not wait
// behind it. Moved from tests/e2e/training-lab.spec.js (docs/testing/moved-figures.md).
import { afterAll, expect, it } from 'vitest';
import { click, field, fill } from './harness.js';
import { LIGHT, addressOf, closePage, openPage, runsOf, tableColumns, textOf, until } from './figures-helpers.js';

afterAll(closePage);

// docs/design/training.md: what PyTorch measures at the default view (d = 64, 4 heads, B = 2, T = 16, Adam at 3e-3,
// 150 steps, regression), seeds 0–4; the mean of the last 10 losses per seed lies in these ranges (as
// printed there, to three decimals) and a run trains below 0.2.
/** @type {Record<string, {trained: string, lo: number, hi: number}>} */
const PYTORCH = {
  'post|0': { trained: 'false', lo: 0.968, hi: 0.999 },
  'post|50': { trained: 'true', lo: 0.021, hi: 0.024 },
  'pre|0': { trained: 'true', lo: 0.017, hi: 0.022 },
};
const THRESHOLD_REGRESS = 0.2;
const HALF_DIGIT = 0.0005; // the printed ranges are rounded to three decimals

const texts = (/** @type {ParentNode} */ root, /** @type {string} */ selector) => [...root.querySelectorAll(selector)].map((e) => textOf(e));

it('the default view trains as PyTorch does: Post-LN at L = 24 stalls without warmup, trains with it; Pre-LN trains', async () => {
  const [L] = await openPage(addressOf(LIGHT, '#training-lab'), '#training-lab-curves');
  // the prediction: three states, 'no prediction' by default; the first said to train (it does not), the
  // second to stall (it trains), the third left alone (not marked, never taken for 'does not train')
  const choices = /** @type {HTMLSelectElement[]} */ ([...L.querySelectorAll('.lab-predict select')]);
  expect(choices).toHaveLength(3);
  for (const choice of choices) expect(choice.value).toBe('');
  for (const [k, label] of [
    [0, 'trains'],
    [1, 'does not train'],
  ]) {
    const option = [...choices[Number(k)].options].find((o) => textOf(o) === label);
    choices[Number(k)].value = String(option?.value);
    choices[Number(k)].dispatchEvent(new Event('change', { bubbles: true }));
  }
  click(L, 'Run');
  // small training runs get one worker more than the cores (pool.js): with 9 runs queued, every one is busy
  const cores = Math.min(4, navigator.hardwareConcurrency || 2);
  await until(() => expect(textOf(document.querySelector('.run-status-text'))).toContain(`Computing in ${cores + 1} workers`), 15_000);
  await until(() => expect(L.querySelectorAll('.lab-run')).toHaveLength(9), 840_000);

  const runs = runsOf(L);
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
  await until(() => expect(textOf(L.querySelector('.lab-summary caption'))).toContain(`below ${THRESHOLD_REGRESS}`));
  // (in words: issue 35 found "1 of 1 seeds")
  expect(texts(L, '.lab-summary .lab-count')).toEqual(['none of the 3 seeds trained', 'all 3 seeds trained', 'all 3 seeds trained']);
  const verdicts = texts(L, '.lab-verdict');
  expect(verdicts).toHaveLength(3);
  [/not so/, /not so/, /no prediction; all 3 seeds trained/].forEach((verdict, k) => expect(verdicts[k]).toMatch(verdict));
  expect(textOf(L.querySelector('.lab-predict-score'))).toBe('0 of 2 predictions right. 1 configuration was left without one.');
  await expectStalls(L);

  // the other seeds PyTorch shows for Post-LN (0–4): 3 and 4, with and without warmup
  /** @type {HTMLElement} */ (L.querySelector('button[aria-label="Remove configuration 3"]')).click();
  fill(field(L, 'Seeds'), '3-4');
  click(L, 'Run');
  await until(() => expect(L.querySelectorAll('.lab-run')).toHaveLength(4), 600_000);
  for (const r of runsOf(L)) {
    expect(['3', '4']).toContain(r.seed);
    const ref = PYTORCH[`${r.placement}|${r.warmup}`];
    expect(r.trained, `${r.placement} warmup ${r.warmup} seed ${r.seed}`).toBe(ref.trained);
    expect(r.finalLoss).toBeGreaterThanOrEqual(ref.lo - HALF_DIGIT);
    expect(r.finalLoss).toBeLessThanOrEqual(ref.hi + HALF_DIGIT);
  }
}, 1_200_000);

/**
 * A stall, not a blow-up (what exercise 14 and the prose say the lab measures): Post-LN without warmup never
 * rises above its first loss, stays finite, and the ratio block 1 / block 24 collapses (PyTorch: to 1e-5 …
 * 1e-8), while in the runs that train it never falls below a hundredth (it dips mildly, at most).
 * @param {HTMLElement} L
 */
async function expectStalls(L) {
  const figure = (/** @type {string} */ title) =>
    /** @type {HTMLElement} */ ([...L.querySelectorAll('figure.lab-chart')].find((f) => (f.textContent ?? '').includes(title)));
  const loss = await tableColumns(figure('Loss against step'));
  const ratio = await tableColumns(figure('Gradient ratio'));
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
