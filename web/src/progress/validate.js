// What a progress file of this chapter may hold, checked record by record: readProgress(data) returns the
// progress with every record it could read, and a reader-facing notice for each record set aside or
// repaired; it throws an Error (message for the reader) only when the data is not this chapter's progress
// at all. Pure: no storage, no DOM, so the store, the teachers' page and the tests share it.
import { readCode, readDue, readName } from './assignee.js';
import { isolated } from '../text/bidi.js';
import { INEXACT, SEED_LIMIT_TEXT, readLog, readSummarised, seedProblem } from './attempt-log.js';
import { readEvents } from './events.js';

/** Larger than any real progress file (16 exercises and a deck of cards take a few kilobytes). */
export const MAX_IMPORT_BYTES = 1_000_000;
const MAX_EXERCISES = 200;
const MAX_CARDS = 2_000;
// The longest text a field of an exercise takes (the page's fields hold no more: maxlength), and what a stored
// answer is cut to when it is longer, with a notice: a long answer never costs its whole exercise.
export const MAX_ANSWER_CHARS = 2_000;
/** How many earlier numbers' attempt counts an exercise's record keeps (New numbers starts the count afresh). */
export const MAX_VARIANTS = 50;
/** The reader's verdicts on an explanation, against the model answer: the record's words, the buttons' labels. */
export const SELF_CHECK_LABELS = { yes: 'I had it', partly: 'Partly', no: 'Not yet' };
/** @type {(v: any) => boolean} */
const isSelfCheck = (v) => Object.hasOwn(SELF_CHECK_LABELS, v);
export { MAX_LOG, MAX_LOG_ANSWER_CHARS, logEntry } from './attempt-log.js';

/** An exercise's log as the record keeps it: every entry that can be read (attempt-log.js readLog). */
/** @type {(raw: unknown) => import('./attempt-log.js').LogEntry[]} */
const logOf = (raw) => readLog(raw).log;

// FSRS schedules at most 100 years ahead (ts-fsrs maximum_interval 36 500 days); a due date ten times as far
// (or one that is not a date at all) is damage, and would leave the card never due
const LATEST_DUE_DAYS = 365_250;
// ts-fsrs refuses to schedule a reviewed card whose stability is below its S_MIN (1e-3) or whose difficulty is
// below 1 ("Invalid memory state"), or whose last review lies after now ("Invalid delta_t"): such a card threw
// on "Show answer", every visit. It is repaired to the nearest schedule ts-fsrs takes, due now.
const FSRS_MIN_STABILITY = 1e-3;
const FSRS_MIN_DIFFICULTY = 1;

/** @type {(v: any) => boolean} */
const isRecord = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** @type {(v: any, max: number) => boolean} */
const isCount = (v, max) => Number.isInteger(v) && v >= 0 && v <= max;
/** @type {(k: string) => boolean} */
const isPartId = (k) => /^[a-z][\w-]{0,63}$/.test(k);

// A field of a record: missing means its default; present, it must pass `ok`, else the record is bad.
/**
 * @param {Record<string, any>} raw
 * @param {string} name
 * @param {unknown} fallback
 * @param {(v: any) => boolean} ok
 * @param {string} what
 * @returns {any}
 */
function field(raw, name, fallback, ok, what) {
  if (!(name in raw) || raw[name] === undefined) return fallback;
  if (!ok(raw[name])) throw new Error(`${name} ${what}`);
  return raw[name];
}

// Text cut to what a field holds; cut.count says how many were.
/**
 * @param {unknown} map
 * @param {{count: number}} cut
 */
function cutTexts(map, cut) {
  if (!isRecord(map)) return map;
  return Object.fromEntries(
    Object.entries(map).map(([k, v]) => {
      if (typeof v !== 'string' || v.length <= MAX_ANSWER_CHARS) return [k, v];
      cut.count++;
      return [k, v.slice(0, MAX_ANSWER_CHARS)];
    }),
  );
}

/** @type {(v: unknown) => boolean} */
const isDate = (v) => typeof v === 'string' && v.length <= 40 && Number.isFinite(Date.parse(v));

/** @type {(a: unknown) => boolean} */
const isAnswerText = (a) => typeof a === 'string' && a.length <= MAX_ANSWER_CHARS;
/** @type {(x: any) => boolean} */
const isVariant = (x) => isRecord(x) && !seedProblem(x.seed) && isCount(x.attempts, 1e6);
// (a field's message names the value it cannot take, so an inexact number is said as written)
/** @type {(v: unknown) => string} */
const seedWhat = (v) => (typeof v === 'string' && v.startsWith(INEXACT) ? seedProblem(v) : `must be a whole number from 0 to ${SEED_LIMIT_TEXT}, or null`);

// An exercise's record, field by field, once: what each field holds, its value when missing, and what is said
// when it is wrong. A map's entries (part → value) and a list's items are checked one by one.
//   answers    {part: text}   what is in each answer box, checked or not (drafts are kept)
//   checked    {part: text}   the text each part had when last checked: its marks come back after a reload
//   solved     {part: true}   parts right at least once (a later wrong attempt does not undo it)
//   selfCheck  {part: 'yes' | 'partly' | 'no'}   the reader's verdict on an explained part
//   attempts, hints (numbers); seed (a variant, or null); inputs ({name: text} typed by hand, or null)
//   variants   [{seed, attempts}]   the attempts of earlier numbers (New numbers starts the count afresh)
//   log        [{at, seed, answers, inputs, hints, solution, right, try}]   the attempts as checked (attempt-log.js)
//   events     [{at, kind, …}]   hints and worked solutions opened, the key printed, resets, self-marks (events.js;
//              optional: a file from an earlier page has none)
//   changedAt  the time of the record's last change: of two copies (two tabs), the newer wins (optional)
//   summarised {count, numbers: [{seed, inputs, count}]}   practice attempts taken out of the log, counted (optional)
// (in this order: the log before the optional fields, as a record made here and one read back both have them)
/**
 * How one field is read: exactly one of map (each entry's value passes it), list (each item), ok (the value), read
 * (reads or throws), log, events.
 * @typedef {object} FieldSpec
 * @property {(v: any) => boolean} [map]
 * @property {(v: any) => boolean} [list]
 * @property {number} [max]           a list's longest
 * @property {(v: any) => boolean} [ok]
 * @property {(v: any) => any} [read]
 * @property {true} [log]
 * @property {true} [events]
 * @property {true} [names]           a map's keys are inputs' names (else parts)
 * @property {true} [nullable]
 * @property {true} [optional]
 * @property {() => any} [fallback]   its value when missing
 * @property {string | ((v: unknown) => string)} [what]  what is said when it is wrong
 */
/** @type {Record<string, FieldSpec>} */
const EXERCISE_FIELDS = {
  answers: { map: isAnswerText, fallback: () => ({}), what: 'must map parts to answers as text' },
  attempts: { ok: (v) => isCount(v, 1e6), fallback: () => 0, what: 'must be a whole number of attempts' },
  hints: { ok: (v) => isCount(v, 100), fallback: () => 0, what: 'must be a whole number of hints' },
  seed: { ok: (v) => !seedProblem(v), fallback: () => null, what: seedWhat },
  solved: { map: (v) => typeof v === 'boolean', fallback: () => ({}), what: 'must map parts to true or false' },
  selfCheck: { map: isSelfCheck, fallback: () => ({}), what: 'must map parts to yes, partly or no' },
  checked: { map: isAnswerText, fallback: () => ({}), what: 'must map parts to answers as text' },
  variants: { list: isVariant, max: MAX_VARIANTS, fallback: () => [], what: 'must list earlier numbers’ attempts' },
  inputs: { map: isAnswerText, names: true, nullable: true, fallback: () => null, what: 'must map inputs to text, or be null' },
  log: { log: true },
  events: { events: true },
  changedAt: { ok: isDate, optional: true, what: 'must be a date' },
  summarised: { read: readSummarised, optional: true },
};
/**
 * An exercise's record as readProgress keeps it (EXERCISE_FIELDS above says what each field holds).
 * @typedef {object} ExerciseRecord
 * @property {Record<string, string>} answers
 * @property {number} attempts
 * @property {number} hints
 * @property {number | null} seed
 * @property {Record<string, boolean>} solved
 * @property {Record<string, 'yes' | 'partly' | 'no'>} selfCheck
 * @property {Record<string, string>} checked
 * @property {{seed: number | null, attempts: number}[]} variants
 * @property {Record<string, string> | null} inputs
 * @property {import('./attempt-log.js').LogEntry[]} log
 * @property {import('./events.js').ExerciseEvent[]} [events]  (a file from an earlier page has none)
 * @property {string} [changedAt]
 * @property {import('./attempt-log.js').Summarised} [summarised]
 *
 * One flash card's FSRS schedule (cardRecord), dates as ISO text.
 * @typedef {object} CardSchedule
 * @property {string} due
 * @property {number} stability
 * @property {number} difficulty
 * @property {number} elapsed_days
 * @property {number} scheduled_days
 * @property {number} learning_steps
 * @property {number} reps
 * @property {number} lapses
 * @property {0 | 1 | 2 | 3} state
 * @property {string | null} [last_review]
 *
 * @typedef {object} AssignmentRecord  (assignmentRecord)
 * @property {string} code
 * @property {string} name
 * @property {number[]} exercises
 * @property {string} due           '' for none
 * @property {boolean} [hide]        true: the worked solutions hidden until the due date (read back, only true is kept)
 * @property {{name: string, due: string}} [extension]  the extension the student's own link carried (for that name only)
 *
 * A valid stored progress: what readProgress returns as its state, every record in it read.
 * @typedef {object} ProgressRecord
 * @property {number} version
 * @property {Record<string, ExerciseRecord>} exercises  by exercise number
 * @property {Record<string, CardSchedule>} cards        by card id
 * @property {string} [startedAt]
 * @property {Record<string, string>} [resets]           exercise number → when it was last reset
 * @property {AssignmentRecord} [assignment]
 *
 * @typedef {object} ReadProgress
 * @property {ProgressRecord} state
 * @property {string[]} notices      one for each record set aside or repaired, for the reader
 * @property {boolean} setAside
 * @property {Record<string, import('./attempt-log.js').SetAsideEntry[]>} logSetAside  exercise number → its log's entries
 *   that could not be read
 */

/** @type {(spec: FieldSpec) => (k: string) => boolean} */
const keyOk = (spec) => (k) => (spec.names ? k.length <= 64 : isPartId(k));

/**
 * One exercise's record, or throws naming the first field that is wrong: how a record is read at load and import.
 * Only the fields it knows are kept (one nested beyond what JSON can write back had made every later save fail);
 * a text longer than a field holds is cut to MAX_ANSWER_CHARS, and cut.count (optional) counts them.
 * @param {any} input  as parsed
 * @param {{count: number}} [cut]
 * @param {import('./attempt-log.js').SetAsideEntry[]} [setAside]  the log's entries that could not be read, added to
 * @param {import('./attempt-log.js').SetAsideEntry[]} [eventsSetAside]  the events' likewise
 * @returns {ExerciseRecord}
 */
export function exerciseRecord(input, cut = { count: 0 }, setAside = [], eventsSetAside = []) {
  if (!isRecord(input)) throw new Error('is not a record');
  const raw = { ...input, answers: cutTexts(input.answers, cut), checked: cutTexts(input.checked, cut), inputs: cutTexts(input.inputs, cut) };
  const out = /** @type {ExerciseRecord & Record<string, any>} */ ({});
  for (const [name, spec] of Object.entries(EXERCISE_FIELDS)) {
    if (spec.log) {
      const log = readLog(raw.log);
      out.log = log.log;
      setAside.push(...log.setAside);
      continue;
    }
    if (spec.events) {
      const read = readEvents(raw.events);
      if (read.events !== undefined) out.events = read.events;
      eventsSetAside.push(...read.setAside);
      continue;
    }
    if (spec.optional && (raw[name] === undefined || raw[name] === null)) continue;
    if (spec.read) {
      out[name] = spec.read(raw[name]);
      continue;
    }
    /** @type {(v: any) => boolean} */
    const ok = (v) =>
      spec.map
        ? (spec.nullable && v === null) || (isRecord(v) && Object.entries(v).every(([k, x]) => keyOk(spec)(k) && spec.map(x)))
        : spec.list
          ? Array.isArray(v) && v.length <= spec.max && v.every(spec.list)
          : spec.ok(v);
    out[name] = field(raw, name, spec.fallback?.(), ok, typeof spec.what === 'function' ? spec.what(raw[name]) : spec.what);
  }
  return out;
}

/**
 * The same record, repaired instead of refused: a field that is wrong starts from its value when missing, and
 * of a map or a list only the entries that are wrong go. How the exercise reads its record in the store, where
 * nothing may stop it from starting.
 * @param {any} input  as parsed
 * @returns {ExerciseRecord}
 */
export function repairedExerciseRecord(input) {
  /** @type {Record<string, any>} */
  const raw = isRecord(input) ? input : {};
  const out = /** @type {ExerciseRecord & Record<string, any>} */ ({});
  for (const [name, spec] of Object.entries(EXERCISE_FIELDS)) {
    const v = raw[name];
    if (spec.log) {
      out.log = logOf(v);
      continue;
    }
    if (spec.events) {
      const read = readEvents(v);
      if (read.events !== undefined) out.events = read.events;
      continue;
    }
    if (spec.optional) {
      if (v === undefined || v === null) continue;
      try {
        if (spec.read) out[name] = spec.read(v);
        else if (spec.ok(v)) out[name] = v;
      } catch {
        // (an optional field that cannot be read is left out)
      }
      continue;
    }
    out[name] = spec.map
      ? isRecord(v)
        ? Object.fromEntries(Object.entries(v).filter(([k, x]) => keyOk(spec)(k) && spec.map(x)))
        : spec.fallback()
      : spec.list
        ? Array.isArray(v)
          ? v.filter(spec.list).slice(-spec.max)
          : spec.fallback()
        : spec.ok(v)
          ? v
          : spec.fallback();
  }
  return out;
}

/**
 * The assignment the reader works on ({code, name, exercises: [n…], due, hide?}: the class code, the name they typed,
 * the exercises assigned, the due date or '' (exercises/assignment.js readDue), whether the worked solutions stay
 * hidden until then), checked; throws (why, for a notice) when it cannot be read.
 * @param {any} raw  as parsed
 * @returns {AssignmentRecord}
 */
function assignmentRecord(raw) {
  if (!isRecord(raw)) throw new Error('is not a record');
  const code = readCode(raw.code);
  const name = readName(raw.name);
  const due = readDue(raw.due ?? '');
  const bad = [code, name, due].find((r) => !r.ok);
  if (bad) throw new Error(bad.message);
  if (
    !Array.isArray(raw.exercises) ||
    !raw.exercises.length ||
    raw.exercises.length > MAX_EXERCISES ||
    !raw.exercises.every((/** @type {any} */ n) => isCount(n, 999) && n > 0)
  ) {
    throw new Error('its exercises must be a list of exercise numbers');
  }
  if (raw.hide !== undefined && !(raw.hide === true && due.value) && raw.hide !== false) {
    throw new Error('its hide must be true (the worked solutions hidden until the due date, which it then has) or left out');
  }
  const extension = raw.extension === undefined ? null : extensionRecord(raw.extension);
  return {
    code: code.value,
    name: name.value,
    exercises: [...new Set(raw.exercises)].sort((a, b) => a - b),
    due: due.value,
    ...(raw.hide === true && { hide: true }),
    ...(extension && { extension }),
  };
}

/**
 * An extension a student's own link carried ({name, due}: the student it is for and their due date), checked; throws
 * (why) when it cannot be read.
 * @param {any} raw
 * @returns {{name: string, due: string}}
 */
function extensionRecord(raw) {
  if (!isRecord(raw)) throw new Error('its extension is not a record');
  const name = readName(raw.name);
  const due = readDue(raw.due);
  if (!name.ok || !due.ok || !due.value) throw new Error('its extension must name a student and a due date');
  return { name: /** @type {string} */ (name.value), due: /** @type {string} */ (due.value) };
}

/** @type {(v: unknown) => boolean} */
const nonNegative = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * One card's FSRS schedule ({due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps,
 * lapses, state, last_review}, dates as ISO text). A schedule that cannot be read throws; a due date that
 * cannot be read, or lies beyond anything FSRS schedules, is repaired to `now` (the card comes up again), and so
 * is a schedule ts-fsrs refuses; `repaired` says which ('due', 'schedule', or '' for none).
 * @param {any} raw  as parsed
 * @param {Date} now
 * @returns {{card: CardSchedule, repaired: 'due' | 'schedule' | ''}}
 */
function cardRecord(raw, now) {
  if (!isRecord(raw)) throw new Error('is not a schedule');
  // (its due date is set below, once read)
  const card = /** @type {CardSchedule & Record<string, any>} */ ({
    stability: field(raw, 'stability', undefined, nonNegative, 'must be a number ≥ 0'),
    difficulty: field(raw, 'difficulty', undefined, (v) => nonNegative(v) && v <= 10, 'must be a number from 0 to 10'),
    elapsed_days: field(raw, 'elapsed_days', 0, nonNegative, 'must be a number of days ≥ 0'),
    scheduled_days: field(raw, 'scheduled_days', 0, nonNegative, 'must be a number of days ≥ 0'),
    learning_steps: field(raw, 'learning_steps', 0, (v) => isCount(v, 1000), 'must be a whole number'),
    reps: field(raw, 'reps', 0, (v) => isCount(v, 1e6), 'must be a whole number'),
    lapses: field(raw, 'lapses', 0, (v) => isCount(v, 1e6), 'must be a whole number'),
    state: field(raw, 'state', undefined, (v) => isCount(v, 3), 'must be 0, 1, 2 or 3'),
    last_review: field(raw, 'last_review', undefined, (v) => v === null || isDate(v), 'must be a date'),
  });
  for (const name of ['stability', 'difficulty', 'state']) if (card[name] === undefined) throw new Error(`${name} is missing`);
  if (card.last_review === undefined) delete card.last_review;
  const latest = now.getTime() + LATEST_DUE_DAYS * 86_400_000;
  const dueOk = isDate(raw.due) && Date.parse(raw.due) >= 0 && Date.parse(raw.due) <= latest;
  card.due = dueOk ? raw.due : now.toISOString();
  // a schedule ts-fsrs cannot take (reviewed with too small a memory, or last reviewed in the future of this
  // device's clock): the nearest one it takes, due now
  const reviewed = card.state !== 0;
  const schedulable = !reviewed || (card.stability >= FSRS_MIN_STABILITY && card.difficulty >= FSRS_MIN_DIFFICULTY);
  const inThePast = !card.last_review || Date.parse(card.last_review) <= now.getTime();
  if (!schedulable || !inThePast) {
    if (reviewed) {
      card.stability = Math.max(card.stability, FSRS_MIN_STABILITY);
      card.difficulty = Math.max(card.difficulty, FSRS_MIN_DIFFICULTY);
    }
    if (!inThePast) card.last_review = now.toISOString();
    card.due = now.toISOString();
  }
  return { card, repaired: !dueOk ? 'due' : !schedulable || !inThePast ? 'schedule' : '' };
}

/**
 * Checks parsed progress data. Returns {state, notices, setAside}: `setAside` is true when any record was
 * skipped or repaired (the caller keeps the original). Throws when the data is not this chapter's progress.
 * @param {any} data  as parsed
 * @param {{now?: Date, version?: number}} [options]
 * @returns {ReadProgress}
 */
export function readProgress(data, { now = new Date(), version = 1 } = {}) {
  if (!isRecord(data)) throw new Error('this is not a progress file of this chapter');
  if (typeof data.version === 'number' && data.version > version) {
    throw new Error(`it was written by a newer version of this chapter (format ${data.version}; this page reads ${version})`);
  }
  if (data.version !== version) throw new Error('this is not a progress file of this chapter (no known format version)');
  if (!isRecord(data.exercises)) throw new Error('its “exercises” must be a set of records by exercise number');
  if (!isRecord(data.cards)) throw new Error('its “cards” must be a set of schedules by card');
  if (Object.keys(data.exercises).length > MAX_EXERCISES || Object.keys(data.cards).length > MAX_CARDS) {
    throw new Error('it holds far more records than this chapter has exercises and cards');
  }

  /** @type {string[]} */
  const notices = [];
  /** @type {Record<string, ExerciseRecord>} */
  const exercises = {};
  /** @type {Record<string, import('./attempt-log.js').SetAsideEntry[]>} */
  const logSetAside = {};
  for (const [n, raw] of Object.entries(data.exercises)) {
    try {
      if (!/^[1-9]\d{0,2}$/.test(n)) throw new Error('is not an exercise number');
      const cut = { count: 0 };
      /** @type {import('./attempt-log.js').SetAsideEntry[]} */
      const setAside = [];
      /** @type {import('./attempt-log.js').SetAsideEntry[]} */
      const eventsSetAside = [];
      exercises[n] = exerciseRecord(raw, cut, setAside, eventsSetAside);
      // each attempt of the log that cannot be read, named: where it was, when, and why (the rest of the log is kept)
      if (setAside.length) logSetAside[n] = setAside;
      for (const e of setAside) {
        const which = e.index < 0 ? 'its log' : `attempt ${e.index + 1} of its log${e.at ? ` (${e.at})` : ''}`;
        notices.push(`Exercise ${n}: ${which} could not be read (${e.why}) and was set aside; the rest of the exercise is as saved.`);
      }
      for (const e of eventsSetAside) {
        const which = e.index < 0 ? 'its list of openings' : `opening ${e.index + 1} of its list${e.at ? ` (${e.at})` : ''}`;
        notices.push(`Exercise ${n}: ${which} could not be read (${e.why}) and was set aside; the rest of the exercise is as saved.`);
      }
      if (cut.count) {
        notices.push(
          `Exercise ${n}: ${cut.count === 1 ? 'one saved answer was' : `${cut.count} saved answers were`} longer than a field ` +
            `holds (${MAX_ANSWER_CHARS} characters) and ${cut.count === 1 ? 'was' : 'were'} cut to that length; the rest of the exercise is as saved.`,
        );
      }
    } catch (error) {
      notices.push(`The saved record of exercise ${isolated(n.slice(0, 20))} could not be read (${error.message}): that exercise starts afresh.`);
    }
  }
  /** @type {Record<string, CardSchedule>} */
  const cards = {};
  const repaired = { due: 0, schedule: 0 };
  for (const [id, raw] of Object.entries(data.cards)) {
    try {
      if (id.length > 100) throw new Error('has no card name');
      const read = cardRecord(raw, now);
      cards[id] = read.card;
      if (read.repaired) repaired[read.repaired]++;
    } catch (error) {
      notices.push(`The saved schedule of a flash card could not be read (${error.message}): that card starts afresh.`);
    }
  }
  /** @type {(n: number, what: string) => void} */
  const cardsHad = (n, what) => notices.push(`${n === 1 ? 'One flash card had' : `${n} flash cards had`} ${what}: ${n === 1 ? 'it is' : 'they are'} due now.`);
  if (repaired.due) cardsHad(repaired.due, 'a due date that could not be read');
  if (repaired.schedule) {
    cardsHad(repaired.schedule, 'a schedule that could not be used (a last review after this device’s clock, or a memory state the scheduler refuses)');
  }
  /** @type {ProgressRecord} */
  const state = { version: data.version, exercises, cards };
  // when this progress began (a reset of everything, an import) and when single exercises were last reset: what
  // keeps another tab's older copy from bringing cleared work back (merge.js)
  if (isDate(data.startedAt)) state.startedAt = data.startedAt;
  else if (data.startedAt !== undefined) notices.push('The saved time this progress began could not be read: it is left out.');
  if (data.resets !== undefined) {
    const resets = isRecord(data.resets) ? Object.entries(data.resets).filter(([n, at]) => /^[1-9]\d{0,2}$/.test(n) && isDate(at)) : [];
    if (resets.length) state.resets = Object.fromEntries(resets);
    if (!isRecord(data.resets) || resets.length < Object.keys(data.resets).length)
      notices.push('Some saved times of exercise resets could not be read: they are left out.');
  }
  if (data.assignment !== undefined) {
    try {
      state.assignment = assignmentRecord(data.assignment);
    } catch (error) {
      notices.push(`The saved assignment could not be read (${error.message}): open your teacher’s link again.`);
    }
  }
  return { state, notices, setAside: notices.length > 0, logSetAside };
}

/**
 * A progress file's text, read: readProgress's {state, notices, setAside}; throws an Error saying why ("it is not
 * JSON", …) when the text is not this chapter's progress at all.
 * @param {unknown} text
 * @returns {ReadProgress}
 */
export function readProgressText(text, { now = new Date(), version = 1 } = {}) {
  if (typeof text !== 'string' || text.length > MAX_IMPORT_BYTES) {
    throw new Error(`it is too large to be progress of this chapter (the limit is ${MAX_IMPORT_BYTES / 1e6} MB)`);
  }
  let data;
  try {
    data = JSON.parse(markInexactNumbers(text));
  } catch {
    throw new Error('it is not JSON');
  }
  return readProgress(data, { now, version });
}

// JSON's numbers are read as doubles: "9007199254740993" (2^53 + 1) would be read as 2^53, another seed. Each whole
// number that no double holds exactly becomes the text INEXACT + its digits, which no field takes: the field that
// holds it is refused, naming the number as written. (Numbers are found outside strings only: an answer may hold
// any digits.)
/** @param {string} text */
function markInexactNumbers(text) {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const m = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(text.slice(i, i + 400));
      if (!m) continue;
      const digits = m[0];
      if (!m[1] && !m[2] && digits.replace('-', '').length > 15 && BigInt(digits) !== BigInt(Number(digits))) {
        out += `${text.slice(from, i)}"${INEXACT}${digits}"`;
        from = i + digits.length;
      }
      i += digits.length - 1;
    }
  }
  return from ? out + text.slice(from) : text;
}
