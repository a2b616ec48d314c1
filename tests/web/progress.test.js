// The reader's saved progress (web/src/progress/store.js, validate.js): nothing saved is ever lost or fatal
// (issue 12). Each test loads the store afresh over a stand-in localStorage holding what a browser might
// hold: damaged JSON, a newer format, a record with the wrong types, a card whose due date cannot be read.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fsrs, generatorParameters } from 'ts-fsrs';
import {
  MAX_ANSWER_CHARS,
  MAX_IMPORT_BYTES,
  MAX_LOG,
  MAX_LOG_ANSWER_CHARS,
  exerciseRecord,
  logEntry,
  readProgress,
  repairedExerciseRecord,
} from '../../web/src/progress/validate.js';
import { PROGRESS_KEY } from '../../web/src/progress/key.js';

const KEY = PROGRESS_KEY;

function fakeStorage(initial = {}, { refuseWrites = false } = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    refuseWrites,
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem(k, v) {
      if (this.refuseWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(k, String(v));
    },
    removeItem: (k) => items.delete(k),
  };
}

async function storeOver(storage) {
  globalThis.window = { localStorage: storage };
  vi.resetModules();
  return (await import('../../web/src/progress/store.js')).progress;
}

afterEach(() => {
  delete globalThis.window;
});

const good = {
  version: 1,
  exercises: {
    4: { answers: { mean: '4' }, attempts: 2, hints: 1, seed: null, solved: { mean: true }, selfCheck: {} },
    11: { answers: { ratio: '6' }, attempts: 1, hints: 0, seed: 12345, solved: { ratio: true }, selfCheck: {} },
  },
  cards: {
    // (reviewed in the past: a last review after this device's clock is repaired, as the card could not be scheduled)
    'c-1': {
      due: '2030-01-01T00:00:00.000Z',
      stability: 3.1,
      difficulty: 5.2,
      elapsed_days: 0,
      scheduled_days: 3,
      learning_steps: 0,
      reps: 1,
      lapses: 0,
      state: 2,
      last_review: '2025-12-29T00:00:00.000Z',
    },
  },
};

// Issue 29: what a stored record may hold that had cost more than itself.
describe('nothing saved is dropped whole', () => {
  it('an answer longer than a field holds is cut to that length with a notice; the exercise keeps the rest', () => {
    const data = structuredClone(good);
    data.exercises[17] = { answers: { why: 'x'.repeat(MAX_ANSWER_CHARS + 500), pre: '1.19' }, attempts: 3, solved: { pre: true } };
    const { state, notices } = readProgress(data, { now: new Date('2026-12-01') });
    expect(state.exercises[17].answers.why).toHaveLength(MAX_ANSWER_CHARS);
    expect(state.exercises[17].answers.pre).toBe('1.19');
    expect(state.exercises[17].attempts).toBe(3);
    expect(state.exercises[17].solved).toEqual({ pre: true });
    expect(notices.join(' ')).toMatch(/Exercise 17: one saved answer was longer than a field holds \(2000 characters\) and was cut/);
  });

  it('a field the page does not know, however deeply nested, is dropped at load: the progress can be written again', () => {
    let deep = {};
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    const data = structuredClone(good);
    data.exercises[4].mystery = deep;
    data.cards['c-1'].mystery = deep;
    data.mystery = deep;
    const { state } = readProgress(data, { now: new Date('2026-12-01') });
    expect(() => JSON.stringify(state)).not.toThrow();
    expect(state.exercises[4]).not.toHaveProperty('mystery');
    expect(state.cards['c-1']).not.toHaveProperty('mystery');
    expect(state).not.toHaveProperty('mystery');
    expect(state.exercises[4].answers).toEqual({ mean: '4' });
  });

  it.each([
    ['a last review two days after this device’s clock', { last_review: '2026-12-03T00:00:00.000Z' }],
    ['a relearning card with a tiny stability', { state: 3, stability: 1e-9 }],
    ['a reviewed card with a difficulty below 1', { difficulty: 0.2 }],
  ])('a card with %s is repaired, due now, and the scheduler takes it', (_, change) => {
    const now = new Date('2026-12-01T00:00:00.000Z');
    const data = structuredClone(good);
    Object.assign(data.cards['c-1'], change);
    const { state, notices } = readProgress(data, { now });
    const card = state.cards['c-1'];
    expect(card.due).toBe(now.toISOString());
    expect(notices.join(' ')).toMatch(/One flash card had a schedule that could not be used/);
    const revived = { ...card, due: new Date(card.due), last_review: card.last_review ? new Date(card.last_review) : undefined };
    expect(() => fsrs(generatorParameters({ enable_fuzz: false })).repeat(revived, now)).not.toThrow();
  });

  it('a copy set aside without its date or reason keeps its text and reads as “unknown”', async () => {
    const storage = fakeStorage({ [KEY]: JSON.stringify(good), [`${KEY}-backup`]: JSON.stringify([{ text: '{"version":1}' }]) });
    const progress = await storeOver(storage);
    const backup = progress.backup();
    expect(backup.text).toBe('{"version":1}');
    expect(backup.savedAt).toBe('date unknown');
    expect(backup.reason).toBe('reason unknown');
  });
});

// The exported file carries the work (issue 27): each attempt as checked, when, for which numbers, with what open.
describe('the log of attempts', () => {
  const entry = (k, extra = {}) => ({
    at: `2026-12-0${1 + (k % 9)}T10:00:00.000Z`,
    seed: k,
    answers: { mean: String(k) },
    inputs: null,
    hints: 0,
    solution: false,
    ...extra,
  });
  const read = (log) => readProgress({ version: 1, exercises: { 4: { attempts: log.length, log } }, cards: {} }).state.exercises[4].log;

  // (issue 37: reading had kept only the last MAX_LOG entries, silently: a first-try solve followed by 20 practice
  // attempts read as untouched. What is kept is decided when an attempt is logged, and summarised said: attempt-log.js)
  it('keeps each attempt as written, however long the log: reading evicts nothing', () => {
    const log = Array.from({ length: MAX_LOG + 5 }, (_, k) => entry(k));
    const kept = read(log);
    expect(kept).toHaveLength(MAX_LOG + 5);
    expect(kept[0]).toEqual(entry(0));
    expect(kept.at(-1)).toEqual(entry(MAX_LOG + 4));
  });

  it('drops an entry it cannot read alone, and cuts a long answer to what a grader needs', () => {
    const kept = read([
      entry(1),
      { ...entry(2), at: 'yesterday' },
      { ...entry(3), hints: -1 },
      entry(4, { answers: { why: 'w '.repeat(600) } }),
      'junk',
      entry(5, { solution: 'yes' }),
    ]);
    expect(kept.map((e) => e.seed)).toEqual([1, 4]);
    expect(kept[1].answers.why).toHaveLength(MAX_LOG_ANSWER_CHARS);
    expect(read('not a list')).toEqual([]);
  });

  it('an entry made now is one the file reads back the same', () => {
    const e = logEntry(
      { seed: 7, answers: { mean: '4', output: '-1.4142, 0, 0, 1.4142' }, inputs: { x: '2, 4, 4, 6' }, hints: 1, solution: true },
      new Date('2026-12-03T12:00:00Z'),
    );
    expect(e).toEqual({
      at: '2026-12-03T12:00:00.000Z',
      seed: 7,
      answers: { mean: '4', output: '-1.4142, 0, 0, 1.4142' },
      inputs: { x: '2, 4, 4, 6' },
      hints: 1,
      solution: true,
    });
    expect(read([e])).toEqual([e]);
  });
});

describe('stored progress is read record by record', () => {
  it('a record with "answers": null is set aside with a notice; the other records are kept', async () => {
    const stored = structuredClone(good);
    stored.exercises[4].answers = null;
    const progress = await storeOver(fakeStorage({ [KEY]: JSON.stringify(stored) }));
    expect(progress.exercise(4).answers).toEqual({}); // exercise 4 starts afresh instead of failing to start
    expect(progress.exercise(4).attempts).toBe(0);
    expect(progress.exercise(11).answers).toEqual({ ratio: '6' });
    expect(progress.cards()['c-1'].stability).toBe(3.1);
    expect(progress.notices().join(' ')).toMatch(/exercise 4 could not be read \(answers must map parts to answers as text\)/);
  });

  it('the original of a store that needed repair is copied aside before the first save overwrites it', async () => {
    const stored = structuredClone(good);
    stored.exercises[4].attempts = -3;
    const text = JSON.stringify(stored);
    const storage = fakeStorage({ [KEY]: text });
    const progress = await storeOver(storage);
    progress.update((s) => (s.exercises[11].attempts += 1));
    expect(JSON.parse(storage.getItem(`${KEY}-backup`)).at(-1).text).toBe(text);
    expect(progress.backup().text).toBe(text);
    expect(JSON.parse(storage.getItem(KEY)).exercises[11].attempts).toBe(2);
  });

  it('damaged JSON: the visit starts afresh, says so, and keeps the damaged text to download', async () => {
    const storage = fakeStorage({ [KEY]: '{"version":1,"exercises":{"4":' });
    const progress = await storeOver(storage);
    expect(progress.problem()).toMatch(/could not be read \(it is not valid JSON\).*kept: download it/);
    expect(progress.backup().text).toBe('{"version":1,"exercises":{"4":');
    progress.update((s) => (s.exercises[2] = { answers: {}, attempts: 1, hints: 0, seed: null, solved: {}, selfCheck: {} }));
    expect(JSON.parse(storage.getItem(`${KEY}-backup`))[0].text).toBe('{"version":1,"exercises":{"4":');
  });

  it('progress from a newer version of the page is kept, not overwritten', async () => {
    const newer = JSON.stringify({ ...good, version: 2 });
    const storage = fakeStorage({ [KEY]: newer });
    const progress = await storeOver(storage);
    expect(progress.problem()).toMatch(/newer version of this chapter/);
    progress.update((s) => (s.exercises[1] = { answers: {}, attempts: 1, hints: 0, seed: null, solved: {}, selfCheck: {} }));
    expect(JSON.parse(storage.getItem(`${KEY}-backup`)).at(-1).text).toBe(newer);
  });

  it('when the copy cannot be written, the unreadable data is not overwritten either', async () => {
    const storage = fakeStorage({ [KEY]: 'not json' });
    const progress = await storeOver(storage);
    storage.refuseWrites = true;
    progress.update((s) => (s.exercises[1] = { answers: {}, attempts: 1, hints: 0, seed: null, solved: {}, selfCheck: {} }));
    expect(storage.getItem(KEY)).toBe('not json');
    expect(progress.problem()).toBeTruthy();
  });

  it('a card whose due date cannot be read is due now and reported, not silently never due', async () => {
    const stored = structuredClone(good);
    stored.cards['c-1'].due = 'someday';
    const before = Date.now();
    const progress = await storeOver(fakeStorage({ [KEY]: JSON.stringify(stored) }));
    const due = Date.parse(progress.cards()['c-1'].due);
    expect(due).toBeGreaterThanOrEqual(before);
    expect(due).toBeLessThanOrEqual(Date.now());
    expect(progress.cards()['c-1'].reps).toBe(1); // the rest of its schedule is kept
    expect(progress.notices().join(' ')).toMatch(/One flash card had a due date that could not be read: it is due now/);
  });
});

describe('import', () => {
  it('{"version":1,"exercises":[],"cards":{}} is refused and the progress is unchanged', async () => {
    const progress = await storeOver(fakeStorage({ [KEY]: JSON.stringify(good) }));
    expect(() => progress.importJson('{"version":1,"exercises":[],"cards":{}}')).toThrow(
      /cannot be imported: its “exercises” must be a set of records.*unchanged/,
    );
    expect(progress.exercise(4).answers).toEqual({ mean: '4' });
  });

  it('a file past the size limit is refused with its reason', async () => {
    const progress = await storeOver(fakeStorage());
    expect(() => progress.importJson(' '.repeat(MAX_IMPORT_BYTES + 1))).toThrow(/too large .*the limit is 1 MB/);
  });

  it('an import the browser refuses to store says so (saved: false) and does not claim success', async () => {
    const storage = fakeStorage();
    const progress = await storeOver(storage);
    storage.refuseWrites = true;
    const result = progress.importJson(JSON.stringify(good));
    expect(result.saved).toBe(false);
    expect(progress.exercise(11).answers).toEqual({ ratio: '6' }); // it still lasts for the visit
  });

  it('a file with one bad record imports the rest and names the one it skipped; what it replaced is kept', async () => {
    const storage = fakeStorage({ [KEY]: JSON.stringify(good) });
    const progress = await storeOver(storage);
    const file = structuredClone(good);
    file.exercises[11].seed = 1e20; // past 2^53
    file.exercises[5] = { answers: {}, attempts: 3, hints: 0, seed: null, solved: {}, selfCheck: {} };
    const result = progress.importJson(JSON.stringify(file));
    expect(result.saved).toBe(true);
    expect(result.notices).toHaveLength(1);
    expect(result.notices[0]).toMatch(/exercise 11 could not be read \(seed must be a whole number from 0 to 2\^53/);
    expect(progress.exercise(5).attempts).toBe(3);
    expect(JSON.parse(progress.backup().text).exercises[11].answers).toEqual({ ratio: '6' });
  });
});

describe('status and reset', () => {
  it('peek reads a record without creating one (the panel asks for all sixteen)', async () => {
    const progress = await storeOver(fakeStorage({ [KEY]: JSON.stringify(good) }));
    expect(progress.peek(11).answers).toEqual({ ratio: '6' });
    expect(progress.peek(7)).toBeUndefined();
    expect(progress.exportJson()).not.toContain('"7"');
  });

  it('reset all clears every exercise and card, tells subscribers, and keeps a copy of what it cleared', async () => {
    const storage = fakeStorage({ [KEY]: JSON.stringify(good) });
    const progress = await storeOver(storage);
    const heard = [];
    progress.subscribe((why) => heard.push(why));
    expect(progress.resetAll()).toBe(true);
    expect(heard).toEqual(['state replaced']);
    // (and when the new start began, issue 37: another tab's older copy cannot bring the cleared work back)
    expect(JSON.parse(storage.getItem(KEY))).toEqual({ version: 1, exercises: {}, cards: {}, startedAt: expect.stringMatching(/^\d{4}-/) });
    expect(JSON.parse(progress.backup().text).exercises[4].attempts).toBe(2);
  });

  it('reset of one exercise leaves the others, and says so as its own event (the card deck is not dealt again)', async () => {
    const progress = await storeOver(fakeStorage({ [KEY]: JSON.stringify(good) }));
    const heard = [];
    progress.subscribe((why, detail) => heard.push([why, detail]));
    progress.resetExercise(4);
    expect(heard).toEqual([['exercise reset', { n: 4 }]]);
    expect(progress.peek(4)).toBeUndefined();
    expect(progress.peek(11).solved).toEqual({ ratio: true });
  });
});

describe('readProgress over junk (fixed-seed fuzz)', () => {
  // mulberry32
  function random(seed) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const JUNK = [null, undefined, 0, -1, 1.5, NaN, 1e300, '', 'x', '2030-01-01', true, [], {}, [1, 2], { a: 1 }, 2 ** 60];

  it('any damage to a good file leaves either a clear refusal or well-formed records', () => {
    const next = random(7);
    const pick = (list) => list[Math.floor(next() * list.length)];
    let refused = 0;
    let setAside = 0;
    for (let trial = 0; trial < 5000; trial++) {
      const data = structuredClone(good);
      // damage one to three places: a top-level key, a record, a field of a record, an entry of a map
      for (let hits = 1 + Math.floor(next() * 3); hits > 0; hits--) {
        const where = next();
        if (where < 0.1) data[pick(['version', 'exercises', 'cards'])] = pick(JUNK);
        else if (where < 0.3) {
          if (data.exercises && typeof data.exercises === 'object') data.exercises[pick(['4', '11', '0', 'x', '999'])] = pick(JUNK);
        } else if (where < 0.7) {
          const rec = data.exercises?.[pick(['4', '11'])];
          if (rec && typeof rec === 'object') rec[pick(['answers', 'attempts', 'hints', 'seed', 'solved', 'selfCheck'])] = pick(JUNK);
        } else if (where < 0.8) {
          const rec = data.exercises?.[4];
          if (rec?.answers && typeof rec.answers === 'object') rec.answers[pick(['mean', 'Bad key', ''])] = pick(JUNK);
        } else {
          const card = data.cards?.['c-1'];
          if (card && typeof card === 'object') card[pick(['due', 'stability', 'difficulty', 'reps', 'state', 'last_review'])] = pick(JUNK);
        }
      }
      let read;
      try {
        read = readProgress(JSON.parse(JSON.stringify(data)), { now: new Date('2026-01-01') });
      } catch (error) {
        expect(error).toBeInstanceOf(Error);
        expect(error.message.length).toBeGreaterThan(10);
        refused++;
        continue;
      }
      if (read.setAside) setAside++;
      for (const [n, r] of Object.entries(read.state.exercises)) {
        expect(Number.isInteger(Number(n))).toBe(true);
        expect(Object.values(r.answers).every((a) => typeof a === 'string')).toBe(true);
        expect(Number.isInteger(r.attempts) && r.attempts >= 0).toBe(true);
        expect(Number.isInteger(r.hints) && r.hints >= 0).toBe(true);
        expect(r.seed === null || (Number.isSafeInteger(r.seed) && r.seed >= 0) || r.seed === 2 ** 53).toBe(true);
        expect(Object.values(r.solved).every((v) => typeof v === 'boolean')).toBe(true);
      }
      for (const card of Object.values(read.state.cards)) {
        expect(Number.isFinite(Date.parse(card.due))).toBe(true);
        expect(Number.isFinite(card.stability) && Number.isFinite(card.difficulty)).toBe(true);
        expect([0, 1, 2, 3]).toContain(card.state);
      }
    }
    expect(refused).toBeGreaterThan(100);
    expect(setAside).toBeGreaterThan(1000);
  });
});

// One schema for an exercise's record: what the store accepts at load and import is what the exercise's repair
// leaves as it is, and where the store refuses a field the repair starts that field afresh.
describe('one record schema, read strictly or repaired', () => {
  const good = [
    {},
    {
      answers: { mean: '4', output: '-1, 0, 0, 1' },
      attempts: 3,
      hints: 1,
      seed: 12345,
      solved: { mean: true, output: false },
      selfCheck: { why: 'partly' },
      checked: { mean: '4' },
      variants: [{ seed: null, attempts: 2 }],
      inputs: { x: '2, 4, 4, 6' },
      log: [logEntry({ seed: 12345, answers: { mean: '4' }, hints: 1, solution: false }, new Date('2026-12-01T10:00:00Z'))],
    },
    { seed: null, inputs: null, variants: [] },
  ];
  it.each(good.map((r, k) => [k, r]))('a record the store accepts is repaired to itself (%i)', (k, r) => {
    expect(repairedExerciseRecord(r)).toEqual(exerciseRecord(r));
  });
  it.each([
    ['attempts', -1, 0],
    ['hints', 'x', 0],
    ['seed', 2 ** 60, null],
    ['answers', { mean: 4 }, {}],
    ['selfCheck', { why: 'sure' }, {}],
    ['variants', [{ seed: 1, attempts: -1 }], []],
    ['inputs', { x: 3 }, {}],
    ['solved', [], {}],
  ])('a wrong %s is refused by the store and started afresh by the repair', (name, value, repairedTo) => {
    expect(() => exerciseRecord({ [name]: value })).toThrow(new RegExp(`^${name} `));
    expect(repairedExerciseRecord({ [name]: value })[name]).toEqual(repairedTo);
  });
});

// Issue 36: on a shared computer "Not you? Change the name" had kept the previous student's work under the new name
// (Bob saw Ada's solved exercise and exported her attempt).
describe('another student on the same browser', () => {
  const ada = { code: 'ML 4410', name: 'Ada Lovelace', exercises: [4], due: '' };
  const bob = { ...ada, name: 'Bob' };

  it('starts their own record; the previous one stays under its name and can be switched back to; an export holds one student', async () => {
    const storage = fakeStorage();
    const progress = await storeOver(storage);
    progress.setAssignment(ada);
    progress.update(() => Object.assign(progress.exercise(4), { attempts: 1, solved: { mean: true }, answers: { mean: '4' } }));
    const heard = [];
    progress.subscribe((why, detail) => heard.push([why, detail?.student ?? null]));
    progress.switchStudent(bob);
    expect(heard).toEqual([
      ['state replaced', true],
      ['assignment', null],
    ]);
    expect(progress.assignment().name).toBe('Bob');
    expect(progress.peek(4)).toBeUndefined();
    const exported = JSON.parse(progress.exportJson());
    expect([exported.assignment.name, Object.keys(exported.exercises)]).toEqual(['Bob', []]);
    expect(progress.otherStudents()).toEqual([{ code: 'ML 4410', name: 'Ada Lovelace' }]);

    // a reload keeps Bob; Ada comes back with her work, and Bob's stays aside
    const again = await storeOver(storage);
    expect(again.assignment().name).toBe('Bob');
    again.update(() => (again.exercise(4).answers = { mean: '7' }));
    again.switchStudent({ ...ada, name: 'ada  lovelace' });
    expect(again.peek(4)).toMatchObject({ attempts: 1, solved: { mean: true }, answers: { mean: '4' } });
    expect(again.otherStudents()).toEqual([{ code: 'ML 4410', name: 'Bob' }]);
    again.switchStudent(bob);
    expect(again.peek(4).answers).toEqual({ mean: '7' });
  });
});
