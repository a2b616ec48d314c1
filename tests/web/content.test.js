// The chapter's prose: every file renders (its math as MathML included), every widget directive names a registered
// widget with JSON props, and no section holds a number the kernels should be computing.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { texToMathml } from '../../web/src/ui/math.js';
import { fillTex } from '../../web/src/ui/tex-template.js';
import contentPlugin, {
  CARD_PROPS,
  cardProps,
  EXERCISE_PROPS,
  EXERCISE_TEXT,
  exercisePropsByNumber,
  exercisesPageHtml,
  exerciseTextByNumber,
  renderChapter,
} from '../../web/plugins/content.js';
import { registry } from '../../web/src/widgets/registry.js';

const contentDir = fileURLToPath(new URL('../../content', import.meta.url));
const sections = renderChapter(contentDir);

describe('content', () => {
  it('has sections, each with a title and at least one heading', () => {
    expect(sections.length).toBeGreaterThan(0);
    for (const s of sections) {
      expect(s.meta.title, s.file).toBeTruthy();
      expect(s.headings.length, s.file).toBeGreaterThan(0);
    }
  });

  // Issue 54: one rendering of each formula, MathML, which the browser lays out; no second, visual copy in HTML
  it('renders all math at build time as MathML alone, each formula with its TeX for screen readers', () => {
    const html = sections.map((s) => s.html).join('');
    expect(html).not.toMatch(/class="katex/);
    const formulas = html.match(/<math[\s>][\s\S]*?<\/math>/g);
    expect(formulas.length).toBeGreaterThan(150);
    for (const f of formulas) expect(f).toMatch(/<semantics>[\s\S]*<annotation encoding="application\/x-tex">[^<]+<\/annotation><\/semantics><\/math>$/);
    expect(html).not.toMatch(/<math[^>]*\sstyle="[^"]*position/);
    // no unrendered $…$ left in the text (a widget's props are its data: the LayerNorm instrument's words are typeset
    // as it shows them, with the kernel's numbers in them; rendered here they had added 68 KB to the page's HTML)
    expect(html.replace(/ data-props="[^"]*"/g, '')).not.toMatch(/\$[^$<]+\$/);
  });

  it('names only registered widgets, with object props', () => {
    const widgets = sections.flatMap((s) => s.widgets);
    expect(widgets.length).toBeGreaterThan(0);
    for (const w of widgets) {
      expect(Object.keys(registry), `widget ${w.name}`).toContain(w.name);
      expect(typeof (w.props ?? {})).toBe('object');
    }
  });

  it('keeps the exercises’ props out of the page: each section names its number, the chunk holds its props', async () => {
    const exercises = sections.filter((s) => s.exercise);
    expect(exercises.length).toBeGreaterThan(0);
    for (const s of exercises) {
      expect(s.html, s.file).not.toContain('data-props');
      expect(s.html, s.file).toContain(`data-exercise="${s.meta.exercise}"`);
    }
    // the module the plugin serves, as the page's code imports it
    const plugin = contentPlugin({ contentDir });
    const id = plugin.resolveId(EXERCISE_PROPS);
    const code = plugin.load(id);
    const served = (await import(`data:text/javascript,${encodeURIComponent(code)}`)).default;
    expect(Object.keys(served).map(Number)).toEqual(exercises.map((s) => Number(s.meta.exercise)));
    expect(served).toEqual(JSON.parse(JSON.stringify(exercisePropsByNumber(sections))));
    expect(served[4].solution).toContain('<math');
  });

  // The chapter's HTML is parsed on every visit before its first figure can start (issue 38: 597 KB, 327 KB of it
  // the exercises' markup). An exercise's section there is its heading, an empty question and a link; its words
  // come from a chunk as the page opens, and the exercises' page has them in its HTML for reading without scripts.
  it('keeps the exercises’ words out of the chapter’s HTML: a chunk brings them, the exercises’ page has them', async () => {
    const exercises = sections.filter((s) => s.exercise);
    expect(exercises.length).toBeGreaterThanOrEqual(21);
    const plugin = contentPlugin({ contentDir });
    const served = (await import(`data:text/javascript,${encodeURIComponent(plugin.load(plugin.resolveId(EXERCISE_TEXT)))}`)).default;
    const page = exercisesPageHtml(sections);
    expect(Object.values(served).filter((w) => w.question.includes('<math')).length).toBeGreaterThan(15);
    for (const s of exercises) {
      const n = s.meta.exercise;
      const words = served[n];
      expect(words.question, s.file).toMatch(/^<p>/);
      expect(words.static, s.file).toContain('<ol class="ex-asked"><li>');
      // none of the words in the chapter's section: its question is empty, its note links to the same words
      expect(s.html, s.file).toContain('<div class="ex-question"></div>');
      expect(s.html, s.file).not.toContain(words.question);
      expect(s.html, s.file).not.toContain('ex-asked');
      expect(s.html, s.file).toContain(`href="./exercises.html#exercise-${n}"`);
      expect(s.html.length, s.file).toBeLessThan(700);
      // the exercises' page: the same question, what is asked and the hints, under the same id
      const own = new RegExp(`<section class="exercise" id="exercise-${n}"[\\s\\S]*?</section>`).exec(page)?.[0];
      expect(own, s.file).toBeDefined();
      expect(own).toContain(`<div class="ex-question">${words.question}</div>`);
      expect(own).toContain(words.static.slice(0, words.static.indexOf('<p class="widget-note">')));
      expect(own).toContain(`href="./#exercise-${n}"`);
    }
  });

  it('keeps the card deck’s props out of the page: the chunk holds every card', async () => {
    const deck = sections.find((s) => s.meta.cards);
    expect(deck.html).toContain('id="card-deck"');
    expect(deck.html).not.toContain('data-props');
    const plugin = contentPlugin({ contentDir });
    const served = (await import(`data:text/javascript,${encodeURIComponent(plugin.load(plugin.resolveId(CARD_PROPS)))}`)).default;
    expect(served).toEqual(JSON.parse(JSON.stringify(cardProps(sections))));
    expect(served.cloze.length).toBeGreaterThanOrEqual(14);
    expect(served.practice.map((c) => c.id)).toContain('p-18-output');
  });

  it("shows captions with the prose’s apostrophes (“block’s”, not “block's”)", () => {
    const captions = sections
      .flatMap((s) => s.widgets)
      .map((w) => w.props?.caption)
      .filter((c) => typeof c === 'string');
    expect(captions.join(' ')).toContain('article’s');
    for (const c of captions) expect(c, c).not.toMatch(/'/);
  });

  it('gives headings unique ids', () => {
    const ids = sections.flatMap((s) => s.headings.map((h) => h.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('opens each part and the exercises with a guide: a time and what the reader will be able to do', () => {
    const opening = sections.filter((s) => s.headings.some((h) => h.level === 2 && /^(Part \d|Exercises$)/.test(h.html)));
    expect(opening.map((s) => s.file)).toEqual(['10-two-wirings.md', '20-layernorm.md', '25-training-lab.md', '26-field-did-next.md', '30-exercises.md']);
    for (const s of opening) {
      const guide = /<\/h2>\n?<aside class="part-guide"[^>]*><p class="part-guide-time">About (\d+) minutes\.<\/p>[\s\S]*?<ul>([\s\S]*?)<\/ul><\/aside>/.exec(
        s.html,
      );
      expect(guide, s.file).not.toBeNull();
      expect(Number(guide[1])).toBeGreaterThan(0);
      expect(guide[2].match(/<li>/g).length, s.file).toBeGreaterThanOrEqual(3);
    }
    expect(() => renderChapter(contentDir)).not.toThrow();
  });

  // One word and one letter: a stack is made of blocks (the article's "layers"), L of them. A Linear layer is a
  // part of a block (so are the output layers of Megatron-LM and OLMo, and Depth-μP's blocks of a single layer);
  // the papers' titles keep their words, and so does a paper's own term the prose reports as its (GPT-2's residual
  // layers, Sun et al.'s layers of language models); the notation box is where the article's word is named.
  // (Until issue 54 this read under a quarter of the prose: the pattern that dropped a formula's KaTeX markup also
  // matched its class "katex-html" and swallowed the prose up to the next formula's TeX.)
  it('says block, never layer, for a block, and L for the number of blocks, with the notation box saying so', () => {
    const strings = (v) => (typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : []);
    const all = [
      ...sections.map((s) => s.html),
      ...strings(exerciseTextByNumber(sections)),
      ...strings(exercisePropsByNumber(sections)),
      ...strings(cardProps(sections)),
    ].join('\n');
    expect(all).toContain('id="notation"');
    const prose = all
      .replace(/<aside class="notation"[\s\S]*?<\/aside>/, ' ')
      .replace(/<math[\s>][\s\S]*?<\/math>/g, ' ') // a formula, and its TeX: checked below
      .replace(/<[^>]+>/g, ' ')
      .replace(/“[^”]*”|"[^"]*"/g, ' '); // titles of papers
    const layers = [...prose.replace(/the layers of popular language models/g, ' ').matchAll(/(\S+[\s-]+)?\blayers?\b/gi)]
      .map((m) => m[0])
      .filter((m) => !/(^|[\s-])(Linear|linear|feed-forward|output|residual|single|that)[\s-]+layers?$/.test(m));
    expect(prose.length, 'the prose read, not swallowed with the math').toBeGreaterThan(100_000);
    expect(layers).toEqual([]);
    const tex = [...all.matchAll(/<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>/g)].map((m) => m[1]);
    expect(tex.length).toBeGreaterThan(100);
    const depthN = tex.filter((t) => /(\^\{?n\}?(?![a-z])|_\{?n\}?(?![a-z])|(?<![a-z\\])n\s*=|(?<![a-z\\])n\\cdot|\(n\s*[+-])/.test(t));
    expect(depthN).toEqual([]);
  });
});

// Issue 39: the LayerNorm instrument's sentences are the chapter's (content/20-layernorm.md, in its directive's
// props.words), not typed in its view: text with $…$ math, the numbers a sentence quotes left as {{placeholders}}
// in its math for the view to fill with the kernel's values.
describe('the LayerNorm instrument’s words', () => {
  const widget = sections.flatMap((s) => s.widgets).find((w) => w.name === 'layernorm');
  // the sentences the view (widgets/layernorm/view.js) asks for, and the numbers each quotes
  const ASKED = {
    ln: {
      zeroSpread: [],
      equal: ['sigma'],
      unitSmall: ['k', 'variance'],
      unitLarge: ['k', 'variance'],
      varianceUnderflow: ['eps'],
      scale: ['scale'],
      rowScale: [],
      finite: [],
      infinite: [],
    },
    rms: { zeroSpread: [], unit: ['k'], keepsMean: [], scale: ['scale'], rowScale: [], finite: [], infinite: [] },
  };
  it.each(Object.entries(ASKED).flatMap(([kind, keys]) => Object.entries(keys).map(([key, quoted]) => [kind, key, quoted])))(
    '%s.%s: its math typesets, its numbers (%j) are placeholders in its math',
    (kind, key, quoted) => {
      const sentence = widget.props.words[kind][key];
      const parts = sentence.split(/\$([^$]+)\$/);
      expect(parts.length % 2, 'every $ has its pair').toBe(1);
      const math = parts.filter((_, i) => i % 2);
      const prose = parts.filter((_, i) => i % 2 === 0).join(' ');
      expect(prose).toMatch(/\w{3,}/);
      expect(prose).not.toMatch(/\{\{|\\[a-z]/); // no placeholder and no TeX outside math
      const values = Object.fromEntries(quoted.map((name) => [name, 1.5]));
      for (const m of math) expect(() => texToMathml(fillTex(m, values), { throwOnError: true })).not.toThrow();
      const placeholders = math.flatMap((m) => [...m.matchAll(/\{\{(\w+)\}\}/g)].map((p) => p[1]));
      expect([...new Set(placeholders)].sort()).toEqual([...quoted].sort());
    },
  );
  it('gives the view no sentence it does not ask for', () => {
    expect(Object.fromEntries(Object.entries(widget.props.words).map(([kind, w]) => [kind, Object.keys(w).sort()]))).toEqual(
      Object.fromEntries(Object.entries(ASKED).map(([kind, k]) => [kind, Object.keys(k).sort()])),
    );
  });
});
