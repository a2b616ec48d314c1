// A module worker that runs the stack kernel, one run per message, with its own instance of the wasm module.
// Messages in:  {id, options}.  Out: {id, type: 'progress', done, total} (at most every 200 ms),
//               {id, type: 'result', result, seconds} or {id, type: 'error', message}.
import { loadStack } from '../kernels/stack.js';

const ready = loadStack();
// a worker may start before any run needs it (the pool warms up): a failed load is reported by each run
ready.catch(() => {});

self.onmessage = async ({ data: { id, options } }) => {
  try {
    const stack = await ready;
    let last = 0;
    const started = performance.now();
    const result = stack.run(options, (done, total) => {
      const now = performance.now();
      if (done === total || now - last > 200) {
        last = now;
        self.postMessage({ id, type: 'progress', done, total });
      }
    });
    const seconds = (performance.now() - started) / 1000;
    self.postMessage({ id, type: 'result', result, seconds }, [
      result.gradNorm.buffer, result.gradNormWeights.buffer, result.gradNormNoLn.buffer,
      result.inputGradNorm.buffer, result.streamSd.buffer,
    ]);
  } catch (error) {
    self.postMessage({ id, type: 'error', message: error?.message ?? String(error) });
  }
};
