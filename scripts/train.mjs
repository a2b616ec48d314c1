#!/usr/bin/env node
// npm run train -- --task regress|char --placement post,pre (any wiring of the kernel; --help lists them) --L 24 --d 64 --heads 4 --B 2 --T 16
//                  --seeds 0-4 --lr 3e-3 [--beta1 0.9] [--beta2 0.999] [--eps 1e-8] [--warmup 50] --steps 150
//                  [--jobs 2] [--stream-grads]
// The training lab (docs/design/training.md) with the browser's own wasm module, in Node. Prints one JSON line per
// step per seed, {"placement","L","warmup","seed","step","lr","loss","grad_norm":[…one per block…],"ratio",
// "stream_sd"} (stream_sd: the stream's sd after the last block),
// as the steps finish, then one summary line per seed: the mean of its last 10 losses and whether it trained
// (below the task's threshold). A seed whose run fails prints its summary line with error (the reason) and the
// others go on; the exit code is then 3 (RUNS_FAILED). A value that left float64's range is null beside the reason
// (diverged_reason): never NaN or Infinity. --placement takes a comma list. Every option flag comes from the kernel's own
// defaults (trainDefaults), so a new field of TrainConfig is a new flag here without an edit.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import './lib/fetch-file-urls.mjs';
import { flagsUsage, parseFlags, wiringTexts } from './lib/flags.mjs';
import { RUNS_FAILED, runOnWorkers } from './lib/worker-jobs.mjs';
import { loadTrain } from '../web/src/kernels/train.js';
import { PLACEMENTS } from '../web/src/experiment/choices.js';
import { loadWiring } from '../web/src/kernels/wiring.js';

function usage(defaults) {
  return (
    `usage: npm run train -- --placement ${PLACEMENTS.map((p) => p.key).join('|')} --seeds 0-4 [--jobs N]\n` +
    `       npm run train -- --wiring '{"from": "post", "alpha": "2"}' --seeds 0-4\n         ${flagsUsage(defaults)}\n` +
    '  --placement takes a comma list; --wiring a wiring you write (JSON, or a JSON list of them; with --placement or\n' +
    '  alone); --seeds a range (0-4) or a list (0,3,7); --jobs the threads to run on, 1 or more (at most one per core\n' +
    '  runs); the values shown are the defaults.\n' +
    `  Exit code: 0 every run ran; ${RUNS_FAILED} some runs failed (each prints its summary line with "error", the reason;\n` +
    '  the others run); 2 the arguments cannot be used; 1 the tool itself failed.'
  );
}

export function parseArgs(argv, defaults, fail) {
  const options = parseFlags(argv, defaults, fail, { aboveZero: { eps: 'Adam’s ε' } });
  if (options.help) return options;
  if (!options.placements || !options.seeds) fail('--placement (or --wiring) and --seeds are required');
  return options;
}

// Runs every seed on `jobs` worker threads (each with its own module instance); onMessage hears each step
// and each summary as it comes; a thread takes its next seed after a summary.
const runAll = (runs, jobs, onMessage) => runOnWorkers(new URL('./lib/train-worker.mjs', import.meta.url), runs, jobs, onMessage, (m) => Boolean(m.summary));

async function main() {
  const train = await loadTrain();
  const fail = (message) => {
    process.stderr.write(`train: ${message}\n${usage(train.defaults)}\n`);
    process.exit(2);
  };
  const options = parseArgs(process.argv.slice(2), train.defaults, fail);
  if (options.help) {
    process.stdout.write(`${usage(train.defaults)}\n`);
    return;
  }
  options.placements = wiringTexts(await loadWiring(), options.placements, fail, options.notes);
  for (const note of options.notes)
    process.stderr.write(`train: ${note}
`);
  const runs = options.placements.flatMap((placement) => options.seeds.map((seed) => ({ ...options.config, placement, seed })));
  for (const run of runs) {
    try {
      train.check(run);
    } catch (error) {
      fail(error.message);
    }
  }
  let failed = 0;
  await runAll(runs, Math.min(options.jobs, availableParallelism()), ({ run, step, summary, error }) => {
    const config = { ...train.defaults, ...run };
    const id = { placement: config.placement, L: config.L, warmup: config.warmup, seed: config.seed };
    if (error !== undefined) {
      failed++;
      console.log(JSON.stringify({ ...id, task: config.task, summary: true, error }));
    } else if (step) {
      /** @type {Record<string, any>} */
      const line = { ...id, step: step.step, lr: step.lr, loss: step.loss, grad_norm: Array.from(step.gradNorm), ratio: step.ratio, stream_sd: step.streamSd };
      if (step.streamGradNorm) line.stream_grad_norm = Array.from(step.streamGradNorm);
      if (step.diverged) Object.assign(line, { diverged: true, diverged_reason: step.divergedReason });
      console.log(JSON.stringify(line));
    } else {
      console.log(
        JSON.stringify({
          ...id,
          task: config.task,
          summary: true,
          final_loss: summary.finalLoss,
          trained: summary.trained,
          diverged: summary.diverged,
          ...(summary.diverged ? { diverged_at: summary.divergedAt, diverged_reason: summary.divergedReason } : {}),
          threshold: summary.threshold,
          seconds: summary.seconds,
        }),
      );
    }
  });
  if (failed) {
    process.stderr.write(`train: ${failed} of ${runs.length} runs failed (their summary lines say why).\n`);
    process.exitCode = RUNS_FAILED;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`train: ${error.message}\n`);
    process.exit(1);
  });
}
