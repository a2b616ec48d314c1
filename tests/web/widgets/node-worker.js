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
    this.thread.on('message', (data) => this.onmessage?.({ data }));
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
