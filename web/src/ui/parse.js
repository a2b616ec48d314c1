// Reading what a reader types: numbers, vectors and matrices, shared by every input field and answer box.
// A number may be written plainly (2, -1.5, 3e-5, unicode minus −2) or as a small expression with
// + − * / ^ (or **), parentheses, √ / sqrt(…), exp(…), π and e (so "−√2", "2/sqrt(2)", "1.02**48" and "e^0.96"
// are numbers); a leading ≈ or ~ and a trailing × or x are read past ("≈ 1.414", "~2.6", "6×", "6x"). A comma
// between digits ("1,414") is asked about: a decimal comma is never split into two numbers (in a list, where
// the list leaves it in doubt: askedComma). Every failure returns a message written for the
// reader; nothing here throws. Each number also reports `ulp`, one unit in the last digit typed ("1.41" →
// 0.01, "6" → 1; 0 for an expression, which is exact), so a grader can tell "right, to fewer digits".
//
// Every pass over the text is linear in its length: runs of whitespace are collapsed first, in one pass,
// so no later pattern can backtrack over a long run (a pattern such as /\s+x\s+/g, tried at each of n
// blank positions, costs n² steps).

/**
 * What a reading gives: the value and the unit in its last digit, or the reader's message.
 * @template V, U
 * @typedef {{ok: true, value: V, ulp: U, message?: undefined} | {ok: false, message: string, value?: undefined, ulp?: undefined}} Read
 */
/** @typedef {{kind: string, value?: number, text?: string}} Token */

const MINUS = /[\u2212\u2012\u2013\u2014\uFE63\uFF0D]/g; // −, ‒, –, —, ﹣, －

/** Unicode minus signs to "-", runs of whitespace to one space (one newline if the run breaks a line), trimmed. */
/** @param {unknown} text */
function normalise(text) {
  return String(text ?? '')
    .replace(MINUS, '-')
    .replace(/\s+/g, (run) => (/[\n\r]/.test(run) ? '\n' : ' '))
    .trim();
}

const TOKEN = /\s?(?:(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|(sqrt|√|pi|π|exp|e(?![a-z]))|(\*\*|[-+*/^()×·÷]))/y;
/** @type {Record<string, string>} */
const NAMED = { sqrt: 'sqrt', '√': 'sqrt', pi: 'pi', π: 'pi', exp: 'exp', e: 'e' };
/** @type {Record<string, string>} */
const OPERATOR = { '×': '*', '·': '*', '÷': '/', '**': '^' };

// text is normalised: no whitespace at either end, no run longer than one character
/** @param {string} text  @returns {Token[] | null} */
function tokenize(text) {
  /** @type {Token[]} */
  const tokens = [];
  let at = 0;
  while (at < text.length) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) return null;
    if (m[1] !== undefined) tokens.push({ kind: 'num', value: Number(m[1]), text: m[1] });
    else if (m[2] !== undefined) tokens.push({ kind: NAMED[m[2]] });
    else tokens.push({ kind: OPERATOR[m[3]] ?? m[3] });
    at = TOKEN.lastIndex;
  }
  return tokens;
}

// One unit in the last digit of a plain decimal ("-1.41" → 0.01, "2.5e-3" → 1e-4); 0 for anything else.
const DECIMAL = /^[+-]?(?:\d+(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/;
/** @param {string} text */
function ulpOf(text) {
  const m = DECIMAL.exec(text);
  if (!m) return 0;
  const decimals = (m[1] ?? m[2] ?? '').length;
  return Number(`1e${Number(m[3] ?? 0) - decimals}`);
}

// expr := term (('+'|'-') term)* ; term := unary (('*'|'/') unary)* ; unary := ('-'|'+') unary | power
// power := atom ('^' unary)? ; atom := num | pi | e | sqrt atom | exp atom | '(' expr ')'
/** @param {Token[]} tokens  @returns {number} */
function evaluate(tokens) {
  let i = 0;
  const peek = () => tokens[i]?.kind;
  /** @type {() => never} */
  const fail = () => {
    throw new SyntaxError();
  };
  /** @type {() => number} */
  const atom = () => {
    const t = tokens[i++];
    if (!t) fail();
    if (t.kind === 'num') return /** @type {number} */ (t.value);
    if (t.kind === 'pi') return Math.PI;
    if (t.kind === 'e') return Math.E;
    if (t.kind === 'sqrt') return Math.sqrt(peek() === '(' ? atom() : unary());
    if (t.kind === 'exp') return Math.exp(peek() === '(' ? atom() : unary());
    if (t.kind === '(') {
      const v = expr();
      if (tokens[i++]?.kind !== ')') fail();
      return v;
    }
    return fail();
  };
  /** @type {() => number} */
  const power = () => {
    const base = atom();
    if (peek() === '^') {
      i++;
      return base ** unary();
    }
    return base;
  };
  /** @type {() => number} */
  const unary = () => {
    if (peek() === '-') return (i++, -unary());
    if (peek() === '+') return (i++, unary());
    return power();
  };
  /** @type {() => number} */
  const term = () => {
    let v = unary();
    while (peek() === '*' || peek() === '/') v = tokens[i++].kind === '*' ? v * unary() : v / unary();
    return v;
  };
  /** @type {() => number} */
  const expr = () => {
    let v = term();
    while (peek() === '+' || peek() === '-') v = tokens[i++].kind === '+' ? v + term() : v - term();
    return v;
  };
  const value = expr();
  if (i !== tokens.length) fail();
  return value;
}

/** @type {(n: number, one: string, many: string) => string} */
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
// "1,414" is asked about, never read as 1414 or as two numbers.
/** @param {string} text */
function decimalComma(text) {
  const point =
    (text.match(/,/g) ?? []).length === 1
      ? ` Write ${text.replace(',', '.')}, with a point.`
      : ' Write numbers with a decimal point and no commas inside them.';
  return `${quote(text)}: is the comma a decimal point?${point}`;
}
/** @param {string} s */
const quote = (s) => `“${s.length > 24 ? s.slice(0, 21) + '…' : s}”`;

/** One number. → {ok: true, value, ulp} or {ok: false, message} @param {unknown} text  @returns {Read<number, number>} */
export function parseNumber(text) {
  return readNumber(normalise(text));
}

// text is normalised
/** @param {string} text  @returns {Read<number, number>} */
function readNumber(text) {
  if (text === '') return { ok: false, message: 'Enter a number.' };
  // "≈ 1.414", "~2.6": the reader says it is rounded; "6×", "6x": a factor
  const raw = text.replace(/^[≈~∼≃] ?/, '').replace(/(?<=[\d.)]) ?[×xX]$/, '');
  if (/\d,\d/.test(raw)) return { ok: false, message: decimalComma(text) };
  if (/^[+-]?(nan|inf(inity)?)$/i.test(raw)) return { ok: false, message: `${quote(text)} is not a finite number.` };
  const tokens = raw === '' ? null : tokenize(raw);
  let value;
  try {
    if (!tokens || tokens.length === 0) throw new SyntaxError();
    value = evaluate(tokens);
  } catch {
    return { ok: false, message: `${quote(text)} is not a number.` };
  }
  if (tokens.some((t) => t.kind === 'num' && !Number.isFinite(t.value)) || Math.abs(value) === Infinity) {
    return { ok: false, message: `${quote(text)} is too large: float64 numbers stop near ±1.8e308.` };
  }
  if (Number.isNaN(value)) return { ok: false, message: `${quote(text)} has no real value (0/0 or √ of a negative).` };
  return { ok: true, value, ulp: ulpOf(raw) };
}

/** @param {string} text */
function stripBrackets(text) {
  const t = text.trim();
  /** @type {Record<string, string>} */
  const pairs = { '[': ']', '(': ')', '{': '}' };
  const close = pairs[t[0]];
  if (!close || t[t.length - 1] !== close) return t;
  // only strip when the first bracket closes at the very end: "(1+2)*(3)" keeps its parentheses
  let depth = 0;
  for (let k = 0; k < t.length; k++) {
    if ('[({'.includes(t[k])) depth++;
    if ('])}'.includes(t[k])) depth--;
    if (depth === 0 && k < t.length - 1) return t;
  }
  return t.slice(1, -1);
}

// Split a list on commas (or semicolons), else on whitespace that is not inside an expression.
// body is normalised (single spaces), so each pattern below looks at one character of space at a time.
/** @param {string} body */
function splitEntries(body) {
  if (/[,;]/.test(body)) return body.split(/[,;]/);
  // "1 - 2" (spaces on both sides) and any * / ^ are binary; "2 -1" is two entries, the second negative.
  return body
    .replace(/\s([-+])\s/g, '$1')
    .replace(/\s?([*/^·÷])\s?/g, '$1')
    .replace(/\s?×\s?(?=[\d.(√sp+-])/g, '×') // "2 × 3" is a product; "6×" alone is a factor
    .replace(/\(\s/g, '(')
    .replace(/\s\)/g, ')')
    .split(/\s/);
}

// A comma between digits in a list where numbers may have decimals: a decimal comma or a separator? Asked, as a
// single number's is, when the list says so: "1,414" alone (one comma, nothing else between the numbers), or
// "0,4714, 0,9428" (a comma with a space, a semicolon or a space elsewhere separates, so the tight ones are
// inside numbers). A list of tight commas only ("0,0,0,0") reads as a list. → the message, or ''
/** @param {string} body */
function askedComma(body) {
  if (!/\d,\d/.test(body)) return '';
  const separated = /,\s|;|\s/.test(body);
  if (!separated && (body.match(/,/g) ?? []).length > 1) return '';
  const inside = separated ? body.split(/,\s+|[;\s]+/).find((part) => /\d,\d/.test(part)) : body;
  return decimalComma(inside.trim());
}

// text is normalised
/** @param {string} text  @param {{min?: number, max?: number, decimals?: boolean}} [limits]  @returns {Read<number[], number[]>} */
function readVector(text, { min = 1, max = Infinity, decimals = false } = {}) {
  const body = stripBrackets(text).trim();
  if (body === '') return { ok: false, message: `Enter ${min === 1 ? 'at least one number' : `at least ${min} numbers`}, e.g. 2, 4, 4, 6.` };
  // "−1,414; 0; 0; 1,414": semicolons separate, so a comma between digits sits inside a number
  if (body.includes(';')) {
    const inside = body.split(';').find((part) => /\d,\d/.test(part));
    if (inside !== undefined) return { ok: false, message: decimalComma(inside.trim()) };
  }
  const asked = decimals ? askedComma(body) : '';
  if (asked) return { ok: false, message: asked };
  const parts = splitEntries(body);
  if (parts.length > max) return { ok: false, message: `Too many entries: ${parts.length} (at most ${max} here).` };
  if (parts.length < min) return { ok: false, message: `Too few entries: ${parts.length} (at least ${min} here).` };
  /** @type {number[]} */
  const value = [];
  /** @type {number[]} */
  const ulp = [];
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k].trim();
    if (part === '')
      return { ok: false, message: `Entry ${k + 1} is empty: ${k + 1 === parts.length ? 'the list ends with a separator' : 'two separators in a row'}.` };
    const n = readNumber(part);
    if (!n.ok) return { ok: false, message: parts.length > 1 ? `Entry ${k + 1}: ${n.message}` : n.message };
    value.push(n.value);
    ulp.push(n.ulp);
  }
  return { ok: true, value, ulp };
}

/**
 * A list of numbers: "2, 4, 4, 6", "[2, 4, 4, 6]", "(2 4 4 6)", "−√2, 0".
 * @param {{min?: number, max?: number, decimals?: boolean}} limits entry count allowed; decimals: the numbers may
 * have decimals (an answer, a question's numbers), so a comma that may be a decimal comma is asked about
 * (askedComma); lists of whole numbers (depths, seeds) read every comma as a separator
 * → {ok: true, value: number[], ulp: number[]} or {ok: false, message}
 * @param {unknown} text
 * @returns {Read<number[], number[]>}
 */
export function parseVector(text, limits = {}) {
  return readVector(normalise(text), limits);
}

// The rows of "[1, 2], [3, 4]" or "(1 2) (3 4)": top-level bracketed groups and separators only; else null.
/** @param {string} body */
function bracketRows(body) {
  /** @type {string[]} */
  const rows = [];
  let depth = 0;
  let start = -1;
  for (let k = 0; k < body.length; k++) {
    const c = body[k];
    if (c === '[' || c === '(') {
      if (depth++ === 0) start = k + 1;
    } else if (c === ']' || c === ')') {
      if (--depth < 0) return null;
      if (depth === 0) rows.push(body.slice(start, k));
    } else if (depth === 0 && !', ;\n'.includes(c)) {
      return null; // something outside the brackets: "(1+2)*3, 4" is a row of expressions
    }
  }
  return depth === 0 && rows.length ? rows : null;
}

/**
 * A matrix, row by row: rows separated by ";" or new lines ("1, 2; 3, 4", "[1, 2; 3, 4]"), or each row in
 * brackets ("[[1, 2], [3, 4]]", "[1, 2], [3, 4]").
 * → {ok: true, value: number[][], ulp: number[][]} or {ok: false, message}
 * @param {unknown} text  @param {{maxRows?: number, maxCols?: number}} [limits]  @returns {Read<number[][], number[][]>}
 */
export function parseMatrix(text, { maxRows = 64, maxCols = 64 } = {}) {
  const body = stripBrackets(normalise(text)).trim();
  let rows = bracketRows(body) ?? body.split(/;|\n/);
  rows = rows.filter((r, k) => r.trim() !== '' || k < rows.length - 1);
  if (rows.length === 0) return { ok: false, message: 'Enter the matrix row by row, e.g. 1, 0; 0, 1.' };
  if (rows.length > maxRows) return { ok: false, message: `Too many rows: ${rows.length} (at most ${maxRows}).` };
  /** @type {number[][]} */
  const value = [];
  /** @type {number[][]} */
  const ulp = [];
  for (let r = 0; r < rows.length; r++) {
    const row = readVector(rows[r].trim(), { max: maxCols });
    if (!row.ok) return { ok: false, message: `Row ${r + 1}: ${row.message}` };
    if (value.length && row.value.length !== value[0].length) {
      return { ok: false, message: `Row ${r + 1} has ${plural(row.value.length, 'entry', 'entries')}, row 1 has ${value[0].length}.` };
    }
    value.push(row.value);
    ulp.push(row.ulp);
  }
  return { ok: true, value, ulp };
}
