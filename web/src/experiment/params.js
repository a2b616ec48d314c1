// The experiment's controls as a reader types them: one depth, a list of depths, seeds as a range or a
// list, output scales. Parsing and limits only; whether a configuration can run is the kernel's call
// (stack.check), whose message is shown beside the control.
import { parseNumber, parseVector } from '../ui/parse.js';
import { PLACEMENTS } from './choices.js';

// A count the kernels' integer options can hold; which counts can run is the kernel's call (its check).
const MAX_COUNT = 2 ** 31 - 1;

/**
 * A field's text read: its value, or the reader's message.
 * @template V
 * @typedef {{ok: boolean, value?: V, message?: string}} Parsed  (ok: value is there; else message)
 */

// The one reading of whole numbers, for the page's fields, the links and the command-line tools alike: each
// entry a whole number in [min, max], else a message naming `what`. (The largest count an option holds is no
// limit a reader needs to read: past it, the message says the run could not take it.)
/**
 * @param {import('../ui/parse.js').Read<number[], number[]>} result  @param {string} what
 * @param {{min: number, max: number, plural?: boolean}} limits
 * @returns {Parsed<number[]>}
 */
function wholeNumbers(result, what, { min, max, plural = false }) {
  if (!result.ok) return result;
  for (const v of result.value) {
    if (!Number.isInteger(v)) return { ok: false, message: `${what} must be ${plural ? 'whole numbers' : 'a whole number'} (got ${v}).` };
    if (v > max && max === MAX_COUNT) return { ok: false, message: `${what} is far more than a run can take (got ${v}).` };
    if (v < min && max === MAX_COUNT) return { ok: false, message: `${what} must be ${min} or more (got ${v}).` };
    if (v < min || v > max) return { ok: false, message: `${what} must be between ${min} and ${max} (got ${v}).` };
  }
  return result;
}

/** One whole number in [min, max] ("12" → 12). → {ok, value} or {ok: false, message}
 * @param {unknown} text  @param {{what: string, min?: number, max?: number}} rules  @returns {Parsed<number>} */
export function parseWhole(text, { what, min = 0, max = MAX_COUNT }) {
  const r = wholeNumbers(parseVector(text, { max: 1 }), what, { min, max });
  return r.ok ? { ok: true, value: r.value[0] } : /** @type {Parsed<never>} */ (r);
}

/** Whole numbers in [min, max], at most maxCount of them ("6, 24" → [6, 24], as written).
 * @param {unknown} text  @param {{what: string, min?: number, max?: number, maxCount: number}} rules  @returns {Parsed<number[]>} */
function parseWholeList(text, { what, min = 0, max = MAX_COUNT, maxCount }) {
  return wholeNumbers(parseVector(text, { max: maxCount }), what, { min, max, plural: true });
}

/**
 * A number above 0 ("3e-3" → 0.003): a learning rate, Adam's ε. 0 is refused before anything runs (the training
 * lab's rate field refuses it; the command line's --eps too, where Adam with ε = 0 divides 0 by 0 on a gradient
 * entry of exactly 0 and the run would only be reported as diverged).
 * @param {unknown} text  @param {{what: string}} rules  @returns {Parsed<number>}
 */
export function parsePositive(text, { what }) {
  const r = parseNumber(text);
  if (!r.ok) return r;
  if (!(r.value > 0)) return { ok: false, message: `${what} must be above 0 (got ${r.value}).` };
  return { ok: true, value: r.value };
}

/** "20" → 20  @param {unknown} text  @param {{max?: number}} [limits]  @returns {Parsed<number>} */
export function parseDepth(text, { max = 1024 } = {}) {
  return parseWhole(text, { what: 'The depth', min: 1, max });
}

/** "6, 24, 48, 96" → [6, 24, 48, 96], sorted, without repeats  @param {unknown} text  @param {{max?: number, maxCount?: number}} [limits]  @returns {Parsed<number[]>} */
export function parseDepths(text, { max = 1024, maxCount = 12 } = {}) {
  const r = parseWholeList(text, { what: 'Depths', min: 1, max, maxCount });
  return r.ok ? { ok: true, value: [...new Set(r.value)].sort((a, b) => a - b) } : r;
}

// PyTorch's generator takes a seed's low 32 bits (the kernel's kMaxSeed): a larger seed would repeat a smaller one
const MAX_SEED = 2 ** 32 - 1;

/** "0-5" or "0, 3, 7" → [0, 1, 2, 3, 4, 5] / [0, 3, 7]  @param {unknown} text  @param {{maxCount?: number}} [limits]  @returns {Parsed<number[]>} */
export function parseSeeds(text, { maxCount = 32 } = {}) {
  const range = /^\s*(\d+)\s*[-–]\s*(\d+)\s*$/.exec(String(text ?? ''));
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    if (to > MAX_SEED) return { ok: false, message: `Seeds must be between 0 and ${MAX_SEED} (got ${to}).` };
    if (to < from) return { ok: false, message: `The range ${from}–${to} is empty: write the smaller seed first.` };
    if (to - from + 1 > maxCount) return { ok: false, message: `At most ${maxCount} seeds (that range has ${to - from + 1}).` };
    return { ok: true, value: Array.from({ length: to - from + 1 }, (_, k) => from + k) };
  }
  const r = parseWholeList(text, { what: 'Seeds', min: 0, max: MAX_SEED, maxCount });
  return r.ok ? { ok: true, value: [...new Set(r.value)] } : r;
}

/** "1, 3, 10" → [1, 3, 10] (finite, ≥ 0)  @param {unknown} text  @param {{maxCount?: number}} [limits]  @returns {Parsed<number[]>} */
export function parseScales(text, { maxCount = 6 } = {}) {
  const r = parseVector(text, { max: maxCount });
  if (!r.ok) return r;
  const bad = r.value.find((s) => s < 0 || s > 1000);
  if (bad !== undefined) return { ok: false, message: `Output scales must be between 0 and 1000 (got ${bad}).` };
  return r;
}

/** a single output scale  @param {unknown} text  @returns {Parsed<number>} */
export function parseScale(text) {
  const r = parseNumber(text);
  if (r.ok && (r.value < 0 || r.value > 1000)) return { ok: false, message: 'The output scale must be between 0 and 1000.' };
  return r;
}

/** seeds as written back to the URL: a range when contiguous  @param {number[]} seeds */
export function formatSeeds(seeds) {
  const contiguous = seeds.length > 2 && seeds.every((s, k) => k === 0 || s === seeds[k - 1] + 1);
  return contiguous ? `${seeds[0]}-${seeds[seeds.length - 1]}` : seeds.join(', ');
}

const PLACEMENT_KEYS = PLACEMENTS.map((p) => p.key);

/**
 * Wirings "post,pre" → ['post', 'pre'] in the page's order; at least one. known: the names offered, in that order
 * (the presets', then the written wirings' keys: experiment/written-wirings.js).
 * @param {unknown} text  @param {string[]} [known]  @returns {Parsed<string[]>}
 */
export function parsePlacements(text, known = PLACEMENT_KEYS) {
  const keys = String(text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = keys.find((k) => !known.includes(k));
  if (bad !== undefined) return { ok: false, message: `“${bad.slice(0, 24)}” is not a wiring (${known.join(', ')}).` };
  if (keys.length === 0) return { ok: false, message: 'Choose at least one wiring.' };
  return { ok: true, value: known.filter((k) => keys.includes(k)) };
}
