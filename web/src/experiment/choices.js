// The named choices of the experiment, as the kernels spell them (kWirings in wasm/src/block.cpp, measure_name,
// the training tasks) and as the page labels them.

// Every wiring, in the kernel's order (tests/web/stack.test.js holds the two lists together): its name, its label,
// its colour in every chart (a CSS variable of style.css), and whether the article measures it (Part 1's tables
// and the charts' first view take those three; Part 4 adds the others).
export const PLACEMENTS = [
  { key: 'post', label: 'Post-LN', colour: '--accent', article: true },
  { key: 'pre', label: 'Pre-LN', colour: '--fg', article: true },
  { key: 'nores', label: 'no residual', colour: '--danger', article: true },
  { key: 'prerms', label: 'Pre-RMSNorm', colour: '--series-1' },
  { key: 'peri', label: 'Peri-LN', colour: '--series-2' },
  { key: 'deepnorm', label: 'DeepNorm', colour: '--series-3' },
  { key: 'rezero', label: 'ReZero', colour: '--series-4' },
  { key: 'layerscale', label: 'LayerScale', colour: '--series-5' },
  { key: 'mixln', label: 'Mix-LN', colour: '--series-6' },
];
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
