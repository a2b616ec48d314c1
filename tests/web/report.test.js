// A class's files read as a gradebook (teachers/report.js), against the real kernels and the chapter's exercises:
// points and the penalty for a solution seen first, one student in several files (the latest kept), one piece of work
// under several names (shown once), a roster's IDs and its students without a file, the statistics, and the two CSVs
// read back by a CSV parser (csv-parse), byte-order mark and all.
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignedSeed, dueAt } from '../../web/src/progress/assignee.js';
import { dueText, studentDue } from '../../web/src/exercises/assignment.js';
import { expectedSeedOf, recordOutcome } from '../../web/src/exercises/outcome.js';
import { repaired } from '../../web/src/exercises/record.js';
import { gradeFile } from '../../web/src/exercises/regrade.js';
import { asText, fromKernel, questionNumbers, toKernelInputs } from '../../web/src/exercises/values.js';
import { appendAttempt, gradedNumbers, logEntry } from '../../web/src/progress/attempt-log.js';
import { readProgressText } from '../../web/src/progress/validate.js';
import { allProps, ex, loadExerciseKernels, minute, rightAnswers } from './exercise-kernels.js';
import { toCsv } from '../../web/src/teachers/csv.js';
import {
  assessFile,
  exerciseRows,
  exerciseStats,
  gradebookRows,
  groupStudents,
  outcomeText,
  readPenalty,
  readPoints,
  readRoster,
} from '../../web/src/teachers/report.js';

beforeAll(loadExerciseKernels);

const CODE = 'ML 4410';
const at = (k) => minute(k).toISOString();

// A student's file as the page writes it: exercise 4 wrong `wrong` times then right; exercise 1 right at once.
// solutionAt: a minute at which the worked solution of 4 was opened. carried: the slip of each wrong attempt carried
// through the parts that follow from the variance (sigma, the output), as a student who makes it writes them.
// practice: attempts on other numbers after the solve (`practice` of them, on the numbers of variant `practiceSeed`).
function file(name, { wrong = 0, solutionAt = null, start = 0, carried = false, practice = 0, practiceSeed = 7 } = {}) {
  const who = { code: CODE, name, exercises: [1, 4], due: '' };
  const seed = assignedSeed(CODE, name, 4);
  const right = rightAnswers(4, seed);
  // the known slip of dividing by d − 1, as the kernel computes it for these numbers, in each part it reaches
  const slips = ex
    .solve(4, toKernelInputs(questionNumbers(allProps[4], ex.variant(4, seed)).inputs))
    .misconceptions.filter((m) => m.id === 'variance-d-minus-1');
  const slipped = Object.fromEntries(
    slips.map((m) => [m.part, asText(fromKernel({ rows: m.rows, cols: m.cols, values: m.value }, allProps[4].parts.find((p) => p.id === m.part).kind))]),
  );
  const wrongAnswers = carried ? { ...right, ...slipped } : { ...right, variance: slipped.variance };
  let rec = { log: [], events: solutionAt === null ? [] : [{ at: at(start + solutionAt), kind: 'solution', seed }] };
  for (let k = 0; k <= wrong; k++) {
    const answers = k < wrong ? wrongAnswers : right;
    const ok = Object.keys(right).filter((id) => answers[id] === right[id]);
    const entry = logEntry({ seed, answers, hints: 0, solution: solutionAt !== null && solutionAt <= k, right: ok }, new Date(at(start + k + 1)));
    rec = { ...rec, ...appendAttempt(rec, entry, gradedNumbers(who, 4)) };
  }
  for (let k = 0; k < practice; k++) {
    const entry = logEntry({ seed: practiceSeed, answers: { mean: '123456' }, hints: 0, solution: false, right: [] }, new Date(at(start + wrong + 2 + k)));
    rec = { ...rec, ...appendAttempt(rec, entry, gradedNumbers(who, 4)) };
  }
  const one = logEntry({ seed: null, answers: { post: 'a', highway: 'b' }, hints: 0, solution: false, right: ['post', 'highway'] }, new Date(at(start)));
  const exercises = {
    1: { attempts: 1, log: [{ ...one, try: 1 }], events: [], solved: { post: true, highway: true }, checked: { post: 'a', highway: 'b' } },
    4: { ...rec, attempts: wrong + 1 + practice, seed, solved: { mean: true, variance: true, sigma: true, output: true }, checked: right },
  };
  return JSON.stringify({ version: 1, cards: {}, assignment: who, exercises, exportedAt: at(start + 59) });
}

// the teachers' page's path: read and graded (the workers' part), then assessed for the settings
let nextId = 1;
function graded(name, text) {
  const read = readProgressText(text);
  return {
    id: nextId++,
    name,
    state: read.state,
    logSetAside: read.logSetAside,
    exportedAt: JSON.parse(text).exportedAt,
    graded: gradeFile({ exercises: ex, allProps, state: read.state, numbers: [1, 4] }),
  };
}
const settings = (over = {}) => ({
  assignment: { code: CODE, exercises: [1, 4], due: '' },
  extensions: [],
  lateCounts: true,
  points: { 1: 1, 4: 2 },
  penalty: 0.5,
  roster: [],
  ...over,
});

describe('points, duplicates, roster, statistics', () => {
  it('scores each exercise: its points when solved, less the penalty when the worked solution came first', () => {
    const s = settings();
    const ada = assessFile(graded('ada.json', file('Ada Lovelace', { wrong: 1 })), s, allProps);
    expect([outcomeText(ada.results[4]), ada.points, ada.total]).toEqual(['solved after several tries (2)', { 1: 1, 4: 2 }, 3]);
    const alan = assessFile(graded('alan.json', file('Alan Turing', { solutionAt: 0 })), s, allProps);
    expect([alan.results[4].outcome, alan.points[4], alan.total]).toEqual(['solution', 1, 2]);
    expect(readPoints('4: 2, 11: 3, 1=0.5', [1, 4])).toEqual({ value: { 1: 0.5, 4: 2 }, problems: ['“11: 3” is not an assigned exercise’s points (4: 2)'] });
    expect(readPenalty('25 %')).toEqual({ ok: true, value: 0.25 });
    expect(readPenalty('120').ok).toBe(false);
  });

  it('one student in several files: the latest work graded, the others listed and flagged', () => {
    const s = settings();
    const first = assessFile(graded('ada-monday.json', file('Ada Lovelace', { wrong: 2 })), s, allProps);
    const again = assessFile(graded('ada-friday.json', file('ada  LOVELACE', { wrong: 2, start: 600 })), s, allProps);
    const { rows } = groupStudents([first, again]);
    expect(rows).toHaveLength(1);
    expect(rows[0].file).toBe('ada-friday.json');
    expect(rows[0].copies.map((c) => c.file)).toEqual(['ada-monday.json']);
    expect(rows[0].flags[0]).toMatch(
      /^2 files of this student: graded the latest, ada-friday\.json \(last work 2026-12-01 20:03\); set aside ada-monday\.json \(last work 2026-12-01 10:03\)/,
    );
  });

  it('one piece of work under two names: shown once, as the name whose numbers it follows', () => {
    const s = settings();
    const text = file('Ada Lovelace', { wrong: 1 });
    const copy = JSON.parse(text);
    copy.assignment.name = 'Mallory';
    const ada = assessFile(graded('ada.json', text), s, allProps);
    const mallory = assessFile(graded('mallory.json', JSON.stringify(copy)), s, allProps);
    expect(mallory.results[4].outcome).toBe('untouched'); // (Ada's numbers are not Mallory's)
    const { rows } = groupStudents([mallory, ada]);
    expect(rows.map((r) => r.name)).toEqual(['Ada Lovelace']);
    expect(rows[0].flags[0]).toMatch(
      /^the same work is in 2 files under 2 names: mallory\.json .*\(“Mallory”\); shown once, as “Ada Lovelace”, whose numbers it follows/,
    );
  });

  it('a roster gives the IDs and lists who handed in nothing; statistics per exercise', () => {
    const roster = readRoster('Lovelace, Ada, 100\nAlan Turing\t200\n李雷;300\n\nGrace Hopper, 400');
    expect(roster.value.map((s) => s.id)).toEqual(['100', '200', '300', '400']);
    const s = settings({ roster: [{ name: 'Ada Lovelace', id: '100' }, ...roster.value.slice(1)] });
    const xs = [
      ['ada.json', 'Ada Lovelace', { wrong: 1 }],
      ['alan.json', 'Alan Turing', {}],
      ['li.json', '李雷', { solutionAt: 0 }],
    ].map(([f, n, o]) => assessFile(graded(f, file(n, o)), s, allProps));
    const grouped = groupStudents(xs, s.roster);
    expect(grouped.rows.map((r) => r.id)).toEqual(['100', '200', '300']);
    expect(grouped.missing).toEqual([{ name: 'Grace Hopper', id: '400' }]);
    const stats = exerciseStats(grouped.rows, [1, 4], allProps);
    expect(stats[4]).toMatchObject({
      students: 3,
      solved: 3,
      by: { 'first-try': 1, tries: 1, solution: 1 },
      medianTries: 1,
      mistakes: [['variance-d-minus-1', 1]],
    });
    expect(stats[1]).toMatchObject({ solved: 3, by: { 'first-try': 3 } });

    // the gradebook, as a spreadsheet reads it: a BOM, then IDs, numeric points, totals; the roster's missing student
    const csv = toCsv(gradebookRows(grouped, s), { bom: true });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const table = parse(csv, { bom: true, columns: true });
    expect(table.map((r) => [r['student ID'], r.name, r['exercise 1 (of 1)'], r['exercise 4 (of 2)'], r.total])).toEqual([
      ['100', 'Ada Lovelace', '1', '2', '3'],
      ['200', 'Alan Turing', '1', '2', '3'],
      ['300', '李雷', '1', '1', '2'],
      ['400', 'Grace Hopper', '', '', ''],
    ]);
    const perExercise = parse(toCsv(exerciseRows(grouped, s), { bom: true }), { bom: true, columns: true });
    expect(perExercise.find((r) => r['student ID'] === '100' && r.exercise === '4')).toMatchObject({
      outcome: 'solved after several tries (2)',
      try: '2',
      'attempts on the assigned numbers': '2',
      'mistakes diagnosed': 'variance-d-minus-1 ×1',
      points: '2',
    });
  });

  // Issue 51: "Most common mistakes" counted parts: "(6)" from two attempts whose one slip reached three parts.
  it('the most common mistakes count attempts: a slip carried through three parts in two attempts is two', () => {
    const s = settings();
    const ada = assessFile(graded('ada.json', file('Ada Lovelace', { wrong: 2, carried: true })), s, allProps);
    expect(ada.results[4].entries.slice(0, 2).map((e) => Object.values(e.mistakes))).toEqual([
      ['variance-d-minus-1', 'variance-d-minus-1', 'variance-d-minus-1'],
      ['variance-d-minus-1', 'variance-d-minus-1', 'variance-d-minus-1'],
    ]);
    const grouped = groupStudents([ada]);
    expect(exerciseStats(grouped.rows, [4], allProps)[4].mistakes).toEqual([['variance-d-minus-1', 2]]);
    const perExercise = parse(toCsv(exerciseRows(grouped, s)), { columns: true });
    expect(perExercise.find((r) => r.exercise === '4')['mistakes diagnosed']).toBe('variance-d-minus-1 ×2');
  });

  // Issue 51: a student's practice on New numbers, as the chapter offers it, was flagged as numbers that are not theirs.
  it('attempts on other numbers are practice, counted and not flagged; on another student’s numbers they are flagged', () => {
    const s = settings();
    const ada = assessFile(graded('ada.json', file('Ada Lovelace', { wrong: 1, practice: 2 })), s, allProps);
    expect([ada.results[4].outcome, ada.results[4].offSeed]).toEqual(['tries', 2]);
    let { rows } = groupStudents([ada], [], s.assignment);
    expect([rows[0].practice, rows[0].flags]).toEqual([{ 4: 2 }, []]);
    // Mallory's practice is on Ada's numbers: flagged, naming whose they are; her practice on her own variant is not
    const adaSeed = assignedSeed(CODE, 'Ada Lovelace', 4);
    const mallory = assessFile(graded('mallory.json', file('Mallory', { practice: 1, practiceSeed: adaSeed, start: 100 })), s, allProps);
    ({ rows } = groupStudents([ada, mallory], [], s.assignment));
    expect(rows[1].practice).toEqual({});
    expect(rows[1].flags).toEqual([
      `exercise 4: 1 attempt on numbers that do not follow from the class code and the name but are “Ada Lovelace”’s (variant ${adaSeed}), not counted`,
    ]);
    // and so for a student of the roster who handed in no file
    ({ rows } = groupStudents([mallory], [{ name: 'Ada Lovelace', id: '100' }], s.assignment));
    expect(rows[0].flags).toHaveLength(1);
  });

  it('late work: marked, and counted or not as the teacher chooses; an extension moves one student’s due date', () => {
    const due = '2026-12-01T10:01Z'; // Ada's right answer comes at 10:02
    const late = assessFile(graded('ada.json', file('Ada Lovelace', { wrong: 1 })), settings({ assignment: { code: CODE, exercises: [1, 4], due } }), allProps);
    expect([outcomeText(late.results[4]), late.lateAttempts]).toEqual(['solved after several tries (2), late', 1]);
    const strict = assessFile(
      graded('ada.json', file('Ada Lovelace', { wrong: 1 })),
      settings({ assignment: { code: CODE, exercises: [1, 4], due }, lateCounts: false }),
      allProps,
    );
    expect([strict.results[4].outcome, strict.points[4]]).toEqual(['attempted', 0]);
    // issue 51: said as the student's page says it ("✓ Solved (late)"), not as "attempted"
    expect(outcomeText(strict.results[4])).toBe('solved late, not counted');
    expect(outcomeText(strict.results[1])).toBe('solved at the first try');
    const extended = assessFile(
      graded('ada.json', file('Ada Lovelace', { wrong: 1 })),
      settings({
        assignment: { code: CODE, exercises: [1, 4], due },
        lateCounts: false,
        extensions: [{ name: 'ada lovelace', due: '2026-12-02T10:00Z' }],
      }),
      allProps,
    );
    expect([extended.results[4].outcome, extended.lateAttempts]).toEqual(['tries', 0]);
  });

  // Issue 51: a file whose student's own link carried an extension the teacher's list does not hold was graded by
  // the list without a word: the student's page had shown them the extension's date.
  it('an extension the student’s own link carried and the teacher’s list does not hold is flagged with both dates', () => {
    const due = '2026-12-01T10:01Z';
    const text = JSON.parse(file('Ada Lovelace', { wrong: 1 }));
    text.assignment = { ...text.assignment, due, extension: { name: 'Ada Lovelace', due: '2026-12-02T10:00Z' } };
    const flagsWith = (extensions) =>
      assessFile(graded('ada.json', JSON.stringify(text)), settings({ assignment: { code: CODE, exercises: [1, 4], due }, extensions }), allProps).flags;
    // (the dates as this machine's time zone writes them: 2 December 2026 at 10:00 UTC)
    const [carried, classDue, listed] = ['2026-12-02T10:00Z', due, '2026-12-03T10:00Z'].map((d) => dueText(d));
    expect(flagsWith([])).toEqual([
      `the file carries an extension to ${carried} (the student’s own link), not on your list of extensions: graded by the class’s due date, ${classDue}`,
    ]);
    expect(flagsWith([{ name: 'ada lovelace', due: '2026-12-03T10:00Z' }])).toEqual([
      `the file carries an extension to ${carried} (the student’s own link), but your list of extensions gives ${listed}: graded by your list`,
    ]);
    expect(flagsWith([{ name: 'Ada Lovelace', due: '2026-12-02T10:00Z' }])).toEqual([]);
    // an extension for another student, carried by the link this one opened, was not theirs on their page either
    text.assignment.extension.name = 'Alan Turing';
    expect(flagsWith([])).toEqual([]);
  });

  it('the student’s page and the teacher’s table agree on late and on time for the same attempts, with and without an extension', () => {
    // Ada's attempts: exercise 1 at 10:00, exercise 4 wrong at 10:01 and right at 10:02
    const text = file('Ada Lovelace', { wrong: 1 });
    const dues = ['', '2026-12-01T09:59Z', '2026-12-01T10:01Z', '2026-12-01T10:30Z'];
    const extensionsFor = [null, 'ada  LOVELACE', 'Alan Turing'];
    let late = 0;
    for (const due of dues) {
      for (const extended of dues.filter(Boolean)) {
        for (const who of extensionsFor) {
          const extension = who ? { name: who, due: extended } : null;
          // the teacher's table: the assignment and the teacher's own list of extensions
          const teacher = assessFile(
            graded('ada.json', text),
            settings({ assignment: { code: CODE, exercises: [1, 4], due }, extensions: extension ? [extension] : [] }),
            allProps,
          );
          // the student's page: the assignment their own link carried (the teacher's extension for them, if any), saved
          const { state } = readProgressText(text);
          const mine = { ...state.assignment, due, ...(extension && { extension }) };
          for (const n of [1, 4]) {
            const page = recordOutcome({
              record: repaired({ ...state.exercises[n] }),
              props: allProps[n],
              expectedSeed: expectedSeedOf(mine, n, allProps[n]),
              due: dueAt(studentDue(mine).due),
            });
            const said = `due ${due || 'none'}, extension ${who ?? 'none'} to ${extended}, exercise ${n}`;
            expect([page.outcome, page.late, page.lateAttempts], said).toEqual([
              teacher.results[n].outcome,
              teacher.results[n].late,
              teacher.results[n].lateAttempts,
            ]);
            late += page.late ? 1 : 0;
          }
        }
      }
    }
    expect(late).toBeGreaterThan(0); // (both sides mark some late: the agreement is not of two "never late")
  });
});

// Issue 51: several files of one student, copies and copiers, every file accounted for.
describe('every file handed in accounted for', () => {
  // Ada's genuine file, and one with her last answer of exercise 4 edited: other work, the same last moment (made
  // once the kernels are loaded)
  let genuineText = '';
  let editedText = '';
  beforeAll(() => {
    genuineText = file('Ada Lovelace', { wrong: 2 });
    const edited = JSON.parse(genuineText);
    edited.exercises[4].log[2].answers.variance = '999';
    editedText = JSON.stringify(edited);
  });

  it('two files of one student that end at the same time: flagged, the teacher chooses, nothing picked silently', () => {
    const s = settings();
    const genuine = assessFile(graded('ada.json', genuineText), s, allProps);
    const edited = assessFile(graded('ada-edited.json', editedText), s, allProps);
    expect(genuine.lastWork).toBe(edited.lastWork);
    expect([genuine.total, edited.total]).toEqual([3, 1]);
    const key = 'ada lovelace';
    // undecided: the first opened graded for now, both named in a flag, each file's account says so and offers the choice
    let grouped = groupStudents([genuine, edited]);
    expect(grouped.rows.map((r) => [r.file, r.total])).toEqual([['ada.json', 3]]);
    expect(grouped.rows[0].flags[0]).toBe(
      '2 files of this student end at the same time (last work 2026-12-01 10:03): ada.json, ada-edited.json; ada.json is graded until you choose one (in the list of files)',
    );
    expect(grouped.accounts.get(genuine.fileId)).toEqual({ text: 'graded as “Ada Lovelace” until you choose', choose: { key, name: 'Ada Lovelace' } });
    expect(grouped.accounts.get(edited.fileId)).toEqual({
      text: 'set aside until you choose: it ends at the same time as ada.json, graded as “Ada Lovelace” for now',
      choose: { key, name: 'Ada Lovelace' },
    });
    // the edited file's own flags are kept, under its name
    expect(edited.flags.length).toBeGreaterThan(0);
    expect(grouped.rows[0].flags.slice(1)).toEqual(edited.flags.map((f) => `ada-edited.json (set aside): ${f}`));
    // chosen: that file graded, the other set aside, said
    grouped = groupStudents([genuine, edited], [], null, { [key]: edited.fileId });
    expect(grouped.rows.map((r) => [r.file, r.total])).toEqual([['ada-edited.json', 1]]);
    expect(grouped.rows[0].flags[0]).toBe(
      '2 files of this student end at the same time (last work 2026-12-01 10:03): graded ada-edited.json, as you chose; set aside ada.json',
    );
    expect(grouped.accounts.get(edited.fileId)).toEqual({ text: 'graded as “Ada Lovelace”, as you chose' });
    expect(grouped.accounts.get(genuine.fileId).text).toBe('set aside: it ends at the same time as ada-edited.json, which you chose for “Ada Lovelace”');
  });

  it('a copy keeps every flag of each of its files; an earlier file and its copy are accounted for', () => {
    const s = settings();
    // the same work, its solved marks edited: one piece of work in two files, the copy's flags kept under its name
    const tampered = JSON.parse(genuineText);
    tampered.exercises[4].solved = { mean: true };
    const genuine = assessFile(graded('ada.json', genuineText), s, allProps);
    const copy = assessFile(graded('ada-copy.json', JSON.stringify(tampered)), s, allProps);
    expect(copy.fingerprint).toBe(genuine.fingerprint);
    expect(genuine.flags).toEqual([]);
    expect(copy.flags).toEqual([
      'exercise 4: its solved parts disagree with its log: its log answers variance right, but the file does not mark it solved; its log answers sigma right, but the file does not mark it solved; its log answers output right, but the file does not mark it solved',
    ]);
    // and a later resubmission, graded: the earlier file and its copy both said
    const later = assessFile(graded('ada-friday.json', file('Ada Lovelace', { wrong: 1, start: 600 })), s, allProps);
    const { rows, accounts } = groupStudents([genuine, copy, later]);
    expect(rows.map((r) => r.file)).toEqual(['ada-friday.json']);
    expect(rows[0].copies.map((c) => c.file)).toEqual(['ada.json', 'ada-copy.json']);
    expect(rows[0].flags).toEqual([
      '3 files of this student: graded the latest, ada-friday.json (last work 2026-12-01 20:02); set aside ada.json (last work 2026-12-01 10:03) (a resubmission keeps the latest)',
      'ada.json (set aside): 2 files hold the same work (attempts and openings): ada-copy.json (last work 2026-12-01 10:03); shown once',
      `ada.json (set aside): ada-copy.json: ${copy.flags[0]}`,
    ]);
    expect([genuine, copy, later].map((x) => accounts.get(x.fileId).text)).toEqual([
      'set aside: an earlier file of “Ada Lovelace” (ada-friday.json holds later work)',
      'the same work as ada.json: counted with it',
      'graded as “Ada Lovelace”',
    ]);
  });

  it('a student who handed in another’s work is listed as such, with their roster ID, never as “no file”', () => {
    const s = settings({ roster: readRoster('Ada Lovelace, 100\nMallory, 200\nGrace Hopper, 400').value });
    const copyText = JSON.parse(genuineText);
    copyText.assignment.name = 'Mallory';
    const ada = assessFile(graded('ada.json', genuineText), s, allProps);
    const mallory = assessFile(graded('mallory.json', JSON.stringify(copyText)), s, allProps);
    const grouped = groupStudents([mallory, ada], s.roster, s.assignment);
    expect(grouped.rows.map((r) => r.name)).toEqual(['Ada Lovelace']);
    expect(grouped.missing).toEqual([{ name: 'Grace Hopper', id: '400' }]);
    expect(grouped.copied).toEqual([{ name: 'Mallory', id: '200', rosterName: 'Mallory', files: ['mallory.json'], of: 'Ada Lovelace', ofFile: 'ada.json' }]);
    // the copy's own flags kept, as checked under its name (Ada's answers are not right on Mallory's numbers)
    expect(grouped.rows[0].flags).toEqual([
      'the same work is in 2 files under 2 names: mallory.json (last work 2026-12-01 10:03) (“Mallory”); shown once, as “Ada Lovelace”, whose numbers it follows',
      'mallory.json (read as “Mallory”’s): exercise 4: the file marks it solved, but its answers graded again do not',
    ]);
    // many renamed copies: a flag they share said once, three of them named, the rest counted
    const renamed = ['Bob', 'Carol', 'Dan', 'Eve', 'Frank'].map((name) =>
      assessFile(graded(`${name.toLowerCase()}.json`, JSON.stringify({ ...copyText, assignment: { ...copyText.assignment, name } })), s, allProps),
    );
    const many = groupStudents([ada, ...renamed], s.roster, s.assignment);
    expect(many.rows[0].flags.slice(1)).toEqual([
      'bob.json (read as “Bob”’s), carol.json (read as “Carol”’s), dan.json (read as “Dan”’s) and 2 more files: exercise 4: the file marks it solved, but its answers graded again do not',
    ]);
    expect(many.copied.map((c) => c.name)).toEqual(['Bob', 'Carol', 'Dan', 'Eve', 'Frank']);
    expect(grouped.accounts.get(mallory.fileId).text).toBe(
      '“Mallory”’s name on the work of “Ada Lovelace” (the same as ada.json): not graded as “Mallory”’s, listed as a copy',
    );
    const book = parse(toCsv(gradebookRows(grouped, s)), { columns: true });
    expect(book.map((r) => [r['student ID'], r.file, r['exercise 4 (of 2)'], r.total, r.flags, r.reasons])).toEqual([
      ['100', 'ada.json', '2', '3', '2', grouped.rows[0].flags.join('\n')],
      ['200', 'mallory.json', '', '', '1', 'handed in a copy of another student’s work: “Ada Lovelace”’s (the same as ada.json), not graded as theirs'],
      ['400', 'no file', '', '', '', ''],
    ]);
    // a student who also handed in work of their own: one row, theirs, the copy said in it
    const own = assessFile(graded('mallory-own.json', file('Mallory', { wrong: 0, start: 300 })), s, allProps);
    const both = groupStudents([mallory, ada, own], s.roster, s.assignment);
    expect(both.copied).toEqual([]);
    expect(both.rows.find((r) => r.name === 'Mallory').flags).toEqual(['also handed in mallory.json, a copy of “Ada Lovelace”’s work (the same as ada.json)']);
  });

  it('a classmate’s file handed in unchanged is its sender’s by its file’s name: listed as a copy, never as “no file”', () => {
    const s = settings({ roster: readRoster('Ada Lovelace, 100\nGrace Hopper, 400\nGrace Kelly, 500').value });
    // the copy opened first: the work is still shown as Ada's own file, and Grace Hopper's file is the copy
    const copy = assessFile(graded('PHYS101_grace_hopper_progress.json', genuineText), s, allProps);
    const ada = assessFile(graded('phys101-ada-lovelace.json', genuineText), s, allProps);
    const grouped = groupStudents([copy, ada], s.roster, s.assignment);
    expect(grouped.rows.map((r) => [r.name, r.file])).toEqual([['Ada Lovelace', 'phys101-ada-lovelace.json']]);
    expect(grouped.missing).toEqual([{ name: 'Grace Kelly', id: '500' }]);
    expect(grouped.copied).toEqual([
      {
        name: 'Grace Hopper',
        id: '400',
        rosterName: 'Grace Hopper',
        files: ['PHYS101_grace_hopper_progress.json'],
        of: 'Ada Lovelace',
        ofFile: 'phys101-ada-lovelace.json',
      },
    ]);
    expect(grouped.accounts.get(copy.fileId).text).toBe(
      '“Grace Hopper”’s by its file’s name, holding the work of “Ada Lovelace” unchanged (the same as phys101-ada-lovelace.json): not graded as “Grace Hopper”’s, listed as a copy',
    );
    // a file's name that holds no student's every word ("grace.json": Grace Hopper's or Grace Kelly's?) names no one:
    // the copy is counted with the work it holds, and both stay without a file
    const vague = assessFile(graded('grace.json', genuineText), s, allProps);
    const unsure = groupStudents([ada, vague], s.roster, s.assignment);
    expect(unsure.copied).toEqual([]);
    expect(unsure.missing.map((m) => m.name)).toEqual(['Grace Hopper', 'Grace Kelly']);
    expect(unsure.accounts.get(vague.fileId).text).toBe('the same work as phys101-ada-lovelace.json: counted with it');
  });
});

// Issue 51: the gradebook had one late count and one flag count per student: no late mark per exercise, no extension,
// no reasons.
it('the gradebook: per exercise its points and late mark, the extension applied, each flag’s reason in the last column', () => {
  const due = '2026-12-01T10:01Z'; // each student's exercise 4: right at 10:02, after the class's due date
  const s = settings({ assignment: { code: CODE, exercises: [1, 4], due }, extensions: [{ name: 'alan turing', due: '2026-12-02T10:00Z' }] });
  const tampered = JSON.parse(file('Grace Hopper', { wrong: 1 }));
  tampered.exercises[4].solved = { mean: true };
  const xs = [
    ['ada.json', file('Ada Lovelace', { wrong: 1 })],
    ['alan.json', file('Alan Turing', { wrong: 1 })],
    ['grace.json', JSON.stringify(tampered)],
  ].map(([f, text]) => assessFile(graded(f, text), s, allProps));
  const book = parse(toCsv(gradebookRows(groupStudents(xs), s)), { columns: true });
  expect(Object.keys(book[0])).toEqual([
    'student ID',
    'name',
    'file',
    'exercise 1 (of 1)',
    'exercise 1 late',
    'exercise 4 (of 2)',
    'exercise 4 late',
    'total',
    'extension to',
    'late attempts',
    'flags',
    'reasons',
  ]);
  const grace = xs[2].flags;
  expect(grace).toHaveLength(1);
  expect(book.map((r) => Object.values(r).slice(3))).toEqual([
    ['1', '', '2', 'late', '3', '', '1', '0', ''],
    ['1', '', '2', '', '3', dueText('2026-12-02T10:00Z'), '0', '0', ''],
    ['1', '', '2', 'late', '3', '', '1', '1', grace[0]],
  ]);
  // late work not counted: the late solve is said so, its points none
  const strict = xs.map((x, k) =>
    assessFile(
      graded(x.file, [file('Ada Lovelace', { wrong: 1 }), file('Alan Turing', { wrong: 1 }), JSON.stringify(tampered)][k]),
      { ...s, lateCounts: false },
      allProps,
    ),
  );
  const strictBook = parse(toCsv(gradebookRows(groupStudents(strict), { ...s, lateCounts: false })), { columns: true });
  expect(strictBook.map((r) => [r['exercise 4 (of 2)'], r['exercise 4 late']])).toEqual([
    ['0', 'solved late, not counted'],
    ['2', ''],
    ['0', 'solved late, not counted'],
  ]);
  // two flags: one a line in the cell
  const twice = groupStudents([
    xs[0],
    assessFile(
      graded('ada-edited.json', JSON.stringify({ ...JSON.parse(file('Ada Lovelace', { wrong: 1 })), exercises: { ...tampered.exercises } })),
      s,
      allProps,
    ),
  ]);
  expect(twice.rows[0].flags.length).toBeGreaterThan(1);
  expect(parse(toCsv(gradebookRows(twice, s)), { columns: true })[0].reasons).toBe(twice.rows[0].flags.join('\n'));
});
