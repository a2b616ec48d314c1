// How numbers are written on the page: plain text for tables and outputs, TeX for formulas (ui/math.js).
// Presentation only: rounding for display, never a computation the chapter teaches.

/**
 * A number as the page writes it: every minus sign, the leading one and the exponent's, is the typographic
 * minus "−" (U+2212), never a hyphen, so "−2e−5" reads the same everywhere (and never breaks across lines).
 */
/** @param {string} text */
export const withMinusSigns = (text) => text.replace(/-/g, '−');

/** The same number written for an input field, where a reader types "-": plain ASCII. @param {string} text */
export const withHyphens = (text) => text.replace(/−/g, '-');

/** Plain text, `digits` significant digits, −0 shown as 0, NaN and ±∞ spelled out. @param {number} n  @param {number} [digits] */
export function formatNumber(n, digits = 5) {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? '∞' : '−∞';
  if (n === 0) return '0';
  const abs = Math.abs(n);
  let s;
  if (abs >= 1e-4 && abs < 1e6) s = String(Number(n.toPrecision(digits)));
  else s = n.toExponential(digits - 1).replace(/\.?0+e/, 'e');
  return withMinusSigns(s);
}

/**
 * A computed value as a table, a chart's tooltip, a readout or a CSV cell shows it: formatNumber's where it is a
 * finite number, else a dash and why, never "NaN" or "∞" as if it were a value (a diverged run's loss had read
 * "NaN" in the lab's data tables). reason: what the caller knows ("diverged"), else what the value is.
 * @param {number} n  @param {number} [digits]  @param {string} [reason]
 */
export function formatValue(n, digits = 5, reason = '') {
  if (Number.isFinite(n)) return formatNumber(n, digits);
  return `— (${reason || (Number.isNaN(n) ? 'not a number' : 'beyond float64’s range')})`;
}

/**
 * A reason said after the word it explains, so that the word is said once: the kernel's reasons start with it
 * ("undefined (0/0): the two gradients …"), and a cell that shows "undefined" then reads "undefined (0/0): the two
 * gradients …", not "undefined: undefined (0/0): …". → what follows the word, or ": " and the whole reason.
 * @param {string} word  @param {string} reason
 */
export const reasonAfter = (word, reason) => (reason.startsWith(word) ? reason.slice(word.length) : `: ${reason}`);

/** The same number as TeX: 1.2e-7 → 1.2\times10^{-7}. @param {number} n  @param {number} [digits] */
export function texNumber(n, digits = 5) {
  if (Number.isNaN(n)) return '\\text{NaN}';
  const s = withHyphens(formatNumber(n, digits)).replace('∞', '\\infty');
  const m = /^(-?[\d.]+)e([+-]?\d+)$/.exec(s);
  return m ? `${m[1]}\\times10^{${Number(m[2])}}` : s;
}

/** A vector as TeX: [a, b, c]; long vectors keep their first and last entries around an ellipsis.
 * @param {number[]} values  @param {number} [digits]  @param {number} [maxShown] */
export function texVector(values, digits = 5, maxShown = 8) {
  const shown =
    values.length <= maxShown
      ? values.map((v) => texNumber(v, digits))
      : [...values.slice(0, 3).map((v) => texNumber(v, digits)), '\\dots', ...values.slice(-2).map((v) => texNumber(v, digits))];
  return `\\left[${shown.join(',\\ ')}\\right]`;
}

/**
 * A computed value written the way a published one is printed: "1.78e-01" (mantissa digits, two-digit
 * exponent) or "0.306" / "14.19" (that many decimals), with extraDigits more. Rounding for display only.
 * @param {number} value  @param {string} printed  @param {number} [extraDigits]
 */
export function formatLike(value, printed, extraDigits = 0) {
  if (!Number.isFinite(value)) return formatNumber(value);
  const exp = /^-?\d(?:\.(\d+))?e([+-])(\d+)$/i.exec(printed);
  if (exp) {
    const [mantissa, power] = value.toExponential((exp[1] ?? '').length + extraDigits).split('e');
    const sign = power.startsWith('-') ? '-' : '+';
    return `${mantissa}e${sign}${power.replace(/^[+-]/, '').padStart(exp[3].length, '0')}`;
  }
  const decimals = (/\.(\d+)$/.exec(printed)?.[1] ?? '').length;
  return value.toFixed(decimals + extraDigits);
}

/** Whether a computed value, rounded as the published one was printed, reads the same.
 * @type {(value: number, printed: string) => boolean} */
export const agreesWithPrinted = (value, printed) => formatLike(value, printed) === printed;

/** A matrix (array of rows) as a TeX bmatrix. @param {number[][]} rows  @param {number} [digits] */
function texMatrix(rows, digits = 4) {
  return `\\begin{bmatrix}${rows.map((r) => r.map((v) => texNumber(v, digits)).join(' & ')).join(' \\\\ ')}\\end{bmatrix}`;
}

/**
 * Any value a placeholder may hold, as TeX: a number, a list, a list of rows, or a kernel value
 * {rows, cols, values} (1×1 → number, 1×n → vector, else matrix).
 * @param {TexValue} value  @param {number} [digits]
 * * @typedef {number | number[] | number[][] | {rows: number, cols: number, values: ArrayLike<number>} | null | undefined} TexValue  (anything
 *   else is written as text)
 */
export function texValue(value, digits = 5) {
  if (typeof value === 'number') return texNumber(value, digits);
  if (value && !Array.isArray(value) && 'values' in value) {
    const { rows, cols, values } = value;
    if (rows === 1 && cols === 1) return texNumber(values[0], digits);
    if (rows === 1) return texVector(Array.from(values), digits, 12);
    return texMatrix(
      Array.from({ length: rows }, (_, r) => Array.from(values).slice(r * cols, (r + 1) * cols)),
      Math.min(digits, 4),
    );
  }
  if (Array.isArray(value) && Array.isArray(value[0])) return texMatrix(/** @type {number[][]} */ (value), Math.min(digits, 4));
  if (Array.isArray(value)) return texVector(/** @type {number[]} */ (value), digits, 12);
  return `\\text{${String(value)}}`;
}
