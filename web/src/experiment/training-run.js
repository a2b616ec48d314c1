// One training run inside a worker: step the kernel's run until it is finished and send its step records in
// batches, so that the page's main thread hears about a run a few times a second however fast the steps
// are. The first step goes out alone and at once (the reader sees the first point of the curve as soon as it
// exists); a run is stopped by terminating its worker, so there is no stop flag here.

/**
 * train: the wrapper of web/src/kernels/train.js; post(message) sends to the page; now() in ms.
 * Sends {type: 'steps', steps: [record…], done, total} at most once per batchMs (and after the last step),
 * then returns the finished run: {steps: [record…] (every step, in order), samples (char: the model's
 * continuation of train.samplePrompt at step 0, midway and at the end; else []), summary: train.summary(…)}.
 * @param {Pick<import('../kernels/train.js').Train, 'start' | 'summary' | 'samplePrompt' | 'sampleChars'>} train
 * @param {Record<string, any> & {steps: number, task: string}} options
 * @param {{batchMs: number, post: (message: {type: 'steps', steps: TrainStep[], done: number, total: number}) => void, now?: () => number}} io
 * @typedef {import('../kernels/train.js').TrainStep} TrainStep
 * @typedef {{step: number, prompt: string, text: string, probabilities: Float64Array}} Sample
 */
export function runTraining(train, options, { batchMs, post, now = () => performance.now() }) {
  const run = train.start(options);
  try {
    /** @type {TrainStep[]} */
    const steps = [];
    const losses = new Float64Array(options.steps);
    // the char model's samples after 0 updates, half the steps and all of them: {step, prompt, text, probabilities}
    /** @type {Sample[]} */
    const samples = [];
    const takeSample = () => {
      if (options.task !== 'char' || samples.at(-1)?.step === run.stepsDone()) return;
      samples.push(sampleOf(run, train.samplePrompt, train.sampleChars));
    };
    takeSample();
    let batch = [];
    let lastPost = -Infinity;
    while (!run.finished()) {
      if (run.stepsDone() === Math.floor(options.steps / 2)) takeSample();
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
    takeSample(); // at the end
    // (a run that diverged stops early: its summary is of the steps it took, and says why it diverged)
    const summary = train.summary(options.task, losses.subarray(0, steps.length));
    if (summary.diverged) summary.divergedReason = steps.at(-1).divergedReason;
    return { steps, samples, summary };
  } finally {
    run.delete();
  }
}

// The char model as it is now, asked to continue prompt: {step, prompt, text, probabilities}.
/** @param {import('../kernels/train.js').TrainRun} run  @param {string} prompt  @param {number} length  @returns {Sample} */
function sampleOf(run, prompt, length) {
  const { text, probabilities } = run.sample(prompt, length);
  return { step: run.stepsDone(), prompt, text, probabilities };
}

/**
 * The char model of run `options` after `at` updates, asked to continue `prompt` by `length` characters: the run
 * is taken again from its seed to that step (the same run, so the same weights). → {step, prompt, text,
 * probabilities}, or {step, diverged: true} when the run diverged before it got there.
 * @param {Pick<import('../kernels/train.js').Train, 'start'>} train
 * @param {{at: number, prompt: string, length: number} & Record<string, any>} request
 */
export function sampleAt(train, { at, prompt, length, ...options }) {
  const run = train.start(options);
  try {
    while (run.stepsDone() < at && !run.finished()) {
      if (run.step().diverged) return { step: run.stepsDone() - 1, diverged: true };
    }
    return sampleOf(run, prompt, length);
  } finally {
    run.delete();
  }
}
