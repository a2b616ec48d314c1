// Reading what a reader types: numbers, vectors and matrices, shared by every input field and answer box.
// A number may be written plainly (2, -1.5, 3e-5, unicode minus −2) or as a small expression with
// + − * / ^, parentheses, √ / sqrt(…) and π (so "−√2" and "2/sqrt(2)" are numbers). Every failure returns
// a message written for the reader; nothing here throws.

const MINUS = /[\u2212\u2012\u2013\u2014\uFE63\uFF0D]/g; // −, ‒, –, —, ﹣, －

const TOKEN = /\s*(?:(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|(sqrt|√|pi|π)|([-+*/^()×·÷]))/y;

function tokenize(text) {
  const tokens = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) return null;
    if (m[1] !== undefined) tokens.push({ kind: 'num', value: Number(m[1]), text: m[1] });
    else if (m[2] !== undefined) tokens.push({ kind: m[2] === 'pi' || m[2] === 'π' ? 'pi' : 'sqrt' });
    else tokens.push({ kind: { '×': '*', '·': '*', '÷': '/' }[m[3]] ?? m[3] });
    at = TOKEN.lastIndex;
  }
  return tokens;
}

// expr := term (('+'|'-') term)* ; term := unary (('*'|'/') unary)* ; unary := ('-'|'+') unary | power
// power := atom ('^' unary)? ; atom := num | pi | sqrt atom | '(' expr ')'
function evaluate(tokens) {
  let i = 0;
  const peek = () => tokens[i]?.kind;
  const fail = () => {
    throw new SyntaxError();
  };
  const atom = () => {
    const t = tokens[i++];
    if (!t) fail();
    if (t.kind === 'num') return t.value;
    if (t.kind === 'pi') return Math.PI;
    if (t.kind === 'sqrt') return Math.sqrt(peek() === '(' ? atom() : unary());
    if (t.kind === '(') {
      const v = expr();
      if (tokens[i++]?.kind !== ')') fail();
      return v;
    }
    return fail();
  };
  const power = () => {
    const base = atom();
    if (peek() === '^') {
      i++;
      return base ** unary();
    }
    return base;
  };
  const unary = () => {
    if (peek() === '-') return i++, -unary();
    if (peek() === '+') return i++, unary();
    return power();
  };
  const term = () => {
    let v = unary();
    while (peek() === '*' || peek() === '/') v = tokens[i++].kind === '*' ? v * unary() : v / unary();
    return v;
  };
  const expr = () => {
    let v = term();
    while (peek() === '+' || peek() === '-') v = tokens[i++].kind === '+' ? v + term() : v - term();
    return v;
  };
  const value = expr();
  if (i !== tokens.length) fail();
  return value;
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const quote = (s) => `“${s.length > 24 ? s.slice(0, 21) + '…' : s}”`;

/** One number. → {ok: true, value} or {ok: false, message} */
export function parseNumber(text) {
  const raw = String(text ?? '').replace(MINUS, '-').trim();
  if (raw === '') return { ok: false, message: 'Enter a number.' };
  if (/^[+-]?(nan|inf(inity)?)$/i.test(raw)) return { ok: false, message: `${quote(raw)} is not a finite number.` };
  const tokens = tokenize(raw);
  let value;
  try {
    if (!tokens || tokens.length === 0) throw new SyntaxError();
    value = evaluate(tokens);
  } catch {
    return { ok: false, message: `${quote(raw)} is not a number.` };
  }
  if (tokens.some((t) => t.kind === 'num' && !Number.isFinite(t.value)) || Math.abs(value) === Infinity) {
    return { ok: false, message: `${quote(raw)} is too large: float64 numbers stop near ±1.8e308.` };
  }
  if (Number.isNaN(value)) return { ok: false, message: `${quote(raw)} has no real value (0/0 or √ of a negative).` };
  return { ok: true, value };
}

function stripBrackets(text) {
  const t = text.trim();
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
function splitEntries(body) {
  if (/[,;]/.test(body)) return body.split(/[,;]/);
  // "1 - 2" (spaces on both sides) and any * / ^ are binary; "2 -1" is two entries, the second negative.
  return body
    .trim()
    .replace(/\s+([-+])\s+/g, '$1')
    .replace(/\s*([*/^×·÷])\s*/g, '$1')
    .replace(/\(\s+/g, '(')
    .replace(/\s+\)/g, ')')
    .split(/\s+/);
}

/**
 * A list of numbers: "2, 4, 4, 6", "[2, 4, 4, 6]", "(2 4 4 6)", "−√2, 0".
 * @param {{min?: number, max?: number}} limits entry count allowed
 * → {ok: true, value: number[]} or {ok: false, message}
 */
export function parseVector(text, { min = 1, max = Infinity } = {}) {
  const raw = String(text ?? '').replace(MINUS, '-').trim();
  const body = stripBrackets(raw);
  if (body.trim() === '') return { ok: false, message: `Enter ${min === 1 ? 'at least one number' : `at least ${min} numbers`}, e.g. 2, 4, 4, 6.` };
  const parts = splitEntries(body);
  if (parts.length > max) return { ok: false, message: `Too many entries: ${parts.length} (at most ${max} here).` };
  if (parts.length < min) return { ok: false, message: `Too few entries: ${parts.length} (at least ${min} here).` };
  const value = [];
  for (let k = 0; k < parts.length; k++) {
    if (parts[k].trim() === '') return { ok: false, message: `Entry ${k + 1} is empty: ${k + 1 === parts.length ? 'the list ends with a separator' : 'two separators in a row'}.` };
    const n = parseNumber(parts[k]);
    if (!n.ok) return { ok: false, message: parts.length > 1 ? `Entry ${k + 1}: ${n.message}` : n.message };
    value.push(n.value);
  }
  return { ok: true, value };
}

/**
 * A matrix, row by row: rows separated by ";" or new lines, or "[[1, 2], [3, 4]]".
 * → {ok: true, value: number[][]} or {ok: false, message}
 */
export function parseMatrix(text, { maxRows = 64, maxCols = 64 } = {}) {
  const raw = String(text ?? '').replace(MINUS, '-').trim();
  let rows;
  const nested = stripBrackets(raw);
  if (/^\s*[[(]/.test(nested) && nested !== raw) {
    rows = nested.split(/[\])]\s*[,;]?\s*[[(]/).map((r) => r.replace(/[[\]()]/g, ''));
  } else {
    rows = raw.split(/;|\n/);
  }
  rows = rows.filter((r, k) => r.trim() !== '' || k < rows.length - 1);
  if (rows.length === 0) return { ok: false, message: 'Enter the matrix row by row, e.g. 1, 0; 0, 1.' };
  if (rows.length > maxRows) return { ok: false, message: `Too many rows: ${rows.length} (at most ${maxRows}).` };
  const value = [];
  for (let r = 0; r < rows.length; r++) {
    const row = parseVector(rows[r], { max: maxCols });
    if (!row.ok) return { ok: false, message: `Row ${r + 1}: ${row.message}` };
    if (value.length && row.value.length !== value[0].length) {
      return { ok: false, message: `Row ${r + 1} has ${plural(row.value.length, 'entry', 'entries')}, row 1 has ${value[0].length}.` };
    }
    value.push(row.value);
  }
  return { ok: true, value };
}
