// Two copies of the reader's progress as one: this tab's and what another tab of the chapter saved meanwhile
// (store.js merges them before every save and when another tab saves). Nothing a student entered in either is
// lost: of an exercise's two records the newer one wins (changedAt), its log takes every attempt of both (never
// shortened: attempt-log.js mergeLogs) and every opening of both (events.js) and a part solved in either stays solved; of a card's two schedules the one
// reviewed last wins. What was cleared on purpose stays cleared: a reset of one exercise (resets: {n: time}) keeps
// out every record of it last changed before that time, and a reset of all progress or an import starts a new
// progress (startedAt), which the older copy cannot bring back. Pure: no storage.
import { mergeLogs } from './attempt-log.js';
import { mergeEvents } from './events.js';

/**
 * @typedef {import('./validate.js').ProgressRecord} ProgressRecord
 * @typedef {import('./validate.js').ExerciseRecord} ExerciseRecord
 */

/** @type {(a: string | undefined, b: string | undefined) => string | undefined} */
const later = (a, b) => ((a ?? '') > (b ?? '') ? a : b);
/** @type {(a: unknown, b: unknown) => boolean} */
const sameJson = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// A record as of a reset at `at` ('' for none): null when it was last changed before (a reset is stamped after the
// last change it clears, and every later change after it: store.js). A record changed since is the work after the
// reset, its log whole (an attempt's own time may fall in the reset's millisecond).
/**
 * @param {ExerciseRecord | null | undefined} record
 * @param {string} at
 * @returns {ExerciseRecord | null}
 */
function since(record, at) {
  if (!record || !at) return record ?? null;
  return (record.changedAt ?? '') > at ? record : null;
}

/**
 * One exercise's two records as one (either may be null). resetAt: the exercise's last reset, or ''.
 * @param {ExerciseRecord | undefined} a
 * @param {ExerciseRecord | undefined} b
 * @returns {ExerciseRecord | null}
 */
function mergeExercise(a, b, resetAt = '') {
  const x = since(a, resetAt);
  const y = since(b, resetAt);
  if (!x || !y) return x ?? y;
  if (sameJson(x, y)) return x;
  // the newer record (on a tie, the second: what storage holds)
  const [newer, older] = (x.changedAt ?? '') > (y.changedAt ?? '') ? [x, y] : [y, x];
  const { log, summarised } = mergeLogs(newer, older);
  const solved = { ...newer.solved };
  for (const [id, done] of Object.entries(older.solved)) if (done) solved[id] = true; // solved once stays solved
  const merged = { ...newer, solved, log };
  if (summarised) merged.summarised = summarised;
  else delete merged.summarised;
  const events = mergeEvents(newer.events, older.events); // (what either tab opened stays opened)
  if (events) merged.events = events;
  return merged;
}

/**
 * This tab's progress (mine) and storage's (theirs) as one. assignment: whose assignment wins ('mine' when this
 * tab has just set it, else 'theirs', the one saved last). → the merged progress (a new object; mine and theirs
 * are left as they were)
 * @param {ProgressRecord} mine
 * @param {ProgressRecord} theirs
 * @param {{assignment?: 'mine' | 'theirs'}} [options]
 * @returns {ProgressRecord}
 */
export function mergeProgress(mine, theirs, { assignment = 'theirs' } = {}) {
  // a reset of everything, or an import, in one of them: the newer progress, whole
  if ((mine.startedAt ?? '') !== (theirs.startedAt ?? '')) return structuredClone((mine.startedAt ?? '') > (theirs.startedAt ?? '') ? mine : theirs);
  const resets = { ...mine.resets };
  for (const [n, at] of Object.entries(theirs.resets ?? {})) resets[n] = later(resets[n], at);
  /** @type {Record<string, ExerciseRecord>} */
  const exercises = {};
  for (const n of new Set([...Object.keys(mine.exercises), ...Object.keys(theirs.exercises)])) {
    const merged = mergeExercise(mine.exercises[n], theirs.exercises[n], resets[n] ?? '');
    if (merged) exercises[n] = structuredClone(merged);
  }
  /** @type {ProgressRecord['cards']} */
  const cards = {};
  for (const id of new Set([...Object.keys(mine.cards), ...Object.keys(theirs.cards)])) {
    const [a, b] = [mine.cards[id], theirs.cards[id]];
    cards[id] = structuredClone(!a || !b ? (a ?? b) : (a.last_review ?? '') > (b.last_review ?? '') ? a : b);
  }
  /** @type {ProgressRecord} */
  const out = { version: theirs.version ?? mine.version, exercises, cards };
  const who = assignment === 'mine' ? (mine.assignment ?? theirs.assignment) : (theirs.assignment ?? mine.assignment);
  if (who) out.assignment = structuredClone(who);
  if (Object.keys(resets).length) out.resets = resets;
  if (theirs.startedAt) out.startedAt = theirs.startedAt;
  return out;
}
