// The named choices of the experiment, as the kernels spell them (the presets of wasm/src/wiring.cpp, measure_name,
// the training tasks) and as the page labels them.
import PRESETS, { MEASURE_NAMES } from '../wasm/presets.js';
import { presetColour, WRITTEN_COLOUR } from '../ui/wiring-colours.js';

const ARTICLE_COUNT = 3; // the article measures the first three presets: Post-LN, Pre-LN, no residual

// Every wiring the chapter names, from the kernel's table of presets (scripts/emit-presets.mjs writes it at each
// build): its name, its label, its description, its colour in every chart (its position's hue family:
// ui/wiring-colours.js), and whether the article measures it (Part 1's tables and the charts' first view take those
// three; Part 4 adds the others).
/** @typedef {{key: string, label: string, wiring: import('../kernels/wiring.js').WiringView, colour: string, article: boolean, text?: undefined, run?: undefined}} Placement */
/** @type {Placement[]} */
export const PLACEMENTS = PRESETS.map((p, k) => ({
  key: p.name,
  label: p.label,
  wiring: p.wiring,
  colour: presetColour(k),
  article: k < ARTICLE_COUNT,
}));
// The wirings a reader writes (experiment/written-wirings.js) take their colours from a family of their own, apart
// from every preset's (ui/wiring-colours.js): the family's colour, then a darker and a lighter one of its hue.
const WRITTEN_PALETTE = [WRITTEN_COLOUR, `${WRITTEN_COLOUR}-2`, `${WRITTEN_COLOUR}-3`];
/** The colour of the k-th written wiring (k from 0). @param {number} k */
export const writtenColour = (k) => WRITTEN_PALETTE[k % WRITTEN_PALETTE.length];
export const ARTICLE_PLACEMENTS = PLACEMENTS.filter((p) => p.article);
/** The entry of the wiring named key (undefined for an unknown name). @param {string} key */
export const placementOf = (key) => PLACEMENTS.find((p) => p.key === key);

// Each measure of "the gradient of a block" with what it takes in, shown under the select that offers it; the
// measures themselves and their order are the kernel's (MEASURE_NAMES, from stack.hpp), and each must have its words.
/** @type {Record<string, {label: string, about: string}>} */
const MEASURE_TEXT = {
  all: {
    label: 'all parameters of the block (the article’s)',
    about: 'Every parameter the block owns: its six Linear layers’ weights and biases, its norms’ weights and biases, and its gates.',
  },
  weights: { label: 'Linear weights only', about: 'The weight matrices of the block’s six Linear layers; their biases, the norms and the gates are left out.' },
  'no-ln': {
    label: 'Linear layers only (no norm, no gate)',
    about: 'The six Linear layers, weights and biases; every norm parameter and every gate is left out.',
  },
  input: { label: 'gradient w.r.t. the block’s input', about: 'Not a parameter: the gradient that reaches the block’s input, what the stream carries down.' },
  penultimate: {
    label: 'block 1 against block L − 1',
    about: 'All parameters, as the article’s, but block 1 is compared with the last but one block, leaving out the last block’s norm.',
  },
};
export const MEASURES = MEASURE_NAMES.map((key) => {
  if (!MEASURE_TEXT[key]) throw new Error(`the kernel's measure "${key}" has no words in experiment/choices.js`);
  return { key, ...MEASURE_TEXT[key] };
});

// The block's activation (StackConfig.activation)
export const ACTIVATIONS = [
  { key: 'relu', label: 'ReLU' },
  { key: 'gelu', label: 'GELU (exact)' },
];

export const TASKS = [
  { key: 'regress', label: 'regression (the article’s loss)' },
  { key: 'char', label: 'next character' },
];

/**
 * Why a measure cannot be taken at one of these depths, or '': block 1 against block L − 1 needs a block
 * L − 1, so every depth must be at least 2 (at L = 1 the kernel's ratio is NaN, and the median refuses it).
 * @param {string} measure  @param {number[]} depths
 */
export function measureProblem(measure, depths) {
  const low = depths.find((L) => L < 2);
  return measure === 'penultimate' && low !== undefined
    ? `Block 1 against block L − 1 needs L ≥ 2 (got ${low}): remove that depth or choose another measure.`
    : '';
}
