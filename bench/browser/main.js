// Table B in the browser, on the page's own worker pool, for scripts/bench.mjs: 72 runs on ?workers=N
// module workers (default 2), nothing cached. Publishes window.__bench = {done, seconds, runs, gflop, ...}.
import { loadStack } from '../../web/src/kernels/stack.js';
import { RunPool, createKernelWorker } from '../../web/src/experiment/pool.js';

const status = document.getElementById('status');
const workers = Number(new URLSearchParams(location.search).get('workers') ?? 2);
const stack = await loadStack();
const pool = new RunPool({
  size: workers,
  createWorker: createKernelWorker, // as the page's: handed the page's compiled module
});

const runs = []; // nothing is cached: the page's build key is fresh (vite.config.js)
for (const placement of ['post', 'pre', 'nores']) {
  for (const L of [6, 24, 48, 96]) {
    for (let seed = 0; seed < 6; seed++) runs.push({ ...stack.defaults, placement, L, seed, scale: 1 });
  }
}
const started = performance.now();
let busy = 0;
let finished = 0;
let firstResult;
const results = await Promise.all(
  runs.map((options) =>
    pool
      .request({ kind: 'stack', fields: Object.keys(stack.defaults), options }, { cost: stack.flops(options) })
      .promise.then(({ result, seconds, cached }) => {
        firstResult ??= performance.now() - started;
        busy += seconds;
        if (cached) throw new Error('a run came from the cache');
        status.textContent = `${++finished} of ${runs.length} runs…`;
        return { options, ratio: result.ratio, seconds };
      }),
  ),
);
const seconds = (performance.now() - started) / 1000;
const gflop = runs.reduce((sum, o) => sum + stack.flops(o), 0) / 1e9;
const medians = {};
for (const placement of ['post', 'pre', 'nores']) {
  for (const L of [6, 24, 48, 96]) {
    medians[`${placement} ${L}`] = stack.median(results.filter((r) => r.options.placement === placement && r.options.L === L).map((r) => r.ratio));
  }
}
const L96 = results.filter((r) => r.options.L === 96);
window.__bench = {
  done: true,
  workers,
  runs: runs.length,
  seconds,
  gflop,
  gflops: gflop / seconds,
  gflopsPerWorker: gflop / busy,
  busySeconds: busy, // the workers' time in runs, summed: below workers × seconds by what they spent idle
  firstResultSeconds: firstResult / 1000,
  msPerBlockL96: (1000 * L96.reduce((s, r) => s + r.seconds, 0)) / (L96.length * 96),
  medians,
};
status.textContent = JSON.stringify(window.__bench);
