// One training run inside a worker: step the kernel's run until it is finished and send its step records in
// batches, so that the page's main thread hears about a run a few times a second however fast the steps
// are. The first step goes out alone and at once (the reader sees the first point of the curve as soon as it
// exists); a run is stopped by terminating its worker, so there is no stop flag here.

/**
 * train: the wrapper of web/src/kernels/train.js; post(message) sends to the page; now() in ms.
 * Sends {type: 'steps', steps: [record…], done, total} at most once per batchMs (and after the last step),
 * then returns the finished run: {steps: [record…] (every step, in order), summary: train.summary(…)}.
 */
export function runTraining(train, options, { batchMs, post, now = () => performance.now() }) {
  const run = train.start(options);
  try {
    const steps = [];
    const losses = new Float64Array(options.steps);
    let batch = [];
    let lastPost = -Infinity;
    while (!run.finished()) {
      const record = run.step();
      steps.push(record);
      losses[record.step] = record.loss;
      batch.push(record);
      const t = now();
      if (run.finished() || t - lastPost >= batchMs) {
        post({ type: 'steps', steps: batch, done: run.stepsDone(), total: options.steps });
        batch = [];
        lastPost = t;
      }
    }
    // (a run that diverged stops early: its summary is of the steps it took)
    return { steps, summary: train.summary(options.task, losses.subarray(0, steps.length)) };
  } finally {
    run.delete();
  }
}
