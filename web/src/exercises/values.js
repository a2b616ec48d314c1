// Exercise values in their spellings: as the reader types and reads them (a number, a list, a list of rows),
// as the kernels take and return them ({rows, cols, values}), as text for input fields, and as the values a
// worked solution or a practice card fills its placeholders with, each in its own shape.
import { formatNumber, withHyphens } from '../ui/format.js';
import { readInputs } from './read-answer.js';

/**
 * @typedef {number | number[] | number[][]} Plain  a value as the reader types and reads it
 * @typedef {{rows: number, cols: number, values: number[], ulp?: number[]}} KernelValue  as the kernels take it (kernels/exercises.js Value)
 */

/** {rows, cols, values} from a number, a list or a list of rows; with ulp (same shape) it rides along, flat.
 * @param {Plain | KernelValue} value  @param {Plain} [ulp]  @returns {KernelValue} */
export function toKernel(value, ulp) {
  /** @type {KernelValue} */
  let out;
  if (typeof value === 'number') out = { rows: 1, cols: 1, values: [value] };
  else if (Array.isArray(value) && Array.isArray(value[0]))
    out = { rows: value.length, cols: /** @type {number[][]} */ (value)[0].length, values: value.flat() };
  else if (Array.isArray(value)) out = { rows: 1, cols: value.length, values: /** @type {number[]} */ ([...value]) };
  else return value; // already {rows, cols, values}
  if (ulp !== undefined) out.ulp = [ulp].flat(2);
  return out;
}

/** A question's numbers ({name: value}) as the kernels take them ({name: {rows, cols, values}}).
 * @param {Record<string, Plain | KernelValue>} inputs */
export const toKernelInputs = (inputs) => Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, toKernel(v)]));

/** @param {KernelValue} value  @param {string} [kind]  @returns {Plain} */
export function fromKernel({ rows, cols, values }, kind) {
  const v = Array.from(values);
  if (kind === 'number' || (rows === 1 && cols === 1 && kind !== 'vector' && kind !== 'matrix')) return v[0];
  if (kind === 'matrix' || rows > 1) return Array.from({ length: rows }, (_, r) => v.slice(r * cols, (r + 1) * cols));
  return v;
}

/** Text for an input field: "2, 4, 4, 6", or rows joined by "; "  @param {Plain} value  @returns {string} */
export function asText(value) {
  if (typeof value === 'number') return withHyphens(formatNumber(value, 8));
  if (Array.isArray(value) && Array.isArray(value[0])) return value.map(asText).join('; ');
  return /** @type {number[]} */ (value).map((x) => withHyphens(formatNumber(x, 8))).join(', ');
}

/** How the page read an answer, for the "interpreted as" line. @param {Plain} value */
export function describe(value) {
  if (typeof value === 'number') return formatNumber(value, 6);
  if (Array.isArray(value) && Array.isArray(value[0]))
    return /** @type {number[][]} */ (value).map((r) => `[${r.map((x) => formatNumber(x, 6)).join(', ')}]`).join(' ');
  return `[${/** @type {number[]} */ (value).map((x) => formatNumber(x, 6)).join(', ')}]`;
}

/**
 * What a worked solution or a practice card fills its {{placeholders}} with: the inputs, the kernel's steps,
 * and every part's answer as {rows, cols, values}, so a number prints as a number, a vector as a vector and
 * a matrix as a matrix (texValue in ui/format.js).
 * @param {Record<string, any>} inputs  @param {{steps: Record<string, any>, parts: {id: string, rows: number, cols: number, answer: number[]}[]} | null | undefined} solution
 */
export function solutionValues(inputs, solution) {
  const values = { ...inputs };
  if (!solution) return values;
  Object.assign(values, solution.steps);
  for (const p of solution.parts) values[p.id] = { rows: p.rows, cols: p.cols, values: p.answer };
  return values;
}

/**
 * A question's numbers: a variant's (the kernel's inputs for a seed, or null for the key's numbers, props.defaults),
 * then the inputs the reader typed over them ({name: text}; what does not read is left out).
 * → {inputs: {name: value}, typed: {name: text} of the typed inputs that read}
 * @param {{inputs: Record<string, string>, defaults: Record<string, Plain>}} props  @param {Record<string, KernelValue> | null | undefined} variant
 * @param {Record<string, string>} [texts]
 */
export function questionNumbers(props, variant, texts = {}) {
  const inputs = variant
    ? Object.fromEntries(Object.entries(variant).map(([k, v]) => [k, fromKernel(v, props.inputs[k] ?? 'number')]))
    : structuredClone(props.defaults);
  const read = readInputs(props.inputs, texts);
  return { inputs: { ...inputs, ...read }, typed: Object.fromEntries(Object.keys(read).map((k) => [k, texts[k]])) };
}

// how the kernels' input names read on the page
/** @type {Record<string, string>} */
const INPUT_LABELS = {
  eps: 'ε',
  gamma: 'γ',
  delta: 'δ',
  sigma2: 'σ² per block',
  g: 'ȳ = ∂ℒ/∂y',
  sigma2_deep: 'σ² of the deep block',
  sigma2_shallow: 'σ² of the shallow block',
};

/** A question's input as the page names it ("ε" for eps; a name without a label is its own). @param {string} name */
export const inputLabel = (name) => INPUT_LABELS[name] ?? name;
