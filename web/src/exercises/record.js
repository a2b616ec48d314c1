// One exercise's saved record in the reader's progress (progress/store.js), read defensively so stored data
// can never stop the exercise from starting (its fields: progress/validate.js, EXERCISE_FIELDS), and the events
// logged on it. (How it went: outcome.js recordOutcome.)
import { progress } from '../progress/store.js';
import { repairedExerciseRecord } from '../progress/validate.js';
import { appendEvent, eventEntry, eventsOf } from '../progress/events.js';

/** @typedef {import('../progress/validate.js').ExerciseRecord} ExerciseRecord */

/** Puts every field of a stored record in its expected type, in place (a bad field starts empty, a bad optional one goes).
 * @param {Record<string, any>} r  @returns {ExerciseRecord} */
export function repaired(r) {
  const fixed = repairedExerciseRecord(r);
  for (const k of Object.keys(r)) if (!(k in fixed)) delete r[k];
  return Object.assign(r, fixed);
}

/** record with one more event logged (progress/events.js: a hint or the worked solution opened, the key printed, a
 * reset, a self-mark), in place; a record from an earlier page starts its events from its marks (eventsOf).
 * @template {Parameters<typeof eventsOf>[0]} R
 * @param {R} record  @param {Parameters<typeof eventEntry>[0]} fields  @returns {R} */
export function withEvent(record, fields, now = new Date()) {
  record.events = appendEvent(eventsOf(record), eventEntry(fields, now));
  return record;
}

/** Whether the record's events say the worked solution was seen (opened, or printed in the key) on this exercise. */
/** @param {{events?: {kind: string}[]}} record */
export const solutionSeen = (record) => (record.events ?? []).some((e) => e.kind === 'solution' || e.kind === 'key');

/** The record of exercise n in the store: read it, change it (saved at once), or clear it. (validate.js's
 * exerciseRecord checks a record's fields; this one is a handle on a stored one.) @param {number | string} n */
export function storedRecord(n) {
  return {
    get: () => repaired(progress.exercise(n)),
    /** → true when saved; false when the change lasts for this visit only (the browser refused to store it)
     * @param {(record: ExerciseRecord) => void} change */
    update: (change) => progress.update(() => change(repaired(progress.exercise(n)))),
    reset: () => progress.resetExercise(n),
  };
}
