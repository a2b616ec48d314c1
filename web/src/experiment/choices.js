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
