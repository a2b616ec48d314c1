// One worker thread of `npm run train`: its own instance of the wasm module; one run per message, every
// step posted as it finishes, then the run's summary.
import { parentPort } from 'node:worker_threads';
import './fetch-file-urls.mjs';
import { loadTrain } from '../../web/src/kernels/train.js';

const train = await loadTrain();
parentPort.on('message', (run) => {
  let trainer;
  try {
    const started = performance.now();
    const config = { ...train.defaults, ...run };
    trainer = train.start(config);
    const losses = [];
    while (!trainer.finished()) {
      const s = trainer.step();
      losses.push(s.loss);
      const step = { step: s.step, lr: s.lr, loss: s.loss, gradNorm: [...s.gradNorm], ratio: s.ratio };
      if (s.streamGradNorm) step.streamGradNorm = [...s.streamGradNorm];
      parentPort.postMessage({ run, step });
    }
    const summary = { ...train.summary(config.task, losses), seconds: (performance.now() - started) / 1000 };
    parentPort.postMessage({ run, summary });
  } catch (error) {
    parentPort.postMessage({ run, error: error?.message ?? String(error) });
  } finally {
    trainer?.delete();
  }
});
