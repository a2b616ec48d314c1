// Which numbers an exercise starts with: a variant seed from the address (?ex4.seed=12345), else the one in
// the reader's saved progress, else the answer key's. Each seed is judged by the kernel (one source for its
// range); one that cannot be used is refused with a message, never a dead exercise.
import { addressEntry } from '../ui/url-state.js';

/**
 * Exercise n's seed in the address, kept by the page's kit (ui/url-state.js) as every control's value is: its
 * parameter's name (ex4.seed) spelt here once, its text read (startingVariant reads it) and the seed written back,
 * left out for the answer key's numbers (seed null).
 * @param {number | string} n
 * @returns {{name: string, textIn: (params?: URLSearchParams) => string | null, write: (seed: number | null) => void}}
 */
export function seedAddress(n) {
  const entry = addressEntry({ name: `ex${n}.seed` });
  return { name: entry.name, textIn: entry.textIn, write: (seed) => entry.write(seed, null) };
}

/**
 * @param {{variant(n: number | string, seed: number): object}} exercises  the exercise kernels (kernels/exercises.js)
 * @param {number | string} n  the exercise number
 * @param {{fromUrl?: string | null, stored?: number | null}} [from]  fromUrl: the seed text in the address, or null;
 *   stored: the seed in the reader's progress, or null
 * @returns {{seed: number|null, variant: object|null, message: string}} variant null means the key's numbers
 */
export function startingVariant(exercises, n, { fromUrl = null, stored = null } = {}) {
  /** @type {(seed: number) => {variant?: object, error?: string}} */
  const tryVariant = (seed) => {
    try {
      return { variant: exercises.variant(n, seed) };
    } catch (error) {
      return { error: error.message };
    }
  };
  let message = '';
  if (fromUrl !== null) {
    const text = fromUrl.trim();
    // digits only, and exactly the number they spell (past the kernel's largest seed, 2^53, a double would round
    // them to another seed; the kernel judges the range)
    const exact = /^\d+$/.test(text) && String(Number(text)) === text.replace(/^0+(?=\d)/, '');
    const r = tryVariant(exact ? Number(text) : Number.NaN);
    if (r.variant) return { seed: Number(text), variant: r.variant, message };
    const shown = text.length > 24 ? `${text.slice(0, 21)}…` : text;
    message = `The address asks for variant “${shown}”, which cannot be used: ${r.error}. `;
  }
  if (stored !== null) {
    const r = tryVariant(stored);
    if (r.variant) return { seed: stored, variant: r.variant, message: message && `${message}Showing your saved variant ${stored}.` };
    message += `Your saved variant ${stored} cannot be used: ${r.error}. `;
  }
  return { seed: null, variant: null, message: message && `${message}Showing the original numbers.` };
}
