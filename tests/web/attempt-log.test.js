// An exercise's log of attempts (web/src/progress/attempt-log.js), issue 37: what a teacher needs is never evicted
// (the first attempts on the graded numbers, each first right answer, each hint or solution opened before an
// attempt), practice is summarised with a count the file keeps, every attempt is numbered among those on its numbers,
// and two tabs' copies of a log merge without losing or doubling an attempt.
import { describe, expect, it } from 'vitest';
import { assignedSeed } from '../../web/src/progress/assignee.js';
import { FIRST_TRIES, MAX_LOG, appendAttempt, gradedNumbers, logEntry, mergeLogs, numbersKey, readLog } from '../../web/src/progress/attempt-log.js';

const at = (k) => new Date(Date.UTC(2026, 11, 1, 10, 0, k));
const assignment = { code: 'PHYS 101', name: 'Ada', exercises: [4] };
const own = assignedSeed('PHYS 101', 'Ada', 4);
const graded = gradedNumbers(assignment, 4);

// a record after these attempts: [{seed, right, hints, solution, inputs}], one a second
function logged(attempts, record = { log: [] }) {
  let r = record;
  attempts.forEach((a, k) => {
    const e = logEntry(
      {
        seed: a.seed ?? own,
        answers: { mean: a.answer ?? String(k) },
        inputs: a.inputs ?? null,
        hints: a.hints ?? 0,
        solution: a.solution ?? false,
        right: a.right ?? [],
      },
      at(r.log.length + (r.summarised?.count ?? 0) + k),
    );
    r = { ...r, ...appendAttempt(r, e, graded) };
  });
  return r;
}

describe('what the log keeps', () => {
  it('a first-try solve followed by 20 practice attempts on other numbers keeps the solve', () => {
    const r = logged([{ right: ['mean', 'variance'] }, ...Array.from({ length: 20 }, (_, k) => ({ seed: 1000 + k }))]);
    expect(r.log).toHaveLength(21);
    expect(r.log[0]).toMatchObject({ seed: own, right: ['mean', 'variance'], try: 1 });
  });

  it('practice past MAX_LOG is summarised, counted by numbers; the solve and the first attempts stay', () => {
    const r = logged([{ right: ['mean'] }, ...Array.from({ length: 45 }, (_, k) => ({ seed: 1000 + (k % 3) }))]);
    expect(r.log[0]).toMatchObject({ seed: own, try: 1 });
    expect(r.log).toHaveLength(1 + MAX_LOG);
    expect(r.log.slice(1).every((e) => e.seed >= 1000)).toBe(true);
    expect(r.summarised.count).toBe(45 - MAX_LOG);
    expect(r.summarised.numbers.map((x) => [x.seed, x.count]).sort()).toEqual([
      [1000, 9],
      [1001, 8],
      [1002, 8],
    ]);
    expect(r.summarised.numbers.reduce((s, x) => s + x.count, 0)).toBe(r.summarised.count);
    // each attempt numbered among those on its numbers, the summarised ones counted
    expect(r.log.at(-1)).toMatchObject({ seed: 1002, try: 15 });
  });

  it('a long run on the graded numbers keeps the first tries, each first right part, each hint and the solution opened', () => {
    const run = [
      ...Array.from({ length: 14 }, () => ({})),
      { right: ['mean'] }, // try 15: mean right for the first time
      ...Array.from({ length: 6 }, () => ({ right: ['mean'] })),
      { hints: 1, right: ['mean'] }, // try 22: after a hint
      ...Array.from({ length: 5 }, () => ({ hints: 1 })),
      { hints: 1, solution: true }, // try 28: after the solution
      ...Array.from({ length: 30 }, () => ({ hints: 1, solution: true })),
      { hints: 1, solution: true, right: ['variance'] }, // try 59: the last part right, the solve
      ...Array.from({ length: 30 }, () => ({ hints: 1, solution: true, right: ['mean', 'variance'] })),
    ];
    const r = logged(run);
    const tries = r.log.map((e) => e.try);
    for (const needed of [1, 2, FIRST_TRIES, 15, 22, 28, 59]) expect(tries, `try ${needed}`).toContain(needed);
    expect(tries).toEqual([...tries].sort((a, b) => a - b)); // in order
    expect(tries.at(-1)).toBe(run.length);
    expect(r.log.length).toBeLessThanOrEqual(FIRST_TRIES + 4 + MAX_LOG);
    expect(r.log.length + r.summarised.count).toBe(run.length);
  });

  // Issue 36: outside an assignment the page reads an exercise's state from its log (exercises/outcome.js): the first
  // right answer of each part is kept on any numbers, not only the graded ones.
  it('keeps the first right answer of each part on any numbers, past any amount of practice', () => {
    const r = logged([
      { seed: 5, right: ['mean'] },
      ...Array.from({ length: 30 }, (_, k) => ({ seed: 6 + k })),
      { seed: 99, right: ['mean', 'variance'] },
      ...Array.from({ length: 30 }, (_, k) => ({ seed: 200 + k, right: ['mean', 'variance'] })),
    ]);
    expect(r.log.filter((e) => e.seed === 5 || e.seed === 99).map((e) => e.right)).toEqual([['mean'], ['mean', 'variance']]);
    expect(r.log.length).toBe(2 + MAX_LOG);
  });

  it('without an assignment the exercise’s own numbers are the graded ones; typed inputs never are', () => {
    const none = gradedNumbers(null, 4);
    expect(none({ seed: null, inputs: null })).toBe(true);
    expect(none({ seed: own, inputs: null })).toBe(false);
    expect(graded({ seed: own, inputs: null })).toBe(true);
    expect(graded({ seed: own, inputs: { x: '1, 2' } })).toBe(false);
    expect(gradedNumbers(assignment, 7)({ seed: own, inputs: null })).toBe(false);
    expect(numbersKey({ seed: 3, inputs: { b: '1', a: '2' } })).toBe(numbersKey({ seed: 3, inputs: { a: '2', b: '1' } }));
  });
});

describe('two copies of a log', () => {
  it('merge to every attempt of both, once, in time order; two alike in one millisecond stay two', () => {
    const base = logged([{}, {}]);
    const mine = logged([{ answer: 'x' }], base);
    const theirs = logged([{ answer: 'y' }, { answer: 'y' }], base);
    const m = mergeLogs(mine, theirs);
    expect(m.log.map((e) => e.answers.mean)).toEqual(['0', '1', 'x', 'y', 'y']);
    expect(m.log.map((e) => e.try)).toEqual([1, 2, 3, 4, 5]); // (both had a try 3: numbered on)
    expect(mergeLogs(theirs, theirs).log).toHaveLength(theirs.log.length);
  });
});

describe('a log read from a file', () => {
  it('keeps every entry it can read and names each one it sets aside, with why', () => {
    const good = logEntry({ seed: 5, answers: { mean: '4' }, hints: 0, solution: false }, at(1));
    const { log, setAside } = readLog([
      good,
      { ...good, at: 'yesterday' },
      { ...good, hints: 101 },
      { ...good, answers: { mean: 4 } },
      { ...good, seed: 2 ** 53 + 2 },
      { ...good, seed: 1e20 },
      { ...good, seed: -1 },
      { ...good, seed: 1.5 },
      'junk',
      { ...good, try: 0 },
    ]);
    expect(log).toEqual([good]);
    expect(setAside.map((e) => [e.index, e.why])).toEqual([
      [1, 'its time "yesterday" is not a date'],
      [2, 'its count of hints 101 is not a whole number from 0 to 100'],
      [3, 'its answer to mean is 4, not text'],
      [4, 'its seed 9007199254740994 is not a whole number from 0 to 2^53'],
      [5, 'its seed 100000000000000000000 is not a whole number from 0 to 2^53'],
      [6, 'its seed -1 is not a whole number from 0 to 2^53'],
      [7, 'its seed 1.5 is not a whole number from 0 to 2^53'],
      [8, 'it is not a record'],
      [9, 'its number 0 among the attempts is not a whole number from 1'],
    ]);
    expect(setAside[2].at).toBe(good.at);
  });
});
