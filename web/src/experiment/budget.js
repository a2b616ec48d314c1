// How much work a figure may start without asking. The controls live in the URL, so a link can ask for
// anything the kernel can run: ?x.d=512&b.Ls=50,…,1024&b.seeds=0-31 is about 1,500 TFLOP, most of a day.
// Above a minute of this browser's computing, a figure shows the estimate and waits for the reader's yes. The
// budget is the page's, not each figure's: a link can set several figures computing at once, each under its own
// limit, so the work other figures started without a yes and have not finished counts too (createShare).
//
// Speed is learnt from the runs that finished here (their FLOPs over their seconds in a worker); before the
// first one, a conservative figure is assumed.
const BUDGET_SECONDS = 60;
// FLOP/s of one worker before any run has finished: below what wasm does on a desktop core
// (docs/design/performance.md), since a phone or a busy machine does far less
const ASSUMED_WORKER_FLOPS = 5e9;
// Work that never asks, however slow the machine: about twice the heaviest figure at the article's own
// settings (table B is 0.48 TFLOP, the ratio chart 0.52), so the chapter's figures always start at once.
export const ARTICLE_WORK_FLOPS = 1e12;
// Work the page's figures together never ask for: every figure of the chapter at its own settings, all computing
// at once, fits (budget.spec.js starts them all together).
export const PAGE_WORK_FLOPS = 2e12;

let measured = { flops: 0, seconds: 0 };

/** A run computed in a worker (not served from the cache): its FLOPs and seconds teach the budget.
 * @param {number} flops  @param {number} seconds */
export function recordRun(flops, seconds) {
  if (!(flops > 0 && seconds > 0)) return;
  measured = { flops: measured.flops + flops, seconds: measured.seconds + seconds };
}

/** FLOP/s of one worker: what the finished runs reached, or the assumed figure before any has finished. */
function workerSpeed() {
  return measured.seconds > 0 ? { flops: measured.flops / measured.seconds, measured: true } : { flops: ASSUMED_WORKER_FLOPS, measured: false };
}

/**
 * The work of `flops` floating-point operations in `runs` runs, and whether it needs the reader's yes.
 * workers: how many run at once (the pool's size); others: the FLOPs other figures of the page started without
 * a yes and have not finished (a share's others()). → {over, crowded, seconds, text}: crowded when it is over
 * only because of the others.
 * @param {number} flops  @param {number} runs  @param {number} workers  @param {number} [others]
 */
export function assessWork(flops, runs, workers, others = 0) {
  const speed = workerSpeed();
  const seconds = flops / (speed.flops * workers);
  const minute = BUDGET_SECONDS * workers * speed.flops;
  const alone = flops > Math.max(minute, ARTICLE_WORK_FLOPS);
  const crowded = !alone && flops + others > Math.max(minute, PAGE_WORK_FLOPS);
  const gflops = (speed.flops / 1e9).toPrecision(2);
  return {
    over: alone || crowded,
    crowded,
    seconds,
    // written only when read (the figure shows it when it asks): a page's first toLocaleString sets up the
    // browser's number formats, on the main thread, and every figure's first start passes here before it posts a run
    get text() {
      return (
        `${runs.toLocaleString('en')} run${runs === 1 ? '' : 's'}, about ${formatFlop(flops)}: roughly ${formatDuration(seconds)} ` +
        `of computing in this browser (${workers} worker${workers === 1 ? '' : 's'} at ${speed.measured ? 'the measured' : 'an assumed'} ` +
        `${gflops} GFLOP/s each).`
      );
    },
  };
}

// The runs started without the reader's yes and not finished yet, across the page's figures: run key → {flops,
// claims}. A run two figures share (Table B's are the ratio chart's) counts once.
/** @type {Map<string, {flops: number, claims: number}>} */
const unfinished = new Map();

/**
 * One figure's share of the page's budget. claim(entries) replaces the runs it has started without a yes
 * ([key, flops] pairs); release(key) as each finishes; clear() when it cancels, asks, or goes away.
 * others(keys): the FLOPs other figures hold, leaving out the runs in `keys` (the set about to start).
 */
export function createShare() {
  /** @type {Set<string>} */
  const mine = new Set();
  /** @param {string} key */
  const release = (key) => {
    if (!mine.delete(key)) return;
    const entry = unfinished.get(key);
    if (--entry.claims === 0) unfinished.delete(key);
  };
  const clear = () => {
    for (const key of [...mine]) release(key);
  };
  return {
    /** @param {Set<string>} keys */
    others(keys) {
      let sum = 0;
      for (const [key, entry] of unfinished) if (!keys.has(key) && !(mine.has(key) && entry.claims === 1)) sum += entry.flops;
      return sum;
    },
    /** @param {Iterable<[string, number]>} entries */
    claim(entries) {
      clear();
      for (const [key, flops] of entries) {
        if (mine.has(key)) continue;
        mine.add(key);
        const entry = unfinished.get(key) ?? { flops, claims: 0 };
        entry.claims++;
        unfinished.set(key, entry);
      }
    },
    release,
    clear,
  };
}

/** 1.53e15 → "1,500 TFLOP"; 4.8e11 → "480 GFLOP" */
/** @param {number} flops */
export function formatFlop(flops) {
  const [unit, scale] = flops >= 1e12 ? ['TFLOP', 1e12] : flops >= 1e9 ? ['GFLOP', 1e9] : ['MFLOP', 1e6];
  return `${Number((flops / scale).toPrecision(2)).toLocaleString('en')} ${unit}`;
}

/** 61 → "1 minute", 6.1e4 → "17 hours" (two significant figures at most, in the largest fitting unit) */
/** @param {number} seconds */
export function formatDuration(seconds) {
  /** @type {[string, number][]} */
  const units = [
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ];
  const [name, size] = units.find(([, s]) => seconds >= s) ?? units.at(-1);
  const n = Number((seconds / size).toPrecision(2));
  return `${n.toLocaleString('en')} ${name}${n === 1 ? '' : 's'}`;
}
