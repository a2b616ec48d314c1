// One worker thread of `npm run train`: its own instance of the wasm module; one run per message, stepped by the
// page's own loop (web/src/experiment/training-run.js), every step posted as it finishes, then the run's summary.
import { parentPort } from 'node:worker_threads';
import './fetch-file-urls.mjs';
import { runTraining } from '../../web/src/experiment/training-run.js';
import { loadTrain } from '../../web/src/kernels/train.js';

const train = await loadTrain();
parentPort.on('message', (run) => {
  try {
    const started = performance.now();
    const config = { ...train.defaults, ...run };
    const post = ({ steps }) => steps.forEach((step) => parentPort.postMessage({ run, step }));
    const { summary } = runTraining(train, config, { batchMs: 0, post });
    parentPort.postMessage({ run, summary: { ...summary, seconds: (performance.now() - started) / 1000 } });
  } catch (error) {
    parentPort.postMessage({ run, error: error?.message ?? String(error) });
  }
});
