// The runs that judge a design challenge's wiring, made by the page's workers (the pool every figure shares: the
// same runs asked twice, or already computed, are not computed again), with their progress and a way to stop them.
import { Cancelled } from './pool.js';
import { createRunSet } from './runs.js';

/**
 * → {run(kind, optionsList, onProgress(fraction)): a promise of the results in order (rejects with Cancelled when
 * stopped here or by the page's Cancel, with the worker's Error when a run fails), cancel()}
 */
export function createDesignRunner() {
  /** @type {(() => void) | null} */
  let stop = null;
  return {
    /** @param {'stack' | 'train'} kind  @param {Record<string, unknown>[]} optionsList  @param {(fraction: number) => void} [onProgress]
     * @returns {Promise<any[]>} */
    async run(kind, optionsList, onProgress) {
      stop?.();
      const set = await createRunSet(kind);
      return new Promise((resolve, reject) => {
        const fractions = optionsList.map(() => 0);
        const results = new Array(optionsList.length);
        const runs = optionsList.map((options, k) => ({ options, k }));
        const told = () => onProgress?.(fractions.reduce((a, b) => a + b, 0) / fractions.length);
        stop = () => {
          set.cancel();
          reject(new Cancelled());
        };
        set.setVisible(true); // the reader asked for these: they go before any prefetch
        set.start(runs, {
          onProgress: (r, f) => {
            fractions[r.k] = f;
            told();
          },
          onResult: (r, { result }) => {
            results[r.k] = result;
            fractions[r.k] = 1;
            told();
          },
          onError: (r, error) => {
            set.cancel();
            reject(error);
          },
          onCancelled: () => reject(new Cancelled()),
          onDone: () => {
            stop = null;
            resolve(results);
          },
        });
      });
    },
    /** Stops the runs under way (each stops at once unless another figure also waits for it). */
    cancel() {
      stop?.();
      stop = null;
    },
  };
}
