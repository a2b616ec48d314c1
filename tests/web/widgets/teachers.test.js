// @vitest-environment jsdom
// The teachers' page and the chapter opened from its link (moved from tests/e2e/teachers.spec.js): a link built on the
// page gives two names two different numbers, the same again for the same name; a student's exported file graded
// again gives the table the student's own page shows; the same file with a verdict edited by hand is graded to the
// truth; hostile files are reported and skipped; the CSV. Pages and devices: teachers-helpers.js.
import { parse } from 'csv-parse/sync';
import { expect, it, vi } from 'vitest';
import { click, field, fill, texts } from './harness.js';
import { logEntry, readProgressText } from '../../../web/src/progress/validate.js';
import {
  check,
  device,
  download,
  eventually,
  exportProgress,
  fileOf,
  labelled,
  openChapter,
  openFiles,
  openTeachers,
  rowsWith,
  saveWith,
  solveExercise1,
  squash,
  textOf,
} from './teachers-helpers.js';

// a test's pages, students' and teacher's, on a loaded 2-core machine (the spec's timeout): a wait that fails says so first
vi.setConfig({ testTimeout: 120_000 });

/** The teachers' page with an assignment filled in: class code, exercises (numbers), a due date and time (as the
 * date-time field takes it: 2026-12-20T23:59). → {teacher (the page), link} */
async function buildLink({ code, exercises, due = '' }) {
  const teacher = await openTeachers(device());
  fill(labelled(teacher.body, 'Class code'), code);
  if (due) fill(labelled(teacher.body, 'Due (optional)'), due);
  for (const n of exercises) check(teacher.body.querySelector(`.teachers-exercises input[value="${n}"]`));
  const link = labelled(teacher.body, 'The link for your students').value;
  expect(link).toMatch(/assign\.class=/);
  return { teacher, link };
}

/** A student opens the link on a device of their own, types their name: → {page, device, x (exercise 4's x as shown), seed} */
async function asStudent(link, name) {
  const dev = device();
  const page = await openChapter(dev, link);
  const banner = page.banner();
  expect(textOf(banner)).toMatch(/Class PHYS 101: exercises 1 and 4, due 20 December 2026(,| at) 23:59 UTC \(\d+ days( \d+ hours?)? left\)\./);
  fill(labelled(banner, 'Your name or student number'), name);
  click(banner, 'Start');
  expect(textOf(banner)).toContain(squash(`Working as ${name}`));
  const ex4 = await page.mount('#exercise-4');
  return { page, dev, x: field(ex4, 'x').value, seed: page.url().searchParams.get('ex4.seed') };
}

it('a link built on the teachers’ page gives two names two different numbers, the same again for the same name', async () => {
  const { teacher, link } = await buildLink({ code: 'PHYS 101', exercises: [1, 4], due: '2026-12-20T23:59' });
  expect(new URL(link).searchParams.get('assign.ex')).toBe('1,4');
  const ada = await asStudent(link, 'Ada Lovelace');
  const alan = await asStudent(link, 'Alan Turing');
  const adaAgain = await asStudent(link, '  ada lovelace ');
  expect(ada.x).not.toBe(alan.x);
  expect(adaAgain.x).toBe(ada.x);
  expect(ada.seed).toMatch(/^\d+$/);

  // the teacher sees the same numbers for the same name
  teacher.show();
  fill(labelled(teacher.body, 'Student’s name or number'), 'Ada Lovelace');
  expect(texts(teacher.body, '.teachers-numbers td[data-seed]')).toEqual([ada.seed]);
  // and a reload of the student's page keeps the name and the numbers, without the name asked again
  const reloaded = await openChapter(ada.dev, ada.page.url().href);
  expect(textOf(reloaded.banner())).toContain('Working as Ada Lovelace');
  const ex4 = await reloaded.mount('#exercise-4');
  expect(field(ex4, 'x').value).toBe(ada.x);
});

/** The one row of rows (rowsWith's), as the spec's locator named one. */
const one = (/** @type {Element[]} */ rows) => {
  expect(rows).toHaveLength(1);
  return rows[0];
};
const cell = (/** @type {Element} */ row, /** @type {number} */ n) => /** @type {HTMLElement} */ (row.querySelector(`td[data-exercise="${n}"]`));

it('an exported file is graded again to the student’s own table; a verdict edited by hand counts for nothing; hostile files are skipped', async () => {
  const { teacher, link } = await buildLink({ code: 'PHYS 101', exercises: [1, 4], due: '2026-12-20T23:59' });
  const student = await asStudent(link, 'Ada Lovelace');
  const s = student.page;
  // exercise 1 right at the first check; exercise 4 tried once, wrong
  const state1 = await solveExercise1(s);
  await eventually(() => expect(textOf(state1)).toBe('✓ Solved'));
  const ex4 = await s.mount('#exercise-4');
  fill(/** @type {HTMLInputElement} */ (ex4.querySelector('.ex-part[data-part="mean"] .ex-answer')), '123');
  click(ex4, 'Check');
  await eventually(() => expect(textOf(ex4.querySelector('.ex-state'))).toBe('Attempted'));
  await eventually(() => expect(textOf(s.banner().querySelectorAll('.assignment-state')[1])).toBe('Attempted'));
  const states = texts(s.banner(), '.assignment-state');

  const exported = await exportProgress(await openChapter(student.dev, `${link}#progress`));
  const text = exported.text;
  const saved = JSON.parse(text);
  expect(saved.assignment).toMatchObject({ code: 'PHYS 101', name: 'Ada Lovelace', exercises: [1, 4], due: '2026-12-20T23:59+00:00' });
  // named for the class and the student: a teacher gets a class's worth
  expect(exported.name).toBe('phys-101-ada-lovelace.json');

  teacher.show();
  const files = /** @type {HTMLInputElement} */ (teacher.body.querySelector('.teachers-files'));
  openFiles(files, [fileOf('ada.json', text)]);
  const row = await eventually(() => one(rowsWith(teacher.body, 'Ada Lovelace')));
  // the teacher's table says what the student's page said: exercise 1 solved at the first try, 4 attempted
  expect(states).toEqual(['✓ Solved', 'Attempted']);
  expect(cell(row, 1).dataset.outcome).toBe('first-try');
  expect(textOf(cell(row, 1))).toBe('✓ solved at the first try · 1 pt');
  expect(cell(row, 4).dataset.outcome).toBe('attempted');
  expect(textOf(row.querySelector('.teachers-flags'))).toBe('none');

  // the same file, exercise 4 marked solved by hand: graded again, it is still only attempted, and flagged
  const edited = structuredClone(saved);
  edited.exercises['4'].solved = { mean: true, variance: true, sigma: true, output: true };
  edited.exercises['4'].checked = {};
  const forged = fileOf('ada-edited.json', JSON.stringify(edited));
  // and hostile files beside it: not JSON, another chapter's, a name that is markup, one too deep to read
  const junk = fileOf('junk.json', '\u0000\u0001 not json {');
  const other = fileOf('other.json', JSON.stringify({ version: 1, exercises: [], cards: {} }));
  // (the markup name's file holds other work than Ada's: exercise 4 only; with the same work it would be her copy)
  const markup = fileOf(
    'markup.json',
    JSON.stringify({
      ...saved,
      exercises: { 4: saved.exercises['4'] },
      assignment: { ...saved.assignment, name: '<img src=x onerror=alert(1)>=HYPERLINK("x")' },
    }),
  );
  // Ada's very work handed in again under another name: shown once, under the name its numbers follow, the copy listed
  const copy = fileOf('bob.json', JSON.stringify({ ...saved, assignment: { ...saved.assignment, name: 'Bob' } }));
  const deep = fileOf('deep.json', `{"version":1,"exercises":{"4":${'['.repeat(5000)}${']'.repeat(5000)}},"cards":{}}`);
  click(teacher.body, 'Clear the files');
  openFiles(files, [forged, junk, other, markup, copy, deep]);
  const report = () => textOf(teacher.body.querySelector('.teachers-file-report'));
  await eventually(() => {
    expect(report()).toContain('junk.json: skipped, it cannot be read (it is not JSON).');
    expect(report()).toContain('other.json: skipped, it cannot be read (its “exercises” must be a set of records by exercise number).');
    expect(report()).toContain('deep.json: read, graded in a row of its own: the file holds no name. Set aside:');
  });
  // every file read is accounted for in the one list, with what was done with it (issue 51)
  await eventually(() => {
    expect(report()).toContain('ada-edited.json: read, graded as “Ada Lovelace”.');
    expect(report()).toContain(
      'bob.json: read, “Bob”’s name on the work of “Ada Lovelace” (the same as ada-edited.json): not graded as “Bob”’s, listed as a copy.',
    );
    expect(report()).toContain('markup.json: read, graded as');
  });
  await eventually(() => expect(cell(one(rowsWith(teacher.body, 'ada-edited.json')), 4).dataset.outcome).toBe('attempted'));
  const flags = () => textOf(one(rowsWith(teacher.body, 'ada-edited.json')).querySelector('.teachers-flags'));
  await eventually(() => {
    expect(flags()).toContain('exercise 4: the file marks it solved, but its answers graded again do not');
    expect(flags()).toContain('the same work is in 2 files under 2 names: bob.json');
  });
  expect([...teacher.body.querySelectorAll('.teachers-grades tbody th')].filter((th) => /^Bob$/.test(textOf(th)))).toHaveLength(0);
  // the markup is text, nowhere an element
  const markupRow = one(rowsWith(teacher.body, 'markup.json'));
  expect(textOf(markupRow.querySelector('th'))).toBe('<img src=x onerror=alert(1)>=HYPERLINK("x")');
  expect(teacher.body.querySelectorAll('.teachers-grades img')).toHaveLength(0);
  // its flags: the numbers do not follow from this name
  expect(textOf(markupRow.querySelector('.teachers-flags'))).toContain('numbers that do not follow from the class code and the name');

  // the gradebook CSV, read back by a CSV parser: a BOM, a student-ID column, numeric points per exercise and a total,
  // one row per student (the copy under another name is not one), formula-safe
  const raw = (await saveWith(teacher.body, 'Download the gradebook (CSV)')).text;
  expect(raw.startsWith('\uFEFF')).toBe(true);
  const csv = parse(raw, { bom: true, columns: true });
  expect(Object.keys(csv[0])).toEqual([
    'student ID',
    'name',
    'file',
    'exercise 1 (of 1)',
    'exercise 1 late',
    'exercise 4 (of 1)',
    'exercise 4 late',
    'total',
    'extension to',
    'late attempts',
    'flags',
    'reasons',
  ]);
  // three students graded, and Bob, who handed in Ada's work: listed as such, his points left to the teacher
  expect(csv).toHaveLength(4);
  expect(csv.at(-1)).toMatchObject({
    'student ID': 'Bob',
    file: 'bob.json',
    'exercise 1 (of 1)': '',
    total: '',
    reasons: 'handed in a copy of another student’s work: “Ada Lovelace”’s (the same as ada-edited.json), not graded as theirs',
  });
  expect(textOf(teacher.body.querySelector('.teachers-copied'))).toBe(
    'Handed in a copy of another student’s work, not graded as theirs: Bob, bob.json: the work of Ada Lovelace (ada-edited.json).',
  );
  // each flag's reason in the last column, as the row's list says it
  const adaRow = one(rowsWith(teacher.body, 'ada-edited.json'));
  expect(csv.find((r) => r.file === 'ada-edited.json').reasons.split('\n')).toEqual([...adaRow.querySelectorAll('.teachers-flags li')].map(textOf));
  expect(csv.find((r) => r.file === 'ada-edited.json')).toMatchObject({
    'student ID': 'Ada Lovelace',
    'exercise 1 (of 1)': '1',
    'exercise 4 (of 1)': '0',
    total: '1',
  });
  expect(csv.find((r) => r.file === 'markup.json')['student ID']).toBe('<img src=x onerror=alert(1)>=HYPERLINK("x")');
});

// Issue 51: with two files of one student whose last work is at the same moment, the page graded one (the edited one)
// and set the other aside without a word. Now both are named in a flag, and the teacher chooses in the list of files.
it('two files of one student that end at the same moment: flagged, graded as the teacher chooses in the list of files', async () => {
  const { teacher, link } = await buildLink({ code: 'PHYS 101', exercises: [1, 4], due: '2026-12-20T23:59' });
  const student = await asStudent(link, 'Ada Lovelace');
  await eventually(async () => expect(textOf(await solveExercise1(student.page))).toBe('✓ Solved'));
  const ex4 = await student.page.mount('#exercise-4');
  fill(/** @type {HTMLInputElement} */ (ex4.querySelector('.ex-part[data-part="mean"] .ex-answer')), '123');
  click(ex4, 'Check');
  await eventually(() => expect(textOf(ex4.querySelector('.ex-state'))).toBe('Attempted'));
  const { text } = await exportProgress(await openChapter(student.dev, `${link}#progress`));
  // the same file with exercise 1's answers edited (its marks left): other work, the same last moment (exercise 4's)
  const edited = JSON.parse(text);
  edited.exercises['1'].log[0].answers = { post: 'b', highway: 'a' };

  teacher.show();
  const t = teacher.body;
  openFiles(/** @type {HTMLInputElement} */ (t.querySelector('.teachers-files')), [fileOf('ada.json', text), fileOf('ada-2.json', JSON.stringify(edited))]);
  const report = () => /** @type {HTMLElement} */ (t.querySelector('.teachers-file-report'));
  const line = (/** @type {string} */ name) =>
    /** @type {HTMLElement} */ ([...report().querySelectorAll('li')].find((li) => textOf(li).startsWith(`${name}:`)));
  await eventually(() => expect(report().querySelectorAll('.teachers-choose')).toHaveLength(2));
  const row = () => one(rowsWith(t, 'Ada Lovelace'));
  const last = JSON.parse(text).exercises['4'].log[0].at.slice(0, 16).replace('T', ' ');
  // undecided: the first opened graded for now, and said so in its flag and in the list of files
  expect(textOf(row().querySelector('.teachers-file-name'))).toBe('ada.json');
  expect(textOf(row().querySelector('.teachers-flags li'))).toBe(
    `2 files of this student end at the same time (last work ${last}): ada.json, ada-2.json; ada.json is graded until you choose one (in the list of files)`,
  );
  expect(textOf(line('ada.json'))).toBe('ada.json: read, graded as “Ada Lovelace” until you choose. Grade this one for Ada Lovelace');
  expect(textOf(line('ada-2.json'))).toBe(
    'ada-2.json: read, set aside until you choose: it ends at the same time as ada.json, graded as “Ada Lovelace” for now. Grade this one for Ada Lovelace',
  );
  // the teacher chooses the other: it is graded (exercise 1's edited answers are wrong), the first set aside, said
  click(line('ada-2.json'), 'Grade this one for Ada Lovelace');
  await eventually(() => expect(textOf(row().querySelector('.teachers-file-name'))).toBe('ada-2.json'));
  expect(cell(row(), 1).dataset.outcome).toBe('attempted');
  expect(textOf(row().querySelector('.teachers-flags li'))).toBe(
    `2 files of this student end at the same time (last work ${last}): graded ada-2.json, as you chose; set aside ada.json`,
  );
  await eventually(() => expect(textOf(line('ada-2.json'))).toBe('ada-2.json: read, graded as “Ada Lovelace”, as you chose.'));
  expect(textOf(line('ada.json'))).toBe(
    'ada.json: read, set aside: it ends at the same time as ada-2.json, which you chose for “Ada Lovelace”. Grade this one for Ada Lovelace',
  );
  // and back
  click(line('ada.json'), 'Grade this one for Ada Lovelace');
  await eventually(() => expect(textOf(row().querySelector('.teachers-file-name'))).toBe('ada.json'));
  expect(cell(row(), 1).dataset.outcome).toBe('first-try');
});

// Issue 37: the log had kept the last 20 attempts: a first-try solve followed by 20 practice attempts read
// "attempted" with a flag that the file's verdict was not borne out. What a teacher needs is never evicted.
it('a file of 5,000 attempts on one exercise: its notices summarised by kind in the file report, all of them downloaded', async () => {
  const start = Date.parse('2026-11-01T00:00:00Z');
  const log = Array.from({ length: 5000 }, (_, k) =>
    logEntry({ seed: null, answers: { mean: String(k) }, hints: 0, solution: false, right: [], try: k + 1 }, new Date(start + k * 1000)),
  );
  const flood = JSON.stringify({ version: 1, exercises: { 4: { answers: {}, attempts: 5000, log } }, cards: {} });
  const all = readProgressText(flood).notices;
  expect(all.length).toBeGreaterThan(4000);
  const teacher = await openTeachers(device());
  openFiles(/** @type {HTMLInputElement} */ (teacher.body.querySelector('.teachers-files')), [fileOf('flood.json', flood)]);
  const report = () => /** @type {HTMLElement} */ (teacher.body.querySelector('.teachers-file-report'));
  await eventually(() => expect(textOf(report())).toContain(`flood.json: read. Set aside: ${all.length.toLocaleString('en')} of one kind, the first 3:`));
  expect(report().querySelectorAll('ul.notices li')).toHaveLength(4); // the kind, and its first 3
  expect(textOf(report()).length).toBeLessThan(1000);
  const button = /** @type {HTMLElement} */ (report().querySelector('.notices-download'));
  expect(textOf(button)).toBe(`Download all ${all.length.toLocaleString('en')} notices (.txt)`);
  const got = await download(button);
  expect(got.name).toBe('flood-notices.txt');
  expect(got.text).toBe(`${all.join('\n')}\n`);
});

it('a first-try solve followed by 35 practice attempts is still solved at the first try; the practice summarised is counted in the file', async () => {
  const { teacher, link } = await buildLink({ code: 'PHYS 101', exercises: [1, 4], due: '2026-12-20T23:59' });
  const student = await asStudent(link, 'Ada Lovelace');
  const state = await solveExercise1(student.page);
  await eventually(() => expect(textOf(state)).toBe('✓ Solved'));
  // practice: the wrong choices, checked again and again
  const ex = await student.page.mount('#exercise-1');
  check(ex.querySelector('.ex-part[data-part="post"] input[value="b"]'));
  check(ex.querySelector('.ex-part[data-part="highway"] input[value="a"]'));
  for (let k = 2; k <= 36; k++) {
    click(ex, 'Check');
    await eventually(() => expect(textOf(ex.querySelector('.ex-feedback'))).toBe(`0 of 2 answers right (attempt ${k}).`));
  }
  const { text } = await exportProgress(await openChapter(student.dev, `${link}#progress`));
  const saved = JSON.parse(text).exercises['1'];
  // the first ten attempts and the last twenty are in the log; the six between are summarised, counted
  expect(saved.log).toHaveLength(30);
  expect(saved.log[0]).toMatchObject({ answers: { post: 'a', highway: 'b' }, try: 1 });
  expect(saved.summarised).toEqual({ count: 6, numbers: [{ seed: null, inputs: null, count: 6 }] });

  teacher.show();
  openFiles(/** @type {HTMLInputElement} */ (teacher.body.querySelector('.teachers-files')), [fileOf('ada-practice.json', text)]);
  const row = await eventually(() => one(rowsWith(teacher.body, 'Ada Lovelace')));
  expect(cell(row, 1).dataset.outcome).toBe('first-try');
  expect(textOf(cell(row, 1))).toBe('✓ solved at the first try · 1 pt');
  expect(textOf(row.querySelector('.teachers-flags'))).toBe('none');
});

// (the spec's axe scans of this page, light and dark, stay in Chromium: tests/e2e/teachers.spec.js)
it('the teachers’ page keeps its form in its address and says what is missing; the chapter links here from its end', async () => {
  const teacher = await openTeachers(device(), '/teachers.html?assign.class=PHYS%20101&assign.ex=4,7&assign.due=2026-12-20');
  const link = () => labelled(teacher.body, 'The link for your students').value;
  expect(labelled(teacher.body, 'Class code').value).toBe('PHYS 101');
  expect(/** @type {HTMLInputElement} */ (teacher.body.querySelector('.teachers-exercises input[value="7"]')).checked).toBe(true);
  expect(link()).toMatch(/assign\.ex=4%2C7|assign\.ex=4,7/);
  click(teacher.body, 'None');
  expect(textOf(teacher.body.querySelector('.teachers-exercises-message'))).toBe('Choose at least one exercise.');
  expect(link()).toBe('');
  click(teacher.body, 'All');
  fill(labelled(teacher.body, 'Student’s name or number'), 'Ada');
  expect(teacher.body.querySelectorAll('.teachers-numbers tbody tr').length).toBeGreaterThan(0);
  // an extension, and with it that student's own link
  fill(labelled(teacher.body, /^Extensions, one a line/), 'Ada Lovelace = 2026-12-22 18:00');
  expect(labelled(teacher.body, /^Ada Lovelace’s own link/).value).toMatch(/assign\.ext\.for=Ada\+Lovelace/);
  // the chapter links here from its end
  const chapter = await openChapter(device(), '/');
  const links = [...chapter.body.querySelectorAll('footer.colophon a')].filter((a) => textOf(a) === 'For teachers');
  expect(links.map((a) => a.getAttribute('href'))).toEqual(['./teachers.html']);
});

// Issue 37: a link listing an exercise the chapter does not have had unticked every box.
it('the teachers’ page keeps the link’s exercises it has and names the ones it left out', async () => {
  const teacher = await openTeachers(device(), '/teachers.html?assign.class=PHYS%20101&assign.ex=1,2,999,-4,abc');
  const boxes = /** @type {HTMLInputElement[]} */ ([...teacher.body.querySelectorAll('.teachers-exercises input[type="checkbox"]')]);
  const box = (/** @type {number} */ n) => /** @type {HTMLInputElement} */ (teacher.body.querySelector(`.teachers-exercises input[value="${n}"]`));
  expect(box(1).checked).toBe(true);
  expect(box(2).checked).toBe(true);
  expect(boxes.filter((b) => b.checked)).toHaveLength(2);
  const message = () => textOf(teacher.body.querySelector('.teachers-exercises-message'));
  expect(message()).toBe(`This page’s link lists “999”, “-4”, “abc”, not exercises of this chapter (1 to ${boxes.length}): left out, 1, 2 kept.`);
  expect(labelled(teacher.body, 'The link for your students').value).toMatch(/assign\.ex=1%2C2(&|$)/);
  // the teacher's own choice replaces the note
  check(box(3));
  expect(message()).toBe('');
});

// Issue 37: direction controls in a name or a class code reordered the table and the flags ("\u202Enosaj\u202C Mallory"
// displayed as "jason Mallory"). Every string a student or a file brings is isolated, its controls written out; a name
// and a class code refuse them.
it('direction controls never reorder the page: refused in a code or a name, written out where a file keeps them', async () => {
  const teacher = await openTeachers(device(), '/teachers.html?assign.ex=1');
  const messageOf = (/** @type {HTMLInputElement} */ input) => textOf(input.closest('.field').querySelector('.field-message'));
  const code = labelled(teacher.body, 'Class code');
  fill(code, 'PHYS \u202E101');
  expect(messageOf(code)).toBe('a class code cannot hold direction controls (U+202E right-to-left override): \u2068PHYS [U+202E]101\u2069.');
  fill(code, 'PHYS 101');
  const name = labelled(teacher.body, 'Student’s name or number');
  fill(name, '\u202Enosaj\u202C Mallory');
  expect(messageOf(name)).toContain('U+202E right-to-left override');
  expect(teacher.body.querySelectorAll('.teachers-numbers table')).toHaveLength(0);

  // a file with such a name (the assignment is set aside, said with the name written out), an explanation with one,
  // and a file whose own name has one
  const explain = {
    at: '2026-12-01T10:00:00.000Z',
    seed: null,
    answers: { why: '\u202Eevil\u202C explanation here' },
    inputs: null,
    hints: 0,
    solution: false,
  };
  const progress = {
    version: 1,
    cards: {},
    exercises: { 17: { attempts: 1, log: [explain] } },
    assignment: { code: 'PHYS 101', name: '\u202Enosaj\u202C Mallory', exercises: [1], due: '' },
  };
  click(teacher.body, 'All');
  openFiles(/** @type {HTMLInputElement} */ (teacher.body.querySelector('.teachers-files')), [fileOf('\u202Enosj.json', JSON.stringify(progress))]);
  await eventually(() =>
    expect(textOf(teacher.body.querySelector('.teachers-file-report'))).toContain(
      '\u2068[U+202E]nosj.json\u2069: read, graded in a row of its own: the file holds no name. Set aside: The saved assignment could not be read (a name cannot hold direction controls ' +
        '(U+202E right-to-left override, U+202C pop directional formatting): \u2068[U+202E]nosaj[U+202C] Mallory\u2069): open your teacher’s link again.',
    ),
  );
  const row = await eventually(() => one([...teacher.body.querySelectorAll('.teachers-grades tbody tr')]));
  expect(textOf(row.querySelector('th'))).toBe('(no name)');
  expect(textOf(row.querySelector('td bdi'))).toBe('[U+202E]nosj.json');
  const summary = /** @type {HTMLElement} */ (teacher.body.querySelector('.teachers-explanations summary'));
  summary.click();
  expect(textOf(teacher.body.querySelectorAll('.teachers-explanations li bdi')[1])).toBe('[U+202E]evil[U+202C] explanation here');
  // nowhere on the page an override or an embedding left to act (its whole text: what shows and what is folded away)
  expect(teacher.body.textContent).not.toMatch(/[\u202A-\u202E]/);
});

it('a link whose assignment cannot be used says so, and the chapter works as without it', async () => {
  const page = await openChapter(device(), '/?assign.class=PHYS&assign.ex=4,99#exercise-4');
  expect(textOf(page.banner())).toContain('This link’s assignment cannot be used: “99” is not an exercise of this chapter');
  const ex4 = await page.mount('#exercise-4');
  const form = /** @type {HTMLElement} */ (ex4.querySelector('.ex-form'));
  expect(form).not.toBeNull();
  expect(form.closest('[hidden]')).toBeNull();
});
