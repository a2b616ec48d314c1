// A table as CSV (RFC 4180: fields quoted when they hold a comma, a quote or a line break, quotes doubled),
// safe to open in a spreadsheet: a field a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage
// return first: a student's name can be anything) is written as text, behind an apostrophe.

const FORMULA = /^[=+\-@\t\r]/;

/** rows: [[field…]…] → the CSV text, lines ended by CRLF. */
export function toCsv(rows) {
  const field = (value) => {
    let text = String(value ?? '');
    if (FORMULA.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
