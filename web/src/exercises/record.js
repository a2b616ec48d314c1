// One exercise's saved record in the reader's progress (progress/store.js), read defensively so stored data
// can never stop the exercise from starting (its fields: progress/validate.js, EXERCISE_FIELDS), and the
// exercise's state at a glance.
import { progress } from '../progress/store.js';
import { repairedExerciseRecord } from '../progress/validate.js';

/** Puts every field of a stored record in its expected type, in place (a bad field starts empty, a bad optional one goes). */
export function repaired(r) {
  const fixed = repairedExerciseRecord(r);
  for (const k of Object.keys(r)) if (!(k in fixed)) delete r[k];
  return Object.assign(r, fixed);
}

/** 'solved' (every part right at least once), 'attempted' (checked at least once) or 'untouched'. */
export function exerciseState(record, partIds) {
  const r = repaired({ ...record });
  if (partIds.length && partIds.every((id) => r.solved[id])) return 'solved';
  if (r.attempts > 0 || r.variants.length || Object.keys(r.solved).length || Object.keys(r.selfCheck).length) return 'attempted';
  return 'untouched';
}

/** The record of exercise n in the store: read it, change it (saved at once), or clear it. (validate.js's
 * exerciseRecord checks a record's fields; this one is a handle on a stored one.) */
export function storedRecord(n) {
  return {
    get: () => repaired(progress.exercise(n)),
    /** → true when saved; false when the change lasts for this visit only (the browser refused to store it) */
    update: (change) => progress.update(() => change(repaired(progress.exercise(n)))),
    reset: () => progress.resetExercise(n),
  };
}
