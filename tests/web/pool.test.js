// The worker pool's scheduling (web/src/experiment/pool.js) with stand-in workers, so each decision can be
// watched: which run goes to which worker, when. The runs themselves are the kernels' business (stack.test.js).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_HOLD_MS, RunPool } from '../../web/src/experiment/pool.js';

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
  finish(id, result = { ratio: id }) {
    this.onmessage({ data: { id, type: 'result', result, seconds: 0.1 } });
  }
}

// the pool keeps finished results for the visit (cache.js): each test asks for configurations of its own
let testNo = 0;
const options = (L, seed = 0) => ({
  placement: 'pre', L, d: 8, heads: 2, ffnMult: 4, B: 2, T: 3, seed: 1000 * testNo + seed, scale: 1, causal: false, activation: 'relu',
});

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
    const a = pool.request(options(48), { cost: 48 });
    pool.request(options(6), { cost: 6 });
    pool.request(options(24), { cost: 24 });
    const again = pool.request(options(48), { cost: 48 });
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

  it('holds the runs of a figure out of view, so a figure in view that asks a moment later goes first', async () => {
    pool.request(options(96, 0), { cost: 96, visible: false });
    pool.request(options(96, 1), { cost: 96, visible: false });
    await settle();
    expect(posted).toHaveLength(0); // both workers idle, yet the prefetch waits

    clock += 300;
    pool.request(options(20, 0), { cost: 20 });
    await settle();
    expect(postedL()).toEqual([20]);

    clock += PREFETCH_HOLD_MS; // the hold is over: the idle worker prefetches
    await vi.advanceTimersByTimeAsync(PREFETCH_HOLD_MS);
    expect(postedL()).toEqual([20, 96]);
  });

  it('a figure that comes into view has its queued runs start at once', async () => {
    const t = pool.request(options(96), { cost: 96, visible: false });
    await settle();
    expect(posted).toHaveLength(0);
    t.setVisible(true);
    expect(postedL()).toEqual([96]);
  });

  it('orders visible runs before prefetches whatever their cost', async () => {
    pool.request(options(6), { cost: 6, visible: false });
    pool.request(options(50), { cost: 50 });
    pool.request(options(60), { cost: 60 });
    pool.request(options(70), { cost: 70 });
    await settle();
    clock += PREFETCH_HOLD_MS;
    expect(postedL()).toEqual([50, 60]);
    posted[0].worker.finish(posted[0].id);
    expect(postedL()).toEqual([50, 60, 70]);
    posted[1].worker.finish(posted[1].id);
    expect(postedL()).toEqual([50, 60, 70, 6]);
  });

  it('stops a running run when nobody waits for it any more, and Cancel stops every run at once', async () => {
    const t = pool.request(options(48), { cost: 48 });
    const u = pool.request(options(24), { cost: 24 });
    const w = pool.request(options(12), { cost: 12 });
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
});
