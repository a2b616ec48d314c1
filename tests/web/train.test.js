// The training kernel through the real wasm module in Node (web/src/kernels/train.js): defaults from C++,
// PyTorch's own training runs step by step through the JS bindings, the records' shape, the summary,
// reader-facing errors, and `npm run train` (JSON lines, summaries, usage and exit code 2).
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTrain } from '../../web/src/kernels/train.js';
import { PLACEMENTS } from '../../web/src/experiment/choices.js';

const fixtureDir = new URL('../reference/fixtures/train/', import.meta.url);
const fixture = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, fixtureDir), 'utf8'));
const camel = (key) => key.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
// a written wiring's fixture holds its description as an object: the kernel reads its JSON text
const optionsOf = ({ config }) => Object.fromEntries(Object.entries(config).map(([k, v]) => [camel(k), typeof v === 'object' ? JSON.stringify(v) : v]));
const relClose = (actual, expected, rtol, what) =>
  expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(rtol * Math.abs(expected));

let train;
beforeAll(async () => {
  train = await loadTrain();
});

describe('defaults', () => {
  it('are the lab’s protocol, reported by C++', () => {
    expect(train.defaults).toMatchObject({
      task: 'regress',
      placement: 'post',
      L: 24,
      d: 64,
      heads: 4,
      B: 2,
      T: 16,
      lr: 3e-3,
      beta1: 0.9,
      beta2: 0.999,
      eps: 1e-8,
      warmup: 0,
      steps: 150,
      streamGrads: false,
    });
    expect(train.finalWindow).toBe(10);
    expect([train.threshold('regress'), train.threshold('char')]).toEqual([0.2, 1]);
  });

  it('name every option the fixtures set (one field list in C++)', () => {
    for (const key of Object.keys(optionsOf(fixture('char_pre_tiny_w8_s2')))) expect(train.defaults).toHaveProperty(key);
  });
});

// The small fixtures, every step: the browser's module trains exactly as PyTorch does.
const small = readdirSync(fileURLToPath(fixtureDir))
  .map((f) => f.replace(/\.json$/, ''))
  .filter((n) => !n.includes('L24'));

describe.each(small)('PyTorch fixture %s', (name) => {
  it('matches every step’s loss, rate and gradient norms to 1e-8', () => {
    const f = fixture(name);
    const run = train.start({ ...optionsOf(f), streamGrads: true });
    try {
      const losses = [];
      for (const expected of f.steps) {
        const s = run.step();
        losses.push(s.loss);
        expect(s.step).toBe(expected.step);
        relClose(s.lr, expected.lr, 1e-15, `lr at ${s.step}`);
        relClose(s.loss, expected.loss, 1e-8, `loss at ${s.step}`);
        expect(s.gradNorm).toBeInstanceOf(Float64Array);
        s.gradNorm.forEach((g, i) => relClose(g, expected.grad_norm[i], 1e-8, `grad_norm[${i}] at ${s.step}`));
        s.streamGradNorm.forEach((g, i) => relClose(g, expected.stream_grad_norm[i], 1e-8, `stream[${i}] at ${s.step}`));
        expect(s.ratio).toBe(s.gradNorm[0] / s.gradNorm.at(-1));
      }
      expect(run.finished()).toBe(true);
      expect(run.stepsDone()).toBe(f.steps.length);
      const summary = train.summary(f.config.task, losses);
      relClose(summary.finalLoss, f.summary.final_loss, 1e-8, 'final loss');
      expect(summary.trained).toBe(f.summary.trained);
    } finally {
      run.delete();
    }
  });
});

describe('runs', () => {
  it('records no stream gradients unless asked, and stops after its steps', () => {
    const run = train.start({ L: 2, d: 8, heads: 2, T: 4, steps: 2 });
    try {
      const s = run.step();
      expect(s.streamGradNorm).toBeUndefined();
      expect(s.gradNorm).toHaveLength(2);
      run.step();
      expect(() => run.step()).toThrow('this run has taken all its 2 steps');
    } finally {
      run.delete();
    }
  });

  it('refuses what cannot run with a reader-facing message', () => {
    expect(() => train.check({ lr: -1 })).toThrow('the learning rate must be a finite number, 0 or more');
    expect(() => train.check({ task: 'words' })).toThrow('task must be regress or char (got "words")');
    expect(() => train.check({ steps: 0 })).toThrow('steps must be between 1 and 10000 (got 0)');
    expect(() => train.check({ L: 1024, d: 256 })).toThrow(/reduce L, B, T or d/);
    expect(() => train.start({ heads: 5 })).toThrow('heads must divide d: d = 64 is not a multiple of heads = 5');
    expect(train.check({ L: 96, d: 128 })).toBeLessThan(768 * 2 ** 20);
  });

  it('summarises: the mean of the last ten losses against the threshold, and blow-ups', () => {
    const losses = [...Array(10).fill(1), ...Array(10).fill(0.1)];
    expect(train.summary('regress', losses)).toEqual({ finalLoss: expect.closeTo(0.1, 15), trained: true, diverged: false, threshold: 0.2 });
    expect(train.summary('char', [3, NaN, 0.5])).toMatchObject({ trained: false, diverged: true });
  });

  it('counts the FLOPs of the whole run', () => {
    expect(train.flops({}) / 150).toBeCloseTo(0.236e9, -6);
    expect(train.flops({ steps: 300 })).toBeCloseTo(2 * train.flops({}), 0);
  });
});

const script = fileURLToPath(new URL('../../scripts/train.mjs', import.meta.url));
const cli = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('npm run train', () => {
  it('takes Part 4’s wirings, and prints the stream’s sd after the last block at every step', () => {
    const r = cli('--placement', 'mixln,peri', '--L', '4', '--d', '16', '--heads', '2', '--T', '4', '--seeds', '0', '--steps', '3');
    expect(r.status, r.stderr).toBe(0);
    const steps = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((l) => !l.summary);
    expect(steps.map((l) => l.placement).sort()).toEqual(['mixln', 'mixln', 'mixln', 'peri', 'peri', 'peri']);
    for (const l of steps) {
      expect(l.grad_norm).toHaveLength(4);
      expect(l.stream_sd).toBeGreaterThan(0);
    }
  });

  it('a run that blows up stops at the step it diverged, says so in its summary, and the command succeeds', () => {
    const r = cli('--placement', 'post', '--L', '2', '--d', '8', '--heads', '2', '--T', '4', '--seeds', '0', '--steps', '20', '--lr', '1e100');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const summary = lines.at(-1);
    expect(summary).toMatchObject({ summary: true, diverged: true, trained: false });
    expect(summary.diverged_at).toBeGreaterThanOrEqual(1);
    expect(lines.length - 1).toBe(summary.diverged_at + 1); // no step after it
    expect(r.stderr).not.toMatch(/finite numbers/);
  });

  // Issue 37: ReZero at lr 1e9 kept a finite loss while its gradient norms overflowed: 28 lines of
  // "grad_norm":[null,null] and "diverged":false. Its gradients stop being finite at step 2: it diverged there.
  it('a run whose gradients stop being finite diverged at that step, and says why', () => {
    const r = cli('--placement', 'rezero', '--L', '2', '--seeds', '0', '--steps', '30', '--lr', '1e9');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const steps = lines.filter((l) => !l.summary);
    const summary = lines.at(-1);
    expect(summary).toMatchObject({
      summary: true,
      diverged: true,
      diverged_at: 2,
      trained: false,
      diverged_reason: 'the gradient of block 1 left float64’s range',
    });
    expect(steps).toHaveLength(3);
    expect(steps.at(-1)).toMatchObject({ step: 2, diverged: true, diverged_reason: 'the gradient of block 1 left float64’s range' });
    for (const l of steps.slice(0, -1)) {
      expect(l.diverged).toBeUndefined();
      for (const g of l.grad_norm) expect(Number.isFinite(g), `step ${l.step}`).toBe(true);
    }
  });

  it('prints a JSON line per step per seed, then a summary per seed', () => {
    const r = cli(
      '--placement',
      'post,pre',
      '--L',
      '3',
      '--d',
      '16',
      '--heads',
      '2',
      '--T',
      '4',
      '--seeds',
      '0-1',
      '--steps',
      '4',
      '--warmup',
      '2',
      '--lr',
      '1e-2',
      '--jobs',
      '2',
    );
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4 * (4 + 1));
    for (const placement of ['post', 'pre']) {
      for (const seed of [0, 1]) {
        const mine = lines.filter((l) => l.placement === placement && l.seed === seed);
        const steps = mine.filter((l) => !l.summary);
        expect(steps.map((l) => l.step)).toEqual([0, 1, 2, 3]);
        expect(steps.map((l) => l.lr)).toEqual([5e-3, 1e-2, 1e-2, 1e-2]);
        for (const l of steps) expect(l.grad_norm).toHaveLength(3);
        const summary = mine.at(-1);
        expect(summary).toMatchObject({ summary: true, task: 'regress', threshold: 0.2, trained: false });
        const last = steps.map((l) => l.loss);
        expect(summary.final_loss).toBeCloseTo(last.reduce((a, b) => a + b) / last.length, 12);
      }
    }
  });

  it.each([
    [[], /--placement \(or --wiring\) and --seeds are required/],
    [['--placement', 'middle', '--seeds', '0'], `“middle” is not a wiring (${PLACEMENTS.map((p) => p.key).join(', ')})`],
    [['--wiring', '{"gate0": 0.5}', '--seeds', '0'], /gate0 is the initial value of a gate, but gate is "none"/],
    [['--placement', 'pre', '--seeds', '0', '--lr', 'fast'], /--lr needs a number \(got "fast"\)/],
    [['--placement', 'pre', '--seeds', '0', '--bogus'], /unknown argument "--bogus"/],
    [['--placement', 'pre', '--seeds', '0', '--task', 'words'], /task must be regress or char/],
    [['--placement', 'pre', '--seeds', '0', '--L', '2.5'], /L must be a whole number/],
    [['--placement', 'pre', '--seeds', '0', '--steps', '0'], /steps must be between 1 and 10000/],
    // issue 37: Adam with ε = 0 was run and reported as diverged at step 1; a flag given twice kept its last value
    [['--placement', 'pre', '--seeds', '0', '--eps', '0'], /--eps 0: Adam’s ε must be above 0 \(got 0\)\./],
    [['--placement', 'pre', '--seeds', '0', '--eps', '-1e-8'], /--eps -1e-8: Adam’s ε must be above 0 \(got -1e-8\)\./],
    [['--placement', 'pre', '--seeds', '0', '--lr', '1e-3', '--lr', '1e-2'], /--lr is given twice: give it once/],
    [['--placement', 'pre', '--placement', 'post', '--seeds', '0'], /--placement is given twice: give it once/],
    [['--placement', 'pre', '--seeds', '0', '--seeds', '1'], /--seeds is given twice: give it once/],
  ])('%j → usage, exit code 2', (args, message) => {
    const r = cli(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/usage: npm run train/);
  });
});
