// One worker thread of the sweep: its own instance of the wasm module, one run per message.
import { parentPort } from 'node:worker_threads';
import './fetch-file-urls.mjs';
import { loadStack } from '../../web/src/kernels/stack.js';

const stack = await loadStack();
// A run the kernel refuses or that fails (its numbers left float64's range) posts its reason as `error`: the tool
// prints its line and the other runs go on. A stream that has no growth factor (exactly 0 somewhere) is no failure:
// growth is null and undefinedGrowth says why, as undefinedRatios does for a ratio.
parentPort.on('message', (run) => {
  try {
    const started = performance.now();
    const r = stack.run(run);
    let growth = null;
    let undefinedGrowth;
    if (r.streamSd.length >= 2) {
      try {
        growth = stack.streamGrowth(r.streamSd);
      } catch (error) {
        undefinedGrowth = error.message;
      }
    }
    parentPort.postMessage({
      run,
      // every field the kernel's result has (StackResult's for_each_field), lists as arrays for JSON
      result: Object.fromEntries(Object.entries(r).map(([key, v]) => [key, ArrayBuffer.isView(v) ? Array.from(/** @type {Float64Array} */ (v)) : v])),
      flops: stack.flops(run),
      growth,
      ...(undefinedGrowth === undefined ? {} : { undefinedGrowth }),
      seconds: (performance.now() - started) / 1000,
    });
  } catch (error) {
    parentPort.postMessage({ run, error: error?.message ?? String(error) });
  }
});
