// The GEMM floor for table B, for scripts/bench.mjs: bench/gemm_bench.cpp (tk::gemm's SIMD kernel on one block's
// shapes, built as an ES6 module: tk_gemm_bench_web.mjs) in ?workers=N module workers at once (default 2), as table
// B's runs go on the page's two workers. Publishes window.__gemm = {done, outputs: [what each worker printed]}.
const status = document.getElementById('status');
const workers = Number(new URLSearchParams(location.search).get('workers') ?? 2);
const outputs = await Promise.all(
  Array.from(
    { length: workers },
    () =>
      new Promise((resolve, reject) => {
        const worker = new Worker(new URL('./gemm-worker.js', import.meta.url), { type: 'module' });
        worker.onmessage = ({ data }) => resolve(data.lines.join('\n'));
        worker.onerror = (event) => reject(new Error(event.message));
        worker.postMessage(['7']);
      }),
  ),
).catch((error) => {
  window.__gemm = { done: true, error: error.message };
  throw error;
});
document.getElementById('output').textContent = outputs.join('\n\n');
status.textContent = 'done';
window.__gemm = { done: true, outputs };
