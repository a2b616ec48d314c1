// npm run sweep and npm run train when some runs fail (issue 52): a run that fails prints its line with the reason,
// the others run, the sweep's medians are over the runs that ran, and the exit code (3) says that some failed, as
// --help says. A value that is no number is never printed as one (JSON's null, beside the kernel's reason).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RUNS_FAILED } from '../../scripts/lib/worker-jobs.mjs';

const tool = (name) => fileURLToPath(new URL(`../../scripts/${name}.mjs`, import.meta.url));
const sweep = (...args) => spawnSync(process.execPath, [tool('sweep'), ...args], { encoding: 'utf8', timeout: 120_000 });
const train = (...args) => spawnSync(process.execPath, [tool('train'), ...args], { encoding: 'utf8', timeout: 120_000 });
const lines = (stdout) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
// NaN or Infinity where JSON has a value (a reason's prose may name them)
const AS_A_NUMBER = /[:,[]\s*-?(NaN|Infinity)\b/;
const SMALL = ['--d', '8', '--heads', '2', '--B', '2', '--T', '3'];

// no residual, no norm before the branch, the branch multiplied by 0: a stream of exact zeros (it runs; its ratio is
// 0/0 and its stream has no growth factor)
const ZERO = '{"from": "pre", "residual": false, "in": false, "final": false, "scale_out": "0"}';
// α = 1e300 without norms: the stream leaves float64's range (the run fails)
const HUGE = '{"from": "pre", "in": false, "final": false, "alpha": "1e300"}';

describe('npm run sweep', () => {
  it('the issue’s case: an all-zero wiring beside two presets prints all six lines and the medians', () => {
    // it had printed 4 of 6 lines, then exited 1 with the growth function's precondition
    const r = sweep('--placement', 'pre,post', '--wiring', ZERO, '--L', '4', '--seeds', '0-1', ...SMALL);
    expect(r.status, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(7);
    const zero = out.filter((l) => l.placement?.startsWith('{'));
    expect(zero).toHaveLength(2);
    for (const l of zero) {
      expect(l.growth).toBeNull();
      expect(l.undefinedGrowth).toMatch(/^the stream is exactly 0 after block 1, so it has no growth factor: .*residual.*scale_out/);
      expect(l.ratio).toBeNull();
      expect(l.undefinedRatios.all).toMatch(/undefined \(0\/0\)/);
    }
    const medians = out.at(-1).medians;
    expect(medians.map((m) => [m.seeds, typeof m.ratio])).toEqual([
      [[0, 1], 'number'],
      [[0, 1], 'number'],
      [[], 'object'],
    ]);
    expect(medians[2]).toMatchObject({ ratio: null, undefinedRatio: [0, 1], ratioReason: expect.stringMatching(/^no run gave a ratio: undefined \(0\/0\)/) });
    expect(r.stdout).not.toMatch(AS_A_NUMBER);
  });

  it('a run that fails prints its line with the reason; the others run; the medians are over those that ran; exit code 3', () => {
    const r = sweep('--placement', 'pre', '--wiring', `[${HUGE}, ${ZERO}]`, '--L', '4', '--seeds', '0-1', ...SMALL);
    expect(r.status).toBe(RUNS_FAILED);
    expect(RUNS_FAILED).toBe(3);
    const out = lines(r.stdout);
    expect(out).toHaveLength(7);
    const failed = out.filter((l) => 'error' in l);
    expect(failed.map((l) => [l.placement, l.L, l.seed])).toEqual([
      ['{"from":"pre","in":false,"alpha":"1e300","final":false}', 4, 0],
      ['{"from":"pre","in":false,"alpha":"1e300","final":false}', 4, 1],
    ]);
    // (in the wiring's terms, naming the setting to change: it had said "reduce the output scale s", never set)
    for (const l of failed) expect(l.error).toMatch(/^this run's numbers left float64's range at block 1 of L = 4 .*: lower alpha \(it is 1e\+300 at block 1/);
    expect(out.filter((l) => l.grad)).toHaveLength(4); // pre's two and the zero wiring's two ran
    const [pre, huge] = out.at(-1).medians;
    expect(pre).toMatchObject({ placement: 'pre', L: 4, seeds: [0, 1] });
    expect(Number.isFinite(pre.ratio)).toBe(true);
    expect(huge).toEqual({
      placement: failed[0].placement,
      L: 4,
      seeds: [],
      ratio: null,
      failed: [0, 1],
      ratioReason: 'every run failed (their lines say why)',
    });
    expect(r.stderr).toBe('sweep: 2 of 6 runs failed (their lines say why); the medians are over the runs that ran.\n');
    expect(r.stdout).not.toMatch(AS_A_NUMBER);
  });

  it('--help says what the exit codes mean', () => {
    const r = sweep('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /Exit code: 0 every run ran; 3 some runs failed \(each prints its line with "error", the reason; the others\s+run, and the medians are over those that ran\); 2 the arguments cannot be used/,
    );
  });
});

describe('npm run train', () => {
  const TRAIN_SMALL = ['--L', '2', '--d', '8', '--heads', '2', '--B', '2', '--T', '4', '--steps', '3'];

  it('a seed whose run fails prints its summary line with the reason; the others run; exit code 3', () => {
    // β = 1e-300 divides the weights by 1e-300: they leave float64's range before the first step
    const r = train('--placement', 'pre', '--wiring', '{"beta": "1e-300"}', '--seeds', '0-1', ...TRAIN_SMALL);
    expect(r.status).toBe(RUNS_FAILED);
    const out = lines(r.stdout);
    const summaries = out.filter((l) => l.summary);
    expect(summaries).toHaveLength(4);
    expect(summaries.filter((l) => l.placement === 'pre').map((l) => [l.seed, typeof l.final_loss])).toEqual([
      [0, 'number'],
      [1, 'number'],
    ]);
    const failed = summaries.filter((l) => 'error' in l);
    expect(failed.map((l) => l.seed).sort()).toEqual([0, 1]);
    for (const l of failed) {
      expect(l.placement).toBe('{"from":"pre","beta":"1e-300"}');
      // (it had been a norm's "x must contain only finite numbers")
      expect(l.error).toBe(
        "this run's numbers left float64's range at its first step, before any update: raise beta (it is 1e-300 at block 1 and divides the weights of Wv, Wo, W1 and W2)",
      );
    }
    expect(out.filter((l) => l.step !== undefined && l.placement === 'pre')).toHaveLength(6);
    expect(r.stderr).toBe('train: 2 of 4 runs failed (their summary lines say why).\n');
  });

  it('a run that diverges prints null beside the reason, never NaN or Infinity', () => {
    const r = train('--wiring', HUGE, '--seeds', '0', ...TRAIN_SMALL);
    expect(r.status, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out[0]).toMatchObject({ step: 0, loss: null, ratio: null, stream_sd: null, diverged: true, diverged_reason: expect.stringMatching(/float64/) });
    expect(out.at(-1)).toMatchObject({ summary: true, diverged: true, final_loss: null });
    expect(r.stdout).not.toMatch(AS_A_NUMBER);
  });

  it('--help says what the exit codes mean', () => {
    expect(train('--help').stdout).toMatch(/Exit code: 0 every run ran; 3 some runs failed/);
  });
});
