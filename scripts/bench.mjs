#!/usr/bin/env node
// npm run bench: speed figures, printed (never asserted). Each layer is measured where a user meets it:
//   1. native C++: GEMM alone, one block's and one training step's time by operation, and all of table B (72
//      runs) on 1 and 2 threads
//   2. wasm in Node: tk::gemm's SIMD kernel against Eigen alone (same flags), one block's and one training step's
//      time by operation, table B on 1 and 2 workers, every wiring's rate at L = 24, and the training lab's run
//   3. wasm in Chromium: a fresh worker's first runs (cold); one block's and one training step's time by operation
//      in a worker; table B on the page's worker pool with 2 workers, and its share of the GEMM floor (tk::gemm
//      alone on the block's shapes in 2 workers at once, same run); the training lab's run in one worker; first
//      contentful paint and the first live number of the production site served locally, with the opening's
//      milestones (HTML parsed, DOMContentLoaded, figure module started, wasm compiled, first worker ready, first run
//      posted, first run done: marks the page sets); Part 4's table (every wiring) on a first visit
// The breakdown by operation (bench/block_bench.cpp) runs a timed copy of the kernels (TK_PROFILE), never the
// module the site ships; its table gives ms per block and share for each operation and pass.
//   4. PyTorch 1.13 (Debian's python3-torch), table B on one thread, if it is installed
//   5. the teachers' page grading a class of 500 students' files in Chromium (scripts/bench-grading.mjs)
// The machine may be shared: check `uptime`; the load average is printed with the figures.
// `npm run bench -- --only chromium,pytorch` runs some of the layers (native, wasm, chromium, pytorch, grading).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/playwright.config.js';
import { PLACEMENTS } from '../web/src/experiment/choices.js';
import { gradingBench } from './bench-grading.mjs';
import './lib/fetch-file-urls.mjs';

const root = new URL('..', import.meta.url).pathname;
const sh = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...opts });
const env = { ...process.env, NODE_PATH: '/usr/share/nodejs' };
const lastJson = (text) =>
  JSON.parse(
    text
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .pop(),
  );
const figures = [];
const note = (layer, what, value) => {
  figures.push({ layer, what, value });
  console.log(`  ${what}: ${value}`);
};

function section(title) {
  console.log(
    `\n== ${title}  (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
}

// The breakdown's table as it printed it, and its figures (the JSON line it ends with).
function blockBreakdown(layer, output) {
  const lines = output.trim().split('\n');
  console.log(lines.filter((l) => !l.startsWith('{')).join('\n'));
  const r = lastJson(output);
  const shares = Object.entries(r.ms).map(([op, ms]) => [op, ms.reduce((a, b) => a + b, 0)]);
  const total = shares.reduce((s, [, ms]) => s + ms, 0);
  const top = shares
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([op, ms]) => `${op} ${((100 * ms) / total).toFixed(0)} %`);
  const what = r.layer === 'train' ? 'one training step by operation (the lab’s run)' : `one block by operation (L = ${r.L})`;
  note(layer, `${what}: ms per ${r.unit}, largest shares`, `${r.ms_per_unit.toFixed(2)} ms (${r.useful_gflops.toFixed(2)} useful GFLOP/s); ${top.join(', ')}`);
  return r;
}

function buildWasmBench(...targets) {
  if (!existsSync(join(root, 'build/wasm-bench/CMakeCache.txt'))) {
    sh('emcmake', ['cmake', '-S', '.', '-B', 'build/wasm-bench', '-DCMAKE_BUILD_TYPE=Release', '-DTK_WASM_BENCH=ON'], { env, stdio: 'ignore' });
  }
  sh('cmake', ['--build', 'build/wasm-bench', '-j2', '--target', ...targets], { env, stdio: 'ignore' });
}

// The medians of a total line of bench/gemm_bench.cpp ("total:" the table-B block's 9 shapes, "lab total:" the
// training lab's), tk::gemm then Eigen.
function gemmTotal(output, label = 'total:') {
  const line = output.split('\n').find((l) => l.startsWith(label));
  const [gemm, eigen] = line.match(/([\d.]+) \/\s+([\d.]+)/g).map((pair) => Number(pair.split('/')[1]));
  return { gemm, eigen };
}

// ---- 1. native ----
async function native() {
  section('native C++ (g++ -O3, Eigen 3.4)');
  sh('cmake', ['-S', '.', '-B', 'build/native', '-DCMAKE_BUILD_TYPE=Release'], { stdio: 'ignore' });
  sh('cmake', ['--build', 'build/native', '-j2', '--target', 'tk_stack_bench', 'tk_gemm_bench', 'tk_block_bench'], { stdio: 'ignore' });
  const nativeGemm = gemmTotal(sh('build/native/tk_gemm_bench', ['7']));
  note('native', 'GEMM alone, one block’s 9 shapes (GFLOP/s, median)', nativeGemm.eigen.toFixed(2));
  blockBreakdown('native', sh('build/native/tk_block_bench', []));
  blockBreakdown('native', sh('build/native/tk_block_bench', ['--train']));
  for (const threads of [1, 2]) {
    const out = sh('build/native/tk_stack_bench', ['--threads', String(threads)]);
    const r = lastJson(out);
    console.log(out.split('\n').slice(1, 4).join('\n'));
    note(
      'native',
      `table B on ${threads} thread(s): wall time`,
      `${r.wall_s.toFixed(1)} s (${r.gflops.toFixed(2)} GFLOP/s, ${r.gflops_per_thread.toFixed(2)} per thread)`,
    );
    note('native', `time per block at L = 96 (${threads} thread(s))`, `${r.ms_per_block_L96.toFixed(2)} ms`);
  }
}

// ---- 2. wasm in Node ----
async function wasmNode() {
  section('wasm in Node 20 (emscripten 3.1.6, -O3 -msimd128)');
  buildWasmBench('tk_gemm_bench_wasm', 'tk_block_bench_wasm');
  sh('bash', ['scripts/build-wasm.sh'], { env, stdio: 'ignore' });
  const gemmOutput = sh('node', ['--no-experimental-fetch', 'build/wasm-bench/tk_gemm_bench_wasm.js', '7']);
  const wasmGemm = gemmTotal(gemmOutput);
  const labGemm = gemmTotal(gemmOutput, 'lab total:');
  note('wasm-node', 'GEMM alone: Eigen in wasm, 9 block shapes (GFLOP/s, median)', wasmGemm.eigen.toFixed(2));
  note('wasm-node', 'GEMM alone: tk::gemm SIMD kernel (GFLOP/s, median)', wasmGemm.gemm.toFixed(2));
  note(
    'wasm-node',
    'GEMM alone: tk::gemm on the training lab’s shapes (32 tokens, d = 64; GFLOP/s, median)',
    `${labGemm.gemm.toFixed(2)} (${((100 * labGemm.gemm) / wasmGemm.gemm).toFixed(0)} % of the table-B shapes’)`,
  );
  blockBreakdown('wasm-node', sh('node', ['--no-experimental-fetch', 'build/wasm-bench/tk_block_bench_wasm.js']));
  blockBreakdown('wasm-node', sh('node', ['--no-experimental-fetch', 'build/wasm-bench/tk_block_bench_wasm.js', '--train']));
  const wasmGflop = {};
  for (const jobs of [1, 2]) {
    const lines = sh('node', ['scripts/sweep.mjs', '--placement', 'post,pre,nores', '--L', '6,24,48,96', '--seeds', '0-5', '--jobs', String(jobs)])
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const summary = lines.pop();
    const gflop = lines.reduce((sum, r) => sum + r.flops, 0) / 1e9;
    const busy = lines.reduce((s, r) => s + r.seconds, 0);
    const L96 = lines.filter((r) => r.L === 96);
    wasmGflop[jobs] = gflop / busy;
    note(
      'wasm-node',
      `table B on ${jobs} worker thread(s): wall time`,
      `${summary.seconds.toFixed(1)} s (${(gflop / summary.seconds).toFixed(2)} GFLOP/s, ${(gflop / busy).toFixed(2)} per worker)`,
    );
    note('wasm-node', `time per block at L = 96 (${jobs} worker(s))`, `${((1000 * L96.reduce((s, r) => s + r.seconds, 0)) / (L96.length * 96)).toFixed(2)} ms`);
  }
  note('wasm-node', 'whole kernel (useful GFLOP/s per worker) / Eigen GEMM alone in wasm', `${((100 * wasmGflop[1]) / wasmGemm.eigen).toFixed(0)} %`);
  note('wasm-node', 'whole kernel / tk::gemm alone in wasm', `${((100 * wasmGflop[1]) / wasmGemm.gemm).toFixed(0)} %`);
  // Part 4's wirings at the table-B kernel's rate: every wiring at L = 24, seeds 0–5, on one worker thread
  const wirings = (await import('../web/src/experiment/choices.js')).PLACEMENTS.map((p) => p.key);
  const byWiring = sh('node', ['scripts/sweep.mjs', '--placement', wirings.join(','), '--L', '24', '--seeds', '0-5', '--jobs', '1'])
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .slice(0, -1);
  const rates = wirings.map((w) => {
    const runs = byWiring.filter((r) => r.placement === w);
    const gflops = runs.reduce((s, r) => s + r.flops, 0) / 1e9 / runs.reduce((s, r) => s + r.seconds, 0);
    return `${w} ${gflops.toFixed(2)} (${((100 * gflops) / wasmGflop[1]).toFixed(0)} %)`;
  });
  note('wasm-node', 'every wiring at L = 24, one worker: useful GFLOP/s (share of the table-B kernel’s)', rates.join(', '));
  const t = await trainingRun();
  note(
    'wasm-node',
    `training lab, ${t.steps} steps at d = 64 (${t.gflop.toFixed(1)} GFLOP): time`,
    `${t.seconds.toFixed(2)} s (${t.gflops.toFixed(2)} useful GFLOP/s)`,
  );
  note('wasm-node', 'training lab / table-B kernel (useful GFLOP/s, one worker each)', `${((100 * t.gflops) / wasmGflop[1]).toFixed(0)} %`);
}

// The training lab's default run with the site's module, after a short run that lets V8 tier it up.
async function trainingRun() {
  const { loadTrain } = await import('../web/src/kernels/train.js');
  const train = await loadTrain();
  const options = train.defaults;
  const warm = train.start({ ...options, steps: 10 });
  while (!warm.finished()) warm.step();
  warm.delete();
  const started = performance.now();
  const run = train.start(options);
  while (!run.finished()) run.step();
  run.delete();
  const seconds = (performance.now() - started) / 1000;
  const gflop = train.flops(options) / 1e9;
  return { steps: options.steps, seconds, gflop, gflops: gflop / seconds };
}

// ---- 3. Chromium ----
// The bench pages and the site, built and served; a Chromium with a fresh profile. → {browser, profileDir, close}
/** @param {{ againstBench?: string }} [options] */
async function startChromium({ againstBench } = {}) {
  buildWasmBench('tk_block_bench_web', 'tk_gemm_bench_web');
  sh('node_modules/.bin/vite', ['build', '--config', 'bench/browser/vite.config.js', '--logLevel', 'warn'], { stdio: 'ignore' });
  sh('node_modules/.bin/vite', ['build', '--config', 'web/vite.config.js', '--logLevel', 'warn'], {
    env: { ...env, BASE_PATH: '/residual-ln/' },
    stdio: 'ignore',
  });
  const serve = (dir, base, port, ...more) =>
    spawn('node', ['tests/e2e/serve.mjs', '--dir', dir, '--base', base, '--port', String(port), ...more], { cwd: root, stdio: 'ignore' });
  const servers = [
    serve('build/bench-site', '/bench/', 4390),
    serve('dist', '/residual-ln/', 4391),
    serve('build/bench-site', '/bench/', 4392, '--isolated'),
    ...(againstBench ? [serve(againstBench, '/bench/', 4394)] : []),
  ];
  await new Promise((r) => setTimeout(r, 800));
  const profileDir = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const sameShare = shareSchedulingWith(profileDir);
  const close = async () => {
    clearInterval(sameShare);
    await browser.close();
    servers.forEach((s) => s.kill());
  };
  return { browser, profileDir, close };
}

// Table B on the bench page's pool of 2 workers (served at port), in page: its figures (bench/browser/main.js).
async function tableB(page, port = 4390) {
  await page.goto(`http://127.0.0.1:${port}/bench/?workers=2`);
  await page.waitForFunction(() => window.__bench?.done, null, { timeout: 600_000, polling: 500 });
  return page.evaluate(() => window.__bench);
}

// The GEMM floor: tk::gemm alone on one block's shapes in two workers at once, as table B's runs go. → GFLOP/s
// of each worker (medians) and their sum
async function gemmFloor(page) {
  await page.goto('http://127.0.0.1:4390/bench/gemm.html?workers=2');
  await page.waitForFunction(() => window.__gemm?.done, null, { timeout: 600_000, polling: 500 });
  const g = await page.evaluate(() => window.__gemm);
  if (g.error) throw new Error(`the GEMM page failed: ${g.error}`);
  const perWorker = g.outputs.map((out) => gemmTotal(out).gemm);
  return { perWorker, gflops: perWorker.reduce((a, v) => a + v, 0) };
}

// Table B's figures, and its share of a GEMM floor measured in the same run (issue 38's target: ≥ 85 %).
function noteTableB(layer, name, b, floor) {
  const floorSeconds = b.gflop / floor.gflops;
  note(layer, `${name}table B on 2 module workers: wall time`, `${b.seconds.toFixed(1)} s (${b.gflops.toFixed(2)} GFLOP/s)`);
  note(
    layer,
    `${name}table B / GEMM floor (its ${b.gflop.toFixed(0)} GFLOP at the floor: ${floorSeconds.toFixed(1)} s)`,
    `${((100 * floorSeconds) / b.seconds).toFixed(0)} % of the floor's speed (target ≥ 85 %); wall ${b.seconds.toFixed(1)} s`,
  );
  // the workers' busy time over the wall time of both: what scheduling leaves idle (the last runs on one worker)
  note(layer, `${name}table B: the workers busy`, `${((100 * b.busySeconds) / (b.workers * b.seconds)).toFixed(0)} % of ${b.workers} × the wall time`);
  note(layer, `${name}table B: time per block at L = 96`, `${b.msPerBlockL96.toFixed(2)} ms`);
}

async function chromiumSite() {
  section('wasm in Chromium (Debian 156, headless)');
  const { browser, profileDir, close } = await startChromium();
  try {
    // first, while this profile has never run the site's module: a fresh worker's first runs, as on a first visit
    // (the first live number's critical path: V8 runs the module's baseline code until its optimised code is in)
    // (after 4 s: a headless Chromium just launched loads its own omnibox pages first, on the same 2 cores:
    // docs/measurements.md, "The benchmark waits after launching Chromium")
    const cold = await browser.newPage();
    await cold.waitForTimeout(4000);
    await cold.goto('http://127.0.0.1:4390/bench/cold.html');
    await cold.waitForFunction(() => window.__cold?.done, null, { timeout: 120_000, polling: 200 });
    const c = await cold.evaluate(() => window.__cold);
    await cold.close();
    if (c.error) throw new Error(`the cold page failed: ${c.error}`);
    const ms = (s) => `${(1000 * s).toFixed(0)} ms`;
    const second = c.times.at(-1);
    note(
      'chromium',
      `a fresh worker's runs at L = ${c.L}, one after another (first visit)`,
      `${ms(c.times[0].wall)} for the first (from the message: module loaded, then the run ${ms(c.times[0].run)}), then ` +
        `${c.times
          .slice(1, -1)
          .map((t) => ms(t.run))
          .join(', ')}; a second worker started after them: ${ms(second.wall)} for its first`,
    );
    const profile = await browser.newPage();
    await profile.goto('http://127.0.0.1:4392/bench/profile.html');
    await profile.waitForFunction(() => window.__profile?.done, null, { timeout: 600_000, polling: 500 });
    const p = await profile.evaluate(() => window.__profile);
    if (p.error) throw new Error(`the profile page failed: ${p.error}`);
    console.log(`  (clock resolution in the worker ${(1000 * p.clockResolutionMs).toFixed(0)} µs, cross-origin isolated: ${p.crossOriginIsolated})`);
    blockBreakdown('chromium', p.lines.join('\n'));
    await profile.goto('http://127.0.0.1:4392/bench/profile.html?train');
    await profile.waitForFunction(() => window.__profile?.done, null, { timeout: 600_000, polling: 500 });
    const pt = await profile.evaluate(() => window.__profile);
    if (pt.error) throw new Error(`the profile page failed: ${pt.error}`);
    blockBreakdown('chromium', pt.lines.join('\n'));
    await profile.close();

    const page = await browser.newPage();
    const b = await tableB(page);
    note(
      'chromium',
      'table B medians',
      Object.entries(b.medians)
        .map(([k, v]) => `${k} ${v.toPrecision(3)}`)
        .join(', '),
    );
    const floor = await gemmFloor(page);
    note(
      'chromium',
      'GEMM floor: tk::gemm alone, one block’s shapes, 2 workers at once (GFLOP/s, median each)',
      `${floor.perWorker.map((v) => v.toFixed(2)).join(' + ')} = ${floor.gflops.toFixed(2)}`,
    );
    noteTableB('chromium', '', b, floor);
    await page.goto('http://127.0.0.1:4390/bench/train.html');
    await page.waitForFunction(() => window.__train?.done, null, { timeout: 600_000, polling: 500 });
    const t = await page.evaluate(() => window.__train);
    if (t.error) throw new Error(`the training page failed: ${t.error}`);
    note(
      'chromium',
      `training lab in one worker (${t.gflop.toFixed(1)} GFLOP): time`,
      `${t.seconds.toFixed(2)} s (${t.gflops.toFixed(2)} useful GFLOP/s; first step ${(1000 * t.firstStepSeconds).toFixed(0)} ms)`,
    );
    note('chromium', 'training lab / table-B kernel (useful GFLOP/s per worker)', `${((100 * t.gflops) / b.gflopsPerWorker).toFixed(0)} %`);

    // A reader's first visit, three times, each in a browser of its own with a fresh profile (nothing cached,
    // no service worker yet), 4 s after its launch (see the cold page above)
    const { median } = await (await import('../web/src/kernels/stack.js')).loadStack(); // the chapter's median
    const visits = [];
    for (let i = 0; i < FIRST_VISITS; i++) visits.push(await firstVisit('http://127.0.0.1:4391/residual-ln/#table-a', profileDir));
    const each = (key, f) => `${visits.map((v) => f(v[key])).join(', ')} (median ${f(median(visits.map((v) => v[key])))})`;
    const s2 = (v) => `${(v / 1000).toFixed(2)} s`;
    note(
      'chromium',
      `first contentful paint (production site, local server; ${FIRST_VISITS} first visits)`,
      each('fcp', (v) => `${v.toFixed(0)} ms`),
    );
    note('chromium', 'first live number (table A, opened at #table-a)', each('first', s2));
    note('chromium', 'table A complete', each('all', s2));
    for (const name of Object.keys(visits[0].milestones)) {
      const at = visits.map((v) => v.milestones[name]);
      note('chromium', `  milestone: ${name}`, `${at.map(s2).join(', ')} (median ${s2(median(at))})`);
    }
    await part4Figures(profileDir, floor);

    // the training lab's default view (Post-LN L = 24 without and with warmup, Pre-LN; 3 seeds each: 9 runs of
    // about 35 GFLOP) on the page's pool (a worker per core and one more for training runs, pool.js), from the
    // press of Run: the first point of a loss curve (its legend leaves "—"), then every run's verdict (.lab-run);
    // with the main thread's busy time (CDP TaskDuration), which the page's drawing takes from the cores the
    // workers share. Run pressed once the page has settled (a reader reads the lab's opening before pressing it;
    // the workers have started by then).
    const lab = await browser.newPage();
    await lab.goto('http://127.0.0.1:4391/residual-ln/#training-lab');
    const curves = lab.locator('#training-lab-curves');
    await curves.getByRole('button', { name: 'Run', exact: true }).waitFor({ timeout: 60_000 });
    await curves.getByRole('button', { name: 'Run', exact: true }).scrollIntoViewIfNeeded(); // where a reader presses it
    await lab.waitForTimeout(3000);
    const cdp = await lab.context().newCDPSession(lab);
    await cdp.send('Performance.enable');
    const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
    const busyBefore = await busy();
    const labTiming = await curves.evaluate(
      (el) =>
        new Promise((resolve) => {
          // every frame until the first point (a frame's precision), then only when the page changes: a watch
          // polling every frame would itself keep the main thread drawing frames beside the workers
          const runs = el.querySelectorAll('.lab-predict-list li').length * 3;
          const start = performance.now();
          let first;
          const done = () => {
            if (el.querySelectorAll('.lab-run').length < runs) return false;
            resolve({ runs, first, all: performance.now() - start });
            return true;
          };
          const tick = () => {
            const legend = el.querySelector('figure.lab-chart .u-legend');
            const values = legend ? [...legend.querySelectorAll('td')].map((td) => td.textContent.trim()) : [];
            if (!values.some((v) => v && v !== '—' && v !== ':')) return requestAnimationFrame(tick);
            first = performance.now() - start;
            if (done()) return;
            const watch = new MutationObserver(() => done() && watch.disconnect());
            watch.observe(el, { subtree: true, childList: true });
          };
          el.querySelector('.lab-run-button').click();
          requestAnimationFrame(tick);
        }),
    );
    const mainThread = (await busy()) - busyBefore;
    const cores = await lab.evaluate(() => navigator.hardwareConcurrency);
    await lab.close();
    const what = `training lab's default view (${labTiming.runs} runs, ${cores} cores)`;
    note('chromium', `${what}: first loss point`, `${(labTiming.first / 1000).toFixed(2)} s after Run`);
    note('chromium', `${what}: complete`, `${(labTiming.all / 1000).toFixed(1)} s after Run (the page's main thread busy ${mainThread.toFixed(1)} s of it)`);
  } finally {
    await close();
  }
}

// Part 4's table at its defaults (every preset × L = 6, 24 × seeds 0–5) on first visits opened at it, then the
// reader's row of the wiring builder after an edit (issue 38's targets: the table ≤ 6 s, the row's L = 6 ≤ 1 s)
// floor (optional): a GEMM floor measured in the same run, to say what the table's runs would take at it.
async function part4Figures(profileDir, floor = undefined) {
  const stack = await (await import('../web/src/kernels/stack.js')).loadStack();
  const { median } = stack;
  const s2 = (v) => `${(v / 1000).toFixed(2)} s`;
  const part4 = [];
  for (let i = 0; i < FIRST_VISITS; i++) part4.push(await part4Visit('http://127.0.0.1:4391/residual-ln/#table-placements', profileDir));
  note(
    'chromium',
    `Part 4’s table complete (${(PART4_CELLS / 4) * 6} runs, first visit opened at #table-placements; from the navigation)`,
    `${part4.map((v) => s2(v.all)).join(', ')} (median ${s2(median(part4.map((v) => v.all)))}); its runs alone ${part4.map((v) => s2(v.runs)).join(', ')}` +
      `; before its first run was queued ${part4.map((v) => s2(v.all - v.runs)).join(', ')} (target ≤ 6 s in all)`,
  );
  // the table's work: every preset at L = 6 and 24, seeds 0–5, at the protocol's sizes (a run's FLOPs do not depend
  // on its wiring), and what it takes at the GEMM floor: the least its runs can take on 2 workers
  const gflop = [6, 24].reduce((sum, L) => sum + PLACEMENTS.length * 6 * stack.flops({ ...stack.defaults, L }), 0) / 1e9;
  note(
    'chromium',
    'Part 4’s table: its work',
    `${gflop.toFixed(0)} GFLOP` + (floor ? `; at the GEMM floor of this run (${floor.gflops.toFixed(2)} GFLOP/s) ${(gflop / floor.gflops).toFixed(1)} s` : ''),
  );
  const edits = part4.flatMap((v) => v.edits);
  note(
    'chromium',
    `Part 4’s "Build a wiring": the reader's row after a switch pressed (${edits.length} edits, table complete)`,
    `first L = 6 value ${edits.map((e) => s2(e[6])).join(', ')} (median ${s2(median(edits.map((e) => e[6])))}); ` +
      `L = 24 ${edits.map((e) => s2(e[24])).join(', ')} (median ${s2(median(edits.map((e) => e[24])))})`,
  );
}

// `npm run bench -- --only tableb [--rounds N] [--against DIR]`: table B and the GEMM floor alone in Chromium, N
// rounds (default 2). --against DIR (another build of the bench pages, e.g. build/bench-site copied aside before a
// change) runs its table B right after this build's in each round: under the same load, their ratio means something.
async function tableBOnly() {
  section('table B in Chromium, with the GEMM floor of the same run');
  const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const against = arg('--against');
  const rounds = Number(arg('--rounds') ?? 2);
  const { browser, close } = await startChromium({ againstBench: against });
  try {
    const page = await browser.newPage();
    const builds = [{ name: 'this build: ', port: 4390, runs: [] }, ...(against ? [{ name: `against ${against}: `, port: 4394, runs: [] }] : [])];
    for (let round = 0; round < rounds; round++) {
      const floor = await gemmFloor(page);
      note(
        'tableb',
        `round ${round + 1}: GEMM floor (GFLOP/s, median each of 2 workers at once)`,
        `${floor.perWorker.map((v) => v.toFixed(2)).join(' + ')} = ${floor.gflops.toFixed(2)}`,
      );
      for (const build of builds) {
        const b = await tableB(page, build.port);
        build.runs.push(b);
        noteTableB('tableb', `round ${round + 1}, ${build.name}`, b, floor);
      }
    }
    if (builds.length === 2) {
      const ratios = builds[0].runs.map((b, i) => (b.seconds / builds[1].runs[i].seconds).toFixed(3));
      note('tableb', 'table B wall time, this build / against, each round', ratios.join(', '));
    }
  } finally {
    await close();
  }
}

// `npm run bench -- --only part4`: Part 4's figures alone (first visits opened at its table, the reader's row).
async function part4Only() {
  section('Part 4 in Chromium: first visits opened at its table');
  const { browser, profileDir, close } = await startChromium();
  try {
    const floor = await gemmFloor(await browser.newPage());
    note(
      'part4',
      'GEMM floor (GFLOP/s, median each of 2 workers at once)',
      `${floor.perWorker.map((v) => v.toFixed(2)).join(' + ')} = ${floor.gflops.toFixed(2)}`,
    );
    await part4Figures(profileDir, floor);
  } finally {
    await close();
  }
}

const FIRST_VISITS = 3;
// Part 4's table at its defaults: every preset at L = 6 and 24, four measures
const PART4_CELLS = PLACEMENTS.length * 2 * 4;

// One first visit of url in a browser of its own (a fresh profile): the moments, taken in the page itself (a
// Playwright wait polls, and noticed them late: docs/measurements.md, "The first visit's moments are read in the
// page"), of the first contentful paint, the first number of table A and the last of its 12, and the renderer's main
// thread's busy time until then. → {fcp, first, all, milestones} in ms from the navigation's start, {mainThread} in
// ms. Its profile's path begins with profileDir, so shareSchedulingWith(profileDir) finds its processes too.
async function firstVisit(url, profileDir) {
  const visitDir = mkdtempSync(`${profileDir}-visit-`);
  const browser = await chromium.launchPersistentContext(visitDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const site = await browser.newPage();
    await site.waitForTimeout(4000); // a browser just launched loads its own pages first (see the cold page above)
    await site.addInitScript(() => {
      const cells = () => document.querySelectorAll('#table-a td[data-value]').length;
      const watch = new MutationObserver(() => {
        const n = cells();
        if (n > 0) window.__firstNumber ??= performance.now();
        if (n === 12) {
          window.__tableA = performance.now();
          watch.disconnect();
        }
      });
      document.addEventListener('DOMContentLoaded', () => watch.observe(document.body, { subtree: true, childList: true }));
    });
    // the renderer's main thread from before the navigation to table A complete: its CPU time (/proc), and its tasks'
    // time by kind (CDP's Performance metrics: script, style, layout; the workers' threads are in neither)
    const cdp = await site.context().newCDPSession(site);
    await cdp.send('Performance.enable');
    const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const before = await metrics();
    const cpuBefore = rendererMainThreadCpu(visitDir);
    await site.goto(url);
    await site.waitForFunction(() => window.__tableA, null, { timeout: 120_000 });
    const after = await metrics();
    const cpuAfter = rendererMainThreadCpu(visitDir);
    const busy = (name) => 1000 * (after[name] - before[name]); // ms, as the moments below
    const mainThread = {
      // CPU time (Linux's, of the site's renderer: the one whose main thread used the most during the visit)
      cpu: Math.max(...[...cpuAfter].map(([pid, ms]) => ms - (cpuBefore.get(pid) ?? 0))),
      // the wall time of its tasks, preemption included (on a busy machine, more than their CPU)
      task: busy('TaskDuration'),
      script: busy('ScriptDuration'),
      layout: busy('LayoutDuration'),
      style: busy('RecalcStyleDuration'),
    };
    const moments = await site.evaluate(() => {
      const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
      const mark = (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? NaN;
      return {
        first: window.__firstNumber,
        all: window.__tableA,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        // the opening's milestones (marks set by the page: kernels/compiled.js, widgets/mount.js, experiment/pool.js)
        // (the parse ends at domInteractive; DOMContentLoaded waits for the first layout and main.js's evaluation;
        // a run's time in its worker is from "first run posted" to "first run done")
        milestones: {
          'HTML parsed (domInteractive)': nav.domInteractive,
          'DOMContentLoaded (after the first layout and main.js)': nav.domContentLoadedEventStart,
          'figure module started': mark('figure module started'),
          'wasm compiled': mark('kernels compiled'),
          'first worker ready': mark('first worker ready'),
          'first run posted to a worker': mark('first run posted'),
          'first run done': mark('first run done'),
        },
      };
    });
    return { ...moments, mainThread };
  } finally {
    await browser.close();
  }
}

// The CPU time (ms, user and system) of the main thread of each renderer process whose command line names dir (a
// visit's profile), from /proc: Map pid → ms.
function rendererMainThreadCpu(dir) {
  const tick = 10; // ms: Linux's USER_HZ is 100
  const cpu = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const cmdline = readProc(`/proc/${pid}/cmdline`);
    if (!cmdline.includes(dir) || !cmdline.includes('--type=renderer')) continue;
    const stat = readProc(`/proc/${pid}/task/${pid}/stat`); // the main thread's (its id is the process's)
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from the state on: utime and stime are 12, 13
    if (fields.length > 13) cpu.set(pid, tick * (Number(fields[11]) + Number(fields[12])));
  }
  return cpu;
}

// One first visit opened at Part 4's table, in a browser of its own: when its 72 cells have their values (from the
// navigation's start), and how long its runs took from the first to the last (the table's footer: "N runs, … s of
// computing" is the workers' sum; here the wall time from the first cell's request to the last). → {all, runs} ms
async function part4Visit(url, profileDir) {
  const browser = await chromium.launchPersistentContext(mkdtempSync(`${profileDir}-part4-`), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const site = await browser.newPage();
    await site.waitForTimeout(4000);
    await site.addInitScript((cells) => {
      const watch = new MutationObserver(() => {
        const table = document.querySelector('#table-placements table');
        if (table && !window.__part4Started && table.querySelector('td.pending')) window.__part4Started = performance.now();
        if (document.querySelectorAll('#table-placements td[data-measure]').length === cells) {
          window.__part4 = performance.now();
          watch.disconnect();
        }
      });
      document.addEventListener('DOMContentLoaded', () => watch.observe(document.body, { subtree: true, childList: true }));
    }, PART4_CELLS);
    await site.goto(url);
    await site.waitForFunction(() => window.__part4, null, { timeout: 300_000 });
    const table = await site.evaluate(() => ({ all: window.__part4, runs: window.__part4 - window.__part4Started }));
    return { ...table, edits: await writtenRowTimes(site) };
  } finally {
    await browser.close();
  }
}

// Part 4's "Build a wiring", once the table is complete: a switch of the drawing pressed (as the reader would, the
// table's last rows and the drawing in view), then the moment the reader's row at L = 6 has its first value and
// the moment its L = 24 row has (each a median over the seeds: six runs per depth). Three edits, each a wiring the
// page has not run: Pre-LN with a norm after the add, then one on the branch's output too, then without the residual.
async function writtenRowTimes(site) {
  const times = [];
  for (const name of ['norm after the add', 'norm on the branch’s output', 'stream added back (residual)']) {
    await site
      .locator('#table-placements tbody tr')
      .last()
      .evaluate((tr) => tr.scrollIntoView({ block: 'start' }));
    await site.waitForTimeout(1000); // a reader looks before pressing: the figures have heard where the window is
    times.push(
      await site
        .locator('#build-wiring')
        .getByRole('button', { name })
        .evaluate(
          (button) =>
            new Promise((resolve) => {
              const before = new URL(location.href).searchParams.get('wiring');
              const start = performance.now();
              const at = {};
              const look = () => {
                const text = new URL(location.href).searchParams.get('wiring');
                if (text === before) return false;
                for (const L of [6, 24]) {
                  if (!at[L] && [...document.querySelectorAll(`#table-placements td[data-l="${L}"][data-value]`)].some((td) => td.dataset.placement === text))
                    at[L] = performance.now() - start;
                }
                if (at[6] && at[24]) resolve(at);
                return at[6] && at[24];
              };
              const watch = new MutationObserver(() => look() && watch.disconnect());
              watch.observe(document.querySelector('#table-placements'), { subtree: true, childList: true, attributes: true });
              button.click(); // (not Playwright's click, which would scroll the button to the middle of the window)
            }),
        ),
    );
  }
  return times;
}

// Chromium puts its processes in sessions of their own, so Linux's autogroup scheduler weighs them apart from this
// script's: on a busy machine the page's workers then get another share of the cores than the Node layer's
// (docs/design/toolchain.md T17; what it did to table B: docs/measurements.md, "The benchmark shares its scheduling
// with Chromium"). Gives every Chromium process of this run this script's autogroup niceness, where Linux allows it,
// and says when it cannot.
function shareSchedulingWith(profileDir) {
  const own = /nice\s+(-?\d+)/.exec(readProc('/proc/self/autogroup'))?.[1];
  if (own === undefined) {
    console.log('  (no autogroup scheduling here: nothing to match)');
    return undefined;
  }
  let refused = false;
  const match = () => {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      if (!readProc(`/proc/${pid}/cmdline`).includes(profileDir)) continue;
      try {
        if (!readProc(`/proc/${pid}/autogroup`).includes(`nice ${own}`)) writeFileSync(`/proc/${pid}/autogroup`, own);
      } catch {
        if (!refused) console.log(`  (could not give Chromium's processes this script's autogroup niceness ${own}; figures may be skewed on a busy machine)`);
        refused = true;
      }
    }
  };
  match();
  return setInterval(match, 250); // renderers and their workers start as pages open
}

function readProc(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

// ---- 4. PyTorch ----
async function pytorch() {
  section('PyTorch 1.13 (Debian python3-torch, CPU, 1 thread)');
  let torch = false;
  try {
    sh('/usr/bin/python3', ['-c', 'import torch'], { stdio: 'ignore' });
    torch = true;
  } catch {
    console.log('  not installed: bash tests/reference/install-torch.sh, then run npm run bench again');
  }
  if (torch) {
    const r = lastJson(sh('/usr/bin/python3', ['tests/reference/bench_torch.py', '--threads', '1']));
    note(
      'pytorch',
      'table B on 1 thread: wall time',
      `${r.total_seconds.toFixed(1)} s (forward+backward ${r.fwd_bwd_seconds.toFixed(1)} s, ${r.gflops_per_second.toFixed(2)} GFLOP/s)`,
    );
    // the training lab's run beside the wasm one (same configuration: regress, Post-LN, L = 24, d = 64, 150 steps)
    const t = lastJson(sh('/usr/bin/python3', ['tests/reference/bench_torch.py', '--train', '--threads', '1']));
    note(
      'pytorch',
      `training lab, ${t.steps} steps at d = ${t.d} (${t.gflop.toFixed(1)} GFLOP) on 1 thread: time`,
      `${t.seconds.toFixed(2)} s (${t.gflops_per_second.toFixed(2)} useful GFLOP/s)`,
    );
  }
}

// ---- the opening alone, optionally against another build ----
// `npm run bench -- --only opening [--visits N] [--against DIR]`: first visits opened at #table-a only (a minute,
// not the half hour of the whole Chromium layer), with their milestones and the main thread's busy time. --against
// DIR (another build of the site, e.g. main's dist copied aside) alternates a visit of each build, so the two are
// compared under the same load: on a shared machine only such a ratio means anything.
async function opening() {
  section('the opening in Chromium: first visits opened at #table-a');
  const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const visitsEach = Number(arg('--visits') ?? 5);
  const against = arg('--against');
  sh('node_modules/.bin/vite', ['build', '--config', 'web/vite.config.js', '--logLevel', 'warn'], {
    env: { ...env, BASE_PATH: '/residual-ln/' },
    stdio: 'ignore',
  });
  const builds = [{ name: 'this build', dir: 'dist', port: 4391 }, ...(against ? [{ name: `against ${against}`, dir: against, port: 4393 }] : [])];
  const servers = builds.map((b) =>
    spawn('node', ['tests/e2e/serve.mjs', '--dir', b.dir, '--base', '/residual-ln/', '--port', String(b.port)], { cwd: root, stdio: 'ignore' }),
  );
  await new Promise((r) => setTimeout(r, 800));
  const profileDir = mkdtempSync(join(tmpdir(), 'bench-opening-'));
  const sameShare = shareSchedulingWith(profileDir);
  const { median } = await (await import('../web/src/kernels/stack.js')).loadStack();
  try {
    for (const b of builds) b.visits = [];
    for (let i = 0; i < visitsEach; i++) {
      for (const b of builds) b.visits.push(await firstVisit(`http://127.0.0.1:${b.port}/residual-ln/#table-a`, profileDir));
    }
  } finally {
    clearInterval(sameShare);
    servers.forEach((s) => s.kill());
  }
  const s2 = (v) => `${(v / 1000).toFixed(2)} s`;
  const row = (visits, f) => `${visits.map((v) => s2(f(v))).join(', ')} (median ${s2(median(visits.map(f)))})`;
  /** @type {[string, (v: any) => number][]} */
  const lines = [
    ['first contentful paint', (v) => v.fcp],
    ['first live number', (v) => v.first],
    ['table A complete', (v) => v.all],
    ['main thread CPU, navigation to table A complete (/proc)', (v) => v.mainThread.cpu],
    ['  its tasks’ wall time (CDP TaskDuration)', (v) => v.mainThread.task],
    ['  of it: script', (v) => v.mainThread.script],
    ['  of it: style', (v) => v.mainThread.style],
    ['  of it: layout', (v) => v.mainThread.layout],
    ...Object.keys(builds[0].visits[0].milestones).map(
      (name) => /** @type {[string, (v: any) => number]} */ ([`  milestone: ${name}`, (v) => v.milestones[name]]),
    ),
  ];
  for (const b of builds) {
    console.log(` ${b.name} (${b.dir}):`);
    for (const [what, f] of lines) note('opening', `${b.name}: ${what}`, row(b.visits, f));
  }
  if (builds.length === 2) {
    for (const [what, f] of lines) {
      const [a, o] = builds.map((b) => median(b.visits.map(f)));
      note('opening', `ratio this build / against: ${what.trim()}`, (a / o).toFixed(2));
    }
  }
}

// npm run bench -- --only chromium (or native, wasm, pytorch, grading, opening, tableb, part4; comma-separated): a part of the figures
const LAYERS = {
  native,
  wasm: wasmNode,
  chromium: chromiumSite,
  pytorch,
  grading: () => gradingBench({ note }),
  opening,
  tableb: tableBOnly,
  part4: part4Only,
};
const only = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]?.split(',')
  : Object.keys(LAYERS).filter((name) => !['opening', 'tableb', 'part4'].includes(name));
const unknown = (only ?? []).filter((name) => !LAYERS[name]);
if (!only || unknown.length) {
  console.error(`usage: npm run bench [-- --only ${Object.keys(LAYERS).join(',')}]`);
  process.exit(2);
}
if (!only.includes('wasm')) sh('bash', ['scripts/build-wasm.sh'], { env, stdio: 'ignore' }); // the module the site and Node load
for (const name of only) await LAYERS[name]();

console.log('\n== summary');
for (const f of figures) console.log(`${f.layer.padEnd(10)} ${f.what}: ${f.value}`);
