// The shared input parser: what a reader may type, and the message for what it cannot read.
import { describe, expect, it } from 'vitest';
import { parseMatrix, parseNumber, parseVector } from '../../web/src/ui/parse.js';

describe('parseNumber', () => {
  it.each([
    ['2', 2],
    ['-1.5', -1.5],
    ['  3e-5 ', 3e-5],
    ['.5', 0.5],
    ['1E3', 1000],
    ['\u22122', -2], // unicode minus
    ['−√2', -Math.SQRT2],
    ['2/sqrt(2)', 2 / Math.SQRT2],
    ['sqrt 2', Math.SQRT2],
    ['2^0.5', 2 ** 0.5],
    ['(1+2)*3', 9],
    ['1/3', 1 / 3],
  ])('%j → %d', (text, value) => {
    expect(parseNumber(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', /Enter a number/],
    ['   ', /Enter a number/],
    ['abc', /“abc” is not a number/],
    ['2π', /is not a number/],
    ['3e', /is not a number/],
    ['1..2', /is not a number/],
    ['NaN', /not a finite number/],
    ['-Infinity', /not a finite number/],
    ['1e400', /too large/],
    ['-1e400', /too large/],
    ['10^400', /too large/],
    ['0/0', /no real value/],
    ['sqrt(-1)', /no real value/],
  ])('%j is refused', (text, message) => {
    const r = parseNumber(text);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(message);
  });
});

describe('parseVector', () => {
  it.each([
    ['2, 4, 4, 6', [2, 4, 4, 6]],
    ['[2,4,4,6]', [2, 4, 4, 6]],
    ['(1 2)', [1, 2]],
    ['(1 -2)', [1, -2]],
    ['1; 2; 3', [1, 2, 3]],
    ['[−√2, 0, 0, √2]', [-Math.SQRT2, 0, 0, Math.SQRT2]],
    ['-1.4142, 0, 0, 1.4142', [-1.4142, 0, 0, 1.4142]],
    ['7', [7]],
  ])('%j', (text, value) => {
    expect(parseVector(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', {}, /at least one number/],
    ['[ ]', {}, /at least one number/],
    ['2,,4', {}, /Entry 2 is empty: two separators in a row/],
    ['1,2,', {}, /Entry 3 is empty: the list ends with a separator/],
    ['1, abc', {}, /Entry 2: “abc” is not a number/],
    ['1, 1e400', {}, /Entry 2: .*too large/],
    ['1, NaN', {}, /Entry 2: .*not a finite number/],
    [Array(10000).fill('1').join(','), { max: 32 }, /Too many entries: 10000 \(at most 32 here\)/],
    ['1, 2', { min: 3 }, /Too few entries: 2/],
  ])('%j is refused', (text, limits, message) => {
    const r = parseVector(text, limits);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(message);
  });
});

describe('parseMatrix', () => {
  it.each([
    ['1, 0; 0, 1', [[1, 0], [0, 1]]],
    ['[[1, 2], [3, 4]]', [[1, 2], [3, 4]]],
    ['1 2\n3 4', [[1, 2], [3, 4]]],
    ['[[−1]]', [[-1]]],
  ])('%j', (text, value) => {
    expect(parseMatrix(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', /row by row/],
    ['1, 2; 3', /Row 2 has 1 entry, row 1 has 2/],
    ['1, 2; x, 4', /Row 2: Entry 1: “x” is not a number/],
  ])('%j is refused', (text, message) => {
    const r = parseMatrix(text);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(message);
  });
});
