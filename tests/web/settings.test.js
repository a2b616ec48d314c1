// The experiment settings store (web/src/experiment/settings.js): one store for the whole page, even for
// the widgets that ask for it while the kernels are still loading (issue 10: each early caller used to get
// a store of its own, which the settings drawer never changed).
import { beforeAll, describe, expect, it, vi } from 'vitest';

beforeAll(() => {
  // settings.js keeps its values in the page address: a stand-in for the browser's location and history
  globalThis.location = new URL('https://example.org/residual-ln/?x.d=64');
  globalThis.history = { state: null, replaceState: (_state, _title, url) => (globalThis.location = new URL(url)) };
});

describe('getSettings', () => {
  it('gives every caller the same store, also the callers that ask before the first one is ready', async () => {
    const { getSettings } = await import('../../web/src/experiment/settings.js');
    const early = [getSettings(), getSettings(), getSettings()]; // as the figures mounting at once do
    const stores = await Promise.all(early);
    const later = await getSettings();
    for (const store of [...stores, later]) expect(store).toBe(stores[0]);
  });

  it('a change made through one caller reaches every subscriber, and the address', async () => {
    const { getSettings } = await import('../../web/src/experiment/settings.js');
    const [drawer, figure] = await Promise.all([getSettings(), getSettings()]);
    expect(figure.values.d).toBe(64); // read from the address
    const seen = [];
    const unsubscribe = figure.subscribe((values) => seen.push(values.T));
    drawer.set({ T: 8 });
    unsubscribe();
    expect(seen).toEqual([8]);
    expect(figure.values.T).toBe(8);
    expect(globalThis.location.search).toContain('x.T=8');
  });
});

// Issue 29: settings from a link were coerced silently (x.B= as 0, x.T=0x40 as 64, markup dropped without a word)
describe('settings from a link', () => {
  it('a value that is not what the drawer writes keeps its default and is said', async () => {
    globalThis.location = new URL('https://example.org/residual-ln/?x.T=0x40&x.B=&x.causal=yes&x.act=%3Cb%3Egelu%3C%2Fb%3E&x.heads=2');
    vi.resetModules();
    const { getSettings } = await import('../../web/src/experiment/settings.js');
    const store = await getSettings();
    expect(store.values).toMatchObject({ T: 16, B: 8, causal: false, activation: 'relu', heads: 2 });
    expect(store.linkProblems).toEqual([
      'x.B=“” in this link is not a whole number from 1 up: the article’s 8 is used.',
      'x.T=“0x40” in this link is not a whole number from 1 up: the article’s 16 is used.',
      'x.causal=“yes” in this link is not 1 or 0: the article’s 0 is used.',
      'x.act=“<b>gelu</b>” in this link is not a name such as relu: the article’s relu is used.',
    ]);
  });
});
