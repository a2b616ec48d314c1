// An exercise's log of attempts, as its record keeps it and a teacher reads it (exercises/regrade.js). Each entry is
// one Check: {at, seed, answers: {part: text}, inputs, hints, solution, right, try}: when, on which numbers (the
// variant's seed and any inputs typed over it), what was checked, whether hints (how many) or the worked solution
// were open before it, the parts the page marked right (used here only to decide what is kept: the teachers' page
// grades every answer again) and its number among the attempts on those numbers (1: the first).
//
// What a teacher needs is never evicted: on the numbers a teacher grades (the assignment's, or the exercise's own
// when it has no variants), the first attempts, each attempt that got a part right for the first time (the one
// that completed the solve among them) and each one made after a hint or the solution was opened; on any numbers,
// each attempt that got a part right for the first time in the whole log (what the page's own state of an exercise
// outside an assignment is read from: exercises/outcome.js). Everything else is
// practice: the latest MAX_LOG entries are kept, older ones are summarised, counted per numbers in `summarised`,
// so the file says how many there were. A log read from a file is checked entry by entry and nothing is evicted
// there: an entry that cannot be read is set aside, named with why (readLog).
// No DOM, no storage.
import { LARGEST_SEED } from '../wasm/presets.js';
import { assignedSeed } from './assignee.js';

/** The practice attempts an exercise's log keeps (the latest); older ones are summarised. */
export const MAX_LOG = 20;
/** The first attempts on graded numbers, always kept. */
export const FIRST_TRIES = 10;
/** How much of each answer an entry keeps: enough to grade any number, vector or matrix again. */
export const MAX_LOG_ANSWER_CHARS = 500;
/** More entries than a log this page writes can hold (FIRST_TRIES + a few per part and hint + MAX_LOG): a file's
 * log past it is damage, and the rest is set aside, said. */
const MAX_LOG_ENTRIES = 200;
/** The numbers whose summarised attempts are counted one by one (the latest); older ones are in the total only. */
const MAX_SUMMARISED_NUMBERS = 50;
// what the exercise kernels accept: the kernel's largest seed (bindings/convert.hpp), written beside the module at
// each build, and its name in the messages ("2^53")
const MAX_SEED = LARGEST_SEED;
export const SEED_LIMIT_TEXT = `2^${Math.log2(LARGEST_SEED)}`;

/**
 * @typedef {object} LogEntry  one attempt as the log keeps it (entryOf)
 * @property {string} at                        when, ISO text
 * @property {number | null} seed               the variant, or null for the exercise's own numbers
 * @property {Record<string, string>} answers   part → the answer as typed (cut to MAX_LOG_ANSWER_CHARS)
 * @property {Record<string, string> | null} inputs  inputs typed over the variant, or null
 * @property {number} hints
 * @property {boolean} solution
 * @property {string[]} [right]                 the parts the page marked right
 * @property {number} [try]                     its number among the attempts on these numbers
 *
 * @typedef {{seed: number | null, inputs: Record<string, string> | null, count: number}} NumbersCount
 * @typedef {{count: number, numbers: NumbersCount[]}} Summarised  practice attempts taken out of the log, counted
 * @typedef {{index: number, at: string, why: string}} SetAsideEntry  an entry that could not be read (index −1: the log)
 * @typedef {{log: LogEntry[], summarised?: Summarised}} LogAndSummary
 */

/** @type {(v: any) => boolean} */
const isRecord = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** @type {(v: any, max: number) => boolean} */
const isCount = (v, max) => Number.isInteger(v) && v >= 0 && v <= max;
/** @type {(k: string) => boolean} */
const isPartId = (k) => /^[a-z][\w-]{0,63}$/.test(k);
/** @type {(v: unknown) => boolean} */
const isDate = (v) => typeof v === 'string' && v.length <= 40 && Number.isFinite(Date.parse(v));
/** @type {(v: unknown) => string} */
const shown = (v) => {
  const text = typeof v === 'string' ? JSON.stringify(v) : String(JSON.stringify(v) ?? v);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
};

// A number JSON wrote that no double holds exactly (2^53 + 1 reads as 2^53, the largest seed): readProgressText (validate.js) marks
// it with this before parsing, so the field that holds it is refused, naming it as written.
export const INEXACT = 'inexact number ';
/** @type {(v: unknown) => boolean} */
const inexact = (v) => typeof v === 'string' && v.startsWith(INEXACT);

/** What is wrong with a seed ('' when it is one): a whole number from 0 to MAX_SEED, or null for the exercise's own numbers. */
/** @param {any} v  as parsed */
export function seedProblem(v) {
  if (v === null || isCount(v, MAX_SEED)) return '';
  if (inexact(v)) return `${v.slice(INEXACT.length)} is past ${SEED_LIMIT_TEXT}, where a number in a file is not read exactly`;
  return `${shown(v)} is not a whole number from 0 to ${SEED_LIMIT_TEXT}`;
}

// Why an entry cannot be read, or '' when it can.
/** @param {any} e  as parsed */
function entryProblem(e) {
  if (!isRecord(e)) return 'it is not a record';
  if (!isDate(e.at)) return `its time ${shown(e.at)} is not a date`;
  const seed = seedProblem(e.seed);
  if (seed) return `its seed ${seed}`;
  if (!isCount(e.hints, 100)) return `its count of hints ${shown(e.hints)} is not a whole number from 0 to 100`;
  if (typeof e.solution !== 'boolean') return `its solution ${shown(e.solution)} is not true or false`;
  if (!isRecord(e.answers)) return 'its answers are not a set of answers by part';
  for (const [k, a] of Object.entries(e.answers)) {
    if (!isPartId(k)) return `its answers name a part ${shown(k)} no exercise has`;
    if (typeof a !== 'string') return `its answer to ${k} is ${shown(a)}, not text`;
  }
  if (e.inputs !== undefined && e.inputs !== null) {
    if (!isRecord(e.inputs)) return 'its inputs are not a set of texts by input';
    for (const [k, t] of Object.entries(e.inputs)) if (typeof t !== 'string' || k.length > 64) return `its input ${shown(k.slice(0, 20))} is not text`;
  }
  if (e.right !== undefined && !(Array.isArray(e.right) && e.right.length <= 64 && e.right.every(isPartId)))
    return 'its parts marked right are not a list of parts';
  if (e.try !== undefined && !(isCount(e.try, 1e6) && e.try >= 1)) return `its number ${shown(e.try)} among the attempts is not a whole number from 1`;
  return '';
}

/** @type {(map: Record<string, string>) => Record<string, string>} */
const cutTexts = (map) => Object.fromEntries(Object.entries(map).map(([k, t]) => [k, t.slice(0, MAX_LOG_ANSWER_CHARS)]));

// An entry as the log keeps it: its fields in order, answers cut to what a grader needs; right and try only when
// the entry has them (a file from an earlier page has neither).
/**
 * @param {any} e  an entry entryProblem passed
 * @returns {LogEntry}
 */
function entryOf(e) {
  return {
    at: e.at,
    seed: e.seed,
    answers: cutTexts(e.answers),
    inputs: e.inputs ? cutTexts(e.inputs) : null,
    hints: e.hints,
    solution: e.solution,
    ...(e.right !== undefined && { right: [...new Set(e.right)] }),
    ...(e.try !== undefined && { try: e.try }),
  };
}

/**
 * A stored log read entry by entry. → {log (every entry that can be read, as written), setAside: [{index, at, why}]
 * (each one that cannot, its place in the log, its time when it has one, and why)}. Nothing is evicted here.
 * @param {unknown} raw  as parsed
 * @returns {{log: LogEntry[], setAside: SetAsideEntry[]}}
 */
export function readLog(raw) {
  if (raw === undefined) return { log: [], setAside: [] };
  if (!Array.isArray(raw)) return { log: [], setAside: [{ index: -1, at: '', why: 'the log is not a list of attempts' }] };
  /** @type {LogEntry[]} */
  const log = [];
  /** @type {SetAsideEntry[]} */
  const setAside = [];
  raw.forEach((e, index) => {
    const why = index >= MAX_LOG_ENTRIES ? `a log holds at most ${MAX_LOG_ENTRIES} attempts` : entryProblem(e);
    if (why) setAside.push({ index, at: isRecord(e) && isDate(e.at) ? e.at : '', why });
    else log.push(entryOf(e));
  });
  return { log, setAside };
}

/** A log entry for an attempt now. answers: {part: text as typed}; inputs: {name: text} typed over the variant, or null;
 * right: the parts the page marked right; try: its number among the attempts on these numbers.
 * @param {{seed: number | null, answers: Record<string, string>, inputs?: Record<string, string> | null, hints: number, solution: boolean, right?: string[], try?: number}} attempt
 * @returns {LogEntry}
 */
export function logEntry({ seed, answers, inputs = null, hints, solution, right, try: tries = undefined }, now = new Date()) {
  const e = { at: now.toISOString(), seed, answers, inputs, hints, solution, ...(right && { right }), ...(tries && { try: tries }) };
  const why = entryProblem(e);
  if (why) throw new Error(`an attempt cannot be logged: ${why}`);
  return entryOf(e);
}

/**
 * The numbers an entry was made on, as one key: its seed and the inputs typed over it.
 * @param {{seed: number | null, inputs?: Record<string, string> | null}} numbers
 */
export function numbersKey({ seed, inputs }) {
  const typed = inputs ? Object.entries(inputs).sort(([a], [b]) => (a < b ? -1 : 1)) : [];
  return JSON.stringify([seed, typed.length ? typed : null]);
}

/**
 * `summarised`: {count (every attempt summarised), numbers: [{seed, inputs, count}] (the latest numbers' counts)}.
 * @param {any} raw  as parsed
 * @returns {Summarised}
 */
export function readSummarised(raw) {
  const ok =
    isRecord(raw) &&
    isCount(raw.count, 1e9) &&
    Array.isArray(raw.numbers) &&
    raw.numbers.length <= MAX_SUMMARISED_NUMBERS &&
    raw.numbers.every(
      (/** @type {any} */ x) =>
        isRecord(x) &&
        !seedProblem(x.seed) &&
        isCount(x.count, 1e9) &&
        x.count >= 1 &&
        (x.inputs === null || (isRecord(x.inputs) && Object.values(x.inputs).every((t) => typeof t === 'string'))),
    ) &&
    raw.numbers.reduce((/** @type {number} */ sum, /** @type {NumbersCount} */ x) => sum + x.count, 0) <= raw.count;
  if (!ok) throw new Error('summarised must count the attempts summarised, in all and by numbers');
  return {
    count: raw.count,
    numbers: raw.numbers.map((/** @type {NumbersCount} */ x) => ({ seed: x.seed, inputs: x.inputs ? { ...x.inputs } : null, count: x.count })),
  };
}

/** @type {() => Summarised} */
const noneSummarised = () => ({ count: 0, numbers: [] });
/** @type {(summarised: Summarised | undefined, key: string) => number} */
const summarisedOn = (summarised, key) => summarised?.numbers.find((x) => numbersKey(x) === key)?.count ?? 0;

/**
 * Whether an entry is on numbers a teacher grades: the assignment's variant of exercise n for the student's name,
 * or the exercise's own numbers (seed null: an exercise without variants has only those), nothing typed over them.
 * @param {{code: string, name: string, exercises?: number[]} | null | undefined} assignment
 * @param {number | string} n
 * @returns {(e: LogEntry) => boolean}
 */
export function gradedNumbers(assignment, n) {
  const seed = assignment?.exercises?.includes(Number(n)) ? assignedSeed(assignment.code, assignment.name, Number(n)) : undefined;
  return (e) => !e.inputs && (e.seed === null || e.seed === seed);
}

/** The try an attempt on these numbers is: one more than the attempts on them before it, kept or summarised. */
/**
 * @param {Partial<LogAndSummary>} record
 * @param {LogEntry} entry
 */
function nextTry(record, entry) {
  const key = numbersKey(entry);
  const kept = (record.log ?? []).filter((e) => numbersKey(e) === key);
  const before = Math.max(kept.length + summarisedOn(record.summarised, key), ...kept.map((e) => e.try ?? 0));
  return before + 1;
}

/**
 * The log kept and the rest summarised: every entry a teacher needs (see above) and the latest MAX_LOG others.
 * graded(entry): whether it is on graded numbers (gradedNumbers). → {log, summarised}
 * @param {LogEntry[]} log
 * @param {Summarised | undefined} summarised
 * @param {(e: LogEntry) => boolean} graded
 * @returns {LogAndSummary}
 */
function compactLog(log, summarised, graded) {
  /** @type {Map<string, {tries: number, right: Set<string>, hints: number, solution: boolean}>} */
  const seen = new Map(); // graded numbers → {tries, right, hints, solution} so far
  /** @type {Set<string>} */
  const rightAnywhere = new Set(); // the parts right so far, on any numbers
  const needed = log.map((e) => {
    const firstAnywhere = (e.right ?? []).some((id) => !rightAnywhere.has(id));
    (e.right ?? []).forEach((id) => rightAnywhere.add(id));
    if (!graded(e)) return firstAnywhere;
    const key = numbersKey(e);
    const s = seen.get(key) ?? { tries: 0, right: new Set(), hints: 0, solution: false };
    seen.set(key, s);
    s.tries = Math.max(s.tries + 1, e.try ?? 0);
    const firstRight = (e.right ?? []).some((id) => !s.right.has(id));
    const opened = e.hints > s.hints || (e.solution && !s.solution);
    (e.right ?? []).forEach((id) => s.right.add(id));
    s.hints = Math.max(s.hints, e.hints);
    s.solution ||= e.solution;
    return s.tries <= FIRST_TRIES || firstRight || opened || firstAnywhere;
  });
  const practice = needed.map((n, k) => (n ? -1 : k)).filter((k) => k >= 0);
  const dropped = new Set(practice.slice(0, Math.max(0, practice.length - MAX_LOG)));
  if (!dropped.size) return { log, summarised };
  const out = summarised ? { count: summarised.count, numbers: summarised.numbers.map((x) => ({ ...x })) } : noneSummarised();
  for (const k of dropped) {
    const e = log[k];
    const key = numbersKey(e);
    const at = out.numbers.findIndex((x) => numbersKey(x) === key);
    const counted = at >= 0 ? out.numbers.splice(at, 1)[0] : { seed: e.seed, inputs: e.inputs, count: 0 };
    counted.count += 1;
    out.numbers.push(counted); // the latest numbers last
    out.count += 1;
  }
  out.numbers = out.numbers.slice(-MAX_SUMMARISED_NUMBERS);
  return { log: log.filter((_, k) => !dropped.has(k)), summarised: out };
}

/**
 * record with one more attempt logged (its try numbered) and the log compacted. → {log, summarised}
 * @param {Partial<LogAndSummary>} record
 * @param {LogEntry} entry
 * @param {(e: LogEntry) => boolean} graded
 */
export function appendAttempt(record, entry, graded) {
  const e = { ...entry, try: entry.try ?? nextTry(record, entry) };
  return compactLog([...(record.log ?? []), e], record.summarised, graded);
}

/** @type {(e: LogEntry) => string} */
const identity = (e) => JSON.stringify([e.at, numbersKey(e), e.answers, e.hints, e.solution]);

/**
 * Two copies of one exercise's log (two tabs that both logged attempts) as one: every entry of either, in time order,
 * an entry both hold once (two alike, made in one millisecond, stay two: as many as the copy that has more); each
 * one's try at least one more than the one before it on its numbers; the larger count of summarised attempts for
 * each numbers. → {log, summarised}
 * @param {LogAndSummary} a
 * @param {LogAndSummary} b
 * @returns {LogAndSummary}
 */
export function mergeLogs(a, b) {
  /** @type {Map<string, number>} */
  const inB = new Map();
  for (const e of b.log) inB.set(identity(e), (inB.get(identity(e)) ?? 0) + 1);
  const onlyB = [...b.log];
  for (const e of a.log) {
    const id = identity(e);
    if (!inB.get(id)) continue;
    inB.set(id, inB.get(id) - 1);
    onlyB.splice(
      onlyB.findIndex((x) => identity(x) === id),
      1,
    ); // held by both: a's copy stands for it
  }
  // (a stable sort: entries of one time keep their order, a's before b's)
  const log = [...a.log, ...onlyB].sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
  /** @type {Map<string, number>} */
  const last = new Map();
  const numbered = log.map((e) => {
    if (e.try === undefined) return e;
    const key = numbersKey(e);
    const t = Math.max(e.try, (last.get(key) ?? 0) + 1);
    last.set(key, t);
    return t === e.try ? e : { ...e, try: t };
  });
  const summarised = mergeSummarised(a.summarised, b.summarised);
  return { log: numbered, summarised };
}

/**
 * @param {Summarised | undefined} a
 * @param {Summarised | undefined} b
 * @returns {Summarised | undefined}
 */
function mergeSummarised(a, b) {
  if (!a?.count) return b?.count ? b : undefined;
  if (!b?.count) return a;
  const numbers = [...a.numbers];
  for (const x of b.numbers) {
    const at = numbers.findIndex((y) => numbersKey(y) === numbersKey(x));
    if (at < 0) numbers.push(x);
    else if (numbers[at].count < x.count) numbers[at] = x;
  }
  const kept = numbers.slice(-MAX_SUMMARISED_NUMBERS);
  const count = Math.max(
    a.count,
    b.count,
    kept.reduce((sum, x) => sum + x.count, 0),
  );
  return { count, numbers: kept };
}
