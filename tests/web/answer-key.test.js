// The answer key, complete: every answer in it (one paragraph each, in order) maps to an exercise and the
// part that asks for it, and every exercise to at least one answer. Where the key prints numbers, the
// kernel's answer at the exercise's default inputs agrees with them. The key itself is not part of the
// repository; where it is available (ANSWER_KEY, or the project's shared seeds) the map is also checked
// against its paragraphs, so an answer cannot be dropped without this test noticing.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderChapter } from '../../web/plugins/content.js';
import { loadDesign } from '../../web/src/kernels/design.js';
import { loadExercises } from '../../web/src/kernels/exercises.js';

// item: the key's paragraph (1-based, after its title); opens: words that begin it; numbers: as the key prints them
const KEY = [
  { item: 1, opens: '(a) is Post-LN', exercise: 1, parts: ['post'] },
  { item: 2, opens: 'Rule of thumb', exercise: 1, parts: ['highway'] },
  { item: 3, opens: '$\\frac{dy}{dx}=1+\\frac{dF}{dx}$', exercise: 2, parts: ['dydx', 'nothing-learned'], numbers: { 'nothing-learned': [1] } },
  { item: 4, opens: 'Across the feature axis', exercise: 3, parts: ['axis', 'why'] },
  {
    item: 5,
    opens: 'Step — WHAT: mean',
    exercise: 4,
    parts: ['mean', 'variance', 'sigma', 'output'],
    numbers: { mean: [4], variance: [2], sigma: [1.4142], output: [-1.4142, 0, 0, 1.4142] },
  },
  { item: 6, opens: '$x_{i+1}=[1,3]+[0.5,-1]=[1.5,2]$', exercise: 5, parts: ['update', 'zero-branch'], numbers: { update: [1.5, 2], 'zero-branch': [1, 3] } },
  { item: 7, opens: 'Residual sum', exercise: 6, parts: ['sum', 'output'], numbers: { sum: [1.5, 2], output: [-1, 1] } },
  {
    item: 8,
    opens: '(i) The break',
    exercise: 7,
    parts: ['zero-eps', 'denominator', 'output', 'cap'],
    numbers: { denominator: [0.003162], output: [0, 0, 0, 0] },
  },
  { item: 9, opens: 'Differentiate the sum', exercise: 8, parts: ['jacobian'] },
  { item: 10, opens: '• The $I$ (identity)', exercise: 8, parts: ['why'] },
  { item: 11, opens: 'The exact matrix', exercise: 9, parts: ['jacobian'] },
  { item: 12, opens: '• ${\\delta }_{ab}$', exercise: 9, parts: ['terms'] },
  { item: 13, opens: 'Why fragile', exercise: 10, parts: ['product', 'why'] },
  { item: 14, opens: 'Deep-layer scale', exercise: 11, parts: ['deep', 'shallow', 'ratio'], numbers: { deep: [0.333], shallow: [2], ratio: [6] } },
  { item: 15, opens: 'Pre-LN: $x_{i+1}=x_i+b$', exercise: 12, parts: ['x1', 'x2', 'xn'] },
  { item: 16, opens: '• $x_1=[0,0]+[0.1,0.1]', exercise: 12, parts: ['x1', 'x2', 'xn'], numbers: { x1: [0.1, 0.1], x2: [0.2, 0.2], xn: [0.3, 0.3] } },
  { item: 17, opens: 'Layer 1: $z=[0,0]+[0.1,-0.1]', exercise: 13, parts: ['x1', 'x2'], numbers: { x1: [1, -1], x2: [1, -1] } },
  { item: 18, opens: 'Mechanism: Post-LN gradients', exercise: 14, parts: ['mechanism'] },
  { item: 19, opens: '1. Learning-rate warmup', exercise: 14, parts: ['fixes'] },
  { item: 20, opens: 'Proof: Pre-LN is', exercise: 15, parts: ['output', 'proof'] },
  { item: 21, opens: 'Bound. By the triangle inequality', exercise: 16, parts: ['bound', 'proof'], numbers: { bound: [2.587] } },
  // the key's closing synthesis: restored as exercise 17, a checked part for each chain and the explanation
  { item: 22, opens: 'Because Pre-LN places the identity in an added position', exercise: 17, parts: ['pre', 'post', 'why'] },
  { item: 23, opens: 'Pre-LN keeps the residual highway additive', exercise: 17, parts: ['why'] },
  { item: 24, opens: 'Post-LN puts LayerNorm :::', cards: 8 },
];

const contentDir = fileURLToPath(new URL('../../content', import.meta.url));
const widgets = renderChapter(contentDir).flatMap((s) => s.widgets);
const exercises = new Map(widgets.filter((w) => w.name === 'exercise').map((w) => [w.props.n, w.props]));
const cards = widgets.find((w) => w.name === 'cards').props;

let kernels;
let designs;
beforeAll(async () => {
  kernels = await loadExercises();
  designs = (await loadDesign()).exercises();
});

// Part 4's exercises (content/48-51): not in the key, which covers the article's chapter.
const PART_4_EXERCISES = [18, 19, 20, 21];

describe('the answer key, item by item', () => {
  it('numbers its items in order, and every item maps to an exercise part or to the cards', () => {
    expect(KEY.map((k) => k.item)).toEqual(KEY.map((_, i) => i + 1));
    for (const k of KEY) {
      if (k.cards) continue;
      const props = exercises.get(k.exercise);
      expect(props, `key item ${k.item}: exercise ${k.exercise}`).toBeDefined();
      for (const part of k.parts)
        expect(
          props.parts.map((p) => p.id),
          `key item ${k.item}`,
        ).toContain(part);
    }
  });

  it('every exercise of the key answers at least one of its items; Part 4 adds exercises 18 to 21 of its own, then the design challenges', () => {
    const answered = new Set(KEY.map((k) => k.exercise).filter(Boolean));
    const keys = [...exercises.keys()].sort((a, b) => a - b);
    expect(keys.filter((n) => n <= 17)).toEqual([...answered].sort((a, b) => a - b));
    expect(keys.filter((n) => n > 17 && !designs.includes(n))).toEqual(PART_4_EXERCISES);
    expect(designs).toEqual([22, 23]);
    expect(keys.filter((n) => designs.includes(n))).toEqual(designs); // each has its content file
    for (const n of designs)
      expect(
        exercises.get(n).parts.map((p) => p.kind),
        `exercise ${n}`,
      ).toEqual(['wiring']);
    expect(exercises.size).toBe(17 + PART_4_EXERCISES.length + designs.length);
  });

  it.each(KEY.filter((k) => k.numbers).map((k) => [k.item, k]))('item %i: the kernel gives the key’s numbers', (_, k) => {
    const s = kernels.solve(k.exercise, kernels.defaults(k.exercise));
    for (const [part, printed] of Object.entries(k.numbers)) {
      const answer = s.parts.find((p) => p.id === part).answer;
      expect(answer, `${part}`).toHaveLength(printed.length);
      // printed to 3 or 4 significant digits: agree to the last digit shown
      answer.forEach((a, i) => expect(Math.abs(a - printed[i]), `${part}[${i}]: ${a} vs ${printed[i]}`).toBeLessThanOrEqual(6e-4));
    }
  });

  it('the closing synthesis has checked parts and a self-check (exercise 17)', () => {
    const props = exercises.get(17);
    expect(props.parts.filter((p) => p.kind === 'number').map((p) => p.id)).toEqual(['pre', 'post']);
    const why = props.parts.find((p) => p.id === 'why');
    expect(why.kind).toBe('explain');
    expect(why.model).toMatch(/added/);
    expect(why.model).toMatch(/never normalised/);
  });

  it('the key’s cloze cards are the deck’s first, then Part 4’s six', () => {
    expect(cards.cloze).toHaveLength(KEY.find((k) => k.cards).cards + 6);
  });
});

const keyFile = process.env.ANSWER_KEY ?? '/work/shared/seeds/exercises-residuals-and-ln-placement-answer-key.txt';
describe.skipIf(!existsSync(keyFile))('against the key itself', () => {
  it('maps each of its paragraphs, in order', () => {
    const paragraphs = readFileSync(keyFile, 'utf8')
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean)
      .slice(1);
    expect(paragraphs).toHaveLength(KEY.length);
    KEY.forEach((k, i) => expect(paragraphs[i].startsWith(k.opens), `item ${k.item}: ${paragraphs[i].slice(0, 60)}`).toBe(true));
  });
});
