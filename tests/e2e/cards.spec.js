// The flash-card deck: a due card turns over, a rating schedules it with FSRS (kept with the progress),
// and practice cards draw new numbers from the kernels every time they come up.
import { expect, test as freshTest, warmTest as test } from './fixtures.js';
import { cardIds } from './reach.js';

test('a card turns over, is rated, and comes back on the FSRS schedule', async ({ page }) => {
  await page.goto('./#card-deck');
  const deck = page.locator('#card-deck');
  await expect(deck.locator('.deck-status')).toContainText(/cards? due of 21/, { timeout: 30_000 });
  const front = await deck.locator('.deck-front').innerText();
  await deck.getByRole('button', { name: 'Show answer' }).click();
  await expect(deck.locator('.deck-back')).toBeVisible();
  const rate = deck.getByRole('group', { name: 'How well did you remember?' });
  await expect(rate.getByRole('button')).toHaveCount(4);
  await rate.getByRole('button', { name: /^Easy/ }).click();
  await expect(deck.locator('.deck-status')).toContainText('20 cards due of 21');
  expect(await deck.locator('.deck-front').innerText()).not.toBe(front);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('residual-ln-progress-v1')).cards);
  const [id] = Object.keys(stored);
  expect(Object.keys(stored)).toHaveLength(1);
  expect(new Date(stored[id].due).getTime()).toBeGreaterThan(Date.now() + 24 * 3600 * 1000);
});

freshTest('practice cards get new numbers from the kernels at every repetition', async ({ page }) => {
  // a fixed sequence instead of Math.random, so the seeds the deck draws are the same on every run; each
  // load continues where the last one stopped
  await page.addInitScript(() => {
    const visit = Number(sessionStorage.getItem('visit') ?? 0);
    sessionStorage.setItem('visit', String(visit + 1));
    let state = 12345 + 7919 * visit;
    Math.random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  });
  await page.goto('./#card-deck');
  const deck = page.locator('#card-deck');
  await expect(deck.locator('.deck-status')).toContainText('due of 21', { timeout: 30_000 });
  // only the (1 + δ)^n practice card is due; every other card is scheduled far ahead
  await page.evaluate((ids) => {
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
      last_review: '2026-01-01T00:00:00.000Z',
    };
    const cards = {};
    for (const id of ids) cards[id] = id === 'p-16-bound' ? { ...later, due: new Date(0).toISOString() } : later;
    localStorage.setItem('residual-ln-progress-v1', JSON.stringify({ version: 1, exercises: {}, cards }));
  }, cardIds());
  const fronts = new Set();
  for (let visit = 0; visit < 3; visit++) {
    await page.reload();
    await expect(deck.locator('.deck-status')).toContainText('1 card due of 21', { timeout: 30_000 });
    await expect(deck.locator('.deck-front .tex-live .katex').first()).toBeVisible();
    fronts.add((await deck.locator('.deck-front').textContent()).replace(/\s+/g, ' '));
    await deck.getByRole('button', { name: 'Show answer' }).click();
    await expect(deck.locator('.deck-back .katex').first()).toBeVisible();
  }
  expect(fronts.size, [...fronts].join(' | ')).toBe(3);
});

test('when no card is due there are no rating buttons, and nothing to press', async ({ page }) => {
  await page.goto('./#card-deck');
  const deck = page.locator('#card-deck');
  await expect(deck.locator('.deck-status')).toContainText('due of 21', { timeout: 30_000 });
  await page.evaluate((ids) => {
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
      last_review: '2026-01-01T00:00:00.000Z',
    };
    const cards = {};
    for (const id of ids) cards[id] = id === ids[0] ? { ...later, due: new Date(0).toISOString() } : later;
    localStorage.setItem('residual-ln-progress-v1', JSON.stringify({ version: 1, exercises: {}, cards }));
  }, cardIds());
  await page.reload();
  await expect(deck.locator('.deck-status')).toContainText('1 card due of 21', { timeout: 30_000 });
  const rate = deck.getByRole('group', { name: 'How well did you remember?' });
  await expect(rate).toBeHidden(); // before the answer is shown
  await deck.getByRole('button', { name: 'Show answer' }).click();
  await rate.getByRole('button', { name: /^Good/ }).click();
  await expect(deck.locator('.deck-front')).toHaveText('No card is due.');
  await expect(rate).toBeHidden();
  await expect(deck.locator('.deck-actions, .deck-rate').getByRole('button')).toHaveCount(0); // no Show answer, no rating
});
