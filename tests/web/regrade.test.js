// The teachers' page's grading, against the real kernels and the chapter's exercises: a student's logged
// answers graded again on the numbers they were made on, the outcome (first try, after hints, …) from the
// grades alone, whatever verdicts the file states; seeds that follow from the class code and the name; and
// the flags a teacher must see.
import { beforeAll, describe, expect, it } from 'vitest';
import { assignedSeed, dueAt, nameKey, readCode, readDue, readName } from '../../web/src/progress/assignee.js';
import {
  assignmentLink,
  assignmentOf,
  dueFor,
  dueFromLocal,
  dueText,
  dueToLocal,
  exercisesInLink,
  progressFileName,
  readExercises,
  readExtensions,
  solutionsHidden,
  studentDue,
  timeLeftText,
} from '../../web/src/exercises/assignment.js';
import { isolated, visibleControls } from '../../web/src/text/bidi.js';
import { regradeExercise, regradeStudent } from '../../web/src/exercises/regrade.js';
import { questionNumbers, toKernelInputs } from '../../web/src/exercises/values.js';
import { exerciseRecord, logEntry, readProgress, readProgressText } from '../../web/src/progress/validate.js';
import { appendAttempt, gradedNumbers } from '../../web/src/progress/attempt-log.js';
import { UNDETECTABLE } from '../../web/src/exercises/log-checks.js';
import { allProps, ex, loadExerciseKernels, minute, rightAnswers } from './exercise-kernels.js';

beforeAll(loadExerciseKernels);

const at = minute;
const record = (log, extra = {}) => exerciseRecord({ attempts: log.length, log, ...extra });

describe('an assignment', () => {
  it('gives each student numbers of their own, the same every time, whatever the spacing or case of the name', () => {
    const a = assignedSeed('PHYS 101', 'Ada Lovelace', 4);
    expect(assignedSeed('PHYS 101', 'Ada Lovelace', 4)).toBe(a);
    expect(assignedSeed('phys 101', '  ada   LOVELACE ', 4)).toBe(a);
    expect(assignedSeed('PHYS 101', 'Alan Turing', 4)).not.toBe(a);
    expect(assignedSeed('PHYS 101', 'Ada Lovelace', 7)).not.toBe(a);
    expect(assignedSeed('PHYS 102', 'Ada Lovelace', 4)).not.toBe(a);
    expect(Number.isInteger(a) && a >= 0 && a < 2 ** 32).toBe(true);
    // the two names' numbers differ in the question itself
    expect(ex.variant(4, a)).not.toEqual(ex.variant(4, assignedSeed('PHYS 101', 'Alan Turing', 4)));
  });

  // Issue 36: O'Brien and O’Brien were two students with two sets of numbers; so were a name in full-width letters and
  // one with its accent decomposed.
  it('gives the same numbers to a name whatever its apostrophe, width or Unicode normal form', () => {
    const seed = assignedSeed('PHYS 101', "Liam O'Brien", 4);
    for (const name of ['Liam O’Brien', 'Liam O‘Brien', 'Liam Oʼbrien', 'ＬＩＡＭ　Ｏ＇ＢＲＩＥＮ', 'liam o`brien'])
      expect(assignedSeed('PHYS 101', name, 4), name).toBe(seed);
    expect(assignedSeed('PHYS 101', 'Zoë', 4)).toBe(assignedSeed('PHYS 101', 'Zoë', 4));
    expect(assignedSeed('PHYS 101', 'Liam OBrien', 4)).not.toBe(seed);
    expect(nameKey('  Ada\u00a0LOVELACE ')).toBe('ada lovelace');
  });

  it('is read from a link, and a link that cannot be used says why', () => {
    const known = [1, 2, 3, 4, 5, 6, 7];
    expect(assignmentOf(new URLSearchParams('assign.class=PHYS%20101&assign.ex=7,4,4&assign.due=2026-12-20'), known)).toEqual({
      assignment: { code: 'PHYS 101', exercises: [4, 7], due: '2026-12-20' },
    });
    expect(assignmentOf(new URLSearchParams('ex4.seed=3'), known)).toBeNull();
    expect(assignmentOf(new URLSearchParams('assign.class=A&assign.ex=4,99'), known).message).toMatch(/“99” is not an exercise/);
    expect(assignmentOf(new URLSearchParams('assign.ex=4'), known).message).toMatch(/give the class a code/);
    expect(readDue('2026-02-30').ok).toBe(false);
    expect(readExercises('', known).ok).toBe(false);
    expect(assignmentOf(new URLSearchParams('assign.class=A&assign.ex=4&assign.hide=solutions'), known).message).toMatch(/hidden only until a due date/);
    expect(assignmentOf(new URLSearchParams('assign.class=A&assign.ex=4&assign.due=2026-12-20T23:59%2B01:00&assign.hide=solutions'), known)).toEqual({
      assignment: { code: 'A', exercises: [4], due: '2026-12-20T23:59+01:00', hide: true },
    });
  });

  // Issue 36: a due date is a moment in the teacher's time zone, seen by each student in theirs with the time left.
  it('has a due date and time with the teacher’s offset; a day alone is its end anywhere on Earth', () => {
    expect(readDue('2026-12-20T23:59+01:00')).toEqual({ ok: true, value: '2026-12-20T23:59+01:00', at: Date.parse('2026-12-20T22:59:00Z') });
    expect(dueAt('2026-12-20')).toBe(Date.parse('2026-12-21T11:59:00Z'));
    for (const bad of ['2026-12-20T24:00Z', '2026-12-20T23:59+15:00', '2026-12-20 23:59', 'tomorrow']) expect(readDue(bad).ok, bad).toBe(false);
    const berlin = (ms) => (new Date(ms).getUTCMonth() >= 3 && new Date(ms).getUTCMonth() <= 9 ? 120 : 60); // (near enough for these dates)
    expect(dueFromLocal('2026-12-20T23:59', berlin)).toBe('2026-12-20T23:59+01:00');
    expect(dueFromLocal('2026-07-01 08:00', berlin)).toBe('2026-07-01T08:00+02:00');
    expect(dueFromLocal('2026-07-01', berlin)).toBe('2026-07-01T23:59+02:00');
    expect(dueToLocal('2026-12-20T22:59Z', berlin)).toBe('2026-12-20T23:59');
    const due = '2026-12-20T12:00Z';
    expect(timeLeftText(due, Date.parse('2026-12-17T08:00Z'))).toBe('3 days 4 hours left');
    expect(timeLeftText(due, Date.parse('2026-12-20T11:35Z'))).toBe('25 minutes left');
    expect(timeLeftText(due, Date.parse('2026-12-22T12:00Z'))).toBe('past due by 2 days');
    expect(dueText(due, { timeZone: 'UTC' })).toMatch(/^20 December 2026 (at )?12:00 UTC$/);
  });

  it('reads a teacher’s extensions, naming a line it cannot read; a student’s due date is their extension’s', () => {
    const zone = () => 60;
    const { value, problems } = readExtensions('Ada Lovelace = 2026-12-22 18:00\nno date here\n\nada  lovelace = 2026-12-23 09:00\nAlan = someday', zone);
    expect(value).toEqual([{ name: 'ada lovelace', due: '2026-12-23T09:00+01:00' }]);
    expect(problems).toEqual([
      'line 2 (“no date here”) is not a name = a date and time (Ada Lovelace = 2026-12-22 18:00)',
      'line 5 (“Alan = someday”) is not a name = a date and time (Ada Lovelace = 2026-12-22 18:00)',
    ]);
    expect(dueFor('2026-12-20T23:59+01:00', value, 'ADA LOVELACE')).toBe('2026-12-23T09:00+01:00');
    expect(dueFor('2026-12-20T23:59+01:00', value, 'Alan')).toBe('2026-12-20T23:59+01:00');
  });

  it('a student’s own link carries their extension, which holds on their page for their name only', () => {
    const known = [1, 4, 7];
    const base = { code: 'PHYS 101', exercises: [1, 4], due: '2026-12-10T18:00Z', hide: true };
    const extension = { name: 'Bob Builder', due: '2026-12-12T18:00+01:00' };
    const link = assignmentLink('https://example.org/residual-ln/', { ...base, extension });
    expect(link).toMatch(/assign\.ext\.for=Bob\+Builder&assign\.ext\.due=2026-12-12T18%3A00%2B01%3A00$/);
    const read = assignmentOf(new URL(link).searchParams, known).assignment;
    expect(read).toEqual({ ...base, extension });
    // the name as the student types it (spacing, capitals, apostrophe kind folded), or someone else's
    expect(studentDue({ ...read, name: '  bob   BUILDER' })).toEqual({ due: extension.due, extended: true });
    expect(studentDue({ ...read, name: 'Carol' })).toEqual({ due: base.due, extended: false });
    expect(studentDue({ ...base, name: 'Bob Builder' })).toEqual({ due: base.due, extended: false });
    // the worked solutions stay hidden until the student's own due date
    const between = Date.parse('2026-12-11T12:00Z');
    expect([solutionsHidden({ ...read, name: 'Bob Builder' }, between), solutionsHidden({ ...read, name: 'Carol' }, between)]).toEqual([true, false]);
    // a link with half an extension, or one that does not read, says so
    expect(assignmentOf(new URLSearchParams('assign.class=A&assign.ex=4&assign.ext.for=Bob'), known).message).toMatch(/extension has no due date/);
    expect(assignmentOf(new URLSearchParams('assign.class=A&assign.ex=4&assign.ext.due=2026-12-12'), known).message).toMatch(/extension names no student/);
    expect(assignmentOf(new URLSearchParams('assign.class=A&assign.ex=4&assign.ext.for=Bob&assign.ext.due=soon'), known).message).toMatch(
      /extension has no due date that reads/,
    );
    // kept in the saved progress, and read back from it
    const saved = readProgress({ version: 1, exercises: {}, cards: {}, assignment: { ...read, name: 'Bob Builder' } });
    expect(saved.state.assignment.extension).toEqual(extension);
    const bad = readProgress({ version: 1, exercises: {}, cards: {}, assignment: { ...read, name: 'Bob Builder', extension: { name: 'Bob' } } });
    expect(bad.state.assignment).toBeUndefined();
    expect(bad.notices.join(' ')).toMatch(/extension must name a student and a due date/);
  });

  it('names a student’s exported file for the class and the student', () => {
    expect(progressFileName({ code: 'ML 4410', name: 'Ada Lovelace' })).toBe('ml-4410-ada-lovelace.json');
    expect(progressFileName({ code: 'ML 4410', name: '李雷' })).toBe('ml-4410-李雷.json');
    expect(progressFileName({ code: 'Phys/101', name: 'Zoë O’Brien' })).toBe('phys-101-zoe-o-brien.json');
    expect(progressFileName(null)).toBe('residual-ln-progress.json');
  });
});

// Issue 37: direction controls reordered the teachers' table ("\u202Enosaj\u202C Mallory" read "jason Mallory"), and a
// link with one exercise the chapter lacks unticked them all.
describe('what a teacher or a student typed', () => {
  it('a name or a class code refuses direction controls, naming them; a string kept is shown with them written out', () => {
    expect(readName('\u202Enosaj\u202C Mallory')).toEqual({
      ok: false,
      message:
        'a name cannot hold direction controls (U+202E right-to-left override, U+202C pop directional formatting): \u2068[U+202E]nosaj[U+202C] Mallory\u2069',
    });
    expect(readCode('PHYS\u200F 101').ok).toBe(false);
    expect(readName('محمد')).toEqual({ ok: true, value: 'محمد' }); // a right-to-left name itself is a name
    expect(visibleControls('a\u2066b\u2069')).toBe('a[U+2066]b[U+2069]');
    expect(isolated('Ada')).toBe('Ada');
    expect(isolated('محمد')).toBe('\u2068محمد\u2069');
  });

  it('the teachers’ page keeps the exercises of a link it has and names the rest', () => {
    expect(exercisesInLink('1,2,999,-4,abc,2', [1, 2, 3])).toEqual({ value: [1, 2], dropped: ['999', '-4', 'abc'] });
    expect(exercisesInLink('', [1, 2])).toEqual({ value: [], dropped: [] });
  });
});

describe('a record graded again', () => {
  const seed = 4242;

  it('right at the first check: solved at the first try', () => {
    const rec = record([logEntry({ seed, answers: rightAnswers(4, seed), hints: 0, solution: false }, at(1))]);
    const r = regradeExercise({ exercises: ex, props: allProps[4], record: rec, expectedSeed: seed });
    expect(r.outcome).toBe('first-try');
    expect(r.tries).toBe(1);
    expect(Object.values(r.entries[0].parts)).toEqual(['right', 'right', 'right', 'right']);
  });

  it('wrong, then right with a hint open: solved after hints, at the second try', () => {
    const right = rightAnswers(4, seed);
    const rec = record([
      logEntry({ seed, answers: { ...right, mean: '123' }, hints: 0, solution: false }, at(1)),
      logEntry({ seed, answers: right, hints: 1, solution: false }, at(2)),
    ]);
    const r = regradeExercise({ exercises: ex, props: allProps[4], record: rec, expectedSeed: seed });
    expect(r.entries[0].parts.mean).toBe('wrong');
    expect([r.outcome, r.tries]).toEqual(['hints', 2]);
  });

  it('a verdict edited by hand counts for nothing: the answers decide', () => {
    const rec = record([logEntry({ seed, answers: { mean: '123' }, hints: 0, solution: false }, at(1))], {
      solved: { mean: true, variance: true, sigma: true, output: true },
    });
    const r = regradeExercise({ exercises: ex, props: allProps[4], record: rec, expectedSeed: seed });
    expect(r.outcome).toBe('attempted');
    expect(r.claimed).toBe(true);
  });

  it('the right answers to the key’s numbers are wrong for this student’s; answers on other numbers are counted apart', () => {
    const key = rightAnswers(4, 1); // another variant's answers
    const onOwn = regradeExercise({
      exercises: ex,
      props: allProps[4],
      record: record([logEntry({ seed, answers: key, hints: 0, solution: false }, at(1))]),
      expectedSeed: seed,
    });
    expect(onOwn.outcome).toBe('attempted');
    const elsewhere = regradeExercise({
      exercises: ex,
      props: allProps[4],
      record: record([logEntry({ seed: 1, answers: key, hints: 0, solution: false }, at(1))]),
      expectedSeed: seed,
    });
    expect(elsewhere.entries[0].parts.mean).toBe('right'); // right for the numbers it was made on
    expect([elsewhere.outcome, elsewhere.offSeed]).toEqual(['untouched', 1]);
  });

  it('a choice is graded by its options, an explanation is kept for the teacher to read', () => {
    const props = allProps[1];
    const choice = props.parts.find((p) => p.kind === 'choice' || p.kind === 'multi');
    const right = choice.options
      .filter((o) => o.correct)
      .map((o) => o.key)
      .join(',');
    const wrong = choice.options.find((o) => !o.correct).key;
    const r = regradeExercise({
      exercises: ex,
      props,
      record: record([
        logEntry({ seed: null, answers: { [choice.id]: wrong }, hints: 0, solution: false }, at(1)),
        logEntry({ seed: null, answers: { [choice.id]: right }, hints: 0, solution: false }, at(2)),
      ]),
      expectedSeed: null,
    });
    expect(r.entries.map((e) => e.parts[choice.id])).toEqual(['wrong', 'right']);
  });
});

describe('a student’s file graded again', () => {
  const assignment = { code: 'PHYS 101', exercises: [4, 7] };
  const file = (name, exercises) =>
    readProgress({ version: 1, exercises, cards: {}, assignment: { code: 'PHYS 101', name, exercises: [4, 7], due: '' } }).state;

  it('grades on the seeds that follow from the class code and the name, and flags the rest', () => {
    const own = assignedSeed('PHYS 101', 'Ada', 4);
    const good = regradeStudent({
      exercises: ex,
      allProps,
      assignment,
      state: file('Ada', { 4: { attempts: 1, log: [logEntry({ seed: own, answers: rightAnswers(4, own), hints: 0, solution: false }, at(1))] } }),
    });
    expect(good.name).toBe('Ada');
    expect(good.results[4].outcome).toBe('first-try');
    expect(good.results[7].outcome).toBe('untouched');
    expect(good.flags).toEqual([]);

    const other = assignedSeed('PHYS 101', 'Alan', 4);
    const copied = regradeStudent({
      exercises: ex,
      allProps,
      assignment,
      state: file('Ada', {
        4: {
          attempts: 1,
          solved: { mean: true, variance: true, sigma: true, output: true },
          log: [logEntry({ seed: other, answers: rightAnswers(4, other), hints: 0, solution: false }, at(1))],
        },
      }),
    });
    expect(copied.results[4].outcome).toBe('untouched');
    expect(copied.flags.join('\n')).toMatch(/exercise 4: 1 attempt on numbers that do not follow from the class code and the name/);
    expect(copied.flags.join('\n')).toMatch(/exercise 4: the file marks it solved, but its answers graded again do not/);
  });

  it('a file without a name, or of another class, is flagged', () => {
    const none = regradeStudent({ exercises: ex, allProps, assignment, state: readProgress({ version: 1, exercises: {}, cards: {} }).state });
    expect(none.flags[0]).toMatch(/no name or class code/);
    const elsewhere = readProgress({ version: 1, exercises: {}, cards: {}, assignment: { code: 'CHEM 2', name: 'Ada', exercises: [4] } }).state;
    expect(regradeStudent({ exercises: ex, allProps, assignment, state: elsewhere }).flags[0]).toMatch(/class code “CHEM 2”, not this class’s “PHYS 101”/);
  });
});

// Issue 37: every entry of a student's log is accounted for.
describe('every attempt accounted for', () => {
  const assignment = { code: 'PHYS 101', exercises: [4, 7] };
  const who = { code: 'PHYS 101', name: 'Ada', exercises: [4, 7], due: '' };
  const own = assignedSeed('PHYS 101', 'Ada', 4);

  it('a first-try solve followed by 40 practice attempts: solved at the first try, the practice counted and said summarised', () => {
    let rec = { log: [] };
    const add = (seed, answers, right, k) => {
      rec = { ...rec, ...appendAttempt(rec, logEntry({ seed, answers, hints: 0, solution: false, right }, at(k)), gradedNumbers(who, 4)) };
    };
    add(own, rightAnswers(4, own), ['mean', 'variance', 'sigma', 'output'], 0);
    for (let k = 1; k <= 40; k++) add(777, { mean: '1' }, [], k);
    const state = readProgress({
      version: 1,
      cards: {},
      assignment: who,
      exercises: {
        4: {
          ...rec,
          attempts: 40,
          seed: 777,
          variants: [{ seed: own, attempts: 1 }],
          solved: { mean: true, variance: true, sigma: true, output: true },
          events: [],
        },
      },
    }).state;
    const g = regradeStudent({ exercises: ex, allProps, assignment, state });
    expect(g.results[4]).toMatchObject({ outcome: 'first-try', tries: 1, attempts: 41, logged: 21, summarised: 20, offSeed: 40 });
    expect(g.flags).toEqual([
      'exercise 4: 40 attempts on numbers that do not follow from the class code and the name (variant 777), 20 of them practice the file summarises, not counted',
    ]);
  });

  it('each entry the file cannot read is named in its report with why and flagged as unreadable, not blamed on a cap', () => {
    const good = JSON.stringify(logEntry({ seed: own, answers: rightAnswers(4, own), hints: 0, solution: false }, at(1)));
    const bad = [
      good.replace(/"at":"[^"]*"/, '"at":"yesterday"'),
      good.replace('"hints":0', '"hints":101'),
      good.replace(/"mean":"[^"]*"/, '"mean":4'),
      ...['9007199254740994', '1e20', '-1', '1.5', '9007199254740993'].map((seed) => good.replace(`"seed":${own}`, `"seed":${seed}`)),
    ];
    const text = `{"version":1,"cards":{},"assignment":${JSON.stringify(who)},"exercises":{"4":{"attempts":9,"seed":${own},"log":[${bad.join(',')},${good}]}}}`;
    const read = readProgressText(text);
    expect(read.notices).toHaveLength(8);
    expect(read.notices[0]).toBe(
      'Exercise 4: attempt 1 of its log could not be read (its time "yesterday" is not a date) and was set aside; the rest of the exercise is as saved.',
    );
    expect(read.notices[1]).toMatch(
      /^Exercise 4: attempt 2 of its log \(2026-12-01T10:01:00\.000Z\) could not be read \(its count of hints 101 is not a whole number from 0 to 100\)/,
    );
    expect(read.notices[2]).toMatch(/its answer to mean is 4, not text/);
    expect(read.notices[7]).toMatch(/attempt 8 of its log .*its seed 9007199254740993 is past 2\^53, where a number in a file is not read exactly/);
    expect(read.state.exercises[4].log).toHaveLength(1);
    const g = regradeStudent({ exercises: ex, allProps, assignment, state: read.state, logSetAside: read.logSetAside });
    expect(g.results[4].outcome).toBe('first-try');
    expect(g.flags).toEqual(['exercise 4: 8 attempts of its log could not be read (named in the file’s report), not graded']);
  });

  it('attempts a file counts but does not hold are flagged, with the reason when it is an earlier page’s file', () => {
    const log = [logEntry({ seed: own, answers: { mean: '1' }, hints: 0, solution: false }, at(1))];
    const state = readProgress({ version: 1, cards: {}, assignment: who, exercises: { 4: { attempts: 21, seed: own, log } } }).state;
    expect(regradeStudent({ exercises: ex, allProps, assignment, state }).flags).toEqual([
      'exercise 4: the file counts 21 attempts but holds 1: 20 not in it (a file from an earlier page kept only the last 20)',
    ]);
  });
});

// Issue 36: a file whose log was edited to turn a wrong answer into a right one is caught whenever the edit leaves a
// trace; the edits that leave none are named on the teachers' page (log-checks.js UNDETECTABLE).
describe('a file edited by hand', () => {
  const assignment = { code: 'PHYS 101', exercises: [4] };
  const who = { code: 'PHYS 101', name: 'Ada', exercises: [4], due: '' };
  const own = assignedSeed('PHYS 101', 'Ada', 4);
  const parts = ['mean', 'variance', 'sigma', 'output'];

  // Ada's exercise 4 as the page writes it: wrong (mean), then right at the second try; exported at minute 30
  function honest() {
    const right = rightAnswers(4, own);
    let rec = { log: [], events: [] };
    const add = (answers, ok, k) => {
      rec = { ...rec, ...appendAttempt(rec, logEntry({ seed: own, answers, hints: 0, solution: false, right: ok }, at(k)), gradedNumbers(who, 4)) };
    };
    add({ ...right, mean: '123' }, parts.slice(1), 1);
    add(right, parts, 2);
    return {
      version: 1,
      cards: {},
      assignment: who,
      exportedAt: at(30).toISOString(),
      exercises: { 4: { ...rec, attempts: 2, seed: own, answers: right, checked: right, solved: Object.fromEntries(parts.map((p) => [p, true])) } },
    };
  }
  const grade = (file) => {
    const read = readProgressText(JSON.stringify(file));
    return regradeStudent({ exercises: ex, allProps, assignment, state: read.state, logSetAside: read.logSetAside, exportedAt: file.exportedAt });
  };

  it('the honest file: solved after several tries, no flag', () => {
    const g = grade(honest());
    expect([g.results[4].outcome, g.results[4].tries]).toEqual(['tries', 2]);
    expect(g.flags).toEqual([]);
  });

  it('the wrong answer typed over with the right one: its mark disagrees with its grade', () => {
    const file = honest();
    file.exercises[4].log[0].answers.mean = file.exercises[4].log[1].answers.mean;
    const g = grade(file);
    expect(g.results[4].outcome).toBe('first-try'); // (the answers decide the outcome…)
    expect(g.flags.join('\n')).toMatch(
      /exercise 4: an answer and its mark disagree \(the answer was changed after it was checked\): attempt 1 of its log \(2026-12-01 10:01\) marks mean wrong, graded again it is right/,
    );
  });

  it('the wrong attempt removed, counts and all: the first attempt on the numbers that count is missing', () => {
    const file = honest();
    file.exercises[4].log.shift();
    file.exercises[4].attempts = 1;
    const g = grade(file);
    expect(g.results[4].outcome).toBe('tries'); // its own number says it was the second try
    expect(g.flags.join('\n')).toMatch(/its attempt number 1 on the numbers that count is missing \(the next kept is number 2\)/);
    // renumbered as the first too: nothing in the file is out of step any more (UNDETECTABLE: "the last attempts removed…" does
    // not cover this one, but a consistent edit of every record of it does)
    file.exercises[4].log[0].try = 1;
    expect(grade(file).flags).toEqual([]);
    expect(UNDETECTABLE.join(' ')).toMatch(/changed together with everything that records it/);
  });

  it('the worked solution opened, and the attempts edited to say it was not: read as after the solution, and flagged', () => {
    const file = honest();
    file.exercises[4].events = [{ at: at(0).toISOString(), kind: 'solution', seed: own }];
    const g = grade(file);
    expect(g.results[4].outcome).toBe('solution');
    expect(g.flags.join('\n')).toMatch(/the worked solution was opened at 2026-12-01 10:00, but attempt 1 of its log \(2026-12-01 10:01\) says it was not/);
  });

  it('its log of openings removed: said', () => {
    const file = honest();
    delete file.exercises[4].events;
    expect(grade(file).flags.join('\n')).toMatch(/it holds no log of openings/);
  });

  it('times moved: out of order (both times said), after the record’s last change, or after the file was exported', () => {
    const file = honest();
    file.exercises[4].log[0].at = at(5).toISOString();
    expect(grade(file).flags).toContain(
      'exercise 4: its attempts are not in time order: attempt 2 of its log (2026-12-01 10:02) is earlier than attempt 1 of its log (2026-12-01 10:05), logged before it',
    );
    // in one minute, to the second (both had read "10:02")
    file.exercises[4].log[0].at = new Date(at(2).getTime() + 30_000).toISOString();
    expect(grade(file).flags).toContain(
      'exercise 4: its attempts are not in time order: attempt 2 of its log (2026-12-01 10:02:00) is earlier than attempt 1 of its log (2026-12-01 10:02:30), logged before it',
    );
    const stamped = { ...honest(), exportedAt: at(30).toISOString() };
    stamped.exercises[4].changedAt = at(2).toISOString();
    expect(grade(stamped).flags).toEqual([]);
    stamped.exercises[4].log[1].at = at(3).toISOString();
    expect(grade(stamped).flags).toEqual(['exercise 4: it holds a time (2026-12-01 10:03) after its record’s last change (2026-12-01 10:02)']);
    const later = honest();
    later.exercises[4].log[1].at = at(45).toISOString();
    expect(grade(later).flags.join('\n')).toMatch(/it holds a time \(2026-12-01 10:45\) after the file says it was exported \(2026-12-01 10:30\)/);
  });

  // Issue 51: the late attempt's time moved from 18:01 to 17:55 took its late mark away, without a flag
  it('the late attempt’s time moved before the due date: the record’s last change disagrees, said with both times', () => {
    const graded = (/** @type {any} */ file, /** @type {number} */ due) => {
      const read = readProgressText(JSON.stringify(file));
      return regradeStudent({ exercises: ex, allProps, assignment, state: read.state, due, exportedAt: file.exportedAt });
    };
    // the right answer at 10:02, the due date 10:01:30: late, and honest (the record changed when it was checked)
    const due = at(1).getTime() + 30_000;
    const file = honest();
    file.exercises[4].changedAt = new Date(at(2).getTime() + 3).toISOString();
    let g = graded(file, due);
    expect([g.results[4].late, g.flags]).toEqual([true, []]);
    // its time edited to 10:01:20: no longer late, and flagged
    file.exercises[4].log[1].at = new Date(at(1).getTime() + 20_000).toISOString();
    g = graded(file, due);
    expect(g.results[4].late).toBe(false);
    expect(g.flags).toEqual([
      // (to the second: the due date and the edited time fall in one minute)
      'exercise 4: its record last changed at 2026-12-01 10:02:00, after the due date (2026-12-01 10:01:30), but the latest time it logs is 2026-12-01 10:01:20: ' +
        'an answer typed after the due date and not checked, or an attempt’s time edited',
    ]);
    // with no due date, or one after the record's last change, nothing is late and nothing is said
    expect(graded(file, null).flags).toEqual([]);
    expect(graded(file, at(3).getTime()).flags).toEqual([]);
  });

  it('a part marked solved that no attempt answers right, and the last answers checked in no attempt', () => {
    const file = honest();
    file.exercises[4].log[1].answers.mean = '124';
    file.exercises[4].log[1].right = parts.slice(1);
    file.exercises[4].checked.mean = '99';
    const g = grade(file);
    expect(g.results[4].outcome).toBe('attempted');
    expect(g.flags.join('\n')).toMatch(/exercise 4: the file marks it solved, but its answers graded again do not/);
    expect(g.flags.join('\n')).toMatch(/the answer it last checked for mean is in none of its logged attempts/);
  });

  it('one kernel call grades every part of an attempt as the part-by-part grading does', () => {
    const inputs = toKernelInputs(questionNumbers(allProps[4], ex.variant(4, own)).inputs);
    const answers = {
      mean: { rows: 1, cols: 1, values: [1] },
      output: { rows: 1, cols: 4, values: [1, 2, 3, 4] },
      sigma: { rows: 1, cols: 2, values: [1, 2] },
    };
    const all = ex.gradeAll(4, inputs, answers);
    for (const id of Object.keys(answers)) expect(all[id], id).toEqual(ex.grade(4, inputs, id, answers[id]));
    expect(() => ex.gradeAll(4, { x: { rows: 1, cols: 2, values: [1, NaN] } }, answers)).toThrow();
  });
});
