// The only place that instantiates the wasm module. The page, each worker and the Node tests share it;
// the promise is memoised so every caller in one realm gets the same instance.
import createKernels from '../wasm/kernels.mjs';

let instance;

/** @returns {Promise<object>} the Embind module (raw; widgets use the typed wrappers beside this file) */
export function loadKernels() {
  instance ??= createKernels().then(withPlainArityErrors, (error) => {
    instance = undefined; // allow a retry after a failed download
    // the page shows this message as it is (widgets/mount.js); the loader's own text stays in `cause`
    throw new Error('the computing kernels (a WebAssembly file) could not be loaded; reloading the page may help', { cause: error });
  });
  return instance;
}

// Every binding checks its own arguments and throws an Error with a sentence for the reader, except for one
// thing Embind checks first: the number of arguments ("function median called with 2 arguments, expected 1
// args!", a BindingError). That one is said plainly here, before Embind sees the call.
function withPlainArityErrors(K) {
  for (const [name, binding] of Object.entries(K)) {
    if (typeof binding !== 'function' || typeof binding.argCount !== 'number') continue; // not an Embind function
    const expected = binding.argCount;
    K[name] = Object.assign(
      (...args) => {
        if (args.length !== expected) {
          throw new Error(`the kernel function ${name} takes ${expected} argument${expected === 1 ? '' : 's'}, not ${args.length}`);
        }
        return binding(...args);
      },
      { argCount: expected },
    );
  }
  return K;
}
