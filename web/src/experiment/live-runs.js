// What every figure of the article (a table or a chart) does with its runs: have the kernel check them all
// before any starts, keep their results, progress and errors as they arrive, redraw at most once a frame,
// and keep the reader told in a footer line, with a Compute button to resume after a cancel.
import { assessWork, createShare, formatFlop, recordRun } from './budget.js';
import { cachedNow } from './cache.js';
import { getPool, runKey } from './pool.js';
import { KERNELS, createRunSet } from './runs.js';
import { element, html, setFlag, setText } from '../ui/html.js';

const TRAIN_REDRAW_MS = 250;
/** "1 run", "12 runs" @param {number} n */
const countOf = (n) => `${n} run${n === 1 ? '' : 's'}`;

/**
 * el: the figure's element (whether it is in view orders its runs in the pool). render(): draws from
 * live.results / progress / failed / steps; live.dataChanged is true when a result, a training step or an
 * error arrived since the last draw (progress alone leaves it false). restart(): the figure's own start.
 * `what` names what fills in ("cells", "curves", "points") in the cancel message. kind: 'stack' or 'train'.
 * @param {{el: Element, render: () => void, restart: () => void, what?: string, kind?: 'stack' | 'train'}} figure
 */
export async function createLiveRuns({ el, render, restart, what = 'values', kind = 'stack' }) {
  getPool().warm(); // the workers start loading now, beside the page's own copy of the module
  const [kernel, runSet] = await Promise.all([KERNELS[kind](), createRunSet(kind)]);
  const view = new IntersectionObserver((entries) => runSet.setVisible(entries.at(-1).isIntersecting));
  view.observe(el);
  const footer = element(html`<p class="exp-footer" aria-live="polite"></p>`);
  const compute = element(html`<button type="button" hidden>Compute</button>`);
  /** @type {string | null} */
  let asking = null; // the run set over the work budget that waits for the reader's yes (its key)
  const share = createShare(); // this figure's part of the page's budget
  /** @type {string | null} */
  let approved = null;
  let runKeys = new Map(); // the last runs started: id → the pool's key of its configuration
  compute.addEventListener('click', () => {
    approved = asking ?? approved;
    restart();
  });

  // A training run streams its steps several times a second per worker, and each draw of the lab (curves,
  // heat maps) costs the main thread, which shares the cores with the workers: its figures redraw at most
  // every TRAIN_REDRAW_MS. The article's figures redraw at most once a frame.
  const minInterval = kind === 'train' ? TRAIN_REDRAW_MS : 0;
  /** @type {number | undefined} */
  let frame;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let drawnAt = -Infinity;
  const cancelDraw = () => {
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
    frame = timer = undefined;
  };
  const drawNow = () => {
    cancelDraw();
    drawnAt = performance.now();
    render();
  };
  /** @param {boolean} data  a result, a step or an error arrived (not progress alone) */
  const soon = (data) => {
    if (data) live.dataChanged = true;
    if (frame !== undefined || timer !== undefined) return;
    const draw = () => {
      timer = undefined;
      frame = requestAnimationFrame(drawNow);
    };
    const wait = drawnAt + minInterval - performance.now();
    if (wait > 0) timer = setTimeout(draw, wait);
    else draw();
  };

  const live = {
    footer,
    compute,
    results: new Map(),
    progress: new Map(),
    failed: new Map(),
    steps: new Map(), // a training run's step records so far, by run id
    dataChanged: true,
    // what runs not yet started wait for: 'worker' (queued in the pool) or 'reader' (over the budget, or
    // cancelled: nothing starts until Compute is pressed)
    waitingFor: 'worker',

    /** Starts runs [{id, options, …}] in the pool; false (and the footer says why) if the kernel refuses one.
     * @param {({id: string, options: Record<string, unknown>} & Record<string, any>)[]} runs */
    start(runs) {
      try {
        for (const r of runs) kernel.check(r.options);
      } catch (error) {
        setText(footer, `Cannot run: ${error.message}`);
        setFlag(compute, 'hidden', true);
        runSet.cancel();
        share.clear();
        return false;
      }
      // a link can ask for days of work: above the budget (budget.js) show the estimate and wait for a yes
      const fields = Object.keys(kernel.defaults);
      /** @param {Record<string, unknown>} o */
      const keyOf = (o) => runKey(kind, fields, o);
      const full = runs.map((r) => ({ ...kernel.defaults, ...r.options }));
      const todo = new Map(full.map((o) => /** @type {[string, Record<string, unknown>]} */ ([keyOf(o), o])).filter(([k]) => !cachedNow(k)));
      const flops = new Map([...todo].map(([k, o]) => [k, kernel.flops(o)]));
      share.clear();
      const others = share.others(new Set(todo.keys()));
      const work = assessWork(
        [...flops.values()].reduce((a, b) => a + b, 0),
        todo.size,
        getPool().size,
        others,
      );
      const key = JSON.stringify(full.map(keyOf));
      asking = work.over && key !== approved ? key : null;
      setText(compute, asking ? 'Compute anyway' : 'Compute');
      if (asking) {
        runSet.cancel();
        live.waitingFor = 'reader';
        const crowd = work.crowded
          ? ` Other figures of this page are still computing about ${formatFlop(others)}, and together that is more than the page starts without asking.`
          : '';
        setText(footer, `This would start ${work.text}${crowd} Nothing has started yet.`);
        setFlag(compute, 'hidden', false);
        return false;
      }
      // work the reader said yes to is theirs; the rest counts against the page's budget until it finishes
      if (key !== approved) share.claim(flops);
      // a run asked for again, its configuration unchanged, keeps its result: when only some of a figure's runs
      // change (a written wiring's rows in Part 4's table), the others' cells are not drawn again
      const keys = new Map(runs.map((r, k) => [r.id, keyOf(full[k])]));
      live.results = new Map([...live.results].filter(([id]) => keys.has(id) && keys.get(id) === runKeys.get(id)));
      runKeys = keys;
      live.progress = new Map();
      live.failed = new Map();
      live.steps = new Map();
      live.dataChanged = true;
      live.waitingFor = 'worker';
      let computeSeconds = 0;
      setFlag(compute, 'hidden', true);
      setText(footer, `Computing ${countOf(runs.length)} in your browser…`);
      runSet.start(runs, {
        onProgress: (r, p) => {
          live.progress.set(r.id, p);
          soon(false);
        },
        onSteps: (r, steps) => {
          if (!live.steps.has(r.id)) live.steps.set(r.id, []);
          live.steps.get(r.id).push(...steps);
          soon(true);
        },
        onResult: (r, { result, seconds, cached }) => {
          share.release(keyOf({ ...kernel.defaults, ...r.options }));
          live.results.set(r.id, result);
          if (!cached) {
            computeSeconds += seconds;
            recordRun(kernel.flops({ ...kernel.defaults, ...r.options }), seconds);
          }
          soon(true);
        },
        onError: (r, error) => {
          share.release(keyOf({ ...kernel.defaults, ...r.options }));
          live.failed.set(r.id, error.message);
          soon(true);
        },
        onCancelled: () => {
          share.clear();
          live.waitingFor = 'reader';
          soon(false);
          setText(footer, `Cancelled. The ${what} computed so far stay; Compute finishes the rest.`);
          setFlag(compute, 'hidden', false);
        },
        onDone: () => {
          drawNow(); // the last results now, not after the redraw's wait: "N runs" stands under the final figure
          setText(
            footer,
            countOf(runs.length) +
              (computeSeconds > 0 ? `, ${computeSeconds.toFixed(1)} s of computing in your browser's workers.` : ', all from this browser’s cache.'),
          );
        },
      });
      return true;
    },

    /** Stops its runs at the reader's word (a figure's own Cancel): what finished stays, Compute finishes the rest. */
    cancel() {
      runSet.cancel();
      share.clear();
      live.waitingFor = 'reader';
      setText(footer, `Cancelled. The ${what} computed so far stay; Compute finishes the rest.`);
      setFlag(compute, 'hidden', false);
      soon(false);
    },

    /** Stops its runs and its drawing for good (the figure goes away). */
    destroy() {
      view.disconnect();
      runSet.cancel();
      share.clear();
      cancelDraw();
    },
  };
  return live;
}
