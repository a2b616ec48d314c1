// A fresh worker's first runs (table A's: Post-LN, L = 20, one seed each), one after another, each with its own
// time, for scripts/bench.mjs: on a first visit V8 runs the module's baseline code until its optimised code is in,
// and the first live number waits for that. Then a second fresh worker's first run, started once the first is
// warm (the browser's process shares one compiled module between its workers). ?L=20&runs=8.
// Publishes window.__cold = {done, L, times: [{run, wall}…]}: run, the kernel's own seconds (worker.js); wall,
// from posting the message to the result (the first also waits for the worker to load its module); or {done, error}.
import { createKernelWorker } from '../../web/src/experiment/pool.js';
import { loadStack } from '../../web/src/kernels/stack.js';

const query = new URLSearchParams(location.search);
const L = Number(query.get('L') ?? 20);
const runs = Number(query.get('runs') ?? 8);
const stack = await loadStack();
const newWorker = () => createKernelWorker(); // as the page's pool makes them: handed the page's compiled module

function timedRun(worker, seed) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.type === 'result') resolve({ run: data.seconds, wall: (performance.now() - started) / 1000 });
      if (data.type === 'error') reject(new Error(data.message));
    };
    worker.onerror = (event) => reject(new Error(event.message || 'the worker did not start'));
    worker.postMessage({ id: seed + 1, kind: 'stack', options: { ...stack.defaults, placement: 'post', L, seed, scale: 1 } });
  });
}

try {
  const times = [];
  const first = newWorker();
  for (let seed = 0; seed < runs; seed++) times.push(await timedRun(first, seed));
  times.push(await timedRun(newWorker(), runs));
  window.__cold = { done: true, L, times };
} catch (error) {
  window.__cold = { done: true, error: error.message };
}
document.getElementById('status').textContent = JSON.stringify(window.__cold);
