// The design challenges (exercises 22 and 23) in a real browser: the answer is a wiring written in the wiring editor,
// and Check runs it in the page's workers (a progress bar and a Cancel button beside it while it runs) and shows the
// kernel's verdict criterion by criterion. A right design is accepted and a wrong one (Post-LN unchanged) explained,
// for each challenge, worked by keyboard; axe finds nothing serious in an exercise with its verdict.
import { axeScan, serious } from './axe.js';
import { expect, warmTest as test } from './fixtures.js';

// six 96-block runs, or three 150-step training runs, on a machine that may be shared
test.describe.configure({ timeout: 600_000 });
const RUNS_MS = 480_000;

const section = (page, n) => page.locator(`#exercise-${n}`);

async function open(page, n) {
  await page.goto(`./#exercise-${n}`);
  await expect(section(page, n).locator('.ex-part-wiring .wiring-editor')).toBeVisible({ timeout: 30_000 });
}

/** Check, by keyboard: focus on the button, Enter. */
async function checkByKeyboard(page, n) {
  await section(page, n).getByRole('button', { name: 'Check' }).focus();
  await page.keyboard.press('Enter');
}

const verdict = (page, n) => section(page, n).locator('.ex-part-wiring .ex-result');
const check = (page, n, id) => verdict(page, n).locator(`li[data-check="${id}"]`);

test('exercise 22: a right design (α = (2L)^0.25 alone) is accepted at the key’s numbers, by keyboard', async ({ page }) => {
  await open(page, 22);
  const ex = section(page, 22);
  await expect(ex.locator('.ex-wiring-said')).toHaveText('Your wiring: Post-LN, as the chapter measures it.');
  await ex.getByLabel(/× α, on the stream/).focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('(2*L)^0.25');
  await page.keyboard.press('Tab'); // the field's change: the editor reads it
  await expect(ex.locator('.ex-wiring-said')).toContainText('the stream multiplied by (2·L)^0.25');
  await checkByKeyboard(page, 22);
  // while it runs: its progress and a Cancel button, reachable by keyboard
  const run = ex.locator('.ex-design-run');
  await expect(run).toBeVisible();
  await expect(run.getByRole('button', { name: 'Cancel the check' })).toBeEnabled();
  await expect(run.locator('progress')).toBeVisible();
  await expect(verdict(page, 22).locator('.ex-verdict')).toHaveText('✓ Your design passes every check.', { timeout: RUNS_MS });
  await expect(check(page, 22, 'changes')).toContainText('It changes 1 setting of Post-LN (alpha), within the 2 allowed.');
  await expect(check(page, 22, 'ratio')).toContainText(/block 1 over block 96, has the median \d\.\d+ over seeds 0–5: inside the band \[0\.8, 1\.25\]/);
  await expect(check(page, 22, 'sd')).toHaveAttribute('data-ok', 'true');
  await expect(ex.getByRole('status').filter({ hasText: /Right\./ })).toBeVisible();
  await expect(ex.locator('.ex-state')).toHaveText('✓ Solved');
  await expect(run).toBeHidden();
  // the record keeps the wiring's text form: after a reload the editor holds it again
  await page.reload();
  await expect(section(page, 22).locator('.ex-wiring-said')).toContainText('the stream multiplied by (2·L)^0.25', { timeout: 30_000 });
  await expect(verdict(page, 22)).toContainText('Your last Check of this wiring passed');
});

test('exercise 22: Post-LN unchanged is explained (at L = 24): which check failed and by how much; Cancel stops a check; axe clean', async ({ page }) => {
  await open(page, 22);
  const ex = section(page, 22);
  const L = ex.getByLabel('L', { exact: true });
  await L.fill('24');
  // a check stopped by keyboard counts nothing
  await checkByKeyboard(page, 22);
  await page.keyboard.press('Tab'); // from Check … to the Cancel beside the wiring: reach it by its own focus
  await ex.getByRole('button', { name: 'Cancel the check' }).focus();
  await page.keyboard.press('Enter');
  await expect(ex.getByRole('status').filter({ hasText: 'The check was stopped' })).toBeVisible();
  await expect(ex.locator('.ex-state')).toHaveText('Not started');
  // Post-LN itself
  await checkByKeyboard(page, 22);
  await expect(verdict(page, 22).locator('.ex-verdict')).toHaveText(/✗ Not yet: 1 of the 3 checks fails\./, { timeout: RUNS_MS });
  await expect(check(page, 22, 'changes')).toContainText('This is Post-LN itself: no setting changed.');
  await expect(check(page, 22, 'ratio')).toHaveAttribute('data-ok', 'false');
  await expect(check(page, 22, 'ratio')).toContainText(/block 1 over block 24, has the median 0\.\d+ over seeds 0–5: below the band \[0\.8, 1\.25\]/);
  await expect(check(page, 22, 'ratio').locator('.ex-mistake')).toContainText('outside the band');
  await expect(ex.getByRole('status').filter({ hasText: /Not right yet \(attempt 1\)/ })).toBeVisible();
  expect(serious((await axeScan(page, '#exercise-22')).violations)).toEqual([]);
});

test('exercise 23: DeepNorm (from the presets) trains without warmup; Post-LN unchanged is explained, seed by seed', async ({ page }) => {
  await open(page, 23);
  const ex = section(page, 23);
  // wrong: Post-LN as it starts
  await checkByKeyboard(page, 23);
  await expect(verdict(page, 23).locator('.ex-verdict')).toHaveText('✗ Not yet: 1 of the 2 checks fails.', { timeout: RUNS_MS });
  await expect(check(page, 23, 'after')).toHaveAttribute('data-ok', 'true');
  await expect(check(page, 23, 'trained')).toContainText(
    /It trains for 0 of the 3 seeds without warmup at L = 24: seed 0 ended at a loss of [\d.]+, above 0\.2/,
  );
  // right: DeepNorm, chosen from the presets by keyboard
  const from = ex.getByLabel('Start from');
  await from.focus();
  await from.selectOption('deepnorm');
  await expect(ex.locator('.ex-wiring-said')).toContainText('DeepNorm');
  await checkByKeyboard(page, 23);
  await expect(verdict(page, 23).locator('.ex-verdict')).toHaveText('✓ Your design passes every check.', { timeout: RUNS_MS });
  await expect(check(page, 23, 'trained')).toContainText('It trains without warmup at L = 24 for every seed (0–2).');
  await expect(ex.locator('.ex-state')).toHaveText('✓ Solved');
  expect(serious((await axeScan(page, '#exercise-23')).violations)).toEqual([]);
});
