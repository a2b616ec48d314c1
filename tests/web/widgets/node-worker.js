// The browser's module Worker, as the page's pool uses it (experiment/pool.js createKernelWorker), backed by a Node
// worker thread that runs the same worker.js (worker-thread.mjs). Runs compute in parallel with the test, report
// progress as they go, and stop at once when the pool terminates their worker (a reader's Cancel).
import { dirname, join } from 'node:path';
import { URL, fileURLToPath, pathToFileURL } from 'node:url';
import { Worker as Thread } from 'node:worker_threads';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
// The worker's module as a file: Vite gives the page an address on its origin (…/worker.js?worker_file&type=module)
/** @param {string | URL} url */
const moduleFile = (url) => {
  const parsed = new URL(String(url));
  return parsed.protocol === 'file:' ? parsed.href : pathToFileURL(join(root, decodeURIComponent(parsed.pathname))).href;
};

// A browser hands a worker's message to the page as objects of the page's own realm; a Node thread's message arrives
// in Node's, whose typed arrays fail the page's checks (`instanceof Float64Array`, and the kernels' own: a design
// challenge's verdict is judged from its runs' stream sd). The message is rebuilt in this realm, as a browser's clone
// is: typed arrays, arrays and plain objects (anything else as it came).
/** @param {unknown} value  @returns {unknown} */
function inThisRealm(value) {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const Type = /** @type {any} */ (globalThis)[value.constructor.name];
    return typeof Type === 'function' && !(value instanceof Type) ? new Type(value) : value;
  }
  if (Array.isArray(value)) return Array.from(value, inThisRealm);
  if (value && typeof value === 'object' && Object.getPrototypeOf(Object.getPrototypeOf(value) ?? Object.prototype) === null) {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, inThisRealm(v)]));
  }
  return value;
}

/** every thread still running, so a test file can end them all (endWorkers) */
const running = new Set();

export class NodeModuleWorker {
  /** @param {string | URL} url */
  constructor(url) {
    /** @type {((event: {data: unknown}) => void) | null} */
    this.onmessage = null;
    /** @type {((event: {message: string, preventDefault(): void}) => void) | null} */
    this.onerror = null;
    this.thread = new Thread(join(here, 'worker-thread.mjs'), { workerData: { url: String(moduleFile(url)) } });
    running.add(this.thread);
    this.thread.on('message', (data) => this.onmessage?.({ data: inThisRealm(data) }));
    this.thread.on('error', (error) => this.onerror?.({ message: error.message, preventDefault() {} }));
    this.thread.on('exit', () => running.delete(this.thread));
  }

  /** @param {unknown} message @param {Transferable[]} [transfer] */
  postMessage(message, transfer = []) {
    this.thread.postMessage(message, /** @type {any} */ (transfer));
  }

  terminate() {
    running.delete(this.thread);
    void this.thread.terminate();
  }
}

/** Ends every worker thread still running (a test file's afterAll). */
export async function endWorkers() {
  await Promise.all([...running].map((thread) => thread.terminate()));
  running.clear();
}
