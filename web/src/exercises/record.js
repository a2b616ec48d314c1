// One exercise's saved record in the reader's progress (progress/store.js), read defensively so stored data
// can never stop the exercise from starting, and the exercise's state at a glance.
//   answers    {part: text}   what is in each answer box, checked or not (drafts are kept)
//   checked    {part: text}   the text each part had when last checked: its marks come back after a reload
//   solved     {part: true}   parts right at least once (a later wrong attempt does not undo it)
//   selfCheck  {part: 'yes' | 'partly' | 'no'}   the reader's verdict on an explained part
//   attempts, hints (numbers); seed (a variant, or null); inputs ({name: text} typed by hand, or null)
//   variants   [{seed, attempts}]   the attempts of earlier numbers (New numbers starts the count afresh)
//   log        [{at, seed, answers, hints, solution}]   the last attempts as checked (progress/validate.js)
import { progress } from '../progress/store.js';
import { MAX_VARIANTS, isSelfCheck, logOf } from '../progress/validate.js';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const count = (v) => (Number.isInteger(v) && v >= 0 ? v : 0);
const textsOf = (v) => (isObject(v) ? Object.fromEntries(Object.entries(v).filter(([, t]) => typeof t === 'string')) : {});

/** Puts every field of a stored record in its expected type, in place (a bad field starts empty). */
export function repaired(r) {
  r.answers = textsOf(r.answers);
  r.checked = textsOf(r.checked);
  r.solved = isObject(r.solved) ? Object.fromEntries(Object.entries(r.solved).filter(([, v]) => v === true)) : {};
  r.selfCheck = isObject(r.selfCheck) ? Object.fromEntries(Object.entries(r.selfCheck).filter(([, v]) => isSelfCheck(v))) : {};
  r.attempts = count(r.attempts);
  r.hints = count(r.hints);
  r.seed = Number.isSafeInteger(r.seed) && r.seed >= 0 ? r.seed : null;
  r.inputs = isObject(r.inputs) ? textsOf(r.inputs) : null;
  r.log = logOf(r.log);
  r.variants = Array.isArray(r.variants)
    ? r.variants.filter((v) => isObject(v) && (v.seed === null || (Number.isSafeInteger(v.seed) && v.seed >= 0)) && count(v.attempts) === v.attempts).slice(-MAX_VARIANTS)
    : [];
  return r;
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
    update(change) {
      progress.update(() => change(repaired(progress.exercise(n))));
    },
    reset() {
      progress.update((s) => {
        delete s.exercises[n];
      });
    },
  };
}
