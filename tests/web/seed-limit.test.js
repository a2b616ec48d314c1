// The largest seed is stated once, in the bindings (wasm/bindings/convert.hpp kLargestSeed), and the page takes it
// from the module (largestSeed(), written into web/src/wasm/presets.js at each build): the exercise kernels, the
// stack's options and the progress store's check of a saved seed agree at its edge. A second copy of the limit that
// drifted (the store accepting a seed the kernel refuses, or the reverse) fails here.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadKernels } from '../../web/src/kernels/loader.js';
import { loadExercises } from '../../web/src/kernels/exercises.js';
import { SEED_LIMIT_TEXT, seedProblem } from '../../web/src/progress/attempt-log.js';
import { LARGEST_SEED } from '../../web/src/wasm/presets.js';
import { thrown } from './thrown.js';

let K;
let ex;
beforeAll(async () => {
  [K, ex] = await Promise.all([loadKernels(), loadExercises()]);
});

describe('the largest seed', () => {
  it('is the module’s, as the page was built with it: 2^53, every whole number up to it exact in a double', () => {
    expect(LARGEST_SEED).toBe(K.largestSeed());
    expect(LARGEST_SEED).toBe(2 ** 53);
    expect(SEED_LIMIT_TEXT).toBe('2^53');
  });

  it('the exercise kernels take it and refuse the next seed a double holds, in the words the store uses', () => {
    expect(ex.variant(4, LARGEST_SEED)).toBeTruthy();
    const next = LARGEST_SEED + 2; // (LARGEST_SEED + 1 is no double: it reads as LARGEST_SEED)
    expect(thrown(() => ex.variant(4, next)).message).toContain(`from 0 to ${SEED_LIMIT_TEXT}`);
  });

  it('the progress store keeps a saved seed exactly when the kernel takes it', () => {
    expect(seedProblem(LARGEST_SEED)).toBe('');
    expect(seedProblem(LARGEST_SEED + 2)).toContain(`from 0 to ${SEED_LIMIT_TEXT}`);
  });

  it('a stack’s options refuse a seed past it by the same limit', () => {
    expect(thrown(() => K.stackCheck({ seed: 2 * LARGEST_SEED })).message).toContain(`<= ${SEED_LIMIT_TEXT}`);
  });
});
