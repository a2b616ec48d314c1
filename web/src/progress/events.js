// What a student opened, printed, reset and marked on an exercise, with the time: the other half of the evidence
// its attempts give (attempt-log.js), kept in the record's `events`. Each entry is one of
//   {at, kind: 'hint', hint, seed}       hint number `hint` (from 1) shown, on the numbers of `seed`
//   {at, kind: 'solution', seed}         the worked solution opened
//   {at, kind: 'key'}                    the answer key printed (every worked solution on paper)
//   {at, kind: 'reset', seed}            "Reset this exercise" on an assigned exercise (its attempts are kept)
//   {at, kind: 'self', part, mark}       an explanation marked against the model answer (yes, partly, no)
// A reload keeps them, a reset of an assigned exercise keeps them, and nothing a student does removes one: what
// was opened before a first right answer is read from here (exercises/outcome.js), not from the page's state.
// A list read from a file is checked entry by entry: one that cannot be read is set aside, named with why.
// No DOM, no storage.
import { seedProblem } from './attempt-log.js';

/** At most this many events are kept: the first of each kind (per hint, per part) always, then the latest. */
const MAX_EVENTS = 200;
const EVENT_KINDS = ['hint', 'solution', 'key', 'reset', 'self'];
const MARKS = ['yes', 'partly', 'no'];

/**
 * @typedef {object} ExerciseEvent  one entry of the list (the kinds above); the fields beside at and kind are its kind's
 * @property {string} at
 * @property {'hint' | 'solution' | 'key' | 'reset' | 'self'} kind
 * @property {number} [hint]
 * @property {number | null} [seed]
 * @property {string} [part]
 * @property {'yes' | 'partly' | 'no'} [mark]
 */

/** @type {(v: any) => boolean} */
const isRecord = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** @type {(v: unknown) => boolean} */
const isDate = (v) => typeof v === 'string' && v.length <= 40 && Number.isFinite(Date.parse(v));
/** @type {(k: unknown) => boolean} */
const isPartId = (k) => typeof k === 'string' && /^[a-z][\w-]{0,63}$/.test(k);
/** @type {(v: unknown) => string} */
const shown = (v) => {
  const text = String(JSON.stringify(v) ?? v);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
};

// Why an event cannot be read, or '' when it can.
/** @param {any} e  as parsed */
function eventProblem(e) {
  if (!isRecord(e)) return 'it is not a record';
  if (!isDate(e.at)) return `its time ${shown(e.at)} is not a date`;
  if (!EVENT_KINDS.includes(e.kind)) return `its kind ${shown(e.kind)} is not one of ${EVENT_KINDS.join(', ')}`;
  if (e.kind === 'hint' && !(Number.isInteger(e.hint) && e.hint >= 1 && e.hint <= 100)) return `its hint ${shown(e.hint)} is not a whole number from 1 to 100`;
  if (['hint', 'solution', 'reset'].includes(e.kind) && seedProblem(e.seed)) return `its seed ${seedProblem(e.seed)}`;
  if (e.kind === 'self' && !(isPartId(e.part) && MARKS.includes(e.mark))) return 'its part or mark cannot be read';
  return '';
}

// An event as the list keeps it: its own fields, in order.
/**
 * @param {any} e  an event eventProblem passed
 * @returns {ExerciseEvent}
 */
function eventOf(e) {
  /** @type {ExerciseEvent} */
  const out = { at: e.at, kind: e.kind };
  if (e.kind === 'hint') out.hint = e.hint;
  if (['hint', 'solution', 'reset'].includes(e.kind)) out.seed = e.seed;
  if (e.kind === 'self') Object.assign(out, { part: e.part, mark: e.mark });
  return out;
}

/**
 * A stored list read entry by entry. → {events, setAside: [{index, at, why}]}
 * @param {unknown} raw  as parsed
 * @returns {{events: ExerciseEvent[] | undefined, setAside: import('./attempt-log.js').SetAsideEntry[]}}
 */
export function readEvents(raw) {
  if (raw === undefined) return { events: undefined, setAside: [] };
  if (!Array.isArray(raw)) return { events: [], setAside: [{ index: -1, at: '', why: 'its openings are not a list' }] };
  /** @type {ExerciseEvent[]} */
  const events = [];
  /** @type {import('./attempt-log.js').SetAsideEntry[]} */
  const setAside = [];
  raw.forEach((e, index) => {
    const why = index >= MAX_EVENTS ? `a list holds at most ${MAX_EVENTS} openings` : eventProblem(e);
    if (why) setAside.push({ index, at: isRecord(e) && isDate(e.at) ? e.at : '', why });
    else events.push(eventOf(e));
  });
  return { events, setAside };
}

/**
 * An event now. → the entry, or throws when it cannot be one (a bug of the page, never the reader's)
 * @param {Omit<ExerciseEvent, 'at'>} fields
 * @returns {ExerciseEvent}
 */
export function eventEntry(fields, now = new Date()) {
  const e = { ...fields, at: now.toISOString() };
  const why = eventProblem(e);
  if (why) throw new Error(`an opening cannot be logged: ${why}`);
  return eventOf(e);
}

/** @type {(e: ExerciseEvent) => string} */
const firstOfItsKind = (e) => JSON.stringify([e.kind, e.hint ?? e.part ?? null]);

// The list within MAX_EVENTS: the first event of each kind (per hint number, per part) always, the latest others.
/**
 * @param {ExerciseEvent[]} events
 * @returns {ExerciseEvent[]}
 */
function capped(events) {
  if (events.length <= MAX_EVENTS) return events;
  /** @type {Set<string>} */
  const seen = new Set();
  const first = events.map((e) => !seen.has(firstOfItsKind(e)) && seen.add(firstOfItsKind(e)));
  const others = first.map((f, k) => (f ? -1 : k)).filter((k) => k >= 0);
  const drop = new Set(others.slice(0, events.length - MAX_EVENTS));
  return events.filter((_, k) => !drop.has(k));
}

/** The list with one more event, in time order. @type {(events: ExerciseEvent[] | undefined, e: ExerciseEvent) => ExerciseEvent[]} */
export const appendEvent = (events, e) => capped([...(events ?? []), e]);

/** @type {(e: ExerciseEvent) => string} */
const identity = (e) => JSON.stringify(eventOf(e));

/**
 * Two copies of one exercise's events (two tabs) as one: every event of either once, in time order.
 * @param {ExerciseEvent[] | undefined} a
 * @param {ExerciseEvent[] | undefined} b
 */
export function mergeEvents(a, b) {
  if (!a) return b;
  if (!b) return a;
  /** @type {Map<string, number>} */
  const inA = new Map();
  for (const e of a) inA.set(identity(e), (inA.get(identity(e)) ?? 0) + 1);
  const onlyB = b.filter((e) => {
    const left = inA.get(identity(e)) ?? 0;
    if (left) inA.set(identity(e), left - 1);
    return !left;
  });
  return capped([...a, ...onlyB].sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0)));
}

/**
 * A record's events, started when it has none (a record from an earlier page): the marks it holds become self-mark
 * events at the time of the last attempt that gave that explanation (else its last change), so a mark given before
 * the events were kept still counts. → the list (a new one; the record is left as it was)
 * @param {{events?: ExerciseEvent[], selfCheck?: Record<string, string>, log?: import('./attempt-log.js').LogEntry[], changedAt?: string}} record
 * @returns {ExerciseEvent[]}
 */
export function eventsOf(record) {
  if (record.events) return [...record.events];
  const marks = Object.entries(record.selfCheck ?? {});
  return marks
    .map(([part, mark]) => {
      const last = (record.log ?? []).filter((e) => e.answers?.[part] !== undefined).at(-1);
      // (a mark the record holds is checked by the filter below)
      return /** @type {ExerciseEvent} */ ({ at: last?.at ?? record.changedAt ?? new Date().toISOString(), kind: 'self', part, mark });
    })
    .filter((e) => !eventProblem(e))
    .sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
}

/**
 * The latest self-mark of each explained part: {part: mark}.
 * @param {ExerciseEvent[] | undefined} events
 */
export function selfMarks(events) {
  /** @type {Record<string, string>} */
  const marks = {};
  for (const e of events ?? []) if (e.kind === 'self') marks[e.part] = e.mark;
  return marks;
}
