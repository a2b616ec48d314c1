// Wirings as descriptions through the real wasm module (web/src/kernels/wiring.js): the page's list is the
// kernel's presets, a written wiring reads and writes back in its text form, its refusals are the kernel's
// sentences, its formulas give each block its constants, and a written wiring runs exactly as the preset it equals.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadStack } from '../../web/src/kernels/stack.js';
import { loadWiring } from '../../web/src/kernels/wiring.js';
import { ARTICLE_PLACEMENTS, PLACEMENTS } from '../../web/src/experiment/choices.js';

let wiring;
let stack;
beforeAll(async () => {
  wiring = await loadWiring();
  stack = await loadStack();
});

describe('the presets', () => {
  it('the page’s list is the kernel’s table, name for name, label for label and in its order', () => {
    expect(PLACEMENTS.map((p) => [p.key, p.label])).toEqual(wiring.presets().map((p) => [p.name, p.label]));
    expect(ARTICLE_PLACEMENTS.map((p) => p.key)).toEqual(['post', 'pre', 'nores']);
    expect(new Set(PLACEMENTS.map((p) => p.colour)).size).toBe(PLACEMENTS.length); // one colour each
  });

  it('each is its own description, unchanged', () => {
    for (const p of wiring.presets()) {
      expect(p.wiring).toMatchObject({ text: p.name, from: p.name, same: p.name, changes: [] });
      expect(wiring.describe(p.name)).toEqual(p.wiring);
    }
    const byName = Object.fromEntries(wiring.presets().map((p) => [p.name, p.wiring]));
    expect(Object.values(byName).filter((w) => w.final).length).toBe(8);
    expect(byName.prerms.norm).toBe('rms');
    expect(byName.rezero).toMatchObject({ in: false, out: false, after: false, gate: 'block', gate0: '0' });
    expect(byName.deepnorm).toMatchObject({ after: true, alpha: '(2*L)^0.25', beta: '(8*L)^0.25' });
  });
});

describe('a written wiring', () => {
  it('reads over its preset and writes back its text form', () => {
    const w = wiring.describe('{"from": "post", "alpha": "(2*L)^0.25", "beta": "(8*L)^0.25"}');
    expect(w).toMatchObject({ from: 'post', changes: ['alpha', 'beta'], same: 'deepnorm', after: true });
    expect(w.text).toBe('{"from":"post","alpha":"(2*L)^0.25","beta":"(8*L)^0.25"}');
    expect(wiring.describe(w.text)).toEqual(w);
    expect(wiring.describe('{"norm": "rms"}')).toMatchObject({ from: 'pre', same: 'prerms', text: '{"from":"pre","norm":"rms"}' });
  });

  it.each([
    ['{"alhpa": 2}', /a wiring has no key "alhpa"/],
    ['{"gate": "vector"}', /gate must be "none", "block", "sublayer" or "channel" \(got "vector"\)/],
    ['{"gate0": 0.5}', /gate0 is the initial value of a gate, but gate is "none"/],
    ['{"alpha": "2*"}', /alpha: cannot read "2\*" at character 3/],
    ['{"alpha": 1', /the wiring's JSON cannot be read at character 12/],
    [42, /a wiring must be a preset's name or a JSON object, as text \(got a number\)/],
  ])('%j → the kernel’s sentence', (text, message) => {
    expect(() => wiring.describe(text)).toThrow(message);
  });

  it('gives each block its constants, and what cannot run at a depth is refused with the block', () => {
    const deepnorm = wiring.constants('deepnorm', 96);
    expect(deepnorm.alpha[0]).toBe(Math.sqrt(Math.sqrt(192)));
    expect(deepnorm.beta[95]).toBe(Math.sqrt(Math.sqrt(768)));
    expect(wiring.constants('mixln', 24).postBlocks).toBe(6);
    expect([18, 24, 25].map((L) => wiring.constants('layerscale', L).gate0[0])).toEqual([0.1, 1e-5, 1e-6]);
    expect(wiring.constants('rezero', 24).gate0[23]).toBe(0);
    expect(wiring.constants('post', 24).gate0).toBeUndefined(); // no gate, no gate's value
    expect([...wiring.constants('lnscaling', 4).scaleIn]).toEqual([1, 1 / Math.sqrt(2), 1 / Math.sqrt(3), 0.5]);
    expect(() => wiring.constants('{"alpha": "1/(i-3)"}', 6)).toThrow('alpha "1/(i-3)" is not a finite number at block 3 of L = 6 (it is inf)');
    expect(() => wiring.constants('middle', 24)).toThrow(/placement must be one of/);
  });

  it('runs exactly as the preset it equals, bit for bit, with the same fields', () => {
    const options = { L: 4, d: 8, heads: 2, B: 2, T: 3, seed: 5 };
    const preset = stack.run({ ...options, placement: 'deepnorm' });
    const written = stack.run({ ...options, placement: '{"from": "post", "alpha": "(2*L)^0.25", "beta": "(8*L)^0.25"}' });
    expect(Object.keys(written)).toEqual(Object.keys(preset));
    for (const key of ['gradNorm', 'gradNormWeights', 'gradNormNoLn', 'inputGradNorm', 'streamSd']) expect([...written[key]]).toEqual([...preset[key]]);
    expect(written.loss).toBe(preset.loss);
    // and a change makes a different run
    expect(stack.run({ ...options, placement: '{"from": "post", "alpha": "2"}' }).loss).not.toBe(preset.loss);
  });
});
