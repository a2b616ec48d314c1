// The experiment settings every figure of the article shares: model width d, heads, batch B, tokens T,
// causal mask and activation. Defaults come from the kernel (stack.defaults), so the page never states
// the protocol twice. Kept in the URL (x.d, x.heads, x.ffn, x.B, x.T, x.causal, x.act); widgets subscribe to changes.
import { loadStack } from '../kernels/stack.js';
import { parseWhole } from './params.js';
import { addressEntry } from '../ui/url-state.js';

/** @type {(keyof Values)[]} */
const SETTING_KEYS = ['d', 'heads', 'ffnMult', 'B', 'T', 'causal', 'activation'];
// each setting's place in the address (the page's one kit for it: ui/url-state.js)
const ADDRESS = Object.fromEntries(
  Object.entries({ d: 'x.d', heads: 'x.heads', ffnMult: 'x.ffn', B: 'x.B', T: 'x.T', causal: 'x.causal', activation: 'x.act' }).map(([key, name]) => [
    key,
    addressEntry({ name }),
  ]),
);

// The promise, not the store: every widget that asks while the kernels load must get the one store the
// drawer changes (caching the store only after the await gave each early caller a store of its own).
/**
 * @typedef {{d: number, heads: number, ffnMult: number, B: number, T: number, causal: boolean, activation: string}} Values
 * @typedef {{defaults: Values, values: Values, linkProblems: string[], set(partial: Partial<Values>): void, isDefault(): boolean,
 *   subscribe(listener: (values: Values) => void): () => void}} Settings
 * @type {Promise<Settings> | undefined}
 */
let store;

// A setting as a link writes it (what set() writes back): a whole number written plainly, 1 or 0, a name.
/** @type {Record<string, (text: string) => number | boolean | string | undefined>} */
const READ = {
  number: (text) => {
    const r = parseWhole(text, { what: 'a setting', min: 1 });
    return r.ok ? r.value : undefined;
  },
  boolean: (text) => /** @type {Record<string, boolean>} */ ({ 1: true, true: true, 0: false, false: false })[text],
  string: (text) => (/^[a-z]{1,16}$/.test(text) ? text : undefined),
};
/** @type {Record<string, string>} */
const WHAT = { number: 'a whole number from 1 up', boolean: '1 or 0', string: 'a name such as relu' };

/** The settings a link sets → {values, problems}: a value it cannot read keeps the default, and says so. */
/** @param {Values} defaults */
function fromUrl(defaults) {
  /** @type {Record<string, unknown>} */
  const values = {};
  /** @type {string[]} */
  const problems = [];
  for (const key of SETTING_KEYS) {
    const text = ADDRESS[key].textIn();
    const kind = typeof defaults[key];
    const value = text === null ? defaults[key] : READ[kind](text);
    values[key] = value ?? defaults[key];
    if (value === undefined) {
      const shown = text.length > 24 ? `${text.slice(0, 24)}…` : text;
      problems.push(`${ADDRESS[key].name}=“${shown}” in this link is not ${WHAT[kind]}: the article’s ${encode(defaults[key])} is used.`);
    }
  }
  return { values: /** @type {Values} */ (values), problems };
}

/** The shared settings: {defaults, values, linkProblems, set(partial), isDefault(), subscribe(fn) → unsubscribe}
 * @returns {Promise<Settings>} */
export function getSettings() {
  store ??= createStore().catch((error) => {
    store = undefined; // a failed kernel download may be retried
    throw error;
  });
  return store;
}

async function createStore() {
  const stack = await loadStack();
  const defaults = /** @type {Values} */ (Object.fromEntries(SETTING_KEYS.map((k) => [k, stack.defaults[k]])));
  /** @type {Set<(values: Values) => void>} */
  const listeners = new Set();
  const linked = fromUrl(defaults);
  return {
    defaults,
    values: linked.values,
    /** Reader-facing lines about settings in the page's link that could not be read (each kept its default). */
    linkProblems: linked.problems,
    /** @param {Partial<Values>} partial */
    set(partial) {
      this.values = { ...this.values, ...partial };
      for (const k of SETTING_KEYS) ADDRESS[k].write(encode(this.values[k]), encode(defaults[k]));
      for (const listener of listeners) listener(this.values);
    },
    isDefault() {
      return SETTING_KEYS.every((k) => this.values[k] === defaults[k]);
    },
    /** @param {(values: Values) => void} listener */
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** @param {number | boolean | string} v */
const encode = (v) => (typeof v === 'boolean' ? (v ? '1' : '0') : v);
