// The named choices of the experiment, as the kernels spell them (placement_name, measure_name, the
// training tasks in wasm/src) and as the page labels them.

export const PLACEMENTS = [
  { key: 'post', label: 'Post-LN' },
  { key: 'pre', label: 'Pre-LN' },
  { key: 'nores', label: 'no residual' },
];

export const MEASURES = [
  { key: 'all', label: 'all parameters of the block (the article’s)' },
  { key: 'weights', label: 'Linear weights only' },
  { key: 'no-ln', label: 'without LayerNorm γ, β' },
  { key: 'input', label: 'gradient w.r.t. the block’s input' },
  { key: 'penultimate', label: 'block 1 against block L − 1' },
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
