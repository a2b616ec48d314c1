// The training lab's default run (regress, d = 64, L = 24, 150 steps) in one module worker with the site's own
// module, for scripts/bench.mjs. Publishes window.__train = {done, seconds, gflop, gflops, firstStepSeconds}.
const status = document.getElementById('status');
const worker = new Worker(new URL('./train-worker.js', import.meta.url), { type: 'module' });
worker.onmessage = ({ data }) => {
  window.__train = { done: true, ...data };
  status.textContent = JSON.stringify(window.__train);
};
worker.onerror = (event) => {
  window.__train = { done: true, error: event.message };
  status.textContent = `error: ${event.message}`;
};
worker.postMessage({ steps: Number(new URLSearchParams(location.search).get('steps') ?? 150) });
