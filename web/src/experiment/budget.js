// How much work a figure may start without asking. The controls live in the URL, so a link can ask for
// anything the kernel can run: ?x.d=512&b.Ls=50,…,1024&b.seeds=0-31 is about 1,500 TFLOP, most of a day.
// Above a minute of this browser's computing, a figure shows the estimate and waits for the reader's yes.
//
// Speed is learnt from the runs that finished here (their FLOPs over their seconds in a worker); before the
// first one, a conservative figure is assumed.
export const BUDGET_SECONDS = 60;
// FLOP/s of one worker before any run has finished: wasm in Chromium does 10–14 GFLOP/s on a desktop core
// (design/performance.md), a phone or a busy machine far less
export const ASSUMED_WORKER_FLOPS = 5e9;
// Work that never asks, however slow the machine: about twice the heaviest figure at the article's own
// settings (table B is 0.48 TFLOP, the ratio chart 0.52), so the chapter's figures always start at once.
export const ARTICLE_WORK_FLOPS = 1e12;

let measured = { flops: 0, seconds: 0 };

/** A run computed in a worker (not served from the cache): its FLOPs and seconds teach the budget. */
export function recordRun(flops, seconds) {
  if (!(flops > 0 && seconds > 0)) return;
  measured = { flops: measured.flops + flops, seconds: measured.seconds + seconds };
}

/** FLOP/s of one worker: what the finished runs reached, or the assumed figure before any has finished. */
export function workerSpeed() {
  return measured.seconds > 0 ? { flops: measured.flops / measured.seconds, measured: true } : { flops: ASSUMED_WORKER_FLOPS, measured: false };
}

/**
 * The work of `flops` floating-point operations in `runs` runs, and whether it needs the reader's yes.
 * workers: how many run at once (the pool's size). → {over, seconds, text}
 */
export function assessWork(flops, runs, workers) {
  const speed = workerSpeed();
  const seconds = flops / (speed.flops * workers);
  const allowed = Math.max(BUDGET_SECONDS * workers * speed.flops, ARTICLE_WORK_FLOPS);
  const gflops = (speed.flops / 1e9).toPrecision(2);
  const text =
    `${runs.toLocaleString('en')} run${runs === 1 ? '' : 's'}, about ${formatFlop(flops)}: roughly ${formatDuration(seconds)} ` +
    `of computing in this browser (${workers} worker${workers === 1 ? '' : 's'} at ${speed.measured ? 'the measured' : 'an assumed'} ` +
    `${gflops} GFLOP/s each).`;
  return { over: flops > allowed, seconds, text };
}

/** 1.53e15 → "1,500 TFLOP"; 4.8e11 → "480 GFLOP" */
export function formatFlop(flops) {
  const [unit, scale] = flops >= 1e12 ? ['TFLOP', 1e12] : flops >= 1e9 ? ['GFLOP', 1e9] : ['MFLOP', 1e6];
  return `${Number((flops / scale).toPrecision(2)).toLocaleString('en')} ${unit}`;
}

/** 61 → "1 minute", 6.1e4 → "17 hours" (two significant figures at most, in the largest fitting unit) */
export function formatDuration(seconds) {
  const units = [['day', 86400], ['hour', 3600], ['minute', 60], ['second', 1]];
  const [name, size] = units.find(([, s]) => seconds >= s) ?? units.at(-1);
  const n = Number((seconds / size).toPrecision(2));
  return `${n.toLocaleString('en')} ${name}${n === 1 ? '' : 's'}`;
}
