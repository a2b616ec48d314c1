// The only place that instantiates the wasm module. The page, each worker and the Node tests share it;
// the promise is memoised so every caller in one realm gets the same instance.
import createKernels from '../wasm/kernels.mjs';

let instance;

/** @returns {Promise<object>} the Embind module (raw; widgets use the typed wrappers beside this file) */
export function loadKernels() {
  instance ??= createKernels().catch((error) => {
    instance = undefined; // allow a retry after a failed download
    // the page shows this message as it is (widgets/mount.js); the loader's own text stays in `cause`
    throw new Error('the computing kernels (a WebAssembly file) could not be loaded; reloading the page may help', { cause: error });
  });
  return instance;
}
