// An assignment, as a teacher hands it out by link: which exercises, a class code, optionally a due date. A
// student types a name (or student number) once; each assigned exercise's variant seed follows from the class
// code and that name, so every student has numbers of their own and the teachers' page can recompute them.
// No DOM: the chapter's banner, its progress store and the teachers' page read and check assignments here.
import { hasDirectionControls, isolated, namedControls } from '../ui/bidi.js';

/** The address's parameters of an assignment. */
export const PARAMS = { code: 'assign.class', exercises: 'assign.ex', due: 'assign.due' };
export const MAX_CODE_CHARS = 40;
export const MAX_NAME_CHARS = 80;

// A class code and a name as they are compared: "Ada  Lovelace " and "ada lovelace" are one student
const key = (text) => String(text).normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

// A short text a person typed (a class code, a name): spaces trimmed and collapsed, at most `max` characters, no
// control characters and no direction controls (invisible, they reorder the table and the flags a name is shown in:
// the message writes them out, ui/bidi.js). → {ok, value} | {ok: false, message}
function readShortText(text, { max, empty, what }) {
  const value = String(text ?? '').trim().replace(/\s+/g, ' ');
  if (!value) return { ok: false, message: empty };
  if (value.length > max) return { ok: false, message: `${what} has at most ${max} characters` };
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

/** A due date "YYYY-MM-DD" (a real day), or '' for none. → {ok, value} | {ok: false, message} */
export function readDue(text) {
  const value = String(text ?? '').trim();
  if (!value) return { ok: true, value: '' };
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = m && new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  if (!day || day.getUTCFullYear() !== +m[1] || day.getUTCMonth() !== +m[2] - 1 || day.getUTCDate() !== +m[3]) {
    return { ok: false, message: 'a due date is a day written as 2026-12-20' };
  }
  return { ok: true, value };
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
  const bad = [code, exercises, due].find((r) => !r.ok);
  if (bad) return { message: `This link’s assignment cannot be used: ${bad.message}. Ask your teacher for the link again.` };
  return { assignment: { code: code.value, exercises: exercises.value, due: due.value } };
}

/** The address of the chapter (base: its URL) carrying an assignment. */
export function assignmentLink(base, { code, exercises, due }) {
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  url.searchParams.set(PARAMS.code, code);
  url.searchParams.set(PARAMS.exercises, exercises.join(','));
  if (due) url.searchParams.set(PARAMS.due, due);
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

/** A due date as a reader reads it ("20 December 2026"). */
export const dueText = (due) =>
  new Date(`${due}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
