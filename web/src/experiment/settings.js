// The experiment settings every figure of the article shares: model width d, heads, batch B, tokens T,
// causal mask and activation. Defaults come from the kernel (stack.defaults), so the page never states
// the protocol twice. Kept in the URL (x.d, x.heads, x.ffn, x.B, x.T, x.causal, x.act); widgets subscribe to changes.
import { loadStack } from '../kernels/stack.js';
import { readParam, writeParams } from './url-state.js';

export const SETTING_KEYS = ['d', 'heads', 'ffnMult', 'B', 'T', 'causal', 'activation'];
const URL_NAMES = { d: 'x.d', heads: 'x.heads', ffnMult: 'x.ffn', B: 'x.B', T: 'x.T', causal: 'x.causal', activation: 'x.act' };

// The promise, not the store: every widget that asks while the kernels load must get the one store the
// drawer changes (caching the store only after the await gave each early caller a store of its own).
let store;

function fromUrl(defaults) {
  const values = {};
  for (const key of SETTING_KEYS) {
    const text = readParam(URL_NAMES[key]);
    if (text === null) values[key] = defaults[key];
    else if (typeof defaults[key] === 'boolean') values[key] = text === '1' || text === 'true';
    else if (typeof defaults[key] === 'number') values[key] = Number.isFinite(Number(text)) ? Number(text) : defaults[key];
    else values[key] = text;
  }
  return values;
}

/** The shared settings: {defaults, values, set(partial), isDefault(), subscribe(fn) → unsubscribe} */
export function getSettings() {
  store ??= createStore().catch((error) => {
    store = undefined; // a failed kernel download may be retried
    throw error;
  });
  return store;
}

async function createStore() {
  const stack = await loadStack();
  const defaults = Object.fromEntries(SETTING_KEYS.map((k) => [k, stack.defaults[k]]));
  const listeners = new Set();
  return {
    defaults,
    values: fromUrl(defaults),
    set(partial) {
      this.values = { ...this.values, ...partial };
      writeParams(Object.fromEntries(SETTING_KEYS.map((k) => [URL_NAMES[k], [encode(this.values[k]), encode(defaults[k])]])));
      for (const listener of listeners) listener(this.values);
    },
    isDefault() {
      return SETTING_KEYS.every((k) => this.values[k] === defaults[k]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const encode = (v) => (typeof v === 'boolean' ? (v ? '1' : '0') : v);
