// A described wiring (kernels/wiring.js WiringView) in plain words: one sentence that says what it is ("Pre-LN with
// RMSNorm and the branch's output scaled by 1/√(2·L)"), and what it changes from the preset it starts from, key by
// key. Words only: which keys changed and which preset it equals are the kernel's (view.changes, view.same).

/** A formula as the page shows it: √ for sqrt and · for *, otherwise as typed ("1/sqrt(2*L)" → "1/√(2·L)"). */
export const formulaWords = (text) => String(text).replaceAll('sqrt(', '√(').replaceAll('*', '·');

const NORMS = { ln: 'LayerNorm', rms: 'RMSNorm' };
const GATES = { none: 'no gate', block: 'a learned gate per block', sublayer: 'a learned gate per sublayer', channel: 'a learned gate per channel' };
const PLACES = { in: 'on the branch’s input', out: 'on the branch’s output', after: 'after the add', final: 'after the last block' };

// how each key's value reads in the sentence
const PHRASES = {
  norm: (v) => NORMS[v.norm],
  in: (v) => `${v.in ? 'a' : 'no'} norm ${PLACES.in}`,
  out: (v) => `${v.out ? 'a' : 'no'} norm ${PLACES.out}`,
  after: (v) => `${v.after ? 'a' : 'no'} norm ${PLACES.after}`,
  residual: (v) => (v.residual ? 'the stream added back' : 'no residual (the branch’s output replaces the stream)'),
  alpha: (v) => `the stream multiplied by ${formulaWords(v.alpha)} in the add`,
  scale_in: (v) => `the branch’s input scaled by ${formulaWords(v.scale_in)}`,
  scale_out: (v) => `the branch’s output scaled by ${formulaWords(v.scale_out)}`,
  gate: (v) => GATES[v.gate],
  gate0: (v) => `the gate starting at ${formulaWords(v.gate0)}`,
  beta: (v) => `Wv, Wo, W1 and W2 divided by ${formulaWords(v.beta)} at initialisation`,
  final: (v) => `${v.final ? 'a' : 'no'} norm ${PLACES.final}`,
  first_post: (v) => (v.first_post === '0' ? 'no plain Post-LN blocks first' : `the first ⌊${formulaWords(v.first_post)}⌋ blocks plain Post-LN`),
};

// "a", "a and b", "a, b and c"
const listed = (items) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * One sentence for a wiring: its preset, what it changes there, and the preset it equals if another. presets:
 * [{key, label}] (choices.js PLACEMENTS).
 */
export function wiringSentence(view, presets) {
  const label = (name) => presets.find((p) => p.key === name)?.label ?? name;
  const changes = view.changes.map((k) => PHRASES[k](view));
  const said = changes.length ? `${label(view.from)} with ${listed(changes)}` : `${label(view.from)}, as the chapter measures it`;
  return view.same && view.same !== view.from ? `${said}: the same wiring as ${label(view.same)}.` : `${said}.`;
}

// a key's value as the list of changes shows it
const valueWords = (key, value) =>
  key === 'norm' ? NORMS[value] : key === 'gate' ? GATES[value] : typeof value === 'boolean' ? (value ? 'on' : 'off') : formulaWords(value);

/** What a wiring changes from its preset, key by key: [{key, before, after}] in words. preset: the preset's WiringView. */
export const changeWords = (view, preset) => view.changes.map((key) => ({ key, before: valueWords(key, preset[key]), after: valueWords(key, view[key]) }));
