// Widget name (as written in a content directive) → its module, loaded on demand so each widget is its
// own chunk. Every module exports mount(element, props) → { destroy() }.
export const registry = {
  layernorm: () => import('./layernorm/index.js'),
  'eps-sigma': () => import('./eps-sigma/index.js'),
  'article-table': () => import('./article-table/index.js'),
  wirings: () => import('./wirings/index.js'),
  'experiment-settings': () => import('./experiment-settings/index.js'),
  exercise: () => import('./exercise/index.js'),
  progress: () => import('./progress/index.js'),
  cards: () => import('./cards/index.js'),
  'grad-profile': () => import('./grad-profile/index.js'),
  'ratio-depth': () => import('./ratio-depth/index.js'),
  'stream-growth': () => import('./stream-growth/index.js'),
  'training-lab': () => import('./training-lab/index.js'),
  'wiring-builder': () => import('./wiring-builder/index.js'),
  'part4-summary': () => import('./part4-summary/index.js'),
};

// Widgets that draw without the kernels: they mount even where WebAssembly is missing.
export const withoutKernels = new Set(['wirings', 'progress']);
