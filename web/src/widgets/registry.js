// Widget name (as written in a content directive) → its module, loaded on demand so each widget is its
// own chunk. Every module exports mount(element, props) → { destroy() }.
export const registry = {
  layernorm: () => import('./layernorm/index.js'),
};
