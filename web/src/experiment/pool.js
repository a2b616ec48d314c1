// The page's pool of module workers (poolSize: one per core, at most 4 and at most one per 2 GB of the device's
// memory; and one more for training runs: below). Runs are shared by every widget that asks for the same
// configuration, reported as they progress, and cancelled when nobody waits for them any more (a running one by
// terminating its worker, which stops it at once). Four kinds of run: the article's experiment ('stack', one result
// at the end), a training run ('train'), whose steps stream to every waiting ticket as they finish, and a char
// model asked a prompt after a step ('sample', one result); and, on the teachers' page, a student's file graded
// again ('grade', one result, never cached).
// Order: runs of a figure the reader can see first, cheapest first within each kind. A figure only near
// the viewport computes ahead (prefetch), but its runs wait PREFETCH_HOLD_MS in the queue first: figures
// mount together as the page opens, and a running run cannot be taken back, so without the hold a chart
// below the fold could take every worker for seconds while the table in view waits.
// One worker more than the cores, for training runs only: a view's training runs are equally long and come
// in multiples of its configurations (the lab's default view: 3 configurations × 3 seeds). With one worker
// per core, an odd count leaves a core idle while the last run computes alone; a third worker time-shares the
// two cores, so the runs finish in fewer rounds, each seed's curves of every configuration growing together.
// The article's runs keep one worker per core (a shared core would delay its first numbers), and only a run
// that needs little memory takes the extra worker (three large runs at once could exhaust a small machine).
// The page's first run, when it is an article run of a figure in view, runs alone (firstRunAlone): a fresh module
// runs in V8's baseline code while its optimising compiler works on background threads, and on 2 cores a second
// first run beside it, the page's main thread and those compiler threads all share them.
// (What each choice measured: docs/measurements.md, "The page's workers".)
import { compiledKernels } from '../kernels/compiled.js';
import { cached, store } from './cache.js';

const MAX_WORKERS = 4;
const GB_PER_WORKER = 2;
const EXTRA_TRAIN_WORKERS = 1;
export const EXTRA_WORKER_MAX_BYTES = 256 * 1024 * 1024;
export const PREFETCH_HOLD_MS = 1000;
const STEP_BATCH_MS = 100; // one worker alone sends a training run's steps at most 10 times a second
/**
 * @typedef {import('./worker.js').RunKind} RunKind
 * @typedef {{result: any, seconds: number, cached: boolean}} RunValue  what a request's promise resolves to
 * @typedef {object} Ticket  one request's hold on a job
 * @property {(value: RunValue) => void} resolve
 * @property {(error: Error) => void} reject
 * @property {((fraction: number) => void) | undefined} onProgress
 * @property {((steps: object[]) => void) | undefined} onSteps
 * @property {boolean | null} visible
 * @typedef {object} Job  one run, shared by every ticket that asks for its key
 * @property {string} key
 * @property {RunKind} kind
 * @property {Record<string, unknown>} options
 * @property {number} cost
 * @property {number} bytes
 * @property {boolean} cache
 * @property {Set<Ticket>} tickets
 * @property {'looking' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled'} state
 * @property {number} progress
 * @property {object[]} steps
 * @property {number} [queuedAt]
 * @property {number} [id]
 * @property {Slot} [slot]
 * @property {boolean} [retried]
 * @typedef {{worker: Worker | null, job: Job | null, trainOnly: boolean, ran?: number}} Slot
 */
/** @param {Job} job */
const inView = (job) => [...job.tickets].some((t) => t.visible === true);
// a figure that has not yet said whether it is in view (its first report comes a frame after it asks) may be
/** @param {Job} job */
const mayBeInView = (job) => [...job.tickets].some((t) => t.visible !== false);
/** @type {RunPool | undefined} */
let singleton;

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

/**
 * Canonical key of a run: its kind, then every option in the order of fields (the names of the kernel's
 * defaults, so an option the kernel gains is in the key without anyone typing it here). Options must be
 * complete, and hold nothing else: a misspelt option would otherwise share a key with the default run.
 * @param {string} kind  @param {string[]} fields  @param {Record<string, unknown>} options
 */
export function runKey(kind, fields, options) {
  const known = new Set(fields);
  const stray = Object.keys(options).find((k) => !known.has(k));
  if (stray !== undefined) throw new Error(`unknown option "${stray}" for a ${kind} run`);
  const missing = fields.find((f) => options[f] === undefined);
  if (missing !== undefined) throw new Error(`the option "${missing}" of a ${kind} run is missing`);
  return JSON.stringify([kind, ...fields.map((f) => options[f])]);
}

export class RunPool {
  /** size: the workers for every kind of run (the page's: poolSize); training runs may also take EXTRA_TRAIN_WORKERS more.
   * firstRunAlone: the first run to start, if an article run ('stack') of a figure in view, runs alone (above).
   * @param {{size: number, createWorker: () => Worker, now?: () => number, firstRunAlone?: boolean}} setup */
  constructor({ size, createWorker, now = () => performance.now(), firstRunAlone = false }) {
    this.size = size;
    this.firstRunAlone = firstRunAlone;
    /** @type {Job | null} */
    this.alone = null; // that first run while it runs: no other starts
    this.createWorker = createWorker;
    this.now = now;
    /** @type {(i: number) => Slot} */
    const slot = (i) => ({ worker: null, job: null, trainOnly: i >= size });
    this.slots = Array.from({ length: size + EXTRA_TRAIN_WORKERS }, (_, i) => slot(i));
    /** @type {Map<string, Job>} */
    this.jobs = new Map(); // key -> job
    /** @type {Job[]} */
    this.queue = [];
    this.nextId = 1;
    /** @type {Set<(status: PoolStatus) => void>} */
    this.listeners = new Set();
    this.finished = 0;
    /** @type {(() => void)[]} */
    this.quietWaiters = [];
  }

  /**
   * Asks for one run: kind ('stack' | 'train'), fields (the kernel's option names, see runKey) and complete
   * options. cost orders the queue (cheapest first); bytes: the memory the run needs (the kernel's check), which
   * decides whether a training run may take the extra worker (unknown: it may not); visible: whether the asking
   * figure is in view (see setVisible). onSteps(steps) hears a training run's step records as they finish, in
   * order, from the first (a ticket that joins a running job first hears every step so far, in one call).
   * visible null: the figure has not said yet (ordered as out of view, waited for as in view: whenNothingInView).
   * cache false: the result is neither looked up nor kept (cache.js): a run whose options do not say all it depends on
   * (a student's file, a File object, graded for the teachers' page).
   * → {promise, cancel(), setVisible(visible)}; promise resolves to {result, seconds, cached} or rejects
   * with Cancelled / Error.
   * @param {{kind: RunKind, fields: string[], options: Record<string, unknown>}} run
   * @param {{cost?: number, bytes?: number, onProgress?: (fraction: number) => void, onSteps?: (steps: object[]) => void,
   *   visible?: boolean | null, cache?: boolean}} [how]
   * @returns {{promise: Promise<RunValue>, cancel(): void, setVisible(visible: boolean | null): void}}
   */
  request({ kind, fields, options }, { cost = 1, bytes = Infinity, onProgress = undefined, onSteps = undefined, visible = true, cache = true } = {}) {
    const key = runKey(kind, fields, options);
    /** @type {Ticket} */
    let ticket;
    const promise = new Promise((resolve, reject) => {
      ticket = { resolve, reject, onProgress, onSteps, visible };
    });
    let job = this.jobs.get(key);
    if (!job) {
      job = { key, kind, options, cost, bytes, cache, tickets: new Set(), state: 'looking', progress: 0, steps: [] };
      this.jobs.set(key, job);
      this.lookUp(job);
    }
    job.tickets.add(ticket);
    if (job.progress && onProgress) onProgress(job.progress);
    if (job.steps.length && onSteps) onSteps(job.steps.slice());
    if (job.state === 'queued') this.reorder();
    this.emit();
    return {
      promise,
      cancel: () => this.release(job, ticket),
      setVisible: (v) => {
        ticket.visible = v;
        if (job.state === 'queued')
          this.reorder(); // (which pumps, and every pump emits: checkQuiet)
        else this.checkQuiet();
      },
    };
  }

  /** @param {Job} job */
  async lookUp(job) {
    const hit = job.cache ? await cached(job.key) : undefined;
    if (job.state !== 'looking') return; // cancelled meanwhile
    if (hit) return this.settle(job, { result: hit.result, seconds: hit.seconds, cached: true });
    job.state = 'queued';
    job.queuedAt = this.now();
    this.queue.push(job);
    this.reorder();
  }

  reorder() {
    /** @param {Job} job */
    const rank = (job) => (inView(job) ? 0 : 1);
    this.queue.sort((a, b) => rank(a) - rank(b) || a.cost - b.cost);
    this.pump();
  }

  /** The next job the free slot may take: a visible one, else a prefetch that has waited its hold. @param {Slot} slot */
  next(slot) {
    const now = this.now();
    /** @param {Job} job */
    const fits = (job) => !slot.trainOnly || (job.kind === 'train' && job.bytes <= EXTRA_WORKER_MAX_BYTES);
    const i = this.queue.findIndex((job) => fits(job) && (inView(job) || now - job.queuedAt >= PREFETCH_HOLD_MS));
    if (i >= 0) return this.queue.splice(i, 1)[0];
    // only prefetches still on hold (or none this slot may take): look again when the first of them is due
    const held = this.queue.filter(fits);
    if (held.length === 0) return undefined;
    const due = Math.min(...held.map((job) => job.queuedAt + PREFETCH_HOLD_MS));
    clearTimeout(this.holdTimer);
    this.holdTimer = setTimeout(() => this.pump(), Math.max(0, due - now));
    return undefined;
  }

  /** Starts every worker now (each loads its own wasm module), so the first runs do not wait for that; the
   * extra training worker only when a training run asks for it. */
  warm() {
    for (const slot of this.slots) if (!slot.trainOnly) slot.worker ??= this.spawn(slot);
    this.emit();
  }

  pump() {
    for (const slot of this.slots) {
      if (this.alone) break;
      if (slot.job || this.queue.length === 0) continue;
      const job = this.next(slot);
      if (!job) continue;
      slot.job = job;
      job.state = 'running';
      job.slot = slot;
      if (this.firstRunAlone) {
        this.firstRunAlone = false;
        if (job.kind === 'stack' && inView(job)) this.alone = job;
      }
      job.id = this.nextId++;
      slot.worker ??= this.spawn(slot);
      // every worker batches its steps so that all of them together send about 10 messages a second
      /** @type {import('./worker.js').RunMessage} */
      const run = { id: job.id, kind: job.kind, options: job.options, batchMs: STEP_BATCH_MS * this.slots.length };
      if (job.id === 1) performance.mark?.('first run posted'); // a milestone of the page's opening (npm run bench)
      slot.worker.postMessage(run);
    }
    // an extra worker with nothing left to take goes, and its memory with it (a wasm module never gives back
    // what it grew to); the next training view starts another
    for (const slot of this.slots) {
      if (!slot.trainOnly || slot.job || !slot.worker) continue;
      slot.worker.terminate();
      slot.worker = null;
    }
    this.emit();
  }

  // One pump after a burst of cancellations, not one per cancelled run: pumping inside the burst would hand
  // each freed slot a queued run (in a new worker) that the very next cancellation stops again.
  pumpSoon() {
    if (this.pumpQueued) return;
    this.pumpQueued = true;
    queueMicrotask(() => {
      this.pumpQueued = false;
      this.pump();
    });
  }

  // The kernels' memory check is a fresh module's: a module keeps the memory earlier runs grew it to, in pieces
  // its allocator may not join, so a run the check accepted can fail in a worker that has run others. Such a run
  // goes once more to a fresh worker (this one's memory with it) before its error is the run's.
  /** @param {Slot} slot  @param {Job} job */
  retryFresh(slot, job) {
    job.retried = true;
    slot.worker.terminate();
    slot.worker = null;
    job.state = 'queued';
    job.queuedAt = -Infinity; // no prefetch hold: it has waited its turn
    this.queue.unshift(job);
    this.reorder();
  }

  /** @param {Slot} slot */
  spawn(slot) {
    slot.ran = 0; // runs this worker has finished
    const worker = this.createWorker();
    worker.onmessage = (/** @type {MessageEvent<import('./worker.js').FromWorker>} */ { data }) => {
      const job = slot.job;
      if (data.type === 'ready') {
        if (!this.workerReady) performance.mark?.('first worker ready'); // a milestone of the page's opening (npm run bench)
        this.workerReady = true;
        return;
      }
      if (!job || data.id !== job.id) return;
      if (data.type === 'progress') {
        job.progress = data.done / data.total;
        for (const t of job.tickets) t.onProgress?.(job.progress);
        this.emit();
      } else if (data.type === 'steps') {
        job.steps.push(...data.steps);
        job.progress = data.done / data.total;
        for (const t of job.tickets) {
          t.onSteps?.(data.steps);
          t.onProgress?.(job.progress);
        }
        this.emit();
      } else if (data.type === 'result') {
        if (!this.finished) performance.mark?.('first run done'); // a milestone of the page's opening (npm run bench)
        slot.job = null;
        slot.ran++;
        this.stopped(job);
        if (job.cache) store(job.key, { result: data.result, seconds: data.seconds });
        this.settle(job, { result: data.result, seconds: data.seconds, cached: false });
        this.pump();
      } else if (data.type === 'error') {
        slot.job = null;
        this.stopped(job);
        if (slot.ran > 0 && !job.retried) return this.retryFresh(slot, job);
        this.fail(job, new Error(data.message));
        this.pump();
      }
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      const job = slot.job;
      slot.job = null;
      slot.worker?.terminate();
      slot.worker = null;
      if (job) {
        this.stopped(job);
        this.fail(job, new Error(event.message || 'the worker stopped'));
      }
      this.pump();
    };
    return worker;
  }

  /** A running job has ended (a result, an error, its worker stopped): the others may start. @param {Job} job */
  stopped(job) {
    if (this.alone === job) this.alone = null;
  }

  /** @param {Job} job  @param {RunValue} value */
  settle(job, value) {
    job.state = 'done';
    this.jobs.delete(job.key);
    this.finished++;
    for (const t of job.tickets) t.resolve(value);
    this.emit();
  }

  /** @param {Job} job  @param {Error} error */
  fail(job, error) {
    job.state = 'failed';
    this.jobs.delete(job.key);
    for (const t of job.tickets) t.reject(error);
    this.emit();
  }

  /** @param {Job} job  @param {Ticket} ticket */
  release(job, ticket) {
    if (!job.tickets.delete(ticket)) return;
    ticket.reject(new Cancelled());
    if (job.tickets.size === 0) this.abandon(job);
    else if (job.state === 'queued') this.reorder();
    this.emit();
  }

  // Nobody waits for this job: drop it from the queue, or stop its worker (a free slot takes the next run
  // once the caller's burst of cancellations is over: pumpSoon).
  /** @param {Job} job */
  abandon(job) {
    this.jobs.delete(job.key);
    if (job.state === 'queued') this.queue.splice(this.queue.indexOf(job), 1);
    if (job.state === 'running') {
      this.stopped(job);
      job.slot.worker.terminate();
      job.slot.worker = null;
      job.slot.job = null;
      this.pumpSoon();
    }
    job.state = 'cancelled';
  }

  /** Stops everything at once: every waiting request rejects with Cancelled, every running worker is stopped. */
  cancelAll() {
    for (const job of [...this.jobs.values()]) {
      for (const t of job.tickets) t.reject(new Cancelled());
      job.tickets.clear();
      this.abandon(job);
    }
    this.emit();
  }

  /**
   * Resolves once no figure that is, or may be, in view waits for a run (none of its runs looking up, queued or
   * running): at once if none does. Runs of figures only near the view may go on.
   * @returns {Promise<void>}
   */
  whenNothingInView() {
    return new Promise((resolve) => {
      this.quietWaiters.push(resolve);
      this.checkQuiet();
    });
  }

  checkQuiet() {
    if (this.quietWaiters.length === 0 || [...this.jobs.values()].some(mayBeInView)) return;
    for (const resolve of this.quietWaiters.splice(0)) resolve();
  }

  /**
   * {running, queued, finished, progress: [0..1] per running job}
   * @returns {PoolStatus}
   * @typedef {{running: number, queued: number, finished: number, progress: number[], workers: number}} PoolStatus
   */
  status() {
    return {
      running: this.slots.filter((s) => s.job).length,
      queued: this.queue.length,
      finished: this.finished,
      progress: this.slots.filter((s) => s.job).map((s) => s.job.progress),
      workers: this.slots.filter((s) => s.worker).length,
    };
  }

  /** @param {(status: PoolStatus) => void} listener */
  onStatus(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // Status listeners (the status line) hear at most four times a second: the main thread stays free.
  emit() {
    this.checkQuiet(); // every change of the jobs comes through here
    if (this.emitTimer) return;
    const wait = Math.max(0, 250 - (performance.now() - (this.lastEmit ?? -Infinity)));
    this.emitTimer = setTimeout(() => {
      this.emitTimer = null;
      this.lastEmit = performance.now();
      const s = this.status();
      for (const l of this.listeners) l(s);
    }, wait);
  }
}

/**
 * How many workers a device gets: one per core, at most MAX_WORKERS, and at most one per GB_PER_WORKER of its
 * memory where the browser tells it (navigator.deviceMemory, in GB, rounded: Chromium's). A worker keeps the
 * memory its largest run grew its module to (an article run at L = 96 is the largest of the page's defaults) for
 * as long as it lives: four of them would take a large share of a small phone's memory.
 * @param {{cores?: number, deviceMemory?: number}} device
 */
export function poolSize({ cores, deviceMemory }) {
  const byCores = Math.max(1, Math.min(MAX_WORKERS, cores || 2));
  if (!(deviceMemory > 0)) return byCores;
  return Math.max(1, Math.min(byCores, Math.floor(deviceMemory / GB_PER_WORKER)));
}

/** A module worker for the kernels' runs (worker.js), handed the kernels compiled once for the page
 * (kernels/compiled.js); when the page could not compile them, the worker loads its own. */
export function createKernelWorker() {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  compiledKernels().then(
    (kernels) => worker.postMessage({ kernels }),
    () => worker.postMessage({ kernels: null }),
  );
  return worker;
}

/** The page's one pool, created on first use. */
export function getPool() {
  singleton ??= new RunPool({
    size: poolSize({ cores: navigator.hardwareConcurrency, deviceMemory: /** @type {any} */ (navigator).deviceMemory }),
    createWorker: createKernelWorker,
    firstRunAlone: true,
  });
  return singleton;
}
