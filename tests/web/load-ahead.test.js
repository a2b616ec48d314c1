// loadAhead (widgets/load-ahead.js): the figure a link points at starts loading as the page's script runs. Which
// figure that is, what it loads, and that an address naming none (or naming nothing well) loads nothing.
import { describe, expect, test, vi } from 'vitest';
import { linkedFigure, loadAhead } from '../../web/src/widgets/load-ahead.js';

// A page in document order: each node {id, widget?, parent?}; closest (the widget selector only) and
// compareDocumentPosition (FOLLOWING 4, CONTAINED_BY 16) as the DOM's, from the order and the parents.
function page(nodes) {
  const els = nodes.map((n, i) => ({
    ...n,
    index: i,
    dataset: n.widget ? { widget: n.widget } : {},
    closest(selector) {
      if (selector !== '.widget[data-widget]') throw new Error(`the fake page knows no selector ${selector}`);
      for (let el = this; el; el = els.find((e) => e.id === el.parent)) if (el.widget) return el;
      return null;
    },
    compareDocumentPosition(other) {
      const inside = (el, of) =>
        el.parent !== undefined &&
        (el.parent === of.id ||
          inside(
            els.find((e) => e.id === el.parent),
            of,
          ));
      if (other.index > this.index) return 4 | (inside(other, this) ? 16 : 0);
      return other.index < this.index ? 2 : 0;
    },
  }));
  return {
    getElementById: (id) => els.find((e) => e.id === id) ?? null,
    querySelectorAll: () => els.filter((e) => e.widget),
  };
}

const chapter = page([
  { id: 'intro' },
  { id: 'wirings-figure', widget: 'wirings' },
  { id: 'at-twenty-layers' }, // a heading above table A
  { id: 'table-a', widget: 'article-table' },
  { id: 'eps-sigma-part' },
  { id: 'eps-sigma-heading', parent: 'eps-sigma-part' },
  { id: 'eps-sigma', widget: 'eps-sigma', parent: 'eps-sigma-part' },
  { id: 'exercise-17', widget: 'exercise' },
  { id: 'exercise-17-title', parent: 'exercise-17' }, // inside a figure, before the next one
  { id: 'cards', widget: 'cards' },
  { id: 'references' }, // after the last figure
]);

function spy(hash, root = chapter) {
  const loaded = [];
  let frames = 0;
  let kernels = 0;
  const name = loadAhead(root, hash, {
    load: (n) => (loaded.push(n), Promise.resolve()),
    startKernels: () => kernels++,
    afterFirstFrame: (fn) => (frames++, fn()),
  });
  return { name, loaded, frames, kernels };
}

describe('loadAhead', () => {
  test('a link to a figure that computes loads its code now, and its workers and kernels after the first frame', () => {
    expect(spy('#table-a')).toEqual({ name: 'article-table', loaded: ['article-table'], frames: 1, kernels: 1 });
  });

  test('a link to a heading loads the first figure after it; a link to a part, the first figure inside it', () => {
    expect(spy('#at-twenty-layers').loaded).toEqual(['article-table']);
    expect(spy('#eps-sigma-part').loaded).toEqual(['eps-sigma']);
    expect(spy('#eps-sigma-heading').loaded).toEqual(['eps-sigma']);
    expect(spy('#intro').loaded).toEqual(['wirings']);
  });

  test('a link to an element inside a figure loads that figure, not the next one', () => {
    expect(spy('#exercise-17-title').loaded).toEqual(['exercise']);
  });

  test('a figure that draws without the kernels starts no worker', () => {
    expect(spy('#wirings-figure')).toEqual({ name: 'wirings', loaded: ['wirings'], frames: 0, kernels: 0 });
  });

  test('without WebAssembly a figure that computes still loads its code (to say so as it mounts), and starts no worker', () => {
    vi.stubGlobal('WebAssembly', undefined);
    try {
      expect(spy('#table-a')).toEqual({ name: 'article-table', loaded: ['article-table'], frames: 0, kernels: 0 });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test('an address that names no figure loads nothing, and never throws', () => {
    const nothing = { name: undefined, loaded: [], frames: 0, kernels: 0 };
    for (const hash of ['', '#', '#no-such-id', '#references', '#%E0%A4%A', '#constructor']) expect(spy(hash), hash).toEqual(nothing);
    // a placeholder whose widget name is not a widget (nor an Object method: "constructor")
    for (const widget of ['no-such-widget', 'constructor', 'toString']) {
      expect(spy('#x', page([{ id: 'x', widget }])), widget).toEqual(nothing);
    }
  });

  test('an escaped id is decoded as the browser does', () => {
    const root = page([{ id: 'ε-figure', widget: 'eps-sigma' }]);
    expect(spy(`#${encodeURIComponent('ε-figure')}`, root).loaded).toEqual(['eps-sigma']);
  });
});

// The figure the address names itself, or an element inside it, mounts at once (mount.js mountWidgets' first); a
// heading or a part names none (the figure after it may be screens below the window).
describe('linkedFigure', () => {
  test('a figure, or an element inside one: that figure', () => {
    expect(linkedFigure(chapter, '#table-a')?.id).toBe('table-a');
    expect(linkedFigure(chapter, '#exercise-17-title')?.id).toBe('exercise-17');
  });
  test('a heading, a part, nothing, a malformed escape: none', () => {
    for (const hash of ['#at-twenty-layers', '#eps-sigma-part', '#references', '#nowhere', '#%E0', '#', ''])
      expect(linkedFigure(chapter, hash), hash).toBeNull();
  });
});
