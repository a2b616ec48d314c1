// @vitest-environment jsdom
// The flash-card deck (widgets/cards): a due card turns over, a rating schedules it with FSRS (kept with the
// progress), and practice cards draw new numbers from the kernels every time they come up. Moved from
// tests/e2e/cards.spec.js (docs/testing/moved-exercises.md).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { click } from './harness.js';
import { cardIds as deckIds, freshBrowser, openPage } from './exercises-helpers.js';

const KEY = 'residual-ln-progress-v1';
const text = (/** @type {Element | null | undefined} */ el) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const cardIds = deckIds();
// a card scheduled far ahead
const LATER = {
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
/** Saves a card schedule where only the card `due` is due, every other one far ahead. */
const onlyDue = (/** @type {string} */ due) =>
  localStorage.setItem(
    KEY,
    JSON.stringify({
      version: 1,
      exercises: {},
      cards: Object.fromEntries(cardIds.map((id) => [id, id === due ? { ...LATER, due: new Date(0).toISOString() } : LATER])),
    }),
  );
const rateGroup = (/** @type {HTMLElement} */ deck) =>
  /** @type {HTMLElement} */ (deck.querySelector('[role="group"][aria-label="How well did you remember?"]'));

const random = Math.random;
beforeEach(freshBrowser);
afterEach(() => {
  Math.random = random;
});

it('a card turns over, is rated, and comes back on the FSRS schedule', async () => {
  const deck = await (await openPage('/#card-deck')).deck();
  expect(text(deck.querySelector('.deck-status'))).toMatch(/cards? due of 21/);
  const front = text(deck.querySelector('.deck-front'));
  click(deck, 'Show answer');
  expect(/** @type {HTMLElement} */ (deck.querySelector('.deck-back')).hidden).toBe(false);
  const rate = rateGroup(deck);
  expect(rate.hidden).toBe(false);
  expect(rate.querySelectorAll('button')).toHaveLength(4);
  click(rate, /^Easy/);
  expect(text(deck.querySelector('.deck-status'))).toContain('20 cards due of 21');
  expect(text(deck.querySelector('.deck-front'))).not.toBe(front);
  const stored = JSON.parse(/** @type {string} */ (localStorage.getItem(KEY))).cards;
  const [id] = Object.keys(stored);
  expect(Object.keys(stored)).toHaveLength(1);
  expect(new Date(stored[id].due).getTime()).toBeGreaterThan(Date.now() + 24 * 3600 * 1000);
});

it('practice cards get new numbers from the kernels at every repetition', async () => {
  // a fixed sequence instead of Math.random, so the seeds the deck draws are the same on every run; each
  // visit continues where the last one stopped
  let visit = 0;
  const seeded = () => {
    let state = 12345 + 7919 * visit++;
    Math.random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  };
  seeded();
  const first = await (await openPage('/#card-deck')).deck();
  expect(text(first.querySelector('.deck-status'))).toContain('due of 21');
  // only the (1 + δ)^n practice card is due; every other card is scheduled far ahead
  onlyDue('p-16-bound');
  const fronts = new Set();
  for (let k = 0; k < 3; k++) {
    seeded();
    const deck = await (await openPage('/#card-deck')).deck(); // a reload
    expect(text(deck.querySelector('.deck-status'))).toContain('1 card due of 21');
    expect(deck.querySelectorAll('.deck-front .tex-live math').length).toBeGreaterThan(0);
    fronts.add(text(deck.querySelector('.deck-front')));
    click(deck, 'Show answer');
    expect(deck.querySelectorAll('.deck-back math').length).toBeGreaterThan(0);
  }
  expect(fronts.size, [...fronts].join(' | ')).toBe(3);
});

it('when no card is due there are no rating buttons, and nothing to press', async () => {
  const first = await (await openPage('/#card-deck')).deck();
  expect(text(first.querySelector('.deck-status'))).toContain('due of 21');
  onlyDue(cardIds[0]);
  const deck = await (await openPage('/#card-deck')).deck(); // a reload
  expect(text(deck.querySelector('.deck-status'))).toContain('1 card due of 21');
  const rate = rateGroup(deck);
  expect(rate.hidden).toBe(true); // before the answer is shown
  click(deck, 'Show answer');
  click(rate, /^Good/);
  expect(text(deck.querySelector('.deck-front'))).toBe('No card is due.');
  expect(rate.hidden).toBe(true);
  // no Show answer, no rating: none shown
  const shown = [...deck.querySelectorAll('.deck-actions button, .deck-rate button')].filter((b) => !(/** @type {HTMLElement} */ (b).closest('[hidden]')));
  expect(shown).toHaveLength(0);
});
