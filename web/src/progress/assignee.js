// Who a record of progress belongs to, as an assignment names them: a class code and a student's name (or number),
// each as typed and as compared, the due date, and the seed of each assigned exercise's numbers, which follows from
// the code and the name so that the teachers' page can recompute it. The progress store keys, validates and logs
// with these, so they sit here, at progress/'s layer; what an assignment is beyond them (its address, its
// exercises, extensions, due dates in words) is exercises/assignment.js's. No DOM.
import { hasDirectionControls, isolated, namedControls } from '../text/bidi.js';

export const MAX_CODE_CHARS = 40;
export const MAX_NAME_CHARS = 80;

// The apostrophes a keyboard or a word processor may type for one (’ ‘ ‛ ʼ ′ ` ´): read as '
const APOSTROPHES = /[\u2018\u2019\u201B\u02BC\u2032\u0060\u00B4]/g;

// A class code and a name as they are compared: "Ada  Lovelace " and "ada lovelace" are one student, and so are
// O'Brien and O’Brien, a name typed in full-width letters (ＡＤＡ) and in plain ones, or with an accent composed or
// not (NFKC: compatibility forms and widths folded, accents composed)
/** @type {(text: unknown) => string} */
const key = (text) => String(text).normalize('NFKC').replace(APOSTROPHES, "'").trim().replace(/\s+/g, ' ').toLowerCase();

/** A name or a code as it is compared (spacing, capitals, apostrophe kinds, widths and normal forms folded). */
export const nameKey = key;

// A short text a person typed (a class code, a name): spaces trimmed and collapsed, at most `max` characters, no
// control characters and no direction controls (invisible, they reorder the table and the flags a name is shown in:
// the message writes them out, text/bidi.js). → {ok, value} | {ok: false, message}
/**
 * @typedef {{ok: boolean, value?: string, message?: string}} TextRead  value when ok, message when not
 * @param {unknown} text
 * @param {{max: number, empty: string, what: string}} rules
 * @returns {TextRead}
 */
function readShortText(text, { max, empty, what }) {
  const value = String(text ?? '')
    .trim()
    .replace(/\s+/g, ' ');
  if (!value) return { ok: false, message: empty };
  if (value.length > max) return { ok: false, message: `${what} has at most ${max} characters` };
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(value)) return { ok: false, message: `${what} cannot hold control characters` };
  if (hasDirectionControls(value)) {
    return { ok: false, message: `${what} cannot hold direction controls (${namedControls(value)}): ${isolated(value)}` };
  }
  return { ok: true, value };
}

/** A class code, checked. → {ok, value} | {ok: false, message} @type {(text: unknown) => TextRead} */
export const readCode = (text) =>
  readShortText(text, { max: MAX_CODE_CHARS, empty: 'give the class a code (letters, digits, a few words)', what: 'a class code' });

/** A student's name or number, checked. → {ok, value} | {ok: false, message} @type {(text: unknown) => TextRead} */
export const readName = (text) => readShortText(text, { max: MAX_NAME_CHARS, empty: 'type your name or student number', what: 'a name' });

// A due date is a moment: a day and a time with the offset of the teacher's time zone ("2026-12-20T23:59+01:00"),
// so every student sees the same moment in their own time. A day alone ("2026-12-20", as older links carry) is the
// end of that day anywhere on Earth (23:59 at UTC−12), so no student's day ends before it.
const DUE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2}))?$/;
const DAY_ALONE_OFFSET = '-12:00';

// The moment a due text names, in ms, or NaN when it names none (a day or a time that does not exist).
/** @param {string} text */
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
 * @param {unknown} text
 * @returns {{ok: boolean, value?: string, at?: number | null, message?: string}}
 */
export function readDue(text) {
  const value = String(text ?? '').trim();
  if (!value) return { ok: true, value: '', at: null };
  const at = dueMoment(value);
  if (!Number.isFinite(at)) return { ok: false, message: 'a due date is a day and a time written as 2026-12-20T23:59+01:00 (or a day alone, 2026-12-20)' };
  return { ok: true, value, at };
}

/** The moment of a due date (readDue's), in ms; null for none or one that cannot be read. @param {unknown} due */
export function dueAt(due) {
  const at = dueMoment(String(due ?? ''));
  return Number.isFinite(at) ? at : null;
}

// FNV-1a, 32 bits, over the UTF-8 bytes: small, exact in any JavaScript, and written out in docs/teachers.md so that a
// teacher can recompute a seed anywhere
/** @param {string} text */
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The variant seed of exercise n for a student: from the class code and the name (as compared), 0 … 2³² − 1.
 * @type {(code: unknown, name: unknown, n: number | string) => number}
 */
export const assignedSeed = (code, name, n) => fnv1a(`${key(code)}\n${key(name)}\n${n}`);

/** Whether two names (or two codes) are the same student's (class's). @type {(a: unknown, b: unknown) => boolean} */
export const sameKey = (a, b) => key(a) === key(b);
