// The shared input parser: what a reader may type, the message for what it cannot read, the digits it
// typed (ulp), and work linear in the length of the text however much whitespace it holds.
import { Worker } from 'node:worker_threads';
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
    ['≈ 1.414', 1.414], // what students type: the sign says "rounded", the number is judged by the tolerance
    ['≈1.414', 1.414],
    ['~2.6', 2.6],
    ['∼ 2.6', 2.6],
    ['6×', 6],
    ['6 ×', 6],
    ['6x', 6], // what the introduction's "6×" becomes on a keyboard
    ['6 X', 6],
    ['1.02**48', 1.02 ** 48],
    ['e^0.96', Math.E ** 0.96],
    ['exp(0.96)', Math.exp(0.96)],
    ['-e', -Math.E],
    ['2 × 3', 6],
    ['-1.41', -1.41],
  ])('%j → %d', (text, value) => {
    expect(parseNumber(text)).toMatchObject({ ok: true, value });
  });

  it.each([
    ['1.41', 0.01],
    ['≈ 1.414', 0.001],
    ['~2.6', 0.1],
    ['6×', 1],
    ['6x', 1],
    ['-0.0031623', 1e-7],
    ['1.4e-3', 1e-4],
    ['.5', 0.1],
    ['316.', 1],
    ['1/3', 0], // an expression is exact
    ['−√2', 0],
  ])('%j was typed to %d', (text, ulp) => {
    expect(parseNumber(text).ulp).toBe(ulp);
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
    ['x', /is not a number/],
    ['0x40', /is not a number/],
    ['2e', /is not a number/],
    ['1,414', /^“1,414”: is the comma a decimal point\? Write 1\.414, with a point\.$/], // asked, never 1414
    ['−1,414', /Write -1\.414, with a point/],
    ['1,414,000', /is the comma a decimal point\?/],
    ['sqrt(-1)', /no real value/],
  ])('%j is refused', (text, message) => {
    const r = parseNumber(text);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(message);
  });
});

describe('parseVector', () => {
  it('asks about a comma inside a number when semicolons separate the entries, and splits into no more numbers', () => {
    const r = parseVector('−1,414; 0; 0; 1,414');
    expect(r).toEqual({ ok: false, message: '“-1,414”: is the comma a decimal point? Write -1.414, with a point.' });
    expect(parseVector('1,5;2')).toMatchObject({ ok: false, message: expect.stringMatching(/decimal point/) });
    expect(parseVector('1, 5; 2')).toMatchObject({ ok: true, value: [1, 5, 2] }); // a comma then a space separates
    expect(parseMatrix('1,5; 2,5')).toMatchObject({
      ok: true,
      value: [
        [1, 5],
        [2, 5],
      ],
    }); // a matrix's rows
  });

  // issue 35: "1,414" was read as [1, 414] and "[0,4714, 0,9428, …]" as 8 numbers in an answer's vector field
  it("asks about a comma that may be a decimal comma where numbers have decimals (answers, a question's numbers)", () => {
    const asked = (text) => parseVector(text, { decimals: true });
    expect(asked('1,414')).toEqual({ ok: false, message: '“1,414”: is the comma a decimal point? Write 1.414, with a point.' });
    expect(asked('[0,4714, 0,9428, 0,9428, 1,4142]')).toEqual({ ok: false, message: '“0,4714”: is the comma a decimal point? Write 0.4714, with a point.' });
    expect(asked('0,5 1,5')).toMatchObject({ ok: false, message: expect.stringMatching(/^“0,5”: is the comma a decimal point/) });
    // a list of tight commas only, and commas followed by spaces, are lists
    expect(asked('0,0,0,0')).toMatchObject({ ok: true, value: [0, 0, 0, 0] });
    expect(asked('2,4,4,6')).toMatchObject({ ok: true, value: [2, 4, 4, 6] });
    expect(asked('1.414, 2')).toMatchObject({ ok: true, value: [1.414, 2] });
    // whole-number lists (depths, seeds) read every comma as a separator
    expect(parseVector('6,24')).toMatchObject({ ok: true, value: [6, 24] });
  });

  it.each([
    ['2, 4, 4, 6', [2, 4, 4, 6]],
    ['[2,4,4,6]', [2, 4, 4, 6]],
    ['(1 2)', [1, 2]],
    ['(1 -2)', [1, -2]],
    ['1; 2; 3', [1, 2, 3]],
    ['[−√2, 0, 0, √2]', [-Math.SQRT2, 0, 0, Math.SQRT2]],
    ['-1.4142, 0, 0, 1.4142', [-1.4142, 0, 0, 1.4142]],
    ['7', [7]],
    ['≈ 1.414, 0', [1.414, 0]],
    ['~-1.41, ~1.41', [-1.41, 1.41]],
  ])('%j', (text, value) => {
    expect(parseVector(text)).toMatchObject({ ok: true, value });
  });

  it('reports the digits typed per entry', () => {
    expect(parseVector('-1.41, 0, 1/3, 1.4142').ulp).toEqual([0.01, 1, 0, 0.0001]);
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
    [
      '1, 0; 0, 1',
      [
        [1, 0],
        [0, 1],
      ],
    ],
    [
      '[[1, 2], [3, 4]]',
      [
        [1, 2],
        [3, 4],
      ],
    ],
    [
      '1 2\n3 4',
      [
        [1, 2],
        [3, 4],
      ],
    ],
    ['[[−1]]', [[-1]]],
    [
      '[1, 2; 3, 4]',
      [
        [1, 2],
        [3, 4],
      ],
    ],
    [
      '[1, 2], [3, 4]',
      [
        [1, 2],
        [3, 4],
      ],
    ],
    [
      '[1, 2]\n[3, 4]',
      [
        [1, 2],
        [3, 4],
      ],
    ],
    [
      '(1 2) (3 4)',
      [
        [1, 2],
        [3, 4],
      ],
    ],
    [
      '[1.1, -0.2; 0.05, 1.3]',
      [
        [1.1, -0.2],
        [0.05, 1.3],
      ],
    ],
    [
      '(1+2)*3, 4; 5, 6',
      [
        [9, 4],
        [5, 6],
      ],
    ], // brackets inside an entry are not rows
    [
      '[(1+2), 3], [4, 5]',
      [
        [3, 3],
        [4, 5],
      ],
    ],
  ])('%j', (text, value) => {
    expect(parseMatrix(text)).toMatchObject({ ok: true, value });
  });

  it('reports the digits typed per entry, row by row', () => {
    expect(parseMatrix('[1.1, -0.2], [0.05, 1]').ulp).toEqual([
      [0.1, 0.1],
      [0.01, 1],
    ]);
  });

  it.each([
    ['', /row by row/],
    ['1, 2; 3', /Row 2 has 1 entry, row 1 has 2/],
    ['1, 2; x, 4', /Row 2: Entry 1: “x” is not a number/],
    ['[1, 2], [3]', /Row 2 has 1 entry, row 1 has 2/],
    ['[1, 2]] [3, 4]', /Row 1: /],
  ])('%j is refused', (text, message) => {
    const r = parseMatrix(text);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(message);
  });
});

// Every pattern used to be tried at each blank of a long run of whitespace: n² steps (seconds for n = 40,000 blanks:
// docs/measurements.md, "The parser collapses whitespace in one pass"). The parser now collapses runs in one pass. A worker parses texts with
// two million blanks; on the old code that takes hours, so the check is that it finishes at all (the
// deadline is three orders of magnitude above what the linear parser needs, so it is not a speed test).
describe('linear in the length of the text', () => {
  it('parses texts with 2,000,000 blanks', async () => {
    const url = new URL('../../web/src/ui/parse.js', import.meta.url).href;
    const code = `
      const { parentPort } = require('node:worker_threads');
      import(${JSON.stringify(url)}).then(({ parseNumber, parseVector, parseMatrix }) => {
        const blanks = ' '.repeat(2e6);
        const lines = ' \\n '.repeat(5e5);
        parentPort.postMessage([
          parseNumber('1' + blanks + 'q').message,
          parseNumber(blanks + '2' + blanks).value,
          parseVector('1' + blanks + '2' + blanks + '-3').value,
          parseVector('1' + blanks + 'x').message,
          parseVector('(' + blanks + '1' + blanks + '+' + blanks + '2' + blanks + ')').value,
          parseMatrix('1 2' + lines + '3 4').value,
          parseMatrix('[1,' + blanks + '2]' + blanks + '[3, 4' + blanks + ']').value,
          parseMatrix('1' + blanks + 'x').message,
        ]);
      });`;
    const worker = new Worker(code, { eval: true });
    const result = await new Promise((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error('the parser did not finish in 30 s: quadratic again?')), 30_000);
      worker.once('message', (m) => (clearTimeout(deadline), resolve(m)));
      worker.once('error', (e) => (clearTimeout(deadline), reject(e)));
    }).finally(() => worker.terminate());
    expect(result).toEqual([
      '“1 q” is not a number.',
      2,
      [1, 2, -3],
      'Entry 2: “x” is not a number.',
      [3],
      [
        [1, 2],
        [3, 4],
      ],
      [
        [1, 2],
        [3, 4],
      ],
      'Row 1: Entry 2: “x” is not a number.',
    ]);
  });
});
