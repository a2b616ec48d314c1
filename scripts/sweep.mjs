#!/usr/bin/env node
// npm run sweep -- --placement post|pre|nores|prerms|peri|deepnorm|rezero|layerscale|mixln --L 20 --seeds 0-5 [--d 128 --heads 4 --B 8 --T 16 --scale 1
//                  --causal --act relu|gelu --ffn-mult 4 --jobs 2]
// Runs the article's experiment with the browser's own wasm module, in Node. Prints one JSON object per run
// per line (placement, L, seed, config, grad[], sd[], loss, ratio, growth {factor, exponent, sqrtDepth} of the
// stream) and a last line with the medians over seeds.
// --placement and --L also take comma lists (e.g. --L 6,24,48,96) to run a whole table.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import './lib/fetch-file-urls.mjs';
import { parsePlacements, parseSeeds, runOnWorkers, wholeNumber as whole } from './lib/worker-jobs.mjs';
import { loadStack } from '../web/src/kernels/stack.js';
import { PLACEMENTS } from '../web/src/experiment/choices.js';

const USAGE = `usage: npm run sweep -- --placement ${PLACEMENTS.map((p) => p.key).join('|')} --L 20 --seeds 0-5
         [--d 128] [--heads 4] [--ffn-mult 4] [--B 8] [--T 16] [--scale 1] [--causal] [--act relu|gelu] [--jobs N]
  --placement and --L take comma lists; --seeds takes a range (0-5) or a list (0,3,7).`;

function fail(message) {
  process.stderr.write(`sweep: ${message}\n${USAGE}\n`);
  process.exit(2);
}

const wholeNumber = (name, text) => whole(name, text, fail);

export function parseArgs(argv) {
  const options = { placements: null, Ls: null, seeds: null, config: {}, jobs: 1 };
  const numeric = { '--d': 'd', '--heads': 'heads', '--ffn-mult': 'ffnMult', '--B': 'B', '--T': 'T' };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => (i + 1 < argv.length ? argv[++i] : fail(`${flag} needs a value`));
    if (flag === '--placement') {
      options.placements = parsePlacements(value(), fail);
    } else if (flag === '--L') options.Ls = value().split(',').map((t) => wholeNumber('--L', t));
    else if (flag === '--seeds') options.seeds = parseSeeds(value(), fail);
    else if (flag in numeric) options.config[numeric[flag]] = wholeNumber(flag, value());
    else if (flag === '--scale') {
      const text = value();
      // a number written as one ('' and '0x40' are not, though Number() reads them as 0 and 64)
      if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) fail(`--scale needs a number (got ${JSON.stringify(text)})`);
      options.config.scale = Number(text);
    } else if (flag === '--causal') options.config.causal = true;
    else if (flag === '--act') options.config.activation = value();
    else if (flag === '--jobs') options.jobs = wholeNumber('--jobs', value());
    else if (flag === '--help' || flag === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else fail(`unknown argument ${JSON.stringify(flag)}`);
  }
  if (!options.placements || !options.Ls || !options.seeds) fail('--placement, --L and --seeds are required');
  if (options.jobs < 1) fail('--jobs must be at least 1');
  return options;
}

// Runs every job on `jobs` worker threads (each with its own module instance), cheapest first.
const runAll = (runs, jobs, onResult) =>
  runOnWorkers(new URL('./lib/sweep-worker.mjs', import.meta.url), [...runs].sort((a, b) => a.L - b.L), jobs, onResult);

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const stack = await loadStack();
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
  delete config.placement, delete config.L, delete config.seed;

  const results = [];
  const started = performance.now();
  await runAll(runs, Math.min(options.jobs, availableParallelism()), (r) => {
    results.push(r);
    const { placement, L, seed } = r.run;
    console.log(JSON.stringify({ placement, L, seed, config, grad: r.gradNorm, sd: r.streamSd, loss: r.loss, ratio: r.ratio, growth: r.growth, seconds: r.seconds, flops: r.flops }));
  });

  const medians = [];
  for (const placement of options.placements) {
    for (const L of options.Ls) {
      const group = results.filter((r) => r.run.placement === placement && r.run.L === L);
      medians.push({ placement, L, seeds: group.map((r) => r.run.seed).sort((a, b) => a - b), ratio: stack.median(group.map((r) => r.ratio)) });
    }
  }
  console.log(JSON.stringify({ medians, seconds: (performance.now() - started) / 1000 }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`sweep: ${error.message}\n`);
    process.exit(1);
  });
}
