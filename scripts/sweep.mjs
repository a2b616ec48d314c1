#!/usr/bin/env node
// npm run sweep -- --placement post,pre (any wiring of the kernel; --help lists them) --L 20 --seeds 0-5 [--d 128 --heads 4 --B 8 --T 16 --scale 1
//                  --causal --activation relu|gelu --ffn-mult 4 --jobs 2]: every flag but --placement, --seeds and --jobs is a
//                  field of the kernel's StackConfig, from its defaults (lib/flags.mjs)
// Runs the article's experiment with the browser's own wasm module, in Node. Prints one JSON object per run
// per line (placement, L, seed, config, grad[] and sd[] (the result's gradNorm and streamSd), every other field
// of the kernel's result (loss, ratio, …), growth {factor, exponent, sqrtDepth} of the stream) and a last line with
// the medians over seeds. A run that fails prints its line with error (the reason) and the others go on; the
// medians are over the runs that ran, and the exit code is 3 (RUNS_FAILED). A value that is not a number (a ratio
// of 0/0) is null, beside the kernel's reason (undefinedRatios, undefinedGrowth): never NaN or Infinity.
// --placement and --L also take comma lists (e.g. --L 6,24,48,96) to run a whole table.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import './lib/fetch-file-urls.mjs';
import { flagsUsage, parseFlags, wiringTexts } from './lib/flags.mjs';
import { RUNS_FAILED, runOnWorkers } from './lib/worker-jobs.mjs';
import { loadStack } from '../web/src/kernels/stack.js';
import { PLACEMENTS } from '../web/src/experiment/choices.js';
import { loadWiring } from '../web/src/kernels/wiring.js';

const usage = (defaults) =>
  `usage: npm run sweep -- --placement ${PLACEMENTS.map((p) => p.key).join('|')} --L 20 --seeds 0-5 [--jobs N]\n` +
  `       npm run sweep -- --wiring '{"from": "post", "alpha": "2"}' --L 20 --seeds 0-5\n         ${flagsUsage(defaults, { lists: ['L'] })}\n` +
  '  --placement and --L take comma lists; --wiring a wiring you write (JSON, or a JSON list of them; with --placement or\n' +
  '  alone); --seeds takes a range (0-5) or a list (0,3,7); --jobs the threads to run on, 1 or more (at most one per\n' +
  "  core runs); the values shown are the defaults (--act is --activation's older spelling).\n" +
  `  Exit code: 0 every run ran; ${RUNS_FAILED} some runs failed (each prints its line with "error", the reason; the others\n` +
  '  run, and the medians are over those that ran); 2 the arguments cannot be used; 1 the tool itself failed.';

export function parseArgs(argv, defaults, fail) {
  const options = parseFlags(argv, defaults, fail, { lists: ['L'], aliases: { '--act': 'activation' } });
  if (options.help) return options;
  options.Ls = options.lists.L ?? null;
  if (!options.placements || !options.Ls || !options.seeds) fail('--placement (or --wiring), --L and --seeds are required');
  return options;
}

// Runs every job on `jobs` worker threads (each with its own module instance), cheapest first.
const runAll = (runs, jobs, onResult) =>
  runOnWorkers(
    new URL('./lib/sweep-worker.mjs', import.meta.url),
    [...runs].sort((a, b) => a.L - b.L),
    jobs,
    onResult,
  );

async function main() {
  const stack = await loadStack();
  const fail = (message) => {
    process.stderr.write(`sweep: ${message}\n${usage(stack.defaults)}\n`);
    process.exit(2);
  };
  const options = parseArgs(process.argv.slice(2), stack.defaults, fail);
  if (options.help) {
    process.stdout.write(`${usage(stack.defaults)}\n`);
    process.exit(0);
  }
  options.placements = wiringTexts(await loadWiring(), options.placements, fail, options.notes);
  for (const note of options.notes)
    process.stderr.write(`sweep: ${note}
`);
  const runs = [];
  for (const placement of options.placements) {
    for (const L of options.Ls) {
      for (const seed of options.seeds) runs.push({ ...options.config, placement, L, seed });
    }
  }
  for (const run of runs) {
    try {
      stack.check(run);
    } catch (error) {
      fail(error.message);
    }
  }
  const config = { ...stack.defaults, ...options.config };
  (delete config.placement, delete config.L, delete config.seed);

  const results = [];
  const failures = [];
  const started = performance.now();
  await runAll(runs, Math.min(options.jobs, availableParallelism()), (r) => {
    const { placement, L, seed } = r.run;
    if (r.error !== undefined) {
      failures.push(r.run);
      console.log(JSON.stringify({ placement, L, seed, config, error: r.error }));
      return;
    }
    results.push(r);
    const { gradNorm: grad, streamSd: sd, ...rest } = r.result;
    const growth = { growth: r.growth, ...(r.undefinedGrowth === undefined ? {} : { undefinedGrowth: r.undefinedGrowth }) };
    console.log(JSON.stringify({ placement, L, seed, config, grad, sd, ...rest, ...growth, seconds: r.seconds, flops: r.flops }));
  });

  console.log(JSON.stringify({ medians: medians(stack, options, results, failures), seconds: (performance.now() - started) / 1000 }));
  if (failures.length) {
    process.stderr.write(`sweep: ${failures.length} of ${runs.length} runs failed (their lines say why); the medians are over the runs that ran.\n`);
    process.exitCode = RUNS_FAILED;
  }
}

const bySeed = (a, b) => a - b;

/**
 * The median ratio over seeds of each wiring and depth, over the runs that ran and gave a ratio: seeds lists those
 * runs; failed, the seeds whose runs failed; undefinedRatio, those whose ratio is 0/0 (their lines say why). Where
 * no run gave a ratio, ratio is null and ratioReason says why.
 */
function medians(stack, options, results, failures) {
  const out = [];
  for (const placement of options.placements) {
    for (const L of options.Ls) {
      const here = (run) => run.placement === placement && run.L === L;
      const group = results.filter((r) => here(r.run));
      const counted = group.filter((r) => Number.isFinite(r.result.ratio));
      const failed = failures.filter(here).map((run) => run.seed);
      const undefinedRatio = group.filter((r) => !Number.isFinite(r.result.ratio)).map((r) => r.run.seed);
      const entry = {
        placement,
        L,
        seeds: counted.map((r) => r.run.seed).sort(bySeed),
        ratio: counted.length ? stack.median(counted.map((r) => r.result.ratio)) : null,
      };
      if (failed.length) entry.failed = failed.sort(bySeed);
      if (undefinedRatio.length) entry.undefinedRatio = undefinedRatio.sort(bySeed);
      if (!counted.length) {
        entry.ratioReason = group.length
          ? `no run gave a ratio: ${group[0].result.undefinedRatios?.all ?? 'it is not a number'}`
          : 'every run failed (their lines say why)';
      }
      out.push(entry);
    }
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`sweep: ${error.message}\n`);
    process.exit(1);
  });
}
