// The chapter's math font (web/src/fonts/, made by scripts/math-font.sh) has every character the chapter's math
// draws: a character it lacks would be drawn in another font, beside Latin Modern's letters (issue 54).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cardProps, exercisePropsByNumber, exerciseTextByNumber, renderChapter } from '../../web/plugins/content.js';
import { texNumber, texVector } from '../../web/src/ui/format.js';
import { texToMathml } from '../../web/src/ui/math.js';

const font = JSON.parse(readFileSync(new URL('../../web/src/fonts/chapter-math.json', import.meta.url), 'utf8'));
const inFont = (c) => font.codePointRanges.some(([first, last]) => c.codePointAt(0) >= first && c.codePointAt(0) <= last);
// what the browser draws of a formula: its text, less its TeX annotation; a single letter in <mi> drawn as its
// mathematical italic (MathML's text-transform: math-auto), as the browser does
const ITALIC = { A: 0x1d434, a: 0x1d44e, α: 0x1d6fc, Α: 0x1d6e2 };
const italic = (c) => {
  if (c === 'h') return 'ℎ';
  for (const [from, to] of [
    ['A', 'Z'],
    ['a', 'z'],
    ['α', 'ω'],
    ['Α', 'Ω'],
  ]) {
    if (c >= from && c <= to) return String.fromCodePoint(ITALIC[from] + c.codePointAt(0) - from.codePointAt(0));
  }
  return c;
};
const drawn = (html) =>
  [...html.replace(/<annotation[\s\S]*?<\/annotation>/g, '').matchAll(/<(mi|mn|mo|mtext)(?:\s[^>]*)?>([^<]*)<\//g)].flatMap(([, tag, text]) => {
    const chars = [...text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')];
    return tag === 'mi' && chars.length === 1 ? [chars[0], italic(chars[0])] : chars;
  });

describe('the math font', () => {
  const sections = renderChapter(fileURLToPath(new URL('../../content', import.meta.url)));
  const strings = (v) => (typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : []);
  const html = [
    ...sections.map((s) => s.html),
    ...strings(exerciseTextByNumber(sections)),
    ...strings(exercisePropsByNumber(sections)),
    ...strings(cardProps(sections)),
  ].join('\n');

  it('has every character the chapter’s math draws', () => {
    const chars = new Set(drawn(html));
    expect(chars.size).toBeGreaterThan(100);
    expect([...chars].filter((c) => !inFont(c))).toEqual([]);
  });

  it('has the characters of the numbers, vectors and matrices the page’s scripts typeset', () => {
    const tex = [
      texNumber(-1.25e-7, 5),
      texNumber(0.5, 5),
      texVector([1.5, -2, 3e12, NaN, Infinity]),
      String.raw`\begin{bmatrix}1 & -2 \\ 0.5 & 3\end{bmatrix}`,
    ];
    expect([...new Set(drawn(tex.map((t) => texToMathml(t)).join('')))].filter((c) => !inFont(c))).toEqual([]);
  });
});
