// A training run inside a worker (web/src/experiment/training-run.js): how its steps are batched for the
// page, what the finished run holds, and that the kernel's run object is always freed. A stand-in kernel
// whose steps take a chosen time on a fake clock makes the batching visible; train.test.js runs the real one.
import { describe, expect, it } from 'vitest';
import { runKey } from '../../web/src/experiment/pool.js';
import { runTraining } from '../../web/src/experiment/training-run.js';
import { loadTrain } from '../../web/src/kernels/train.js';

/** A stand-in for web/src/kernels/train.js: each step "takes" msPerStep on the clock; step failAt throws. */
function standIn({ msPerStep, clock, failAt = -1 }) {
  const log = { deleted: 0, summarised: null };
  const train = {
    start(options) {
      let done = 0;
      return {
        step() {
          if (done === failAt) throw new Error('the kernel refused');
          clock.t += msPerStep;
          const record = { step: done, lr: options.lr, loss: 1 / (done + 1), gradNorm: Float64Array.of(done, 1), ratio: done };
          done++;
          return record;
        },
        stepsDone: () => done,
        finished: () => done === options.steps,
        delete: () => log.deleted++,
      };
    },
    summary(task, losses) {
      log.summarised = { task, losses: Array.from(losses) };
      return { finalLoss: 0.5, trained: false, threshold: 0.2 };
    },
  };
  return { train, log };
}

const run = ({ steps, msPerStep, batchMs, failAt }) => {
  const clock = { t: 0 };
  const { train, log } = standIn({ msPerStep, clock, failAt });
  const messages = [];
  const call = () =>
    runTraining(train, { task: 'regress', lr: 1e-3, steps }, { batchMs, post: (m) => messages.push({ at: clock.t, ...m }), now: () => clock.t });
  return { call, messages, log };
};

describe('runTraining', () => {
  it('sends the first step at once, then batches so that messages come at most once per batchMs, and every step exactly once', () => {
    const { call, messages } = run({ steps: 150, msPerStep: 7, batchMs: 200 });
    const result = call();
    expect(messages[0].steps.map((r) => r.step)).toEqual([0]);
    expect(messages.every((m) => m.type === 'steps' && m.total === 150)).toBe(true);
    for (let k = 1; k < messages.length - 1; k++) expect(messages[k].at - messages[k - 1].at).toBeGreaterThanOrEqual(200);
    // 150 steps of 7 ms = 1.05 s: the first step, then one message per 200 ms, then the last steps
    expect(messages.length).toBeGreaterThanOrEqual(6);
    expect(messages.length).toBeLessThanOrEqual(7);
    expect(messages.flatMap((m) => m.steps.map((r) => r.step))).toEqual(Array.from({ length: 150 }, (_, k) => k));
    expect(messages.at(-1).done).toBe(150);
    expect(result.steps.map((r) => r.step)).toEqual(Array.from({ length: 150 }, (_, k) => k));
  });

  it('sends every step alone when each takes longer than a batch', () => {
    const { call, messages } = run({ steps: 5, msPerStep: 300, batchMs: 100 });
    call();
    expect(messages.map((m) => m.steps.length)).toEqual([1, 1, 1, 1, 1]);
    expect(messages.map((m) => m.done)).toEqual([1, 2, 3, 4, 5]);
  });

  it("summarises the run from every step's loss, and frees the run", () => {
    const { call, log } = run({ steps: 4, msPerStep: 1, batchMs: 100 });
    const result = call();
    expect(log.summarised).toEqual({ task: 'regress', losses: [1, 1 / 2, 1 / 3, 1 / 4] });
    expect(result.summary).toEqual({ finalLoss: 0.5, trained: false, threshold: 0.2 });
    expect(log.deleted).toBe(1);
  });

  it('frees the run when a step throws, and lets the error through to the worker', () => {
    const { call, log, messages } = run({ steps: 10, msPerStep: 1, batchMs: 100, failAt: 3 });
    expect(call).toThrow('the kernel refused');
    expect(log.deleted).toBe(1);
    expect(messages.flatMap((m) => m.steps.map((r) => r.step))).toEqual([0]);
  });
});

describe('runTraining on the real kernel', () => {
  it('streams every record the kernel takes, in order, and summarises them as train.summary does', async () => {
    const train = await loadTrain();
    const options = { ...train.defaults, L: 2, d: 16, heads: 2, T: 4, steps: 30, seed: 3 };
    const messages = [];
    let clock = 0;
    const result = runTraining(train, options, { batchMs: 5, post: (m) => messages.push(m), now: () => (clock += 1) });
    const streamed = messages.flatMap((m) => m.steps);
    expect(streamed.map((r) => r.step)).toEqual(Array.from({ length: 30 }, (_, k) => k));
    expect(messages.length).toBeGreaterThan(2); // batches, not one message at the end
    expect(messages.length).toBeLessThan(30);
    expect(result.steps).toEqual(streamed);
    // the same run again, stepped by hand: the worker adds nothing and drops nothing
    const run = train.start(options);
    try {
      const losses = [];
      for (const r of streamed) {
        const s = run.step();
        expect(s.loss).toBe(r.loss);
        expect(Array.from(s.gradNorm)).toEqual(Array.from(r.gradNorm));
        losses.push(s.loss);
      }
      expect(result.summary).toEqual(train.summary(options.task, losses));
    } finally {
      run.delete();
    }
  });

  it("a char run carries the model's samples at step 0, midway and at the end, as the run gives them", async () => {
    const train = await loadTrain();
    const options = { ...train.defaults, task: 'char', L: 2, d: 16, heads: 2, T: 8, lr: 1e-2, steps: 7, seed: 1 };
    const result = runTraining(train, options, { batchMs: 0, post: () => {} });
    expect(result.samples.map((s) => s.step)).toEqual([0, 3, 7]);
    const run = train.start(options);
    try {
      for (const s of result.samples) {
        while (run.stepsDone() < s.step) run.step();
        const again = run.sample(train.samplePrompt, train.sampleChars);
        expect(s).toMatchObject({ prompt: 'the quick ', text: again.text });
        expect(s.text).toHaveLength(train.sampleChars);
        expect(Array.from(s.probabilities)).toEqual(Array.from(again.probabilities));
        expect(s.probabilities).toHaveLength(train.vocabulary.length);
      }
      expect(() => run.sample('The', 5)).toThrow("'T' is not one of them");
    } finally {
      run.delete();
    }
    const regress = runTraining(train, { ...options, task: 'regress', T: 4 }, { batchMs: 0, post: () => {} });
    expect(regress.samples).toEqual([]);
  });

  it('keys a training run by every field of train.defaults', async () => {
    const train = await loadTrain();
    const fields = Object.keys(train.defaults);
    const base = runKey('train', fields, train.defaults);
    for (const field of fields) {
      const v = train.defaults[field];
      const other = typeof v === 'number' ? v * 2 + 1 : typeof v === 'boolean' ? !v : `${v}-other`;
      expect(runKey('train', fields, { ...train.defaults, [field]: other }), field).not.toBe(base);
    }
  });
});
