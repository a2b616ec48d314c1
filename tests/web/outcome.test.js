// One outcome rule (exercises/outcome.js) read by the page (from its own marks in the log) and by the teachers' page
// (from the kernels' grades of the same log): records written as the exercise widget writes them, with the real
// kernels and the chapter's exercises; both must say the same, whatever was opened, marked, reset or practised.
import { beforeAll, describe, expect, it } from 'vitest';
import { assignedSeed } from '../../web/src/progress/assignee.js';
import { exerciseOutcome, expectedSeedOf, recordOutcome } from '../../web/src/exercises/outcome.js';
import { regradeExercise } from '../../web/src/exercises/regrade.js';
import { solutionSeen, withEvent } from '../../web/src/exercises/record.js';
import { appendAttempt, gradedNumbers, logEntry } from '../../web/src/progress/attempt-log.js';
import { eventsOf, mergeEvents, readEvents } from '../../web/src/progress/events.js';
import { exerciseRecord } from '../../web/src/progress/validate.js';
import { allProps, ex, loadExerciseKernels, minute, rightAnswers } from './exercise-kernels.js';

beforeAll(loadExerciseKernels);

const who = { code: 'ML 4410', name: 'Ada Lovelace', exercises: [3, 4], due: '' };
const at = minute;

// An exercise's record as the widget writes it (exercise/index.js logAttempt, hints.js, grading.js, openSolution).
function student(n) {
  const rec = exerciseRecord({});
  const graded = gradedNumbers(who, n);
  return {
    rec,
    check(answers, right, k, seed = rec.seed) {
      rec.attempts += 1;
      rec.seed = seed;
      for (const id of right) rec.solved[id] = true;
      Object.assign(rec.checked, answers);
      rec.events = eventsOf(rec);
      const entry = logEntry({ seed, answers, inputs: null, hints: rec.hints, solution: solutionSeen(rec), right }, at(k));
      Object.assign(rec, appendAttempt(rec, entry, graded));
    },
    openSolution: (k) => withEvent(rec, { kind: 'solution', seed: rec.seed }, at(k)),
    hint: (k) => withEvent(rec, { kind: 'hint', hint: (rec.hints += 1), seed: rec.seed }, at(k)),
    mark(part, mark, k) {
      rec.selfCheck[part] = mark;
      if (mark === 'yes') rec.solved[part] = true;
      withEvent(rec, { kind: 'self', part, mark }, at(k));
    },
  };
}

// what the page shows beside the title and what the teachers' page's table says, for the same record
function both(n, rec) {
  const props = allProps[n];
  const expectedSeed = expectedSeedOf(who, n, props);
  const page = recordOutcome({ record: rec, props, expectedSeed });
  const teacher = regradeExercise({ exercises: ex, props, record: rec, expectedSeed });
  return { page: page.outcome, teacher: teacher.outcome, tries: [page.tries, teacher.tries], result: teacher };
}

describe('the page and the teachers’ page read one rule', () => {
  it('an explanation marked “Partly” is attempted on both, and the teacher sees the mark beside it', () => {
    const s = student(3);
    s.check({ axis: 'features', why: 'the batch mixes different examples together' }, ['axis'], 1, null);
    s.mark('why', 'partly', 2);
    const r = both(3, s.rec);
    expect([r.page, r.teacher]).toEqual(['attempted', 'attempted']);
    expect(r.result.explanations).toEqual([{ part: 'why', text: 'the batch mixes different examples together', mark: 'partly' }]);
    // marked "I had it" afterwards: solved at the first try on both
    s.mark('why', 'yes', 3);
    expect(Object.values(both(3, s.rec)).slice(0, 2)).toEqual(['first-try', 'first-try']);
  });

  it('the worked solution opened, the page reloaded, then a right answer: solved after the solution on both', () => {
    const seed = assignedSeed(who.code, who.name, 4);
    const s = student(4);
    s.rec.seed = seed;
    s.openSolution(1);
    // (a reload: nothing of the page's state survives, the record does; the attempt's own note is the record's)
    s.check(rightAnswers(4, seed), ['mean', 'variance', 'sigma', 'output'], 2);
    expect(s.rec.log[0].solution).toBe(true);
    const r = both(4, s.rec);
    expect([r.page, r.teacher]).toEqual(['solution', 'solution']);
  });

  it('a file whose attempts say nothing was open still reads “after the solution” when an opening is logged before', () => {
    const seed = assignedSeed(who.code, who.name, 4);
    const s = student(4);
    s.rec.seed = seed;
    s.openSolution(1);
    s.check(rightAnswers(4, seed), ['mean', 'variance', 'sigma', 'output'], 2);
    s.rec.log[0].solution = false; // (edited by hand)
    expect(both(4, s.rec).teacher).toBe('solution');
  });

  it('practice numbers count for neither: solved on them, the assigned exercise is untouched on both', () => {
    const s = student(4);
    s.check(rightAnswers(4, 777), ['mean', 'variance', 'sigma', 'output'], 1, 777);
    const r = both(4, s.rec);
    expect([r.page, r.teacher]).toEqual(['untouched', 'untouched']);
    expect(r.result.offSeed).toBe(1);
  });

  it('a hint opened before the right answer: after hints; a wrong then a right answer: after several tries (2)', () => {
    const seed = assignedSeed(who.code, who.name, 4);
    const s = student(4);
    s.rec.seed = seed;
    s.check({ ...rightAnswers(4, seed), mean: '123' }, ['variance', 'sigma', 'output'], 1);
    s.check(rightAnswers(4, seed), ['mean', 'variance', 'sigma', 'output'], 2);
    const tries = both(4, s.rec);
    expect([tries.page, tries.teacher, ...tries.tries]).toEqual(['tries', 'tries', 2, 2]);
    const h = student(4);
    h.rec.seed = seed;
    h.hint(1);
    h.check(rightAnswers(4, seed), ['mean', 'variance', 'sigma', 'output'], 2);
    expect(Object.values(both(4, h.rec)).slice(0, 2)).toEqual(['hints', 'hints']);
  });

  it('attempts after the due date are marked late, and count or not as the teacher chooses', () => {
    const parts = [{ id: 'a', kind: 'number' }];
    const entries = [
      { at: at(1).toISOString(), counted: true, parts: { a: 'wrong' }, try: 1, hints: 0, solution: false },
      { at: at(5).toISOString(), counted: true, parts: { a: 'right' }, try: 2, hints: 0, solution: false },
    ];
    const due = at(3).getTime();
    expect(exerciseOutcome({ parts, entries, events: [], due })).toMatchObject({ outcome: 'tries', late: true, lateAttempts: 1 });
    expect(exerciseOutcome({ parts, entries, events: [], due, lateCounts: false })).toMatchObject({ outcome: 'attempted', late: false, lateAttempts: 1 });
    expect(exerciseOutcome({ parts, entries, events: [], due: at(9).getTime() })).toMatchObject({ outcome: 'tries', late: false, lateAttempts: 0 });
  });
});

describe('the openings logged', () => {
  it('are read entry by entry, an unreadable one set aside with why; two tabs’ lists merge without losing one', () => {
    const good = { at: at(1).toISOString(), kind: 'solution', seed: 5 };
    const read = readEvents([good, { at: 'soon', kind: 'hint', hint: 1, seed: 5 }, { at: at(2).toISOString(), kind: 'peek' }]);
    expect(read.events).toEqual([good]);
    expect(read.setAside.map((x) => x.why)).toEqual(['its time "soon" is not a date', 'its kind "peek" is not one of hint, solution, key, reset, self']);
    const a = [good];
    const b = [{ at: at(0).toISOString(), kind: 'hint', hint: 1, seed: 5 }, good];
    expect(mergeEvents(a, b).map((e) => e.kind)).toEqual(['hint', 'solution']);
  });

  it('a record from an earlier page starts its openings from the marks it holds', () => {
    const rec = exerciseRecord({
      attempts: 1,
      selfCheck: { why: 'yes' },
      log: [logEntry({ seed: null, answers: { axis: 'features', why: 'three words here' }, hints: 0, solution: false }, at(4))],
    });
    expect(eventsOf(rec)).toEqual([{ at: at(4).toISOString(), kind: 'self', part: 'why', mark: 'yes' }]);
  });
});
