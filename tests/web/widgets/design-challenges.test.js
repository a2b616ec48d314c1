// @vitest-environment jsdom
// Long: the challenges' runs and trainings at their own depths (starts first: tests/web/sequencer.js).
// The design challenges (exercises 22 and 23): the answer is a wiring written in the wiring editor, and Check runs it
// in the page's workers (a progress bar and a Cancel button beside it while it runs) and shows the kernel's verdict
// criterion by criterion. A right design is accepted at the key's numbers and a wrong one (Post-LN unchanged)
// explained, for each challenge; a check cancelled counts nothing; the record keeps the wiring for the next visit.
// Moved from tests/e2e/design-challenges.spec.js (docs/testing/moved-wirings-part4.md), which keeps the keyboard, a
// Cancel in real module workers and axe. Each test opens its page afresh (openPage): a reload is a new page over the
// same storage.
import { expect, it } from 'vitest';
import { fill } from './harness.js';
import { button, choose, fieldLike, openPage, shown, showSections, until } from './wirings-part4-helpers.js';

// six 96-block runs, or three 150-step training runs, on a machine shared by several test files
const RUNS = { timeout: 480_000, interval: 100 };

/** Opens the page at exercise n and mounts it. → the exercise's section */
async function open(/** @type {number} */ n) {
  const mount = await openPage(`/#exercise-${n}`);
  showSections(`#exercise-${n}`);
  const ex = await mount(`#exercise-${n}`);
  expect(ex.querySelector('.ex-part-wiring .wiring-editor')).not.toBeNull();
  return ex;
}

const textOf = (/** @type {Element | null | undefined} */ el) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const verdict = (/** @type {HTMLElement} */ ex) => ex.querySelector('.ex-part-wiring .ex-result');
const checkOf = (/** @type {HTMLElement} */ ex, /** @type {string} */ id) => /** @type {HTMLElement} */ (verdict(ex)?.querySelector(`li[data-check="${id}"]`));
const statuses = (/** @type {HTMLElement} */ ex) => [...ex.querySelectorAll('[role="status"]')].map(textOf);
const verdictLine = async (/** @type {HTMLElement} */ ex) => {
  await until(() => textOf(verdict(ex)?.querySelector('.ex-verdict')), 'the verdict', RUNS);
  return textOf(verdict(ex)?.querySelector('.ex-verdict'));
};

it('exercise 22: a right design (α = (2L)^0.25 alone) is accepted at the key’s numbers; the next visit holds it again', async () => {
  localStorage.clear();
  let ex = await open(22);
  expect(textOf(ex.querySelector('.ex-wiring-said'))).toBe('Your wiring: Post-LN, as the chapter measures it.');
  fill(fieldLike(ex, /× α, on the stream/), '(2*L)^0.25');
  expect(textOf(ex.querySelector('.ex-wiring-said'))).toContain('the stream multiplied by (2·L)^0.25');
  button(ex, 'Check').click();
  // while it runs: its progress and a Cancel button
  const run = /** @type {HTMLElement} */ (ex.querySelector('.ex-design-run'));
  await until(() => shown(run), 'the run’s bar');
  expect(button(run, 'Cancel the check').disabled).toBe(false);
  expect(run.querySelector('progress')).not.toBeNull();
  expect(await verdictLine(ex)).toBe('✓ Your design passes every check.');
  expect(textOf(checkOf(ex, 'changes'))).toContain('It changes 1 setting of Post-LN (alpha), within the 2 allowed.');
  expect(textOf(checkOf(ex, 'ratio'))).toMatch(/block 1 over block 96, has the median \d\.\d+ over seeds 0–5: inside the band \[0\.8, 1\.25\]/);
  expect(checkOf(ex, 'sd').dataset.ok).toBe('true');
  expect(statuses(ex).some((s) => /Right\./.test(s))).toBe(true);
  expect(textOf(ex.querySelector('.ex-state'))).toBe('✓ Solved');
  expect(shown(run)).toBe(false);
  // the record keeps the wiring's text form: on the next visit the editor holds it again
  ex = await open(22);
  await until(() => textOf(ex.querySelector('.ex-wiring-said')).includes('the stream multiplied by (2·L)^0.25'), 'the wiring kept');
  expect(textOf(verdict(ex))).toContain('Your last Check of this wiring passed');
}, 600_000);

it('exercise 22: Post-LN unchanged is explained (at L = 24): which check failed and by how much; Cancel stops a check', async () => {
  localStorage.clear();
  const ex = await open(22);
  fill(fieldLike(ex, /^L$/), '24');
  // a check stopped counts nothing
  button(ex, 'Check').click();
  const run = /** @type {HTMLElement} */ (ex.querySelector('.ex-design-run'));
  // (once its runs are under way: a Cancel pressed while the runner is still being made stops nothing, see the report
  // in docs/testing/moved-wirings-part4.md)
  await until(() => shown(run) && Number(run.querySelector('progress')?.value) > 0, 'the runs under way');
  button(run, 'Cancel the check').click();
  await until(() => statuses(ex).some((s) => s.includes('The check was stopped')), 'the stop said');
  expect(textOf(ex.querySelector('.ex-state'))).toBe('Not started');
  // Post-LN itself
  button(ex, 'Check').click();
  expect(await verdictLine(ex)).toMatch(/✗ Not yet: 1 of the 4 checks fails\./);
  expect(textOf(checkOf(ex, 'changes'))).toContain('This is Post-LN itself: no setting changed.');
  expect(checkOf(ex, 'ratio').dataset.ok).toBe('false');
  expect(textOf(checkOf(ex, 'ratio'))).toMatch(/block 1 over block 24, has the median 0\.\d+ over seeds 0–5: below the band \[0\.8, 1\.25\]/);
  expect(textOf(checkOf(ex, 'ratio').querySelector('.ex-mistake'))).toContain('outside the band');
  // every block's Linear layers hear the loss in Post-LN: that check is met
  expect(checkOf(ex, 'linear').dataset.ok).toBe('true');
  expect(textOf(checkOf(ex, 'linear'))).toMatch(
    /Every block's Linear layers receive gradient, and their ratio, block 1 over block 24, has the median [\d.]+ over seeds 0–5: inside the band/,
  );
  expect(statuses(ex).some((s) => /Not right yet \(attempt 1\)/.test(s))).toBe(true);
}, 600_000);

it('exercise 23: DeepNorm (from the presets) trains without warmup; Post-LN unchanged is explained, seed by seed', async () => {
  localStorage.clear();
  const ex = await open(23);
  // wrong: Post-LN as it starts
  button(ex, 'Check').click();
  expect(await verdictLine(ex)).toBe('✗ Not yet: 1 of the 2 checks fails.');
  expect(checkOf(ex, 'after').dataset.ok).toBe('true');
  expect(textOf(checkOf(ex, 'trained'))).toMatch(/It trains for 0 of the 3 seeds without warmup at L = 24: seed 0 ended at a loss of [\d.]+, above 0\.2/);
  // right: DeepNorm, chosen from the presets
  choose(fieldLike(ex, /^Start from$/), 'deepnorm');
  expect(textOf(ex.querySelector('.ex-wiring-said'))).toContain('DeepNorm');
  button(ex, 'Check').click();
  await until(() => textOf(verdict(ex)?.querySelector('.ex-verdict')) === '✓ Your design passes every check.', 'the second verdict', RUNS);
  expect(textOf(checkOf(ex, 'trained'))).toContain('It trains without warmup at L = 24 for every seed (0–2).');
  expect(textOf(ex.querySelector('.ex-state'))).toBe('✓ Solved');
}, 600_000);
