// What the command-line tools share: whole-number flags, seeds as a range or a list, and running jobs on
// worker threads (each thread its own instance of the wasm module), cheapest first.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parsePlacements as readPlacements, parseSeeds as readSeeds, parseWhole } from '../../web/src/experiment/params.js';

// The page's parsers (web/src/experiment/params.js), with the flag named in their messages.

/** "12" → 12, or fail(message); min: the least it may be (0 unless told) */
export function wholeNumber(flag, text, fail, { min = 0 } = {}) {
  const r = parseWhole(text ?? '', { what: flag, min });
  if (r.ok) return r.value;
  return fail(r.message.startsWith(flag) ? r.message : `${flag} needs a whole number (got ${JSON.stringify(text)})`);
}

/** "post,pre" → ['post', 'pre'], or fail(message) */
export function parsePlacements(text, fail) {
  const r = readPlacements(text);
  return r.ok ? r.value : fail(r.message);
}

// More seeds than a command line can mean: a typo, refused before any list is built (a range of 30 million had
// run out of memory)
const MAX_SEEDS = 10_000;

/** "0-5" → [0 … 5], "0,3,7" → [0, 3, 7], or fail(message); every seed one the kernel takes (0 … 2^32 − 1) */
export function parseSeeds(text, fail) {
  const r = readSeeds(text, { maxCount: MAX_SEEDS });
  return r.ok ? r.value : fail(`--seeds ${text}: ${r.message}`);
}

/**
 * Posts each job to one of `jobs` threads running workerUrl; onMessage hears every message a thread posts.
 * A thread takes its next job when it posts a message for which finished(message) is true, or a message with an
 * `error` field (that job failed: onMessage hears it, and the other jobs go on). A thread that dies rejects.
 * @param {(message: any) => boolean} [finished]
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
            onMessage(message);
            if (message.error !== undefined || finished(message)) next();
          });
          worker.on('error', reject);
          next();
        }),
    ),
  );
}

/** The exit code of a tool whose runs have all been tried: 0 when every one ran, RUNS_FAILED when some failed. */
export const RUNS_FAILED = 3;
