// What an answer says, read from its text as the reader typed it: the exercise's fields read it this way, and
// the teachers' page reads a logged answer the same way to grade it again. No DOM.
import { MIN_EXPLAIN_WORDS } from './check.js';
import { WIRING_KIND, readWiringAnswer } from './design.js';
import { parseMatrix, parseNumber, parseVector } from '../ui/parse.js';

/** @type {Record<string, (text: string) => import('../ui/parse.js').Read<number | number[] | number[][], number | number[] | number[][]>>} */
const PARSE = {
  number: (t) => parseNumber(t),
  vector: (t) => parseVector(t, { max: 64, decimals: true }),
  matrix: (t) => parseMatrix(t, { maxRows: 16, maxCols: 16 }),
};

/** Whether a part's answer is a number, a vector or a matrix (graded by the kernel). @param {string} kind */
export const isNumeric = (kind) => Object.hasOwn(PARSE, kind);

/** The keys of a choice answer's text ("a,c"). @param {unknown} text */
export const choiceKeys = (text) =>
  String(text ?? '')
    .split(',')
    .filter(Boolean);

/**
 * A part's answer text, read. → {empty: true} | {value, ulp?} | {error}: a number, vector or matrix with the
 * digits typed (ulp); a choice's keys; an explanation of a sentence or more.
 * @param {{kind: string}} part  @param {unknown} text
 * @returns {{empty?: boolean, value?: string | string[] | number | number[] | number[][], ulp?: number | number[] | number[][], error?: string}}
 */
export function readAnswer(part, text) {
  const raw = String(text ?? '');
  if (isNumeric(part.kind)) {
    if (!raw.trim()) return { empty: true };
    const r = PARSE[part.kind](raw);
    return r.ok ? { value: r.value, ulp: r.ulp } : { error: r.message };
  }
  if (part.kind === WIRING_KIND) return readWiringAnswer(raw); // (its wiring is read by the kernel as it runs)
  if (part.kind === 'choice' || part.kind === 'multi') {
    const keys = choiceKeys(raw);
    return keys.length ? { value: keys } : { empty: true };
  }
  const value = raw.trim();
  if (!value) return { empty: true };
  if (value.split(/\s+/).length < MIN_EXPLAIN_WORDS) {
    return { error: 'write your explanation in a sentence or more first: the model answer opens once you have.' };
  }
  return { value };
}

// a question's own numbers are smaller than an answer may be: a vector of at most 12, a matrix of at most 6×6
/** @type {Record<string, (text: string) => import('../ui/parse.js').Read<number | number[] | number[][], number | number[] | number[][]>>} */
const PARSE_INPUT = {
  number: (t) => parseNumber(t),
  vector: (t) => parseVector(t, { max: 12, decimals: true }),
  matrix: (t) => parseMatrix(t, { maxRows: 6, maxCols: 6 }),
};

/** One of a question's numbers as typed, read by its kind. → the parser's {ok, value} | {ok: false, message}
 * @param {string} kind  @param {string} text */
export const readInput = (kind, text) => PARSE_INPUT[kind]?.(text) ?? { ok: false, message: `no input of kind ${kind}` };

/** The numbers of a question's inputs typed by the reader ({name: text}), read by their kinds. → {name: value} of those that read */
/** @param {Record<string, string>} kinds  @param {Record<string, string> | null | undefined} texts */
export function readInputs(kinds, texts) {
  /** @type {Record<string, number | number[] | number[][]>} */
  const out = {};
  for (const [name, text] of Object.entries(texts ?? {})) {
    const r = readInput(kinds[name], text);
    if (r.ok) out[name] = r.value;
  }
  return out;
}
