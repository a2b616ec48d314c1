// The teachers' CSV (web/src/teachers/csv.js): numbers stay numbers; one that is none is never written as one.
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../web/src/teachers/csv.js';

describe('toCsv', () => {
  // Issue 52: no NaN or Infinity is ever printed as a number, in a table or a CSV (it had written "NaN", and
  // "'-Infinity" as a formula kept as text)
  it('writes a number that is none as a dash and why', () => {
    expect(toCsv([[1.5, Number.NaN, Infinity, -Infinity, 0]])).toBe('1.5,— (not a number),— (beyond float64’s range),— (beyond float64’s range),0\r\n');
  });

  it('keeps numbers as numbers and a formula as text', () => {
    expect(toCsv([['=1+1', -2, 'a,b']])).toBe(`'=1+1,-2,"a,b"\r\n`);
  });
});
