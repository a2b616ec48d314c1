// One block's time by operation in a Chromium worker, for scripts/bench.mjs: runs bench/block_bench.cpp (built as
// an ES6 module with the kernels' timed copy, tk_block_bench_web.mjs) in a module worker, as the page's own runs
// go, with ?L=24&seeds=2 passed on (?train: the training lab's run, --train). Publishes window.__profile = {done,
// lines, clockResolutionMs}.
const status = document.getElementById('status');
const query = new URLSearchParams(location.search);
const args = query.has('train') ? ['--train'] : ['--L', query.get('L') ?? '24', '--seeds', query.get('seeds') ?? '2'];
const worker = new Worker(new URL('./profile-worker.js', import.meta.url), { type: 'module' });
worker.onmessage = ({ data }) => {
  document.getElementById('output').textContent = data.lines.join('\n');
  status.textContent = 'done';
  window.__profile = { done: true, ...data };
};
worker.onerror = (event) => {
  status.textContent = `error: ${event.message}`;
  window.__profile = { done: true, error: event.message, lines: [] };
};
worker.postMessage(args);
