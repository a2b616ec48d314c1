// What the command-line tools share: whole-number flags, seeds as a range or a list, and running jobs on
// worker threads (each thread its own instance of the wasm module), cheapest first.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parsePlacements as parseWiringList } from '../../web/src/experiment/params.js';

/** "12" → 12, or fail(message) */
export function wholeNumber(flag, text, fail) {
  if (!/^-?\d+$/.test(text ?? '')) fail(`${flag} needs a whole number (got ${JSON.stringify(text)})`);
  return Number(text);
}

/** "post,pre" → ['post', 'pre'] (the page's parser and list of wirings, web/src/experiment), or fail(message) */
export function parsePlacements(text, fail) {
  const r = parseWiringList(text);
  return r.ok ? r.value : fail(r.message);
}

/** "0-5" → [0 … 5], "0,3,7" → [0, 3, 7], or fail(message) */
export function parseSeeds(text, fail) {
  const range = /^(\d+)-(\d+)$/.exec(text);
  const seeds = range
    ? Array.from({ length: Math.max(0, Number(range[2]) - Number(range[1]) + 1) }, (_, k) => Number(range[1]) + k)
    : text.split(',').map((t) => wholeNumber('--seeds', t, fail));
  if (seeds.length === 0) fail('--seeds is an empty range');
  return seeds;
}

/**
 * Posts each job to one of `jobs` threads running workerUrl; onMessage hears every message a thread posts.
 * A thread takes its next job when it posts a message for which finished(message) is true; a message with
 * an `error` field rejects.
 */
export async function runOnWorkers(workerUrl, queue, jobs, onMessage, finished = () => true) {
  const pending = [...queue];
  const workers = Array.from({ length: Math.min(jobs, pending.length) }, () => new Worker(fileURLToPath(workerUrl)));
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise((resolve, reject) => {
          const next = () => {
            const job = pending.shift();
            if (!job) return worker.terminate().then(resolve);
            worker.postMessage(job);
          };
          worker.on('message', (message) => {
            if (message.error) return reject(new Error(message.error));
            onMessage(message);
            if (finished(message)) next();
          });
          worker.on('error', reject);
          next();
        }),
    ),
  );
}
