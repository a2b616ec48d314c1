// The kernels' WebAssembly, compiled once per page: streaming, as its bytes arrive (the page's head preloads
// the file, plugins/preload.js), and the compiled WebAssembly.Module handed to every worker
// (experiment/pool.js), which instantiates it without fetching or compiling it again. Before, each worker
// fetched the file and compiled it, the page a third time. 'wasm-unsafe-eval' in the page's policy allows the
// one compile (plugins/csp.js); a worker only instantiates.
const WASM_URL = new URL('../wasm/kernels.wasm', import.meta.url);

/** @type {Promise<WebAssembly.Module> | undefined} */
let compiled;

/** → Promise<WebAssembly.Module> of the kernels, compiled once in this realm. */
export function compiledKernels() {
  compiled ??= compile().then(
    (module) => {
      performance.mark?.('kernels compiled'); // a milestone of the page's opening (npm run bench)
      return module;
    },
    (error) => {
      compiled = undefined; // a failed download may be retried
      throw error;
    },
  );
  return compiled;
}

async function compile() {
  const response = await fetch(WASM_URL, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`the kernels' file answered ${response.status}`);
  // a server that does not say application/wasm cannot stream: compile the bytes
  if (typeof WebAssembly.compileStreaming === 'function' && response.headers.get('Content-Type') === 'application/wasm') {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}
