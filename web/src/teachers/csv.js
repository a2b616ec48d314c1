// A table as CSV (RFC 4180: fields quoted when they hold a comma, a quote or a line break, quotes doubled),
// safe to open in a spreadsheet: a field a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage
// return first: a student's name can be anything) is written as text, behind an apostrophe; numbers stay numbers, and
// a number that is none (NaN, ±∞) is a dash and why, never "NaN" (ui/format.js formatValue).
// With bom, the text starts with a byte-order mark, without which a spreadsheet on Windows reads UTF-8 as its own
// code page (李雷 became 鏉庨浄).
import { formatValue } from '../ui/format.js';

const FORMULA = /^[=+\-@\t\r]/;
const BOM = '\uFEFF';

/** rows: [[field…]…] → the CSV text, lines ended by CRLF. */
export function toCsv(rows, { bom = false } = {}) {
  const field = (value) => {
    if (typeof value === 'number') return Number.isFinite(value) ? String(value) : formatValue(value);
    let text = String(value ?? '');
    if (FORMULA.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return (bom ? BOM : '') + rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
