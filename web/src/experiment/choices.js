// The named choices of the experiment, as the kernels spell them (the presets of wasm/src/wiring.cpp, measure_name,
// the training tasks) and as the page labels them.
import PRESETS from '../wasm/presets.js';

// A colour for each preset in the kernel's order (CSS variables of style.css): the article's three, then Part 4's.
const PALETTE = ['--accent', '--fg', '--danger', '--series-1', '--series-2', '--series-3', '--series-4', '--series-5',
  '--series-6', '--series-7', '--series-8', '--series-9'];
const ARTICLE_COUNT = 3; // the article measures the first three presets: Post-LN, Pre-LN, no residual

// Every wiring the chapter names, from the kernel's table of presets (scripts/emit-presets.mjs writes it at each
// build): its name, its label, its description, its colour in every chart, and whether the article measures it
// (Part 1's tables and the charts' first view take those three; Part 4 adds the others).
export const PLACEMENTS = PRESETS.map((p, k) => ({
  key: p.name, label: p.label, wiring: p.wiring, colour: PALETTE[k % PALETTE.length], article: k < ARTICLE_COUNT,
}));
// The wirings a reader writes (experiment/written-wirings.js) take their colours from a family of their own, apart
// from every preset's (CSS variables of style.css), one after another.
const WRITTEN_PALETTE = ['--written-1', '--written-2', '--written-3'];
/** The colour of the k-th written wiring (k from 0). */
export const writtenColour = (k) => WRITTEN_PALETTE[k % WRITTEN_PALETTE.length];
export const ARTICLE_PLACEMENTS = PLACEMENTS.filter((p) => p.article);
/** The entry of the wiring named key (undefined for an unknown name). */
export const placementOf = (key) => PLACEMENTS.find((p) => p.key === key);

export const MEASURES = [
  { key: 'all', label: 'all parameters of the block (the article’s)' },
  { key: 'weights', label: 'Linear weights only' },
  { key: 'no-ln', label: 'Linear layers only (no norm, no gate)' },
  { key: 'input', label: 'gradient w.r.t. the block’s input' },
  { key: 'penultimate', label: 'block 1 against block L − 1' },
];

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
 */
export function measureProblem(measure, depths) {
  const low = depths.find((L) => L < 2);
  return measure === 'penultimate' && low !== undefined
    ? `Block 1 against block L − 1 needs L ≥ 2 (got ${low}): remove that depth or choose another measure.`
    : '';
}
