// Exercise values in their three spellings: as the reader types and reads them (a number, a list, a list of
// rows), as the kernels take and return them ({rows, cols, values}), and as text for input fields.
import { formatNumber, withHyphens } from '../../ui/format.js';

export function toKernel(value) {
  if (typeof value === 'number') return { rows: 1, cols: 1, values: [value] };
  if (Array.isArray(value) && Array.isArray(value[0])) return { rows: value.length, cols: value[0].length, values: value.flat() };
  if (Array.isArray(value)) return { rows: 1, cols: value.length, values: [...value] };
  return value; // already {rows, cols, values}
}

export function fromKernel({ rows, cols, values }, kind) {
  const v = [...values];
  if (kind === 'number' || (rows === 1 && cols === 1 && kind !== 'vector' && kind !== 'matrix')) return v[0];
  if (kind === 'matrix' || rows > 1) return Array.from({ length: rows }, (_, r) => v.slice(r * cols, (r + 1) * cols));
  return v;
}

/** Text for an input field: "2, 4, 4, 6", or rows joined by "; " */
export function asText(value) {
  if (typeof value === 'number') return withHyphens(formatNumber(value, 8));
  if (Array.isArray(value) && Array.isArray(value[0])) return value.map(asText).join('; ');
  return value.map((x) => withHyphens(formatNumber(x, 8))).join(', ');
}

/** How the page read an answer, for the "interpreted as" line. */
export function describe(value) {
  if (typeof value === 'number') return formatNumber(value, 6);
  if (Array.isArray(value) && Array.isArray(value[0])) return value.map((r) => `[${r.map((x) => formatNumber(x, 6)).join(', ')}]`).join(' ');
  return `[${value.map((x) => formatNumber(x, 6)).join(', ')}]`;
}
