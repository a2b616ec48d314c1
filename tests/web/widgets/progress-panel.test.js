// @vitest-environment jsdom
// The progress panel at the top of the exercises (widgets/progress) and the saved progress behind it (issues 10 and
// 12): every exercise listed with a link and its state; reset after a confirmation; damaged, foreign or oversized
// progress never breaks a widget, is never silently lost, and is offered back as a download. When the browser refuses
// storage, the exercises still check answers and the page says so in one line; a long answer comes back after a
// reload. Moved from tests/e2e/progress.spec.js and tests/e2e/storage.spec.js (docs/testing/moved-exercises.md).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Blob as NodeBlob } from 'node:buffer';
import { click } from './harness.js';
import { gradeJob } from '../../../web/src/exercises/grade-job.js';
import { judgeDesigns, judgingKey, loadExercisesWithDesign, loggedDesigns } from '../../../web/src/exercises/design.js';
import { loadExerciseProps } from '../../../web/src/exercises/props.js';
import { attemptNumbers, regradeExercise } from '../../../web/src/exercises/regrade.js';
import { stateOf } from '../../../web/src/exercises/outcome.js';
import { logEntry, readProgressText } from '../../../web/src/progress/validate.js';
import {
  answer,
  answerOf,
  cardIds,
  check,
  freshBrowser,
  openPage,
  partOf,
  pickFile,
  refuseStorage,
  statusOf,
  until,
  watchDownloads,
} from './exercises-helpers.js';

const KEY = 'residual-ln-progress-v1';
const text = (/** @type {Element | null | undefined} */ el) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
const item = (/** @type {HTMLElement} */ panel, /** @type {number} */ n) =>
  /** @type {HTMLElement} */ (panel.querySelector(`.progress-list li[data-exercise="${n}"]`));
const importInput = (/** @type {HTMLElement} */ panel) => /** @type {HTMLInputElement} */ (panel.querySelector('input[type=file]'));
const message = (/** @type {HTMLElement} */ panel) => text(panel.querySelector('.progress-message'));

/** Exercise n of a visit, its answers typed and checked. */
async function answerAndCheck(
  /** @type {import('./exercises-helpers.js').Page} */ page,
  /** @type {number} */ n,
  /** @type {Record<string, string>} */ answers,
) {
  const ex = await page.exercise(n);
  for (const [part, typed] of Object.entries(answers)) answer(ex, part, typed);
  check(ex);
  return ex;
}

/** @type {ReturnType<typeof watchDownloads>} */
let downloads;
beforeAll(() => {
  downloads = watchDownloads();
});
afterAll(() => downloads.stop());
/** @type {(() => void) | null} */
let allowStorage = null;
beforeEach(freshBrowser);
afterEach(() => {
  allowStorage?.();
  allowStorage = null;
});

describe('the progress panel', () => {
  it('the panel lists every exercise with a link and its state: solved, attempted, untouched', async () => {
    // (one visit: the spec's moves between #progress and the exercises changed only the fragment)
    const page = await openPage('/#progress');
    const panel = await page.panel();
    const count = document.querySelectorAll('section.exercise').length;
    expect(panel.querySelectorAll('.progress-list li')).toHaveLength(count);
    expect(item(panel, 11).dataset.status).toBe('untouched');
    expect(item(panel, 11).querySelector('a')?.getAttribute('href')).toBe('#exercise-11');

    const ex11 = await answerAndCheck(page, 11, { deep: '1/3', shallow: '2', ratio: '6' });
    expect(statusOf(ex11)).toContain('All 3 answers right');
    const ex4 = await answerAndCheck(page, 4, { mean: '5' });
    expect(statusOf(ex4)).toContain('Not right yet (attempt 1).'); // not "0 of 1 answers"

    expect(item(panel, 11).dataset.status).toBe('solved');
    expect(text(item(panel, 11).querySelector('.progress-state'))).toBe('✓ solved');
    expect(item(panel, 4).dataset.status).toBe('attempted');
    expect(item(panel, 2).dataset.status).toBe('untouched');
    expect(text(panel.querySelector('.progress-summary'))).toContain(`1 of ${count} exercises solved, 1 attempted`);
    /** @type {HTMLAnchorElement} */ (item(panel, 4).querySelector('a')).click();
    await until(() => expect(location.hash).toBe('#exercise-4')); // (the fragment's navigation is a task of its own)
  });

  it('reset of all progress asks first, then clears answers, states and the card schedule', async () => {
    const page = await openPage('/#exercise-11');
    await answerAndCheck(page, 11, { deep: '1/3', shallow: '2', ratio: '6' });
    const panel = await page.panel();
    expect(item(panel, 11).dataset.status).toBe('solved');
    click(panel, 'Reset all progress…');
    const confirm = /** @type {HTMLElement} */ (panel.querySelector('[role="group"][aria-label="Confirm the reset"]'));
    expect(confirm.hidden).toBe(false);
    click(confirm, 'Keep my progress');
    expect(message(panel)).toBe('Nothing was reset.');
    expect(item(panel, 11).dataset.status).toBe('solved');

    click(panel, 'Reset all progress…');
    click(confirm, 'Reset everything');
    expect(message(panel)).toBe('All progress was reset.');
    expect(item(panel, 11).dataset.status).toBe('untouched');
    const stored = JSON.parse(/** @type {string} */ (localStorage.getItem(KEY)));
    expect(stored.cards).toEqual({});
    // the exercises on screen may write back their (blank) variant seed; nothing answered or attempted remains
    for (const record of Object.values(stored.exercises)) expect(record).toMatchObject({ answers: {}, attempts: 0, solved: {} });
    expect(/** @type {HTMLElement} */ (panel.querySelector('.progress-backup')).hidden).toBe(false); // what was cleared can still be downloaded
    expect(answerOf(await page.exercise(11), 'ratio').value).toBe('');
  });

  it('stored {"version":1,"exercises":[],"cards":{}} breaks nothing; the panel works and a good file comes back', async () => {
    localStorage.setItem(KEY, '{"version":1,"exercises":[],"cards":{}}'); // (before the page's scripts run)
    const panel = await (await openPage('/#progress')).panel();
    expect(text(panel.querySelector('.progress-problem'))).toContain('could not be read');
    click(panel, 'Download the copy');
    const copy = await downloads.next();
    expect(copy.text).toBe('{"version":1,"exercises":[],"cards":{}}');

    const good = JSON.stringify({
      version: 1,
      exercises: { 11: { answers: { ratio: '6' }, attempts: 1, hints: 0, seed: null, solved: { ratio: true }, selfCheck: {} } },
      cards: {},
    });
    pickFile(importInput(panel), 'good.json', good);
    await until(() => expect(message(panel)).toBe('Imported good.json.'));
    expect(item(panel, 11).dataset.status).toBe('attempted');
    const again = await (await openPage('/?visit=2#progress')).panel(); // a new visit reads what the import saved
    expect(item(again, 11).dataset.status).toBe('attempted');
  });

  it('importing that same file is refused and changes nothing', async () => {
    const page = await openPage('/#exercise-11');
    await answerAndCheck(page, 11, { ratio: '6' });
    const panel = await page.panel();
    pickFile(importInput(panel), 'bad.json', '{"version":1,"exercises":[],"cards":{}}');
    await until(() => expect(message(panel)).toContain('cannot be imported'));
    expect(message(panel)).toContain('Your progress is unchanged');
    expect(item(panel, 11).dataset.status).toBe('attempted');
  });

  it('a saved record with "answers": null: exercise 4 still starts, and the panel says what was set aside', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ version: 1, exercises: { 4: { answers: null, attempts: 2, hints: 0, seed: null, solved: {}, selfCheck: {} } }, cards: {} }),
    );
    const page = await openPage('/#exercise-4');
    const ex = await page.exercise(4); // (mounted: no .widget-error)
    expect(ex.querySelectorAll('.widget-error')).toHaveLength(0);
    const panel = await page.panel();
    expect(text(panel.querySelector('.progress-notices'))).toContain('exercise 4 could not be read');
  });

  it('an import too large is refused with its reason; one the browser cannot save does not claim success', async () => {
    const panel = await (await openPage('/#progress')).panel();
    pickFile(importInput(panel), 'big.json', `{"version":1,"exercises":{},"cards":{},"pad":"${'x'.repeat(1_100_000)}"}`);
    await until(() => expect(message(panel)).toContain('too large to be progress of this chapter'));

    allowStorage = refuseStorage();
    pickFile(importInput(panel), 'good.json', JSON.stringify({ version: 1, exercises: { 11: { answers: { ratio: '6' }, attempts: 1 } }, cards: {} }));
    await until(() => expect(message(panel)).toContain('refused to save it'));
    expect(message(panel)).not.toContain('Imported');
  });

  it('a flash card whose due date cannot be read is due now, and the panel says so', async () => {
    const later = {
      due: '2999-01-01T00:00:00.000Z',
      stability: 1,
      difficulty: 5,
      elapsed_days: 0,
      scheduled_days: 1,
      reps: 1,
      lapses: 0,
      learning_steps: 0,
      state: 2,
    };
    const ids = cardIds();
    const cards = Object.fromEntries(ids.map((id, i) => [id, i === 0 ? { ...later, due: 'not a date' } : later]));
    localStorage.setItem(KEY, JSON.stringify({ version: 1, exercises: {}, cards }));
    const page = await openPage('/#card-deck');
    expect(text((await page.deck()).querySelector('.deck-status'))).toContain('1 card due of');
    const panel = await page.panel();
    expect(text(panel.querySelector('.progress-notices'))).toContain('due date that could not be read: it is due now');
  });
});

describe('an imported design that cannot be run (issue 52)', () => {
  // exercise 22's log edited by hand: α = 1/0, a wiring the kernel refuses to run, marked right and solved
  const BAD = '{"from":"post","alpha":"1/0"}';
  const edited = (design = BAD) => {
    const entry = logEntry({ seed: null, answers: { design }, hints: 0, solution: false, right: ['design'], try: 1 });
    const record = { answers: { design }, checked: { design }, attempts: 1, hints: 0, seed: null, solved: { design: true }, log: [entry] };
    return JSON.stringify({ version: 1, exercises: { 22: record }, cards: {} });
  };

  it('is not solved on the student’s page, as the teachers’ grading of the same file gives it nothing', async () => {
    const page = await openPage('/#progress');
    const panel = await page.panel();
    pickFile(importInput(panel), 'edited.json', edited());
    await until(() => expect(message(panel)).toBe('Imported edited.json. 1 record was set aside or changed (listed above).'));
    expect(item(panel, 22).dataset.status).toBe('attempted');
    expect(text(panel.querySelector('.progress-notices'))).toContain('Exercise 22: attempt 1 of its log');
    expect(text(panel.querySelector('.progress-notices'))).toContain('design cannot be run');
    const stored = JSON.parse(/** @type {string} */ (localStorage.getItem(KEY))).exercises[22];
    expect(stored.solved.design).toBe(false);
    expect(stored.log[0].right).toEqual([]);

    // the teachers' grading of that file: read and graded in a worker's job, the design judged (it cannot be run)
    const { read, graded } = /** @type {any} */ (await gradeJob({ file: new NodeBlob([edited()]), numbers: [22] }));
    const exercises = await loadExercisesWithDesign();
    const allProps = await loadExerciseProps();
    const verdicts = new Map();
    const numbersOf = (/** @type {any} */ p, /** @type {any} */ e) => attemptNumbers(exercises, p, e);
    const designs = loggedDesigns({ exercises, allProps, states: [read.state], assignment: { exercises: [22] }, numbersOf });
    await judgeDesigns({ design: exercises.design, designs, verdicts, run: () => Promise.reject(new Error('no run is made')) });
    const judged = (/** @type {number} */ n, /** @type {any} */ inputs, /** @type {string} */ w) => verdicts.get(judgingKey(n, inputs, w));
    expect(graded[22][0].parts.design).toBe('not graded'); // (the worker's job grades no design: the page runs them after)
    const teacher = regradeExercise({ exercises, props: allProps[22], record: read.state.exercises[22], judged });
    expect(teacher.entries[0].parts.design).toBe('not graded');
    expect(teacher.entries[0].problem).toMatch(/^design cannot be run/);
    expect(stateOf(teacher.outcome)).toBe(item(panel, 22).dataset.status); // the two pages agree

    // the next visit's exercise does not say its last Check passed
    const again = await openPage('/?visit=2#exercise-22');
    const ex = await again.exercise(22);
    expect(text(ex.querySelector('.ex-part-wiring .ex-result'))).toContain('Your last Check of this wiring did not pass');
    expect(text(ex.querySelector('.ex-state'))).toBe('Attempted');

    // a design that can be run keeps the page's own mark (its runs are made at the next Check)
    const panel2 = await again.panel();
    pickFile(importInput(panel2), 'kept.json', edited('{"from":"post","alpha":"(2*L)^0.25"}'));
    await until(() => expect(message(panel2)).toBe('Imported kept.json.'));
    expect(item(panel2, 22).dataset.status).toBe('solved');
  });
});

describe('a file that floods the notices (issue 52)', () => {
  it('5,000 attempts on one exercise: the panel summarises its notices by kind, and the download holds them all', async () => {
    const start = Date.parse('2026-11-01T00:00:00Z');
    const log = Array.from({ length: 5000 }, (_, k) =>
      logEntry({ seed: null, answers: { mean: String(k) }, hints: 0, solution: false, right: [], try: k + 1 }, new Date(start + k * 1000)),
    );
    log[3] = { ...log[3], hints: -1 }; // two attempts set aside for another reason: a kind of their own
    log[7] = { ...log[7], hints: -1 };
    const file = JSON.stringify({ version: 1, exercises: { 4: { answers: {}, attempts: 5000, log } }, cards: {} });
    const all = readProgressText(file).notices;
    expect(all.length).toBeGreaterThan(4000);

    const panel = await (await openPage('/#progress')).panel();
    pickFile(importInput(panel), 'flood.json', file);
    await until(() => expect(message(panel)).toContain('Imported flood.json.'));
    const notices = /** @type {HTMLElement} */ (panel.querySelector('.progress-notices'));
    const kinds = [...notices.querySelectorAll(':scope > ul.notices > li')];
    expect(kinds).toHaveLength(2);
    expect(text(kinds[0])).toMatch(/^2 of one kind: Exercise 4: attempt 4 of its log/);
    expect(kinds[0].querySelectorAll('li')).toHaveLength(2);
    expect(text(kinds[1])).toMatch(new RegExp(`^${(all.length - 2).toLocaleString('en')} of one kind, the first 3: Exercise 4: attempt \\d+ of its log`));
    expect(kinds[1].querySelectorAll('li')).toHaveLength(3);
    expect(text(notices).length).toBeLessThan(2000);

    click(notices, `Download all ${all.length.toLocaleString('en')} notices (.txt)`);
    const got = await downloads.next();
    expect(got.name).toBe('residual-ln-progress-notices.txt');
    expect(got.text).toBe(`${all.join('\n')}\n`);
  });

  it('a few notices are each shown, with no download', async () => {
    localStorage.setItem(KEY, JSON.stringify({ version: 1, exercises: { 4: { answers: null }, 5: { answers: null }, 6: { answers: null } }, cards: {} }));
    const panel = await (await openPage('/#progress')).panel();
    const notices = /** @type {HTMLElement} */ (panel.querySelector('.progress-notices'));
    expect(text(notices)).toMatch(/^3 of one kind: The saved record of exercise/);
    expect(notices.querySelector('.notices-download')).toBeNull();
  });
});

describe('storage the browser refuses, and what it keeps', () => {
  it('blocked storage: answers are still checked, and the progress panel says it cannot save', async () => {
    allowStorage = refuseStorage(); // (before the page's scripts run)
    const page = await openPage('/#exercise-11');
    const ex = await answerAndCheck(page, 11, { ratio: '6' });
    expect(statusOf(ex)).toContain('Right.');
    const problem = /** @type {HTMLElement} */ ((await page.panel()).querySelector('.progress-problem'));
    expect(text(problem)).toMatch(/cannot be saved in this browser/);
    // one line: one text, nothing in it that breaks a line
    expect(problem.children).toHaveLength(0);
    expect(/** @type {string} */ (problem.textContent).trim().split('\n')).toHaveLength(1);
  });

  // A long explanation is held to what the record keeps (the field's maxlength is the store's limit), so it comes
  // back after a reload with the rest of the exercise; a stored one over the limit (an older page's) is cut, not
  // the whole exercise dropped.
  it('a long answer comes back after a reload, with the exercise’s attempts', async () => {
    let ex = await (await openPage('/#exercise-17')).exercise(17);
    const why = answerOf(ex, 'why');
    expect(why.getAttribute('maxlength')).toBe('2000');
    answer(ex, 'why', 'x'.repeat(10));
    answer(ex, 'why', 'y '.repeat(995) + why.value); // words: a single 2,000-letter word is not an explanation
    answer(ex, 'pre', '1.1922');
    check(ex);
    ex = await (await openPage('/#exercise-17')).exercise(17); // a reload
    expect(answerOf(ex, 'why').value).toBe('y '.repeat(995) + 'x'.repeat(10));
    expect(partOf(ex, 'pre').classList.contains('ex-right')).toBe(true);

    // an older page's record with a longer answer: cut to the limit, the exercise kept, and the panel says so
    const stored = JSON.parse(/** @type {string} */ (localStorage.getItem(KEY)));
    stored.exercises[17].answers.why = 'z '.repeat(1250);
    localStorage.setItem(KEY, JSON.stringify(stored));
    const page = await openPage('/#exercise-17'); // a reload
    ex = await page.exercise(17);
    expect(answerOf(ex, 'why').value).toBe('z '.repeat(1000));
    expect(partOf(ex, 'pre').classList.contains('ex-right')).toBe(true);
    const panel = await page.panel();
    expect(text(panel)).toContain('Exercise 17: one saved answer was longer than a field holds');
  });
});
