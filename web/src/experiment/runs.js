// A widget's view of the worker pool: ask for the runs a view needs, hear about each as it progresses and
// finishes, and drop the whole set when the controls change or the widget goes away. Runs another widget
// also asked for keep going; the pool stops a run only when nobody waits for it.
import { loadStack } from '../kernels/stack.js';
import { loadTrain } from '../kernels/train.js';
import { mountStatusBar } from './status-bar.js';
import { Cancelled, getPool } from './pool.js';

const PROGRESS_INTERVAL_MS = 250;

/** The wrapper of each kind of run the pool runs (each has defaults, check and flops). */
export const KERNELS = { stack: loadStack, train: loadTrain };

/**
 * kind: 'stack' (the article's experiment) or 'train' (a training run, whose steps stream).
 * @param {'stack' | 'train'} [kind]
 * @typedef {{options: Record<string, unknown>} & Record<string, any>} Run  a run asked for, and whatever the caller wants back
 * @typedef {import('./pool.js').RunValue} RunValue
 */
export async function createRunSet(kind = 'stack') {
  const [kernel, pool] = [await KERNELS[kind](), getPool()];
  const fields = Object.keys(kernel.defaults);
  mountStatusBar(pool);
  /** @type {ReturnType<import('./pool.js').RunPool['request']>[]} */
  let tickets = [];
  let generation = 0;
  /** @type {boolean | null} */
  let visible = null; // unknown until the figure says whether it is in view (setVisible): its first report comes a frame later

  return {
    /**
     * runs: [{options (without defaults), ...anything the caller wants back}].
     * handlers: onResult(run, {result, seconds, cached}), onProgress(run, fraction), onSteps(run, steps) (a
     * training run's step records as they finish), onError(run, error), onCancelled() once if the set was
     * cancelled from outside (the global Cancel button), onDone().
     * A run that the previous set also asked for keeps going (its new ticket is taken before the old goes).
     * @template {Run} R
     * @param {R[]} runs
     * @param {{onResult: (run: R, value: RunValue) => void, onProgress?: (run: R, fraction: number) => void,
     *   onSteps?: (run: R, steps: object[]) => void, onError?: (run: R, error: Error) => void, onCancelled?: () => void,
     *   onDone?: () => void}} handlers
     */
    start(runs, { onResult, onProgress, onSteps = undefined, onError, onCancelled, onDone }) {
      const previous = tickets;
      const mine = ++generation;
      let open = runs.length;
      // progress redraws at most four times a second: the main thread stays free while workers compute
      /** @type {Map<R, number>} */
      const pending = new Map();
      /** @type {ReturnType<typeof setTimeout> | null} */
      let timer = null;
      let last = 0;
      /** @type {(run: R, fraction: number) => void} */
      const progressed = (run, fraction) => {
        pending.set(run, fraction);
        if (timer !== null) return;
        timer = setTimeout(
          () => {
            timer = null;
            last = performance.now();
            if (mine !== generation) return;
            for (const [r, f] of pending) onProgress?.(r, f);
            pending.clear();
          },
          Math.max(0, PROGRESS_INTERVAL_MS - (performance.now() - last)),
        );
      };
      let cancelledReported = false;
      const finish = () => {
        if (--open === 0 && mine === generation) onDone?.();
      };
      tickets = runs.map((run) => {
        const options = { ...kernel.defaults, ...run.options };
        const ticket = pool.request(
          { kind, fields, options },
          {
            cost: kernel.flops(options),
            bytes: kind === 'train' ? kernel.check(options) : undefined, // whether it may take the extra worker
            visible,
            onProgress: (p) => progressed(run, p),
            onSteps: onSteps && ((steps) => mine === generation && onSteps(run, steps)),
          },
        );
        ticket.promise.then(
          (value) => {
            if (mine !== generation) return;
            onResult(run, value);
            finish();
          },
          (error) => {
            if (mine !== generation) return;
            if (error instanceof Cancelled) {
              if (!cancelledReported) onCancelled?.();
              cancelledReported = true;
            } else {
              onError?.(run, error);
              finish();
            }
          },
        );
        return ticket;
      });
      for (const t of previous) t.cancel();
      if (runs.length === 0) onDone?.();
    },

    /** Whether the figure is in the reader's view: its runs go before those of figures only near it. @param {boolean | null} inView */
    setVisible(inView) {
      visible = inView;
      for (const t of tickets) t.setVisible(inView);
    },

    cancel() {
      generation++;
      const old = tickets;
      tickets = [];
      for (const t of old) t.cancel();
    },
  };
}
