// Runs the GEMM benchmark's main() with the given arguments and posts back what it printed.
import createGemmBench from '../../build/wasm-bench/tk_gemm_bench_web.mjs';

self.onmessage = async ({ data: args }) => {
  const lines = [];
  const bench = await createGemmBench({ print: (line) => lines.push(line), printErr: (line) => lines.push(line) });
  bench.callMain(args);
  self.postMessage({ lines });
};
