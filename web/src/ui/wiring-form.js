// The wiring editor's form (ui/wiring-editor.js) as data: every key of a wiring's description as a field holds it,
// and the text the kernel is asked to read from them. Nothing here reads, completes or judges a wiring: the kernel
// does (kernels/wiring.js: describe gives the text form, what changed, the preset it equals; a refusal names its key).

/** The description's keys, in the order the kernel writes them (wasm/src/wiring.cpp kKeys). */
export const WIRING_KEYS = ['from', 'norm', 'in', 'out', 'after', 'residual', 'alpha', 'scale_in', 'scale_out', 'gate', 'gate0', 'beta', 'final', 'first_post'];
/** The keys whose value is a formula the reader types (a number, or an expression in L and i). */
export const FORMULA_KEYS = ['alpha', 'scale_in', 'scale_out', 'gate0', 'beta', 'first_post'];
/** The keys that are on or off. */
export const SWITCH_KEYS = ['in', 'out', 'after', 'residual', 'final'];

/** The form's values of a described wiring (a WiringView): every key, formulas as their text. */
export const formOf = (view) => Object.fromEntries(WIRING_KEYS.map((k) => [k, view[k]]));

/**
 * The JSON the kernel is asked to read from a form: every key over the preset the form starts from, formulas as
 * typed. One key is left out: gate0 while the gate is "none" and it holds what the preset holds there (the kernel
 * refuses an initial value for a gate that does not exist; one the reader typed there is sent, so that the kernel
 * says why it cannot be used).
 */
export function formText(form, preset) {
  const json = {};
  for (const k of WIRING_KEYS) {
    if (k === 'gate0' && form.gate === 'none' && form.gate0.trim() === preset.gate0) continue;
    json[k] = FORMULA_KEYS.includes(k) ? form[k].trim() : form[k];
  }
  return JSON.stringify(json);
}

/** The key a kernel's refusal is about: the key it starts with ("alpha: cannot read …"), else '' (the whole wiring). */
export function keyOfMessage(message) {
  const first = /^[a-z_0-9]+/.exec(String(message))?.[0];
  return first && first !== 'from' && WIRING_KEYS.includes(first) ? first : '';
}
