// The progress panel at the top of the exercises and the saved progress behind it (issues 10 and 12): every
// exercise listed with a link and its state; reset after a confirmation; damaged, foreign or oversized
// progress never breaks a widget, is never silently lost, and is offered back as a download.
import { writeFileSync } from 'node:fs';
import { expect, test as freshTest, warmTest as test } from './fixtures.js';
import { cardIds } from './reach.js';

const KEY = 'residual-ln-progress-v1';
const panel = (page) => page.locator('#progress');
const item = (page, n) => panel(page).locator(`.progress-list li[data-exercise="${n}"]`);

async function openPanel(page, query = '') {
  await page.goto(`./${query}#progress`);
  await expect(panel(page).locator('.progress-summary')).toContainText('exercises solved', { timeout: 30_000 });
}

// stores `value` (text as is, anything else as JSON) before any of the page's scripts run
async function storeBeforeLoad(page, value) {
  await page.addInitScript(
    ([key, text]) => {
      if (!sessionStorage.getItem('stored')) localStorage.setItem(key, text);
      sessionStorage.setItem('stored', '1'); // once: a reload reads what the page saved since
    },
    [KEY, typeof value === 'string' ? value : JSON.stringify(value)],
  );
}

async function answerAndCheck(page, n, answers) {
  await page.goto(`./#exercise-${n}`);
  const ex = page.locator(`#exercise-${n}`);
  await expect(ex.locator('.ex-form')).toBeVisible({ timeout: 30_000 });
  for (const [part, text] of Object.entries(answers)) await ex.locator(`.ex-part[data-part="${part}"] .ex-answer`).fill(text);
  await ex.getByRole('button', { name: 'Check' }).click();
  return ex;
}

test('the panel lists every exercise with a link and its state: solved, attempted, untouched', async ({ page }) => {
  await openPanel(page);
  await expect(panel(page).locator('.progress-list li')).toHaveCount(await page.locator('section.exercise').count());
  await expect(item(page, 11)).toHaveAttribute('data-status', 'untouched');
  await expect(item(page, 11).getByRole('link')).toHaveAttribute('href', '#exercise-11');

  const ex11 = await answerAndCheck(page, 11, { deep: '1/3', shallow: '2', ratio: '6' });
  await expect(ex11.getByRole('status')).toContainText('All 3 answers right');
  const ex4 = await answerAndCheck(page, 4, { mean: '5' });
  await expect(ex4.getByRole('status')).toContainText('Not right yet (attempt 1).'); // not "0 of 1 answers"

  await openPanel(page);
  await expect(item(page, 11)).toHaveAttribute('data-status', 'solved');
  await expect(item(page, 11).locator('.progress-state')).toHaveText('✓ solved');
  await expect(item(page, 4)).toHaveAttribute('data-status', 'attempted');
  await expect(item(page, 2)).toHaveAttribute('data-status', 'untouched');
  const count = await page.locator('section.exercise').count();
  await expect(panel(page).locator('.progress-summary')).toContainText(`1 of ${count} exercises solved, 1 attempted`);
  await item(page, 4).getByRole('link').click();
  await expect(page).toHaveURL(/#exercise-4$/);
});

test('reset of all progress asks first, then clears answers, states and the card schedule', async ({ page }) => {
  await answerAndCheck(page, 11, { deep: '1/3', shallow: '2', ratio: '6' });
  await openPanel(page);
  await expect(item(page, 11)).toHaveAttribute('data-status', 'solved');
  await panel(page).getByRole('button', { name: 'Reset all progress…' }).click();
  const confirm = panel(page).getByRole('group', { name: 'Confirm the reset' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep my progress' }).click();
  await expect(panel(page).locator('.progress-message')).toHaveText('Nothing was reset.');
  await expect(item(page, 11)).toHaveAttribute('data-status', 'solved');

  await panel(page).getByRole('button', { name: 'Reset all progress…' }).click();
  await confirm.getByRole('button', { name: 'Reset everything' }).click();
  await expect(panel(page).locator('.progress-message')).toHaveText('All progress was reset.');
  await expect(item(page, 11)).toHaveAttribute('data-status', 'untouched');
  const stored = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY));
  expect(stored.cards).toEqual({});
  // the exercises on screen may write back their (blank) variant seed; nothing answered or attempted remains
  for (const record of Object.values(stored.exercises)) expect(record).toMatchObject({ answers: {}, attempts: 0, solved: {} });
  await expect(panel(page).locator('.progress-backup')).toBeVisible(); // what was cleared can still be downloaded
  await page.goto('./#exercise-11');
  await expect(page.locator('#exercise-11 .ex-part[data-part="ratio"] .ex-answer')).toHaveValue('', { timeout: 30_000 });
});

freshTest('stored {"version":1,"exercises":[],"cards":{}} breaks nothing; the panel works and a good file comes back', async ({ page }, info) => {
  await storeBeforeLoad(page, '{"version":1,"exercises":[],"cards":{}}');
  await openPanel(page);
  await expect(panel(page).locator('.progress-problem')).toContainText('could not be read');
  const [download] = await Promise.all([page.waitForEvent('download'), panel(page).getByRole('button', { name: 'Download the copy' }).click()]);
  expect(await download.failure()).toBeNull();

  const good = info.outputPath('good.json');
  writeFileSync(
    good,
    JSON.stringify({
      version: 1,
      exercises: { 11: { answers: { ratio: '6' }, attempts: 1, hints: 0, seed: null, solved: { ratio: true }, selfCheck: {} } },
      cards: {},
    }),
  );
  await panel(page).locator('input[type=file]').setInputFiles(good);
  await expect(panel(page).locator('.progress-message')).toHaveText('Imported good.json.');
  await expect(item(page, 11)).toHaveAttribute('data-status', 'attempted');
  await openPanel(page, '?visit=2'); // a new visit reads what the import saved
  await expect(item(page, 11)).toHaveAttribute('data-status', 'attempted');
});

test('importing that same file is refused and changes nothing', async ({ page }, info) => {
  await answerAndCheck(page, 11, { ratio: '6' });
  await openPanel(page);
  const bad = info.outputPath('bad.json');
  writeFileSync(bad, '{"version":1,"exercises":[],"cards":{}}');
  await panel(page).locator('input[type=file]').setInputFiles(bad);
  await expect(panel(page).locator('.progress-message')).toContainText('cannot be imported');
  await expect(panel(page).locator('.progress-message')).toContainText('Your progress is unchanged');
  await expect(item(page, 11)).toHaveAttribute('data-status', 'attempted');
});

freshTest('a saved record with "answers": null: exercise 4 still starts, and the panel says what was set aside', async ({ page }) => {
  await storeBeforeLoad(page, { version: 1, exercises: { 4: { answers: null, attempts: 2, hints: 0, seed: null, solved: {}, selfCheck: {} } }, cards: {} });
  await page.goto('./#exercise-4');
  await expect(page.locator('#exercise-4 .ex-form')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#exercise-4 .widget-error')).toHaveCount(0);
  await openPanel(page);
  await expect(panel(page).locator('.progress-notices')).toContainText('exercise 4 could not be read');
});

test('an import too large is refused with its reason; one the browser cannot save does not claim success', async ({ page }, info) => {
  await openPanel(page);
  const big = info.outputPath('big.json');
  writeFileSync(big, `{"version":1,"exercises":{},"cards":{},"pad":"${'x'.repeat(1_100_000)}"}`);
  await panel(page).locator('input[type=file]').setInputFiles(big);
  await expect(panel(page).locator('.progress-message')).toContainText('too large to be progress of this chapter');

  const good = info.outputPath('good.json');
  writeFileSync(good, JSON.stringify({ version: 1, exercises: { 11: { answers: { ratio: '6' }, attempts: 1 } }, cards: {} }));
  await page.evaluate(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await panel(page).locator('input[type=file]').setInputFiles(good);
  await expect(panel(page).locator('.progress-message')).toContainText('refused to save it');
  await expect(panel(page).locator('.progress-message')).not.toContainText('Imported');
});

test('a flash card whose due date cannot be read is due now, and the panel says so', async ({ page }) => {
  const later = {
    due: '2999-01-01T00:00:00.000Z',
    stability: 1,
    difficulty: 5,
    elapsed_days: 0,
    scheduled_days: 1,
    reps: 1,
    lapses: 0,
    learning_steps: 0,
    state: 2,
  };
  await page.goto('./#card-deck');
  const ids = cardIds();
  const cards = Object.fromEntries(ids.map((id, i) => [id, i === 0 ? { ...later, due: 'not a date' } : later]));
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [KEY, JSON.stringify({ version: 1, exercises: {}, cards })]);
  await page.reload();
  await expect(page.locator('#card-deck .deck-status')).toContainText('1 card due of', { timeout: 30_000 });
  await openPanel(page);
  await expect(panel(page).locator('.progress-notices')).toContainText('due date that could not be read: it is due now');
});
