// One reader of a wiring's text (issue 52): the kernel's (wasm/src/wiring.hpp read_wiring), for the page's builder,
// its links, the exercises, the files and both command-line tools. The page and the command line had disagreed:
// {"alpha": 1+2} was the formula 1+2 on the page and bad JSON on the command line (whose JSON.parse read --wiring),
// a key given twice was refused on the page and last-wins on the command line; "1 0" was read as 10 everywhere.
// Now the same text gets the same verdict and the same message whichever way it comes in, and an echo in a message
// is cut to a readable length on a character's boundary, its hidden characters named.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseFlags, wiringTexts } from '../../scripts/lib/flags.mjs';
import { loadWiring } from '../../web/src/kernels/wiring.js';
import { formOf, formText } from '../../web/src/ui/wiring-form.js';

let wiring;
beforeAll(async () => {
  wiring = await loadWiring();
});

const sweep = (...args) =>
  spawnSync(process.execPath, [fileURLToPath(new URL('../../scripts/sweep.mjs', import.meta.url)), ...args], { encoding: 'utf8', timeout: 60_000 });

const deep = `${'('.repeat(1000)}1${')'.repeat(1000)}`;
// what it is, text → the kernel's sentence
const HOSTILE = [
  [
    'a formula unquoted',
    '{"alpha": 1+2}',
    `the wiring's JSON cannot be read at character 12: expected ',' or '}' after a value: a formula is a JSON string, in double quotes ("alpha": "1+2")`,
  ],
  ['a key twice', '{"alpha": 1, "alpha": 2}', 'the key "alpha" is given twice'],
  [
    'a number split by a space',
    '{"alpha": "1 0"}',
    'alpha: cannot read "1 0" at character 3: only a space stands between "1" and "0": a number is written without spaces, and two parts are joined by + - * / or ^',
  ],
  ['first_post split by a space', '{"first_post": "1 0"}', /^first_post: cannot read "1 0" at character 3: only a space stands between "1" and "0"/],
  [
    '-.5',
    '{"alpha": -.5}',
    `the wiring's JSON cannot be read at character 12: expected a number as JSON writes it (-0.5, 2, 1e-5), or a formula as a string ("L/4")`,
  ],
  ['01', '{"alpha": 01}', /^the wiring's JSON cannot be read at character 12: expected a number as JSON writes it/],
  ['a bidi override in a formula', '{"alpha": "1\u202e"}', /^alpha: cannot read "1<U\+202E>" at character 2: U\+202E cannot be in a formula/],
  ['a formula of 1,000 levels', `{"alpha": "${deep}"}`, `alpha: cannot read "${'('.repeat(40)}…" at character 1: it is longer than 200 characters`],
  [
    'a formula of 60 levels',
    `{"alpha": "${'('.repeat(60)}1${')'.repeat(60)}"}`,
    `alpha: cannot read "${'('.repeat(40)}…" at character 41: it nests deeper than 40 levels`,
  ],
  ['a bidi override in a word', '{"gate": "no\u202ene"}', 'gate must be "none", "block", "sublayer" or "channel" (got "no<U+202E>ne")'],
];

/** The command line's verdict on --wiring text (its flags, then the kernel): the wirings' text forms, or the message. */
function commandLine(text) {
  const fail = (message) => {
    throw new Error(message);
  };
  const options = parseFlags(['--wiring', text, '--L', '2', '--seeds', '0'], { L: 20 }, fail, { lists: ['L'] });
  return wiringTexts(wiring, options.placements, fail);
}
const verdict = (f) => {
  try {
    return { texts: f() };
  } catch (error) {
    return { message: error.message };
  }
};

describe('the page and the command line read a wiring with one reader', () => {
  it.each(HOSTILE)('%s: refused, with the same sentence', (what, text, message) => {
    const page = verdict(() => [wiring.describe(text).text]);
    expect(page.message).toMatch(message);
    expect(verdict(() => commandLine(text))).toEqual(page);
    // no character cut in half, no echo of the whole text
    expect(page.message).not.toContain('\uFFFD');
    expect(page.message.length).toBeLessThan(300);
  });

  it('a wiring both take is the same wiring, in the same text form', () => {
    for (const text of [
      '{"alpha": -0.5e+1}',
      '{ "scale_out" : "1 / sqrt(2*L)", "norm": "rms" }',
      '{"alpha": "2 * L", "from": "post"}',
      '{"beta": "\\u0032"}',
    ]) {
      expect(commandLine(text)).toEqual([wiring.describe(text).text]);
    }
  });

  it('a list names the wiring it refuses, with the same sentence', () => {
    expect(verdict(() => commandLine('[{"from": "post"}, {"alpha": 1, "alpha": 2}]')).message).toBe(`the list's wiring 2: the key "alpha" is given twice`);
    expect(commandLine('[{"from": "post"}, {"alpha": "2"}]')).toEqual(['post', '{"from":"pre","alpha":"2"}']);
    expect(wiring.describeList('{"alpha": "2"}').map((v) => v.text)).toEqual(['{"from":"pre","alpha":"2"}']);
  });

  it('the builder’s form sends what the reader typed: "1 0" is refused beside alpha, as typed in a link', () => {
    const post = wiring.describe('post');
    const form = { ...formOf(post), alpha: '1 0' };
    expect(verdict(() => wiring.describe(formText(form, post))).message).toBe(verdict(() => wiring.describe('{"from": "post", "alpha": "1 0"}')).message);
  });

  it('the command line prints the kernel’s sentence', () => {
    const r = sweep('--wiring', '{"alpha": 1+2}', '--L', '2', '--seeds', '0');
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`sweep: ${HOSTILE[0][2]}`);
    const twice = sweep('--wiring', '{"alpha": "2", "alpha": "3"}', '--L', '2', '--seeds', '0');
    expect(twice.status).toBe(2);
    expect(twice.stderr.split('\n')[0]).toBe('sweep: the key "alpha" is given twice');
  });
});

describe('--jobs says its real range', () => {
  // "-1" had been told "must be 0 or more", and then 0 was refused
  it.each(['-1', '0'])('--jobs %s', (jobs) => {
    const r = sweep('--placement', 'pre', '--L', '2', '--seeds', '0', '--jobs', jobs);
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`sweep: --jobs must be 1 or more (got ${jobs}).`);
  });
});
