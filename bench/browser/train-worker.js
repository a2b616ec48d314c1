// One training run, step by step as the lab's worker steps it; a short run first, so the timed one runs tiered up.
import { loadTrain } from '../../web/src/kernels/train.js';

self.onmessage = async ({ data: { steps } }) => {
  const train = await loadTrain();
  const options = { ...train.defaults, steps };
  const warm = train.start({ ...options, steps: 10 });
  while (!warm.finished()) warm.step();
  warm.delete();
  const started = performance.now();
  const run = train.start(options);
  run.step();
  const firstStepSeconds = (performance.now() - started) / 1000;
  while (!run.finished()) run.step();
  run.delete();
  const seconds = (performance.now() - started) / 1000;
  const gflop = train.flops(options) / 1e9;
  self.postMessage({ seconds, gflop, gflops: gflop / seconds, firstStepSeconds });
};
