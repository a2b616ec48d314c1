// The wiring editor's logic with the real wasm module, without a browser: the form it sends the kernel for every
// preset reads back as that preset, an edit reads as the change it is, a refusal goes beside the field of the key it
// names, the sentence and the changes say what the kernel found, and the page's written wirings (?wiring=…) are
// the link's, in their text form, named by their place and run as the preset they equal.
import { beforeAll, describe, expect, it } from 'vitest';
import { PLACEMENTS } from '../../web/src/experiment/choices.js';
import { parsePlacements } from '../../web/src/experiment/params.js';
import { MAX_WRITTEN, writtenFrom } from '../../web/src/experiment/written-wirings.js';
import { loadWiring } from '../../web/src/kernels/wiring.js';
import { formatConfigs, parseConfigs } from '../../web/src/widgets/training-lab/params.js';
import { formOf, formText, keyOfMessage, WIRING_KEYS } from '../../web/src/ui/wiring-form.js';
import { changeWords, formulaWords, wiringSentence } from '../../web/src/ui/wiring-words.js';

let wiring;
beforeAll(async () => {
  wiring = await loadWiring();
});
const presetView = (key) => PLACEMENTS.find((p) => p.key === key).wiring;
// the form of a preset with some keys changed, as the editor holds it after the reader's edits
const edited = (from, changes) => ({ ...formOf(presetView(from)), ...changes });
const read = (form) => wiring.describe(formText(form, presetView(form.from)));
const refusal = (fn) => {
  try {
    fn();
  } catch (error) {
    return error.message;
  }
  throw new Error('the kernel accepted it');
};

describe('the form the editor sends', () => {
  it('holds every key of the description, in the kernel’s order', () => {
    expect(Object.keys(formOf(presetView('deepnorm')))).toEqual(WIRING_KEYS);
    expect(Object.keys(JSON.parse(formText(formOf(presetView('rezero')), presetView('rezero'))))).toEqual(WIRING_KEYS);
  });

  it.each(PLACEMENTS.map((p) => p.key))('%s, unchanged, reads back as the preset itself', (key) => {
    const view = read(formOf(presetView(key)));
    expect(view).toMatchObject({ text: key, from: key, same: key, changes: [] });
  });

  it('an edit is read as the change it is, and the kernel names a preset it now equals', () => {
    const rms = read(edited('pre', { norm: 'rms', scale_out: ' 1/sqrt(2*L) ' }));
    expect(rms).toMatchObject({ text: '{"from":"pre","norm":"rms","scale_out":"1/sqrt(2*L)"}', changes: ['norm', 'scale_out'], same: '' });
    const deep = read(edited('post', { alpha: '(2*L)^0.25', beta: '(8*L)^0.25' }));
    expect(deep).toMatchObject({ from: 'post', changes: ['alpha', 'beta'], same: 'deepnorm' });
    expect(read(edited('pre', { norm: 'rms' })).same).toBe('prerms');
  });

  it('leaves gate0 out while the gate is none and it holds the preset’s value, and sends one the reader typed', () => {
    expect(JSON.parse(formText(edited('pre', {}), presetView('pre')))).not.toHaveProperty('gate0');
    // ReZero's gate switched off: its gate0 "0" is the preset's, so left out, and the wiring reads
    expect(read(edited('rezero', { gate: 'none' }))).toMatchObject({ gate: 'none', changes: ['gate'] });
    // a gate switched on keeps the value typed for it
    expect(read(edited('pre', { gate: 'sublayer', gate0: '0.5' }))).toMatchObject({ gate: 'sublayer', gate0: '0.5' });
    const message = refusal(() => read(edited('pre', { gate0: '0.5' })));
    expect(message).toMatch(/^gate0 is the initial value of a gate, but gate is "none"/);
    expect(keyOfMessage(message)).toBe('gate0');
  });
});

describe('a refusal goes beside the field of the key it names', () => {
  it.each([
    ['an empty formula', () => read(edited('pre', { alpha: '' })), 'alpha'],
    ['a formula it cannot read', () => read(edited('pre', { scale_in: '2*' })), 'scale_in'],
    ['i in first_post', () => read(edited('mixln', { first_post: 'i/4' })), 'first_post'],
    ['first_post past L', () => wiring.constants(read(edited('pre', { first_post: 'L/4+10' })).text, 6), 'first_post'],
    ['a formula not finite at a block', () => wiring.constants(read(edited('pre', { alpha: '1/(i-2)' })).text, 6), 'alpha'],
    ['beta below 0', () => wiring.constants(read(edited('post', { beta: '-1' })).text, 6), 'beta'],
  ])('%s → %s', (_what, fn, key) => {
    expect(keyOfMessage(refusal(fn))).toBe(key);
  });

  it('a refusal about the whole wiring goes under the presets', () => {
    expect(keyOfMessage(refusal(() => wiring.describe('nope')))).toBe('');
    expect(keyOfMessage(refusal(() => wiring.describe('{"from": "nope"}')))).toBe('');
    expect(keyOfMessage(refusal(() => wiring.describe('{"alhpa": 1}')))).toBe('');
  });
});

describe('the wiring in words', () => {
  it('says what the kernel found: the preset, what it changes, and the preset it equals', () => {
    expect(wiringSentence(read(edited('pre', { norm: 'rms', scale_out: '1/sqrt(2*L)' })), PLACEMENTS)).toBe(
      'Pre-LN with RMSNorm and the branch’s output scaled by 1/√(2·L).',
    );
    expect(wiringSentence(read(edited('post', { alpha: '(2*L)^0.25', beta: '(8*L)^0.25' })), PLACEMENTS)).toBe(
      'Post-LN with the stream multiplied by (2·L)^0.25 in the add and Wv, Wo, W1 and W2 divided by (8·L)^0.25 at initialisation: the same wiring as DeepNorm.',
    );
    expect(wiringSentence(wiring.describe('pre'), PLACEMENTS)).toBe('Pre-LN, as the chapter measures it.');
    expect(wiringSentence(read(edited('post', { residual: false, after: false, out: true })), PLACEMENTS)).toBe(
      'Post-LN with a norm on the branch’s output, no norm after the add and no residual (the branch’s output replaces the stream).',
    );
  });

  it('lists each change from its preset, before and after', () => {
    const view = read(edited('pre', { norm: 'rms', in: false, gate: 'channel', gate0: '0.1' }));
    expect(changeWords(view, presetView('pre'))).toEqual([
      { key: 'norm', before: 'LayerNorm', after: 'RMSNorm' },
      { key: 'in', before: 'on', after: 'off' },
      { key: 'gate', before: 'no gate', after: 'a learned gate per channel' },
      { key: 'gate0', before: '1', after: '0.1' },
    ]);
    expect(formulaWords('1/sqrt(2*L)')).toBe('1/√(2·L)');
  });
});

describe('the page’s written wirings', () => {
  it('are the link’s values that are not a preset’s name, once each, in their text form', () => {
    const { entries, problem } = writtenFrom(
      ['pre', '{"norm": "rms", "scale_out": "0.5"}', ' deepnorm ', '{"norm": "rms", "scale_out": "0.5"}', '{"alpha": "2*"}'],
      wiring.describe,
    );
    expect(problem).toBe('');
    expect(entries.map((e) => [e.key, e.label, e.text, e.run])).toEqual([
      ['w1', 'Your wiring 1', '{"from":"pre","norm":"rms","scale_out":"0.5"}', '{"from":"pre","norm":"rms","scale_out":"0.5"}'],
      // a text the kernel cannot read stays as written: the figures' runs are refused with its message
      ['w2', 'Your wiring 2', '{"alpha": "2*"}', '{"alpha": "2*"}'],
    ]);
    expect(new Set(entries.map((e) => e.colour)).size).toBe(2);
    for (const e of entries) expect(PLACEMENTS.map((p) => p.colour)).not.toContain(e.colour); // a family of their own
  });

  it('run as the preset they equal, and one alone is “Your wiring”', () => {
    const { entries } = writtenFrom(['{"from": "post", "alpha": "(2*L)^0.25", "beta": "(8*L)^0.25"}'], wiring.describe);
    expect(entries).toMatchObject([{ key: 'w1', label: 'Your wiring', text: '{"from":"post","alpha":"(2*L)^0.25","beta":"(8*L)^0.25"}', run: 'deepnorm' }]);
  });

  it(`are at most ${MAX_WRITTEN}, and the page says it left the others out`, () => {
    const many = Array.from({ length: MAX_WRITTEN + 2 }, (_, k) => `{"alpha": "${k + 2}"}`);
    const { entries, problem } = writtenFrom(many, wiring.describe);
    expect(entries).toHaveLength(MAX_WRITTEN);
    expect(problem).toBe(`This link carries ${MAX_WRITTEN + 2} written wirings; the page takes the first ${MAX_WRITTEN}.`);
  });

  it('are offered by the charts and the lab under their keys', () => {
    const known = [...PLACEMENTS.map((p) => p.key), 'w1', 'w2'];
    expect(parsePlacements('w2,post,w1', known)).toEqual({ ok: true, value: ['post', 'w1', 'w2'] });
    expect(parsePlacements('post,w3', known).message).toContain('“w3” is not a wiring');
    const configs = parseConfigs('w1-24-0,w1-24-50,pre-24-0', { known });
    expect(configs).toEqual({
      ok: true,
      value: [
        { placement: 'w1', L: 24, warmup: 0 },
        { placement: 'w1', L: 24, warmup: 50 },
        { placement: 'pre', L: 24, warmup: 0 },
      ],
    });
    expect(formatConfigs(configs.value)).toBe('w1-24-0,w1-24-50,pre-24-0');
    expect(parseConfigs('w1-24-0').ok).toBe(false); // not offered without a written wiring
  });
});
