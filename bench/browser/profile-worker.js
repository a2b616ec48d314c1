// Runs the block breakdown's main() with the given arguments and posts back what it printed, and the clock's
// resolution here (Chromium coarsens performance.now() to 100 µs unless the page is cross-origin isolated;
// scripts/bench.mjs serves this page isolated, 5 µs).
import createBlockBench from '../../build/wasm-bench/tk_block_bench_web.mjs';

function clockResolutionMs() {
  let smallest = Infinity;
  let last = performance.now();
  for (let seen = 0; seen < 50;) {
    const now = performance.now();
    if (now !== last) {
      smallest = Math.min(smallest, now - last);
      last = now;
      seen++;
    }
  }
  return smallest;
}

self.onmessage = async ({ data: args }) => {
  const lines = [];
  const bench = await createBlockBench({ print: (line) => lines.push(line), printErr: (line) => lines.push(line) });
  bench.callMain(args);
  self.postMessage({ lines, clockResolutionMs: clockResolutionMs(), crossOriginIsolated: self.crossOriginIsolated });
};
