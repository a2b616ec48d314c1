// An assignment, as a teacher hands it out by link: which exercises, a class code, optionally a due date (and, in
// one student's own link, the extension their teacher gave them: studentDue). A
// student types a name (or student number) once; each assigned exercise's variant seed follows from the class
// code and that name, so every student has numbers of their own and the teachers' page can recompute them.
// No DOM: the chapter's banner and the teachers' page read and check assignments here; who a record is for (the
// class code, the name, the due date and the seeds they give) is progress/assignee.js's, which the store reads too.
import { isolated } from '../text/bidi.js';
import { dueAt, nameKey, readCode, readDue, readName } from '../progress/assignee.js';

/** The address's parameters of an assignment. */
export const PARAMS = {
  code: 'assign.class',
  exercises: 'assign.ex',
  due: 'assign.due',
  hide: 'assign.hide',
  // one student's own link: the extension their teacher gave them (their name, as the teacher listed it, and the new due date)
  extensionFor: 'assign.ext.for',
  extensionDue: 'assign.ext.due',
};

/** @param {number} k */
const pad = (k) => String(k).padStart(2, '0');

/** A moment as a due date written in the time zone whose offset (minutes east of UTC) is offsetMinutes.
 * @param {number} ms  @param {number} offsetMinutes */
function dueInZone(ms, offsetMinutes) {
  const local = new Date(ms + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const off = Math.abs(offsetMinutes);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}` +
    `${sign}${pad(Math.floor(off / 60))}:${pad(off % 60)}`
  );
}

/**
 * A day and a time as a date-time field gives them ("2026-12-20T23:59", or with a space; a day alone is its 23:59),
 * read in the time zone of this browser (zone(ms): its offset in minutes east of UTC at that moment). → a due date
 * text with that offset, or null when it does not read.
 * @param {unknown} text  @param {(ms: number) => number} [zone]
 */
export function dueFromLocal(text, zone = (ms) => -new Date(ms).getTimezoneOffset()) {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/.exec(String(text ?? '').trim());
  if (!m) return null;
  const [, y, mo, d, h = '23', mi = '59'] = m;
  const wall = Date.UTC(+y, +mo - 1, +d, +h, +mi);
  if (dueAt(`${y}-${mo}-${d}T${h}:${mi}Z`) === null) return null;
  // the offset at that wall time (twice: a zone's offset may change between the guess and the moment)
  let offset = zone(wall);
  offset = zone(wall - offset * 60_000);
  return dueInZone(wall - offset * 60_000, offset);
}

/** A due date as a date-time field in this browser's time zone shows it ("2026-12-20T23:59"), or '' for none.
 * @param {unknown} due  @param {(ms: number) => number} [zone] */
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
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  });
}

/** @type {(k: number, one: string) => string} */
const unit = (k, one) => `${k} ${one}${k === 1 ? '' : 's'}`;

/** The time from now to a due date, in words: "3 days 4 hours left", "25 minutes left", "past due by 2 days".
 * @param {unknown} due  @param {number} [now] */
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
 * @param {unknown} text  @param {(ms: number) => number} [zone]
 * @returns {{value: Extension[], problems: string[]}}
 * @typedef {{name: string, due: string}} Extension
 */
export function readExtensions(text, zone) {
  /** @type {Map<string, Extension>} */
  const byName = new Map();
  /** @type {string[]} */
  const problems = [];
  String(text ?? '')
    .split(/\r?\n/)
    .forEach((line, k) => {
      if (!line.trim()) return;
      const at = line.lastIndexOf('=');
      const name = readName(at < 0 ? '' : line.slice(0, at));
      const due = at < 0 ? null : dueFromLocal(line.slice(at + 1), zone);
      if (at < 0 || !name.ok || !due) {
        problems.push(`line ${k + 1} (“${isolated(line.trim().slice(0, 40))}”) is not a name = a date and time (Ada Lovelace = 2026-12-22 18:00)`);
        return;
      }
      byName.set(nameKey(name.value), { name: name.value, due });
    });
  return { value: [...byName.values()], problems };
}

/**
 * The due date of a student: their extension's, else the assignment's. The one rule both pages read: the teachers'
 * page with its list of extensions, a student's page with the one extension their own link carries (studentDue).
 * @type {(due: string, extensions: Extension[], name: string | null | undefined) => string}
 */
export const dueFor = (due, extensions, name) => extensions.find((x) => nameKey(x.name) === nameKey(name ?? ''))?.due ?? due;

/**
 * The due date a student's page holds them to (assignment: {due, name, extension?: {name, due}}): the extension
 * their own link carries when it names them (names compared as nameKey does), else the class's. The page shows it;
 * the teacher's table marks lateness by the teacher's own list, whatever link was opened.
 * → {due (text, '' for none), extended (whether it is an extension's)}
 * @param {{due?: string, name?: string, extension?: Extension | null} | null | undefined} assignment
 */
export function studentDue(assignment) {
  const classDue = assignment?.due ?? '';
  const due = dueFor(classDue, assignment?.extension ? [assignment.extension] : [], assignment?.name);
  return { due, extended: due !== classDue };
}

// A short text as a file's name: accents dropped, letters and digits of any script kept, the rest a hyphen
/** @param {unknown} text */
const slug = (text) =>
  String(text)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');

/** The name of a student's exported progress: for an assignment, its class and the student ("ml-4410-ada-lovelace.json").
 * @param {{code?: string, name?: string} | null | undefined} assignment */
export function progressFileName(assignment) {
  if (!assignment?.name) return 'residual-ln-progress.json';
  return `${[slug(assignment.code), slug(assignment.name)].filter(Boolean).join('-') || 'progress'}.json`;
}

/** A list of exercise numbers ("4, 7, 12"), each one of `known`, none twice. → {ok, value: [n…]} | {ok: false, message}
 * @param {unknown} text  @param {number[]} known  @returns {{ok: true, value: number[], message?: undefined} | {ok: false, message: string, value?: undefined}} */
export function readExercises(text, known) {
  const parts = String(text ?? '')
    .split(/[\s,]+/)
    .filter(Boolean);
  if (!parts.length) return { ok: false, message: 'choose at least one exercise' };
  /** @type {number[]} */
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
 * @param {unknown} text  @param {number[]} known
 */
export function exercisesInLink(text, known) {
  /** @type {number[]} */
  const value = [];
  /** @type {string[]} */
  const dropped = [];
  for (const p of String(text ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)) {
    const n = /^\d{1,3}$/.test(p) ? Number(p) : NaN;
    if (!known.includes(n)) dropped.push(p.slice(0, 12));
    else if (!value.includes(n)) value.push(n);
  }
  return { value: value.sort((a, b) => a - b), dropped };
}

/**
 * The assignment an address carries, checked against the chapter's exercises (`known`). → null when it carries
 * none; else {assignment: {code, exercises, due}} or {message} saying what cannot be used.
 * @param {URLSearchParams} params  @param {number[]} known
 */
export function assignmentOf(params, known) {
  if (!params.has(PARAMS.code) && !params.has(PARAMS.exercises)) return null;
  const code = readCode(params.get(PARAMS.code));
  const exercises = readExercises(params.get(PARAMS.exercises), known);
  const due = readDue(params.get(PARAMS.due));
  const hide = readHide(params.get(PARAMS.hide), due);
  const extension = readExtension(params.get(PARAMS.extensionFor), params.get(PARAMS.extensionDue));
  const bad = [code, exercises, due, hide, extension].find((r) => !r.ok);
  if (bad) return { message: `This link’s assignment cannot be used: ${bad.message}. Ask your teacher for the link again.` };
  return {
    assignment: {
      code: code.value,
      exercises: exercises.value,
      due: due.value,
      ...(hide.value && { hide: true }),
      ...(extension.value && { extension: extension.value }),
    },
  };
}

/**
 * A student's extension as their own link carries it: a name and a due date, both or neither. → {ok, value: {name,
 * due} | null} | {ok: false, message}
 * @param {unknown} nameText  @param {unknown} dueText  @returns {{ok: boolean, value?: Extension | null, message?: string}}
 */
function readExtension(nameText, dueText) {
  if ((nameText ?? '') === '' && (dueText ?? '') === '') return { ok: true, value: null };
  const name = readName(nameText);
  const due = readDue(dueText);
  if (!name.ok) return { ok: false, message: `its extension names no student (${name.message})` };
  if (!due.ok || !due.value) return { ok: false, message: `its extension has no due date that reads (${due.ok ? 'none' : due.message})` };
  return { ok: true, value: { name: name.value, due: due.value } };
}

/** Whether the worked solutions and the answer key stay hidden until the due date ('solutions' in a link; one is needed).
 * @param {unknown} text  @param {{ok: boolean, value?: string}} due  @returns {{ok: boolean, value?: boolean, message?: string}} */
export function readHide(text, due) {
  if (text === null || text === undefined || text === '') return { ok: true, value: false };
  if (text !== 'solutions') return { ok: false, message: `“${isolated(String(text).slice(0, 12))}” is not something an assignment can hide (solutions)` };
  if (!due.ok || !due.value) return { ok: false, message: 'worked solutions can be hidden only until a due date, and it has none' };
  return { ok: true, value: true };
}

/** Whether an assignment hides the worked solutions now (until its due date).
 * @type {(assignment: Parameters<typeof studentDue>[0] & {hide?: boolean}, now?: number) => boolean} */
export const solutionsHidden = (assignment, now = Date.now()) => !!assignment?.hide && (dueAt(studentDue(assignment).due) ?? -Infinity) > now;

const LONGEST_TIMEOUT_MS = 2 ** 31 - 1; // setTimeout's longest wait (24.8 days): a later moment is waited for in steps

/**
 * Calls f once the moment `at` (ms since 1970) has passed, on a page left open that long (a solution hidden until the
 * due date shows then, without a reload). → a function that cancels it
 * @param {number} at  @param {() => void} f
 */
export function whenPassed(at, f) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer = undefined;
  const wait = () => {
    const left = at - Date.now();
    if (left < 0) return f();
    timer = setTimeout(wait, Math.min(left + 1, LONGEST_TIMEOUT_MS));
  };
  wait();
  return () => clearTimeout(timer);
}

/**
 * The address of the chapter (base: its URL) carrying an assignment; with an extension ({name, due}), that student's
 * own link (the extension shows on their page only under that name).
 * @param {string | URL} base
 * @param {{code: string, exercises: number[], due?: string, hide?: boolean, extension?: Extension | null}} assignment
 */
export function assignmentLink(base, { code, exercises, due, hide = false, extension = null }) {
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  url.searchParams.set(PARAMS.code, code);
  url.searchParams.set(PARAMS.exercises, exercises.join(','));
  if (due) url.searchParams.set(PARAMS.due, due);
  if (hide && due) url.searchParams.set(PARAMS.hide, 'solutions');
  if (extension) {
    url.searchParams.set(PARAMS.extensionFor, extension.name);
    url.searchParams.set(PARAMS.extensionDue, extension.due);
  }
  return url.href;
}
