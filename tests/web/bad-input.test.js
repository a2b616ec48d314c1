// Hostile and degenerate calls through the real wasm module in Node: each gets a sentence for the reader
// (never a silent NaN or ∞, a wrapped integer, a string read as a vector, Embind's or libc++'s own words),
// and none grows the module's memory. Issue 12, "Work a link can ask for".
import { beforeAll, describe, expect, it } from 'vitest';
import createKernels from '../../web/src/wasm/kernels.mjs';
import { loadKernels } from '../../web/src/kernels/loader.js';
import { loadNorm } from '../../web/src/kernels/norm.js';
import { loadStack } from '../../web/src/kernels/stack.js';
import { TABLES } from '../../web/src/widgets/article-table/tables.js';

let K, stack, ln;
beforeAll(async () => {
  let norm;
  [K, stack, norm] = await Promise.all([loadKernels(), loadStack(), loadNorm()]);
  ln = { ...norm, steps: (x, g, b, e) => norm.steps('ln', x, g, b, e), jacobian: (x, g, e) => norm.jacobian('ln', x, g, e) };
});

const messageOf = (call) => {
  try {
    call();
  } catch (error) {
    expect(error.constructor).toBe(Error); // a plain Error: no BindingError, TypeError, RuntimeError
    return error.message;
  }
  return '(no error)';
};
const heap = () => K.HEAPU8.buffer.byteLength;

describe('the memory estimate', () => {
  it('refuses attention’s T × T scores before they are allocated, and the heap stays where it was', () => {
    const before = heap();
    const options = { d: 128, heads: 4, L: 1, B: 1, T: 4096 };
    const refusal = /^this configuration needs about 1\.\d+e\+03 MiB of memory, more than the 768 MiB a browser tab can give it: reduce L, B, T or d$/;
    expect(messageOf(() => stack.check(options))).toMatch(refusal);
    expect(messageOf(() => stack.run(options))).toMatch(refusal);
    expect(heap()).toBe(before);
  });

  it('an allocation that fails anyway says the same sentence, not “std::bad_alloc”', async () => {
    const M = await createKernels(); // a module of its own: what this test does to its memory stays here
    const hog = M._malloc(900 * 2 ** 20); // leaves less than 124 MiB of the 1 GiB the module may grow to
    expect(hog).toBeGreaterThan(0);
    const options = { placement: 'pre', L: 20, d: 256, heads: 4, B: 64, T: 64 }; // fits the estimate, not what is left
    expect(M.stackCheck(options)).toBeLessThan(768 * 2 ** 20);
    expect(messageOf(() => M.runStack(options, null))).toBe(
      'this configuration needs more memory than the 768 MiB a browser tab can give it: reduce L, B, T or d',
    );
    const rows = 2048,
      cols = 2048; // 32 MiB in, several copies inside
    expect(messageOf(() => M.layerNormForward(new Float64Array(rows * cols), rows, cols, new Float64Array(cols).fill(1), new Float64Array(cols), 0))).toBe(
      'this configuration needs more memory than the 768 MiB a browser tab can give it: use smaller inputs',
    );
    M._free(hog);
    expect(M.runStack({ L: 2, d: 8, heads: 2, B: 1, T: 4 }, null).gradNorm.length).toBe(2); // still usable
  });
});

describe('no silent NaN or ∞', () => {
  it('d = 1 is refused with the reason (LayerNorm of one feature is β, every ratio 0/0)', () => {
    expect(messageOf(() => stack.check({ d: 1, heads: 1 }))).toMatch(/^width d must be at least 2: LayerNorm over a single feature outputs β/);
  });

  it('output scale 0 without a residual path is refused (its input ratio was 0/0)', () => {
    expect(messageOf(() => stack.run({ placement: 'nores', scale: 0, L: 3, d: 8, heads: 2, B: 1, T: 4 }))).toMatch(/^output scale 0 without a residual path/);
    const pre = stack.run({ placement: 'pre', scale: 0, L: 3, d: 8, heads: 2, B: 1, T: 4 });
    expect(Object.values(pre.ratios).every(Number.isFinite)).toBe(true);
  });

  it('γ = 1e308 gets a message instead of ∞ (output and Jacobian)', () => {
    const x = [0, 0, 0, 0, 1]; // ẑ = 2 in the last entry
    expect(messageOf(() => ln.steps(x, Array(5).fill(1e308), Array(5).fill(0), 0))).toMatch(/^gamma and beta make the output larger than float64 can hold/);
    expect(messageOf(() => ln.jacobian([0, 1e-150], [1e300, 1e300], 0))).toMatch(
      /^the Jacobian's entries are larger than float64 can hold .*γ\/√\(σ² \+ ε\) overflows/,
    );
  });

  it('NaN in dy is refused, not passed through', () => {
    expect(messageOf(() => ln.backward([1, 2], 1, 2, [1, 1], [0, 0], 0, [Number.NaN, 1]))).toBe('dy must contain only finite numbers');
  });

  it('stackFlops of a configuration that cannot run is refused (heads 0 gave NaN, L = −5 a negative count)', () => {
    expect(messageOf(() => stack.flops({ heads: 0 }))).toBe('heads must be between 1 and d = 128 (got 0)');
    expect(messageOf(() => stack.flops({ L: -5 }))).toBe('depth L must be between 1 and 1024 (got -5)');
  });

  it('median refuses NaN wherever it sits (the answer used to depend on its place)', () => {
    const messages = [
      [Number.NaN, 1, 2],
      [1, Number.NaN, 2],
      [1, 2, Number.NaN],
    ].map((v) => messageOf(() => stack.median(v)));
    messages.forEach((m, i) => expect(m).toBe(`the median needs finite numbers: value ${i + 1} of 3 is NaN (not a number)`));
  });

  it('Table B does not ask the kernel for block 1 against block L − 1 at L = 1', () => {
    expect(TABLES.B.problems({ Ls: [1, 6], measure: 'penultimate' }).Ls).toMatch(/needs L ≥ 2 \(got 1\)/);
    expect(TABLES.B.problems({ Ls: [1, 6], measure: 'all' }).Ls).toBe('');
  });
});

describe('bindings check types and lengths before copying', () => {
  it('rows = 2^32 + 1 is refused, not wrapped to 1', () => {
    expect(messageOf(() => K.layerNormForward([1, 2], 2 ** 32 + 1, 2, [1, 1], [0, 0], 0))).toBe('rows must be a whole number from 0 to 1073741824');
  });

  it('the string "123" is not the vector [1, 2, 3]; null is not 0', () => {
    expect(messageOf(() => K.normSteps('ln', '123', [1, 1, 1], [0, 0, 0], 0))).toBe('x must be an array of numbers (an Array or a Float64Array; got a string)');
    expect(messageOf(() => K.normSteps('ln', [1, '2', 3], [1, 1, 1], [0, 0, 0], 0))).toBe('x must contain only numbers');
    expect(messageOf(() => K.normSteps('ln', [1, 2, 3], [1, 1, 1], [0, 0, 0], null))).toBe('epsilon must be a number (got null)');
  });

  it('a huge array-like is refused before any copy: the heap does not grow', () => {
    const before = heap();
    expect(messageOf(() => K.median({ length: 1e8 }))).toBe('values must be an array of numbers (an Array or a Float64Array; got an object)');
    expect(messageOf(() => K.median(new Array(1e8)))).toBe('values has 100000000 numbers, more than the 4194304 it may have here');
    expect(messageOf(() => K.layerNormForward([], 1e5, 1e5, [], [], 0))).toMatch(/^x would be 100000 × 100000, more than the 4194304 numbers/);
    expect(heap()).toBe(before);
  });

  it('no Embind or libc++ words reach the reader', () => {
    for (const call of [
      () => K.median(),
      () => K.normSteps('ln', [1], [1], [0], 0, 'extra'),
      () => K.normSteps('layernorm', [1], [1], [0], 0),
      () => K.stackCheck(null),
      () => K.runStack({ L: 2 }, 5),
      () => K.growthCurve(1, 1, 'abc'),
      () => K.median({ length: -1 }),
    ]) {
      const m = messageOf(call);
      expect(m).not.toMatch(/std::|bad_alloc|^vector$|invoker|is not a function|called with \d+ arguments|Cannot (read|convert)/);
      expect(m.split(' ').length).toBeGreaterThan(4);
    }
  });
});
