// One worker thread of the sweep: its own instance of the wasm module, one run per message.
import { parentPort } from 'node:worker_threads';
import './fetch-file-urls.mjs';
import { loadStack } from '../../web/src/kernels/stack.js';

const stack = await loadStack();
parentPort.on('message', (run) => {
  try {
    const started = performance.now();
    const r = stack.run(run);
    parentPort.postMessage({
      run,
      // every field the kernel's result has (StackResult's for_each_field), lists as arrays for JSON
      result: Object.fromEntries(Object.entries(r).map(([key, v]) => [key, ArrayBuffer.isView(v) ? Array.from(/** @type {Float64Array} */ (v)) : v])),
      flops: stack.flops(run),
      growth: r.streamSd.length >= 2 ? stack.streamGrowth(r.streamSd) : null,
      seconds: (performance.now() - started) / 1000,
    });
  } catch (error) {
    parentPort.postMessage({ error: error.message });
  }
});
