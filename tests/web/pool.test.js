// The worker pool's scheduling (web/src/experiment/pool.js) with stand-in workers, so each decision can be
// watched: which run goes to which worker, when, how many workers it creates, what a training run streams.
// The runs themselves are the kernels' business (stack.test.js, train.test.js).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadStack } from '../../web/src/kernels/stack.js';
import { EXTRA_WORKER_MAX_BYTES, PREFETCH_HOLD_MS, RunPool, poolSize, runKey } from '../../web/src/experiment/pool.js';

/** A worker that only records what it is asked; finish() answers as the real one does. */
class FakeWorker {
  constructor(log) {
    this.log = log;
    this.terminated = false;
  }
  postMessage(message) {
    this.log.push({ worker: this, ...message });
  }
  terminate() {
    this.terminated = true;
  }
  fail(id, message) {
    this.onmessage({ data: { id, type: 'error', message } });
  }
  finish(id, result = { ratio: id }) {
    this.onmessage({ data: { id, type: 'result', result, seconds: 0.1 } });
  }
  /** a batch of a training run's step records, as training-run.js sends them */
  steps(id, steps, total) {
    this.onmessage({ data: { id, type: 'steps', steps, done: steps.at(-1).step + 1, total } });
  }
}

// the pool keeps finished results for the visit (cache.js): each test asks for configurations of its own
let testNo = 0;
const options = (L, seed = 0) => ({
  placement: 'pre',
  L,
  d: 8,
  heads: 2,
  ffnMult: 4,
  B: 2,
  T: 3,
  seed: 1000 * testNo + seed,
  scale: 1,
  causal: false,
  activation: 'relu',
});
const FIELDS = Object.keys(options(1));
const stackRun = (o) => ({ kind: 'stack', fields: FIELDS, options: o });

let clock;
let posted;
let pool;
const settle = () => vi.advanceTimersByTimeAsync(0); // lets the (memory-only) cache look-ups resolve
const postedL = () => posted.map((m) => m.options.L);

beforeEach(() => {
  vi.useFakeTimers();
  testNo++;
  clock = 0;
  posted = [];
  pool = new RunPool({ size: 2, createWorker: () => new FakeWorker(posted), now: () => clock });
});
afterEach(() => vi.useRealTimers());

describe('RunPool', () => {
  it('starts the cheapest visible runs first and runs one configuration once for everyone who asks', async () => {
    const a = pool.request(stackRun(options(48)), { cost: 48 });
    pool.request(stackRun(options(6)), { cost: 6 });
    pool.request(stackRun(options(24)), { cost: 24 });
    const again = pool.request(stackRun(options(48)), { cost: 48 });
    await settle();
    // two workers: the first look-up to finish takes one at once, then the rest in order of cost
    expect(postedL().sort((x, y) => x - y)).toEqual([6, 48]);
    const job48 = posted.find((m) => m.options.L === 48);
    job48.worker.finish(job48.id, { ratio: 0.5 });
    await expect(a.promise).resolves.toMatchObject({ result: { ratio: 0.5 }, cached: false });
    await expect(again.promise).resolves.toMatchObject({ result: { ratio: 0.5 } });
    expect(postedL().filter((L) => L === 48)).toHaveLength(1);
    expect(postedL().at(-1)).toBe(24);
  });

  it('a run that fails in a worker that has run others runs once more in a fresh worker; in a fresh one its error stands', async () => {
    const p = new RunPool({ size: 1, createWorker: () => new FakeWorker(posted), now: () => clock });
    const first = p.request(stackRun(options(6)), { cost: 6 });
    await settle();
    posted[0].worker.finish(posted[0].id);
    await first.promise;
    const big = p.request(stackRun(options(96)), { cost: 96 });
    await settle();
    const [tried, used] = [posted[1], posted[1].worker];
    used.fail(tried.id, 'this configuration needs more memory than the 768 MiB a browser tab can give it: reduce L');
    await settle();
    expect(used.terminated).toBe(true);
    expect(posted).toHaveLength(3);
    expect(posted[2].worker).not.toBe(used); // the same run, in a worker of its own
    expect(posted[2].options.L).toBe(96);
    posted[2].worker.finish(posted[2].id, { ratio: 7 });
    await expect(big.promise).resolves.toMatchObject({ result: { ratio: 7 } });

    // a fresh worker's failure is the run's (it would fail again): no second try
    const p2 = new RunPool({ size: 1, createWorker: () => new FakeWorker(posted), now: () => clock });
    const doomed = p2.request(stackRun(options(48)), { cost: 48 });
    await settle();
    posted.at(-1).worker.fail(posted.at(-1).id, 'no');
    await expect(doomed.promise).rejects.toThrow('no');
    expect(posted.filter((m) => m.options.L === 48)).toHaveLength(1);
  });

  it('holds the runs of a figure out of view, so a figure in view that asks a moment later goes first', async () => {
    pool.request(stackRun(options(96, 0)), { cost: 96, visible: false });
    pool.request(stackRun(options(96, 1)), { cost: 96, visible: false });
    await settle();
    expect(posted).toHaveLength(0); // both workers idle, yet the prefetch waits

    clock += 300;
    pool.request(stackRun(options(20, 0)), { cost: 20 });
    await settle();
    expect(postedL()).toEqual([20]);

    clock += PREFETCH_HOLD_MS; // the hold is over: the idle worker prefetches
    await vi.advanceTimersByTimeAsync(PREFETCH_HOLD_MS);
    expect(postedL()).toEqual([20, 96]);
  });

  // (null: the figure has not said yet whether it is in view; its runs are held as a prefetch's)
  it.each([false, null])('a figure that comes into view (visible %s before) has its queued runs start at once', async (before) => {
    const t = pool.request(stackRun(options(96)), { cost: 96, visible: before });
    await settle();
    expect(posted).toHaveLength(0);
    t.setVisible(true);
    expect(postedL()).toEqual([96]);
  });

  // (main.js starts the service worker's copying of the build then: ui/new-version.js)
  it('whenNothingInView waits for the runs of figures in view, or not yet reported, and for no other', async () => {
    const quiet = () => {
      let done = false;
      pool.whenNothingInView().then(() => (done = true));
      return async () => (await settle(), done);
    };
    expect(await quiet()()).toBe(true); // nothing asked for

    const near = pool.request(stackRun(options(48)), { cost: 48, visible: false });
    const unreported = pool.request(stackRun(options(24)), { cost: 24, visible: null });
    const seen = pool.request(stackRun(options(12)), { cost: 12 });
    const whenQuiet = quiet();
    await settle();
    expect(postedL()).toEqual([12]);
    posted[0].worker.finish(posted[0].id);
    await expect(seen.promise).resolves.toBeTruthy();
    expect(await whenQuiet()).toBe(false); // the unreported figure may be in view: its run is waited for
    unreported.setVisible(false);
    expect(await whenQuiet()).toBe(true); // out of view: only the prefetches are left, and they go on
    expect(pool.status().queued).toBe(2);

    near.setVisible(true); // a figure coming into view is waited for again, until its run settles or is dropped
    const again = quiet();
    expect(await again()).toBe(false);
    near.cancel();
    await expect(near.promise).rejects.toThrow('cancelled');
    expect(await again()).toBe(true);
  });

  it('orders visible runs before prefetches whatever their cost', async () => {
    pool.request(stackRun(options(6)), { cost: 6, visible: false });
    pool.request(stackRun(options(50)), { cost: 50 });
    pool.request(stackRun(options(60)), { cost: 60 });
    pool.request(stackRun(options(70)), { cost: 70 });
    await settle();
    clock += PREFETCH_HOLD_MS;
    expect(postedL()).toEqual([50, 60]);
    posted[0].worker.finish(posted[0].id);
    expect(postedL()).toEqual([50, 60, 70]);
    posted[1].worker.finish(posted[1].id);
    expect(postedL()).toEqual([50, 60, 70, 6]);
  });

  it('stops a running run when nobody waits for it any more, and Cancel stops every run at once', async () => {
    const t = pool.request(stackRun(options(48)), { cost: 48 });
    const u = pool.request(stackRun(options(24)), { cost: 24 });
    const w = pool.request(stackRun(options(12)), { cost: 12 });
    await settle();
    const running48 = posted.find((m) => m.options.L === 48);
    t.cancel();
    await expect(t.promise).rejects.toThrow('cancelled');
    expect(running48.worker.terminated).toBe(true);
    expect(postedL()).toContain(12); // the freed slot takes the waiting run

    pool.cancelAll();
    await expect(u.promise).rejects.toThrow('cancelled');
    await expect(w.promise).rejects.toThrow('cancelled');
    expect(pool.status()).toMatchObject({ running: 0, queued: 0 });
    expect(posted.every((m) => m.worker.terminated)).toBe(true);
  });

  it('warm() starts every worker before any run is asked for', () => {
    const created = [];
    const p = new RunPool({ size: 3, createWorker: () => created.push(new FakeWorker(posted)) && created.at(-1) });
    p.warm();
    p.warm();
    expect(created).toHaveLength(3);
  });

  it("tells its workers which kernel runs, and how long to batch a training run's steps", async () => {
    pool.request(stackRun(options(6)));
    pool.request(trainRun(trainOptions(4)));
    await settle();
    expect(posted.map((m) => m.kind).sort()).toEqual(['stack', 'train']);
    // two workers and the extra one for training runs, each at most 3⅓ messages a second: 10 a second for the page
    expect(posted.every((m) => m.batchMs === 300)).toBe(true);
  });
});

// A training run's options as the kernel's wrapper completes them (the field names are train.defaults';
// train.test.js checks the key against the real list).
const trainOptions = (L, seed = 0, extra = {}) => ({
  task: 'regress',
  placement: 'post',
  L,
  d: 8,
  heads: 2,
  ffnMult: 4,
  B: 2,
  T: 4,
  seed: 1000 * testNo + seed,
  scale: 1,
  causal: false,
  activation: 'relu',
  lr: 3e-3,
  beta1: 0.9,
  beta2: 0.999,
  eps: 1e-8,
  warmup: 0,
  steps: 6,
  streamGrads: false,
  ...extra,
});
const trainRun = (o) => ({ kind: 'train', fields: Object.keys(trainOptions(1)), options: o });
const record = (step) => ({ step, lr: 3e-3, loss: 1 / (step + 1), gradNorm: Float64Array.of(step, 2 * step), ratio: 0.5 });

describe('RunPool, training runs', () => {
  it('streams each step batch to every ticket, replays the steps so far to a ticket that joins late, and caches the finished run', async () => {
    const first = [];
    const late = [];
    const progress = [];
    const a = pool.request(trainRun(trainOptions(2)), { onSteps: (s) => first.push(...s.map((r) => r.step)), onProgress: (p) => progress.push(p) });
    await settle();
    const [job] = posted;
    expect(job.kind).toBe('train');
    job.worker.steps(job.id, [record(0)], 6);
    job.worker.steps(job.id, [record(1), record(2)], 6);
    expect(first).toEqual([0, 1, 2]);
    expect(progress.at(-1)).toBe(0.5);

    const b = pool.request(trainRun(trainOptions(2)), { onSteps: (s) => late.push(...s.map((r) => r.step)) });
    expect(late).toEqual([0, 1, 2]); // at once, in one call
    job.worker.steps(job.id, [record(3), record(4), record(5)], 6);
    expect(first).toEqual([0, 1, 2, 3, 4, 5]);
    expect(late).toEqual([0, 1, 2, 3, 4, 5]);

    const finished = { steps: [0, 1, 2, 3, 4, 5].map(record), summary: { finalLoss: 0.3, trained: false, threshold: 0.2 } };
    job.worker.finish(job.id, finished);
    await expect(a.promise).resolves.toMatchObject({ result: finished, cached: false });
    await expect(b.promise).resolves.toMatchObject({ result: finished, cached: false });

    // asked again, the finished run comes from the cache: no worker is asked
    const again = pool.request(trainRun(trainOptions(2)));
    await expect(again.promise).resolves.toMatchObject({ result: finished, cached: true });
    expect(posted).toHaveLength(1);
  });

  it('keys a training run by every option: runs that differ in one option are two runs', async () => {
    const wide = new RunPool({ size: 4, createWorker: () => new FakeWorker(posted), now: () => clock });
    wide.request(trainRun(trainOptions(2)));
    wide.request(trainRun(trainOptions(2, 0, { warmup: 50 })));
    wide.request(trainRun(trainOptions(2, 0, { lr: 1e-3 })));
    wide.request(trainRun(trainOptions(2, 0, { warmup: 50 })));
    await settle();
    expect(posted.map((m) => [m.options.warmup, m.options.lr]).sort()).toEqual([
      [0, 0.001],
      [0, 0.003],
      [50, 0.003],
    ]);
  });
});

describe('runKey', () => {
  it("covers every field of the kernel's defaults, so options that differ in any one of them differ in their key", async () => {
    const stack = await loadStack();
    const fields = Object.keys(stack.defaults);
    const base = runKey('stack', fields, stack.defaults);
    for (const field of fields) {
      const v = stack.defaults[field];
      const other = typeof v === 'number' ? v + 1 : typeof v === 'boolean' ? !v : `${v}-other`;
      expect(runKey('stack', fields, { ...stack.defaults, [field]: other }), field).not.toBe(base);
    }
    // the same options under another kind are another run
    expect(runKey('train', fields, stack.defaults)).not.toBe(base);
  });

  it('refuses options that are incomplete or carry a field the kernel does not know', () => {
    const o = options(6);
    expect(() => runKey('stack', FIELDS, { ...o, warmUp: 50 })).toThrow('unknown option "warmUp"');
    const { scale, ...withoutScale } = o;
    expect(scale).toBe(1);
    expect(() => runKey('stack', FIELDS, withoutScale)).toThrow('"scale"');
  });
});

// a ticket whose promise is watched from the start (a rejection nobody waits for yet is not an error)
const outcome = (ticket) => ({
  ...ticket,
  outcome: ticket.promise.then(
    () => 'done',
    (e) => e.message,
  ),
});

// a pool of 2 workers that counts the workers it creates
const counting = () => {
  const created = [];
  const p = new RunPool({ size: 2, createWorker: () => created.push(new FakeWorker(posted)) && created.at(-1), now: () => clock });
  return { p, created };
};

describe('RunPool, cancelling', () => {
  it('Cancel with many runs queued stops the running workers and creates none', async () => {
    const { p, created } = counting();
    const tickets = Array.from({ length: 40 }, (_, k) => outcome(p.request(trainRun(trainOptions(2, k)))));
    await settle();
    expect(created).toHaveLength(2);
    p.cancelAll();
    await settle();
    for (const t of tickets) expect(await t.outcome).toBe('cancelled');
    expect(created).toHaveLength(2);
    expect(created.every((w) => w.terminated)).toBe(true);
    expect(p.status()).toMatchObject({ running: 0, queued: 0, workers: 0 });
  });

  it('a figure dropping its runs one by one (a control changed) creates no worker for runs it drops next', async () => {
    const { p, created } = counting();
    for (let change = 0; change < 10; change++) {
      const tickets = Array.from({ length: 12 }, (_, k) => outcome(p.request(trainRun(trainOptions(2, 100 * change + k)))));
      await settle();
      for (const t of tickets) t.cancel(); // what createRunSet().cancel() does
      await settle();
      for (const t of tickets) expect(await t.outcome).toBe('cancelled');
    }
    // each change needs its two workers again (the old ones were stopped mid-run), and nothing more
    expect(created).toHaveLength(2 * 10);
  });

  it('after a cancel, a run still wanted by another figure takes the freed worker', async () => {
    const { p, created } = counting();
    const dropped = outcome(p.request(trainRun(trainOptions(2, 0)), { cost: 1 }));
    p.request(trainRun(trainOptions(2, 1)), { cost: 2 });
    const kept = p.request(trainRun(trainOptions(2, 2)), { cost: 3 });
    await settle();
    expect(p.status()).toMatchObject({ running: 2, queued: 1 });
    dropped.cancel();
    await settle();
    expect(await dropped.outcome).toBe('cancelled');
    expect(p.status()).toMatchObject({ running: 2, queued: 0 });
    expect(posted.at(-1).options.seed).toBe(trainOptions(2, 2).seed);
    expect(created).toHaveLength(3);
    posted.at(-1).worker.finish(posted.at(-1).id);
    await expect(kept.promise).resolves.toMatchObject({ cached: false });
  });
});

describe('RunPool, the extra worker for training runs', () => {
  const SMALL = 50 * 1024 * 1024;

  it("runs three small training runs at once on two cores, while the article's runs keep one worker per core", async () => {
    const { p, created } = counting();
    p.warm();
    expect(created).toHaveLength(2); // the extra worker starts only when a training run needs it
    for (let k = 0; k < 9; k++) p.request(trainRun(trainOptions(2, k)), { bytes: SMALL });
    await settle();
    expect(p.status()).toMatchObject({ running: 3, queued: 6, workers: 3 });
    expect(posted.map((m) => m.options.seed)).toEqual([0, 1, 2].map((k) => trainOptions(2, k).seed));

    const stackOnly = counting();
    for (let k = 0; k < 5; k++) stackOnly.p.request(stackRun(options(6, k)));
    await settle();
    expect(stackOnly.p.status()).toMatchObject({ running: 2, queued: 3, workers: 2 });
  });

  it('gives the extra worker no run that needs much memory, or whose memory is unknown', async () => {
    const { p, created } = counting();
    p.request(trainRun(trainOptions(2, 0)), { bytes: SMALL });
    p.request(trainRun(trainOptions(2, 1)), { bytes: SMALL });
    p.request(trainRun(trainOptions(2, 2)), { bytes: EXTRA_WORKER_MAX_BYTES + 1 });
    p.request(trainRun(trainOptions(2, 3)));
    await settle();
    expect(p.status()).toMatchObject({ running: 2, queued: 2 });
    expect(created).toHaveLength(2);
  });

  it('takes the next small run when it finishes one, and goes (with its memory) when none is left', async () => {
    const { p, created } = counting();
    for (let k = 0; k < 4; k++) p.request(trainRun(trainOptions(2, k)), { bytes: SMALL });
    await settle();
    const extra = created[2];
    const third = posted.find((m) => m.worker === extra);
    extra.finish(third.id, { steps: [], summary: {} });
    await settle();
    expect(posted.at(-1)).toMatchObject({ worker: extra, options: { seed: trainOptions(2, 3).seed } });
    expect(extra.terminated).toBe(false);
    extra.finish(posted.at(-1).id, { steps: [], summary: {} });
    await settle();
    expect(extra.terminated).toBe(true);
    expect(p.status()).toMatchObject({ running: 2, workers: 2 });
    expect(created.slice(0, 2).some((w) => w.terminated)).toBe(false);
  });
});

describe('RunPool, the page’s first run alone (firstRunAlone)', () => {
  const alonePool = () => new RunPool({ size: 2, createWorker: () => new FakeWorker(posted), now: () => clock, firstRunAlone: true });

  it('starts the others once the first article run of a figure in view has finished, then on every worker', async () => {
    const p = alonePool();
    for (let k = 0; k < 4; k++) p.request(stackRun(options(20, k)));
    await settle();
    expect(posted).toHaveLength(1); // two workers, one run
    posted[0].worker.finish(posted[0].id);
    await settle();
    expect(posted).toHaveLength(3); // then both workers at once, and from then on as usual
    posted[1].worker.finish(posted[1].id);
    await settle();
    expect(posted).toHaveLength(4);
  });

  it('lets the others start when the first run fails or is cancelled', async () => {
    const p = alonePool();
    const first = p.request(stackRun(options(20, 0)));
    const failing = p.request(stackRun(options(20, 1)));
    failing.promise.catch(() => {});
    for (let k = 2; k < 4; k++) p.request(stackRun(options(20, k)));
    await settle();
    first.cancel();
    await first.promise.catch(() => {});
    await settle();
    expect(posted).toHaveLength(3); // the cancelled one, then two at once
    posted[1].worker.onmessage({ data: { id: posted[1].id, type: 'error', message: 'no' } });
    await settle();
    expect(posted).toHaveLength(4);
  });

  it('holds nothing back for a first run that is a training run or a prefetch', async () => {
    const lab = alonePool();
    for (let k = 0; k < 3; k++) lab.request(trainRun(trainOptions(2, k)), { bytes: 50 * 1024 * 1024 });
    await settle();
    expect(lab.status()).toMatchObject({ running: 3 });

    posted = [];
    const below = alonePool();
    for (let k = 0; k < 3; k++) below.request(stackRun(options(24, k)), { visible: false });
    await settle();
    expect(posted).toHaveLength(0);
    clock += PREFETCH_HOLD_MS;
    await vi.advanceTimersByTimeAsync(PREFETCH_HOLD_MS);
    expect(posted).toHaveLength(2);
  });

  it('is off unless asked for: every worker takes a run at once', async () => {
    for (let k = 0; k < 3; k++) pool.request(stackRun(options(20, k)));
    await settle();
    expect(posted).toHaveLength(2);
  });
});

describe('poolSize', () => {
  it('gives a worker per core, at most four, and at most one per 2 GB where the browser tells its memory', () => {
    expect(poolSize({ cores: 2 })).toBe(2);
    expect(poolSize({ cores: 16 })).toBe(4);
    expect(poolSize({ cores: undefined })).toBe(2); // no hardwareConcurrency: two
    expect(poolSize({ cores: 8, deviceMemory: 8 })).toBe(4);
    expect(poolSize({ cores: 8, deviceMemory: 4 })).toBe(2); // a 4 GB phone: two workers of about 210 MiB at most
    expect(poolSize({ cores: 8, deviceMemory: 2 })).toBe(1);
    expect(poolSize({ cores: 8, deviceMemory: 0.5 })).toBe(1); // never none
    expect(poolSize({ cores: 2, deviceMemory: 8 })).toBe(2);
  });
});
