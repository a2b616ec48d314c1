// An assignment, as a teacher hands it out by link: which exercises, a class code, optionally a due date. A
// student types a name (or student number) once; each assigned exercise's variant seed follows from the class
// code and that name, so every student has numbers of their own and the teachers' page can recompute them.
// No DOM: the chapter's banner, its progress store and the teachers' page read and check assignments here.
import { hasDirectionControls, isolated, namedControls } from '../ui/bidi.js';

/** The address's parameters of an assignment. */
export const PARAMS = { code: 'assign.class', exercises: 'assign.ex', due: 'assign.due', hide: 'assign.hide' };
export const MAX_CODE_CHARS = 40;
export const MAX_NAME_CHARS = 80;

// The apostrophes a keyboard or a word processor may type for one (’ ‘ ‛ ʼ ′ ` ´): read as '
const APOSTROPHES = /[\u2018\u2019\u201B\u02BC\u2032\u0060\u00B4]/g;

// A class code and a name as they are compared: "Ada  Lovelace " and "ada lovelace" are one student, and so are
// O'Brien and O’Brien, a name typed in full-width letters (ＡＤＡ) and in plain ones, or with an accent composed or
// not (NFKC: compatibility forms and widths folded, accents composed)
const key = (text) => String(text).normalize('NFKC').replace(APOSTROPHES, "'").trim().replace(/\s+/g, ' ').toLowerCase();

/** A name or a code as it is compared (spacing, capitals, apostrophe kinds, widths and normal forms folded). */
export const nameKey = key;

// A short text a person typed (a class code, a name): spaces trimmed and collapsed, at most `max` characters, no
// control characters and no direction controls (invisible, they reorder the table and the flags a name is shown in:
// the message writes them out, ui/bidi.js). → {ok, value} | {ok: false, message}
function readShortText(text, { max, empty, what }) {
  const value = String(text ?? '').trim().replace(/\s+/g, ' ');
  if (!value) return { ok: false, message: empty };
  if (value.length > max) return { ok: false, message: `${what} has at most ${max} characters` };
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(value)) return { ok: false, message: `${what} cannot hold control characters` };
  if (hasDirectionControls(value)) {
    return { ok: false, message: `${what} cannot hold direction controls (${namedControls(value)}): ${isolated(value)}` };
  }
  return { ok: true, value };
}

/** A class code, checked. → {ok, value} | {ok: false, message} */
export const readCode = (text) =>
  readShortText(text, { max: MAX_CODE_CHARS, empty: 'give the class a code (letters, digits, a few words)', what: 'a class code' });

/** A student's name or number, checked. → {ok, value} | {ok: false, message} */
export const readName = (text) => readShortText(text, { max: MAX_NAME_CHARS, empty: 'type your name or student number', what: 'a name' });

// A due date is a moment: a day and a time with the offset of the teacher's time zone ("2026-12-20T23:59+01:00"),
// so every student sees the same moment in their own time. A day alone ("2026-12-20", as older links carry) is the
// end of that day anywhere on Earth (23:59 at UTC−12), so no student's day ends before it.
const DUE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2}))?$/;
const DAY_ALONE_OFFSET = '-12:00';

// The moment a due text names, in ms, or NaN when it names none (a day or a time that does not exist).
function dueMoment(text) {
  const m = DUE.exec(text);
  if (!m) return NaN;
  const [, y, mo, d, h = '23', mi = '59', zone = DAY_ALONE_OFFSET] = m;
  const day = new Date(Date.UTC(+y, +mo - 1, +d));
  if (day.getUTCFullYear() !== +y || day.getUTCMonth() !== +mo - 1 || day.getUTCDate() !== +d || +h > 23 || +mi > 59) return NaN;
  if (zone !== 'Z' && (Number(zone.slice(1, 3)) > 14 || Number(zone.slice(4)) > 59)) return NaN;
  return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:00${zone}`);
}

/**
 * A due date: a moment "2026-12-20T23:59+01:00" (or Z), a day alone "2026-12-20" (see above), or '' for none.
 * → {ok, value (as written), at (ms, or null for none)} | {ok: false, message}
 */
export function readDue(text) {
  const value = String(text ?? '').trim();
  if (!value) return { ok: true, value: '', at: null };
  const at = dueMoment(value);
  if (!Number.isFinite(at)) return { ok: false, message: 'a due date is a day and a time written as 2026-12-20T23:59+01:00 (or a day alone, 2026-12-20)' };
  return { ok: true, value, at };
}

/** The moment of a due date (readDue's), in ms; null for none or one that cannot be read. */
export function dueAt(due) {
  const at = dueMoment(String(due ?? ''));
  return Number.isFinite(at) ? at : null;
}

const pad = (k) => String(k).padStart(2, '0');

/** A moment as a due date written in the time zone whose offset (minutes east of UTC) is offsetMinutes. */
function dueInZone(ms, offsetMinutes) {
  const local = new Date(ms + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const off = Math.abs(offsetMinutes);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}` +
    `${sign}${pad(Math.floor(off / 60))}:${pad(off % 60)}`;
}

/**
 * A day and a time as a date-time field gives them ("2026-12-20T23:59", or with a space; a day alone is its 23:59),
 * read in the time zone of this browser (zone(ms): its offset in minutes east of UTC at that moment). → a due date
 * text with that offset, or null when it does not read.
 */
export function dueFromLocal(text, zone = (ms) => -new Date(ms).getTimezoneOffset()) {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/.exec(String(text ?? '').trim());
  if (!m) return null;
  const [, y, mo, d, h = '23', mi = '59'] = m;
  const wall = Date.UTC(+y, +mo - 1, +d, +h, +mi);
  if (!Number.isFinite(dueMoment(`${y}-${mo}-${d}T${h}:${mi}Z`))) return null;
  // the offset at that wall time (twice: a zone's offset may change between the guess and the moment)
  let offset = zone(wall);
  offset = zone(wall - offset * 60_000);
  return dueInZone(wall - offset * 60_000, offset);
}

/** A due date as a date-time field in this browser's time zone shows it ("2026-12-20T23:59"), or '' for none. */
export function dueToLocal(due, zone = (ms) => -new Date(ms).getTimezoneOffset()) {
  const at = dueAt(due);
  return at === null ? '' : dueInZone(at, zone(at)).slice(0, 16);
}

/**
 * A due date as a reader reads it, in their own time zone ("20 December 2026 at 23:59 CET").
 * @param {any} due
 * @param {{timeZone?: string}} [options]  another zone than the reader's (the tests')
 */
export function dueText(due, { timeZone } = {}) {
  const at = dueAt(due);
  if (at === null) return '';
  return new Date(at).toLocaleString('en-GB', {
    day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone,
  });
}

const unit = (k, one) => `${k} ${one}${k === 1 ? '' : 's'}`;

/** The time from now to a due date, in words: "3 days 4 hours left", "25 minutes left", "past due by 2 days". */
export function timeLeftText(due, now = Date.now()) {
  const at = dueAt(due);
  if (at === null) return '';
  const ms = Math.abs(at - now);
  const minutes = Math.floor(ms / 60_000);
  const [d, h, m] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60];
  const span = d ? `${unit(d, 'day')}${h ? ` ${unit(h, 'hour')}` : ''}` : h ? `${unit(h, 'hour')}${m ? ` ${unit(m, 'minute')}` : ''}` : unit(m, 'minute');
  return at >= now ? `${span} left` : `past due by ${span}`;
}

/**
 * Extensions, as a teacher lists them: one per line, a name, "=", a new due date in this browser's time zone
 * ("Ada Lovelace = 2026-12-22 18:00"). → {value: [{name, due}], problems: [text…]} (a line that cannot be read is
 * named, the others kept; a name listed twice keeps its last line)
 */
export function readExtensions(text, zone) {
  const byName = new Map();
  const problems = [];
  String(text ?? '').split(/\r?\n/).forEach((line, k) => {
    if (!line.trim()) return;
    const at = line.lastIndexOf('=');
    const name = readName(at < 0 ? '' : line.slice(0, at));
    const due = at < 0 ? null : dueFromLocal(line.slice(at + 1), zone);
    if (at < 0 || !name.ok || !due) {
      problems.push(`line ${k + 1} (“${isolated(line.trim().slice(0, 40))}”) is not a name = a date and time (Ada Lovelace = 2026-12-22 18:00)`);
      return;
    }
    byName.set(key(name.value), { name: name.value, due });
  });
  return { value: [...byName.values()], problems };
}

/** The due date of a student: their extension's, else the assignment's. */
export const dueFor = (due, extensions, name) => extensions.find((x) => key(x.name) === key(name ?? ''))?.due ?? due;

// A short text as a file's name: accents dropped, letters and digits of any script kept, the rest a hyphen
const slug = (text) => String(text).normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');

/** The name of a student's exported progress: for an assignment, its class and the student ("ml-4410-ada-lovelace.json"). */
export function progressFileName(assignment) {
  if (!assignment?.name) return 'residual-ln-progress.json';
  return `${[slug(assignment.code), slug(assignment.name)].filter(Boolean).join('-') || 'progress'}.json`;
}

/** A list of exercise numbers ("4, 7, 12"), each one of `known`, none twice. → {ok, value: [n…]} | {ok: false, message} */
export function readExercises(text, known) {
  const parts = String(text ?? '').split(/[\s,]+/).filter(Boolean);
  if (!parts.length) return { ok: false, message: 'choose at least one exercise' };
  const value = [];
  for (const p of parts) {
    const n = /^\d{1,3}$/.test(p) ? Number(p) : NaN;
    if (!known.includes(n)) return { ok: false, message: `“${isolated(p.slice(0, 12))}” is not an exercise of this chapter (${known[0]} to ${known.at(-1)})` };
    if (!value.includes(n)) value.push(n);
  }
  return { ok: true, value: value.sort((a, b) => a - b) };
}

/**
 * The exercises a teacher's page address lists, read leniently: the ones of this chapter (`known`), each once,
 * and what was left out, as written. → {value: [n…], dropped: [text…]}
 */
export function exercisesInLink(text, known) {
  const value = [];
  const dropped = [];
  for (const p of String(text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const n = /^\d{1,3}$/.test(p) ? Number(p) : NaN;
    if (!known.includes(n)) dropped.push(p.slice(0, 12));
    else if (!value.includes(n)) value.push(n);
  }
  return { value: value.sort((a, b) => a - b), dropped };
}

/**
 * The assignment an address carries, checked against the chapter's exercises (`known`). → null when it carries
 * none; else {assignment: {code, exercises, due}} or {message} saying what cannot be used.
 */
export function assignmentOf(params, known) {
  if (!params.has(PARAMS.code) && !params.has(PARAMS.exercises)) return null;
  const code = readCode(params.get(PARAMS.code));
  const exercises = readExercises(params.get(PARAMS.exercises), known);
  const due = readDue(params.get(PARAMS.due));
  const hide = readHide(params.get(PARAMS.hide), due);
  const bad = [code, exercises, due, hide].find((r) => !r.ok);
  if (bad) return { message: `This link’s assignment cannot be used: ${bad.message}. Ask your teacher for the link again.` };
  return { assignment: { code: code.value, exercises: exercises.value, due: due.value, ...(hide.value && { hide: true }) } };
}

/** Whether the worked solutions and the answer key stay hidden until the due date ('solutions' in a link; one is needed). */
export function readHide(text, due) {
  if (text === null || text === undefined || text === '') return { ok: true, value: false };
  if (text !== 'solutions') return { ok: false, message: `“${isolated(String(text).slice(0, 12))}” is not something an assignment can hide (solutions)` };
  if (!due.ok || !due.value) return { ok: false, message: 'worked solutions can be hidden only until a due date, and it has none' };
  return { ok: true, value: true };
}

/** Whether an assignment hides the worked solutions now (until its due date). */
export const solutionsHidden = (assignment, now = Date.now()) => !!assignment?.hide && (dueAt(assignment.due) ?? -Infinity) > now;

/** The address of the chapter (base: its URL) carrying an assignment. */
export function assignmentLink(base, { code, exercises, due, hide = false }) {
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  url.searchParams.set(PARAMS.code, code);
  url.searchParams.set(PARAMS.exercises, exercises.join(','));
  if (due) url.searchParams.set(PARAMS.due, due);
  if (hide && due) url.searchParams.set(PARAMS.hide, 'solutions');
  return url.href;
}

// FNV-1a, 32 bits, over the UTF-8 bytes: small, exact in any JavaScript, and written out in the README so that a
// teacher can recompute a seed anywhere
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The variant seed of exercise n for a student: from the class code and the name (as compared), 0 … 2³² − 1. */
export const assignedSeed = (code, name, n) => fnv1a(`${key(code)}\n${key(name)}\n${n}`);

/** Whether two names (or two codes) are the same student's (class's). */
export const sameKey = (a, b) => key(a) === key(b);

