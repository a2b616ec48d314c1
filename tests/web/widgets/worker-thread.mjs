// Runs the page's kernel worker (web/src/experiment/worker.js, unchanged) in a Node worker thread: its `self` is
// this thread's global, its messages go through the thread's port, and its `virtual:` imports (a grading worker
// reads the exercises' props) are answered by the content plugin (virtual-modules.mjs). Messages that arrive
// before worker.js has set its onmessage wait here, as a browser queues them for a module worker still loading.
import { register } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

register('./virtual-modules.mjs', import.meta.url);
/** @type {any} */ (globalThis).self = globalThis;
const scope = /** @type {any} */ (globalThis);
scope.postMessage = (/** @type {unknown} */ message, /** @type {any[]} */ transfer = []) => parentPort?.postMessage(message, transfer);
/** @type {unknown[]} */
const early = [];
parentPort?.on('message', (data) => (scope.onmessage ? scope.onmessage({ data }) : early.push(data)));
await import(workerData.url);
for (const data of early.splice(0)) scope.onmessage({ data });
