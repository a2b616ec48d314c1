// The work budget (web/src/experiment/budget.js) with the real kernel's FLOP counts: a crafted link's run
// set asks first, the article's own figures never do, and the estimate follows the measured speed.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadStack } from '../../web/src/kernels/stack.js';
import { parseDepths, parseSeeds } from '../../web/src/experiment/params.js';
import { ARTICLE_WORK_FLOPS, PAGE_WORK_FLOPS, assessWork, createShare, formatDuration, formatFlop, recordRun } from '../../web/src/experiment/budget.js';
import { TABLES } from '../../web/src/widgets/article-table/tables.js';

let stack;
beforeAll(async () => {
  stack = await loadStack();
});

// Table B's runs for depths and seeds as the URL gives them, with the settings, and their FLOPs
function tableB(depths, seeds, settings = {}) {
  const runs = TABLES.B.runs({ Ls: parseDepths(depths).value, seeds: parseSeeds(seeds).value, measure: 'all' });
  const flops = runs.reduce((sum, r) => sum + stack.flops({ ...stack.defaults, ...settings, ...r.options }), 0);
  return { count: runs.length, flops };
}

describe('the work budget', () => {
  it('asks before the crafted link’s 1,152 runs (≈ 1,500 TFLOP)', () => {
    const { count, flops } = tableB('50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1024', '0-31', { d: 512 });
    expect(count).toBe(1152);
    expect(flops / 1e12).toBeCloseTo(1533, -1);
    const work = assessWork(flops, count, 2);
    expect(work.over).toBe(true);
    expect(work.text).toBe('1,152 runs, about 1,500 TFLOP: roughly 1.8 days of computing in this browser (2 workers at an assumed 5.0 GFLOP/s each).');
  });

  it('writes its sentence only when it is read: a figure that does not ask formats no number', () => {
    // (a page's first toLocaleString sets up the browser's number formats on the main thread, before the first run)
    const format = vi.spyOn(Number.prototype, 'toLocaleString');
    try {
      const work = assessWork(1e12, 1152, 2);
      expect(format).not.toHaveBeenCalled();
      expect(work.text).toMatch(/^1,152 runs, about 1 TFLOP: /);
      expect(format).toHaveBeenCalled();
    } finally {
      format.mockRestore();
    }
  });

  it('never asks for the article’s own Table B, even on one slow worker', () => {
    const { count, flops } = tableB(TABLES.B.controls[0].fallback, TABLES.B.controls[1].fallback);
    expect(count).toBe(72);
    expect(flops).toBeLessThan(ARTICLE_WORK_FLOPS / 2);
    recordRun(1e9, 1); // a run at 1 GFLOP/s: a slow machine
    expect(assessWork(flops, count, 1).over).toBe(false);
  });

  it('is the page’s: work other figures started and have not finished counts, shared runs once', () => {
    // at the 1 GFLOP/s measured above, the floors decide: ARTICLE_WORK_FLOPS a figure, PAGE_WORK_FLOPS the page
    const [b, ratio, m] = [createShare(), createShare(), createShare()];
    b.claim(
      new Map([
        ['run1', 0.6e12],
        ['run2', 0.3e12],
      ]),
    );
    ratio.claim(
      new Map([
        ['run2', 0.3e12],
        ['run3', 0.5e12],
      ]),
    ); // run2 is both figures': it counts once
    expect(m.others(new Set(['run9']))).toBeCloseTo(1.4e12, -3);
    expect(m.others(new Set(['run1']))).toBeCloseTo(0.8e12, -3); // a run it is about to start itself is not another's
    const alone = assessWork(0.9e12, 32, 2);
    const crowded = assessWork(0.9e12, 32, 2, m.others(new Set(['run9'])));
    expect([alone.over, crowded.over, crowded.crowded]).toEqual([false, true, true]);
    b.release('run1'); // finished
    ratio.clear(); // cancelled: run2 stays b's
    expect(m.others(new Set())).toBeCloseTo(0.3e12, -3);
    expect(assessWork(0.9e12, 32, 2, m.others(new Set())).over).toBe(false);
    b.clear();
    expect(m.others(new Set())).toBe(0);
    expect(PAGE_WORK_FLOPS).toBeGreaterThan(ARTICLE_WORK_FLOPS);
  });

  it('estimates with the speed measured from finished runs', () => {
    recordRun(39e9, 3); // with the run above: 40 GFLOP in 4 s, 10 GFLOP/s per worker
    const work = assessWork(3e15, 100, 4);
    expect(work.seconds).toBeCloseTo(3e15 / 4e10, 6);
    expect(work.text).toMatch(/roughly 21 hours .* \(4 workers at the measured 10 GFLOP\/s each\)/);
    // a minute at the measured speed: 4 workers × 10 GFLOP/s × 60 s = 2.4 TFLOP
    expect(assessWork(2.3e12, 10, 4).over).toBe(false);
    expect(assessWork(2.5e12, 10, 4).over).toBe(true);
  });

  it('writes FLOPs and durations plainly', () => {
    expect(formatFlop(1.533e15)).toBe('1,500 TFLOP');
    expect(formatFlop(4.8e11)).toBe('480 GFLOP');
    expect(formatDuration(61000)).toBe('17 hours');
    expect(formatDuration(60)).toBe('1 minute');
    expect(formatDuration(0.2)).toBe('0.2 seconds');
  });
});
