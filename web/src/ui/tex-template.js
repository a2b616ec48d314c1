// TeX templates with {{name}} placeholders: the exercises' questions and worked solutions, filled with the
// values the kernels computed (at build time with an exercise's default inputs, at run time with the rest).
// {{name@ref}} shows name's number to the precision ref is shown at: a number that vanishes beside ref's
// entries (the mean of LN(x), 0 but for a rounding residue such as 7.4e-17) prints as 0.
import { texValue } from './format.js';

export const PLACEHOLDER = /\{\{([a-zA-Z][\w-]*)(?:@([a-zA-Z][\w-]*))?\}\}/g;
/** @param {string} tex */
export const hasPlaceholder = (tex) => /\{\{[a-zA-Z][\w-]*(?:@[a-zA-Z][\w-]*)?\}\}/.test(tex);

const DIGITS = 5; // the significant digits texValue shows

// a value's numbers, flat ({rows, cols, values}, a list, a list of rows or a number)
/** @typedef {import('./format.js').TexValue} TexValue */
/** @type {(v: TexValue) => number[]} */
const numbersOf = (v) => (typeof v === 'number' ? [v] : Array.isArray(v) ? v.flat(2) : v && 'values' in v ? Array.from(v.values) : []);

/** value, with each number below ref's shown precision (half a unit in the 5th significant digit of ref's largest entry) as 0 */
/** @param {TexValue} value  @param {TexValue} ref  @returns {TexValue} */
function toShownPrecision(value, ref) {
  const scale = Math.max(0, ...numbersOf(ref).map(Math.abs).filter(Number.isFinite));
  /** @param {number} x */
  const cut = (x) => (Number.isFinite(x) && Math.abs(x) < 0.5 * 10 ** -(DIGITS - 1) * scale ? 0 : x);
  if (typeof value === 'number') return cut(value);
  if (value && !Array.isArray(value) && 'values' in value) return { ...value, values: Array.from(value.values).map(cut) };
  return value;
}

/** The template with every placeholder replaced by its value as TeX; a missing value shows as an empty box.
 * @type {(template: string, values: Record<string, TexValue>) => string} */
export const fillTex = (template, values) =>
  template.replace(PLACEHOLDER, (_, /** @type {string} */ name, /** @type {string | undefined} */ ref) => {
    if (!(name in values)) return '\\boxed{\\;}';
    return texValue(ref && ref in values ? toShownPrecision(values[name], values[ref]) : values[name], DIGITS);
  });
