// What the command-line tools share: whole-number flags, seeds as a range or a list, and running jobs on
// worker threads (each thread its own instance of the wasm module), cheapest first.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MAX_SEED, parsePlacements as parseWiringList } from '../../web/src/experiment/params.js';

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

// More seeds than a command line can mean: a typo, refused before any list is built (a range of 30 million had
// run out of memory after 45 s)
const MAX_SEEDS = 10_000;

/** "0-5" → [0 … 5], "0,3,7" → [0, 3, 7], or fail(message); every seed one the kernel takes (0 … 2^32 − 1) */
export function parseSeeds(text, fail) {
  const range = /^(\d+)-(\d+)$/.exec(text);
  const [from, to] = range ? [Number(range[1]), Number(range[2])] : [];
  if (range && to - from + 1 > MAX_SEEDS) fail(`--seeds ${text} is ${to - from + 1} seeds: at most ${MAX_SEEDS} at a time`);
  const seeds = range
    ? Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k)
    : text.split(',').map((t) => wholeNumber('--seeds', t, fail));
  if (seeds.length === 0) fail('--seeds is an empty range');
  if (seeds.length > MAX_SEEDS) fail(`--seeds lists ${seeds.length} seeds: at most ${MAX_SEEDS} at a time`);
  const large = seeds.find((s) => s > MAX_SEED);
  if (large !== undefined) {
    fail(`--seeds: ${large} is past ${MAX_SEED} (PyTorch's generator takes a seed's low 32 bits, so it would repeat a smaller seed's run)`);
  }
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
