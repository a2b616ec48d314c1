// @vitest-environment jsdom
// Issue 51's "Done when": a class of 40 graded on a teachers' page opened fresh, its settings restored from this
// browser's storage, and every cell, flag and gradebook row compared with what each student's own page said.
//
// Every file is made by the chapter's page as it runs (teachers-helpers.js): most students on the lab's shared
// computer (each types their name, "Not you? Change the name" between them, each their own work and numbers),
// each at their own time on the lab's clock; the extended students on devices of their own, from the own link the
// teacher's page offers. What a student did is read from their page before they export: each assigned exercise's
// badge, and the banner's line for it. The kinds beyond the honest ones are variations of those files, as students
// make them: a late student is one whose clock is past the due date; a copied file is a classmate's file handed in as
// it is under one's own file name; a renamed one has the copier's name typed into it; a tampered one has an attempt's
// time edited (moved before the due date, or two attempts swapped); two files of one student whose last work is at
// the same moment (one with exercise 1's answers edited), where the teacher chooses the genuine one.
//
// The teacher types the marking settings once (extensions, points, a penalty, late work not counted, a roster of the
// 40 with IDs), which this browser keeps; after the week a fresh teachers' page, its address carrying none of them,
// restores them and grades the 41 files. Then, per student, each exercise's cell (its words, points, late marks), the
// total, the flags and the gradebook's row are compared with what their page said and what was done to their file.
import { expect, it, vi } from 'vitest';
import { click, field, fill } from './harness.js';
import {
  check,
  csvOf,
  device,
  eventually,
  exportProgress,
  fileOf,
  labelled,
  openChapter,
  openFiles,
  openTeachers,
  rowOf,
  setClock,
  textOf,
} from './teachers-helpers.js';

vi.setConfig({ testTimeout: 600_000 }); // (40 students' work, then the grading, on a loaded 2-core machine)

const DUE = '2026-12-10T18:00Z';
const QUERY = `assign.class=PHYS%20101&assign.ex=1,2,4&assign.due=${DUE}`;
const EX = [1, 2, 4];
const WORTH = { 1: 1, 2: 2, 4: 1 }; // the teacher's points: "2: 2"
const PENALTY = 0.5; // a worked solution seen before the first right answer: half the points
const EXTENDED_TO = '2026-12-12 18:00';
const EXTENDED_TEXT = '12 December 2026 at 18:00 UTC';

// prettier-ignore
const NAMES = [
  'Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Maria-Fernanda de los Santos Oyelaran', 'Li Lei', 'Chidimma Okonkwo-Adebayo',
  'Srinivasa Ramanujan', 'Emmy Noether', 'Hypatia', 'Katherine Johnson', 'Dorothy Vaughan', 'Mary Jackson', 'Sofia Kovalevskaya',
  'Jean-Baptiste Joseph Fourier', 'Carl Friedrich Gauss', 'Évariste Galois', 'Niels Henrik Abel', 'Bernhard Riemann', 'Sophie Germain',
  'Rózsa Péter', 'Olga Ladyzhenskaya', 'Maryam Mirzakhani', 'Terence Tao', 'Shiing-Shen Chern', 'Kurt Gödel', 'John von Neumann',
  'Claude Shannon', 'Barbara Liskov', 'Frances Allen', 'Edsger Dijkstra', 'Tony Hoare', 'Donald Knuth', 'Leslie Lamport',
  'Radia Perlman', 'Karen Spärck Jones', 'Margaret Hamilton', 'Hedy Lamarr', 'Annie Easley', 'Joan Clarke', 'Muhammad ibn Musa al-Khwarizmi',
];
const ID = (k) => `S${1001 + k}`;

// The class: who each student is and what they do. ex1: 'first' (right at once) | 'tries' (wrong, then right);
// ex2: 'first' | 'hints' (a hint opened first) | 'solution' (the worked solution opened first) | null; ex4: 'attempted'
// (a wrong mean) | null. Kinds: 27 honest, 2 copied (a classmate's file handed in as it is, under their own file name),
// 3 late, 3 extended, 2 with times edited, 1 with two files ending at the same moment, 2 renamed copies.
const KINDS = [
  ...Array(27).fill('honest'),
  'copied',
  'copied',
  'late',
  'late',
  'late',
  'extended',
  'extended',
  'extended',
  'moved',
  'swapped',
  'tie',
  'renamed',
  'renamed',
];
const COPIED_FROM = { 27: 3, 28: 4, 38: 5, 39: 6 }; // whose file each copier handed in
const CLASS = NAMES.map((name, k) => ({
  k,
  name,
  kind: KINDS[k],
  ex1: k % 3 === 1 || KINDS[k] === 'swapped' ? 'tries' : 'first',
  ex2: ['first', 'hints', 'solution', null][k % 4],
  ex4: k % 2 === 0 ? 'attempted' : null,
}));
const late = (s) => s.kind === 'late' || s.kind === 'moved';
/** The Checks student s makes on exercise n. */
const attempts = (s, n) => (n === 1 ? (s.ex1 === 'tries' ? 2 : 1) : s[`ex${n}`] ? 1 : 0);

/** When student s works, on their device's clock: the honest ones the day before the due date, a quarter-hour each;
 * the late ones the day after it; the extended ones then too, within their extension. */
function clockOf(s) {
  const at = (day, minutes) => new Date(Date.parse(`2026-12-${String(day).padStart(2, '0')}T08:00:00Z`) + minutes * 60_000).toISOString();
  return late(s) ? at(11, 15 * s.k) : s.kind === 'extended' ? at(11, 60 + 15 * s.k) : at(9, 15 * s.k);
}

const part = (/** @type {Element} */ ex, /** @type {string} */ id) => /** @type {HTMLElement} */ (ex.querySelector(`.ex-part[data-part="${id}"]`));
const badge = (/** @type {Element} */ ex) => textOf(ex.querySelector('.ex-state'));

/** Student s does their work on `page` (their name given), and reads what the page says. → {1: badge, 2: …, 4: …} */
async function work(page, s) {
  const ex1 = await page.mount('#exercise-1');
  if (s.ex1 === 'tries') {
    check(part(ex1, 'post').querySelector('input[value="b"]'));
    check(part(ex1, 'highway').querySelector('input[value="a"]'));
    click(ex1, 'Check');
    await eventually(() => expect(badge(ex1)).toBe('Attempted'), 60_000);
    setClock(new Date(Date.now() + 40_000).toISOString()); // (the student thinks again)
  }
  check(part(ex1, 'post').querySelector('input[value="a"]'));
  check(part(ex1, 'highway').querySelector('input[value="b"]'));
  click(ex1, 'Check');
  await eventually(() => expect(badge(ex1)).toMatch(/^✓ Solved/), 60_000);
  const ex2 = await page.mount('#exercise-2');
  if (s.ex2) {
    // dy/dx = 1 + w on the student's own w; 1 when the branch has learned nothing
    const dydx = String(Number((1 + Number(field(ex2, 'w').value)).toFixed(12)));
    if (s.ex2 === 'hints') click(ex2, 'Show hint 1 of 2');
    if (s.ex2 === 'solution') {
      // opened, and read once the page has heard it: its toggle event, a task after the click (the page's own
      // listener, which logs the opening, runs before this one, added later)
      const box = /** @type {HTMLDetailsElement} */ (ex2.querySelector('.ex-solution'));
      let toggled = false;
      box.addEventListener('toggle', () => (toggled = true), { once: true });
      /** @type {HTMLElement} */ (box.querySelector('summary')).click();
      await eventually(() => expect([box.open, toggled]).toEqual([true, true]), 60_000);
    }
    fill(/** @type {HTMLInputElement} */ (part(ex2, 'dydx').querySelector('.ex-answer')), dydx);
    fill(/** @type {HTMLInputElement} */ (part(ex2, 'nothing-learned').querySelector('.ex-answer')), '1');
    click(ex2, 'Check');
    await eventually(() => expect(badge(ex2)).toMatch(/^✓ Solved/), 60_000);
  }
  const ex4 = await page.mount('#exercise-4');
  if (s.ex4) {
    fill(/** @type {HTMLInputElement} */ (part(ex4, 'mean').querySelector('.ex-answer')), '123');
    click(ex4, 'Check');
    await eventually(() => expect(badge(ex4)).toBe('Attempted'), 60_000);
  }
  const said = { 1: badge(ex1), 2: badge(ex2), 4: badge(ex4) };
  // the banner says the same of each assigned exercise
  await eventually(() => expect([...page.banner().querySelectorAll('.assignment-state')].map(textOf)).toEqual(EX.map((n) => said[n])), 60_000);
  return said;
}

/** A student opens `query` on `page` (a page of theirs, or the lab's, whose last student leaves it), types their name. */
function signIn(page, name) {
  const banner = page.banner();
  if (banner.querySelector('.assignment-who')) click(banner, 'Not you? Change the name');
  fill(labelled(banner, 'Your name or student number'), name);
  click(banner, 'Start');
  expect(textOf(banner)).toContain(`Working as ${name}`);
}

it('a class of 40 graded on a fresh teachers’ page, its settings restored: every cell, flag and gradebook row as each student’s page says', async () => {
  const started = performance.now();
  // ── the teacher's settings, typed once; this browser keeps them for the class ──
  setClock('2026-12-01T09:00:00Z');
  const desk = device();
  const setup = (await openTeachers(desk, `/teachers.html?${QUERY}`)).body;
  const extended = CLASS.filter((s) => s.kind === 'extended');
  const typed = {
    ext: extended.map((s) => `${s.name} = ${EXTENDED_TO}`).join('\n'),
    pts: '2: 2',
    pen: '50',
    late: 'no',
    roster: CLASS.map((s) => `${s.name}, ${ID(s.k)}`).join('\n'),
  };
  fill(labelled(setup, /^Extensions, one a line/), typed.ext);
  fill(labelled(setup, /^Points per exercise/), typed.pts);
  fill(labelled(setup, /^Penalty when/), typed.pen);
  check(labelled(setup, 'do not count (marked late)'));
  fill(labelled(setup, /^Roster \(optional\)/), typed.roster);
  expect(textOf(setup.querySelector('.teachers-kept-text'))).toMatch(/^This browser keeps these settings for class “PHYS 101” \(the roster too/);
  // each extended student's own link, as the teacher sends it
  const ownLink = new Map(extended.map((s) => [s.name, new URL(labelled(setup, new RegExp(`^${s.name}’s own link`)).value).search]));

  // ── the students ──
  /** @type {Map<string, {file: File, said: Record<number, string>, text: string}>} */
  const handed = new Map();
  const byTime = [...CLASS].filter((s) => !['copied', 'renamed'].includes(s.kind)).sort((p, q) => clockOf(p).localeCompare(clockOf(q)));
  setClock(clockOf(byTime[0]));
  const lab = await openChapter(device(), `/?${QUERY}`);
  for (const s of byTime) {
    setClock(clockOf(s));
    const page = s.kind === 'extended' ? await openChapter(device(), `/${ownLink.get(s.name)}`) : lab.show();
    signIn(page, s.name);
    if (s.kind === 'extended') expect(textOf(page.banner().querySelector('.assignment-extended'))).toBe('extended');
    const said = await work(page, s);
    const { name, text } = await exportProgress(page);
    handed.set(s.name, { file: fileOf(name, text), said, text });
  }
  const made = performance.now();
  // the variations, as students make them
  const handedIn = (s) => /** @type {{file: File, said: Record<number, string>, text: string}} */ (handed.get(s.name));
  const slug = (name) => `phys-101-${name.toLowerCase().replace(/[^a-z]+/g, '-')}.json`; // (the copiers' names: plain letters)
  for (const s of CLASS.filter((x) => x.kind === 'copied' || x.kind === 'renamed')) {
    const from = handedIn(CLASS[COPIED_FROM[s.k]]);
    const json = JSON.parse(from.text);
    if (s.kind === 'renamed') json.assignment.name = s.name;
    handed.set(s.name, { file: fileOf(slug(s.name), s.kind === 'renamed' ? JSON.stringify(json, null, 2) : from.text), said: from.said, text: '' });
  }
  const edit = (s, change) => {
    const json = JSON.parse(handedIn(s).text);
    change(json.exercises['1']);
    handed.set(s.name, { ...handedIn(s), file: fileOf(handedIn(s).file.name, JSON.stringify(json, null, 2)), text: JSON.stringify(json) });
    return json.exercises['1'];
  };
  // moved: the late solve's time edited to 17:55 on the due day
  const mover = CLASS.find((s) => s.kind === 'moved');
  const moved = edit(mover, (r) => (r.log[0].at = '2026-12-10T17:55:00.000Z'));
  // swapped: the wrong attempt's time and the right one's exchanged
  const swapper = CLASS.find((s) => s.kind === 'swapped');
  const swapped = edit(swapper, (r) => ([r.log[0].at, r.log[1].at] = [r.log[1].at, r.log[0].at]));
  // the tie: a second file, exercise 1's answers edited (its marks left), its last work the same moment; opened first
  const tied = CLASS.find((s) => s.kind === 'tie');
  const tieCopy = JSON.parse(handedIn(tied).text);
  tieCopy.exercises['1'].log.at(-1).answers = { post: 'b', highway: 'a' };
  const tieName = handedIn(tied).file.name.replace('.json', '-final.json');
  const files = [fileOf(tieName, JSON.stringify(tieCopy)), ...CLASS.map((s) => handedIn(s).file)];
  expect(files).toHaveLength(41);

  // ── after the week: a fresh teachers' page in the same browser, its address without the settings ──
  setClock('2026-12-13T09:00:00Z');
  const t = (await openTeachers(desk, `/teachers.html?${QUERY}`)).body;
  const value = (/** @type {string} */ s) => /** @type {HTMLInputElement} */ (t.querySelector(s)).value;
  expect({
    ext: value('#set-ext'),
    pts: value('#set-points'),
    pen: value('#set-penalty'),
    late: value('input[name="late"]:checked'),
    roster: value('#set-roster'),
  }).toEqual(typed);
  openFiles(/** @type {HTMLInputElement} */ (t.querySelector('.teachers-files')), files);
  const rows = CLASS.filter((s) => !['copied', 'renamed'].includes(s.kind));
  await eventually(() => {
    expect(t.querySelectorAll('.teachers-grades tbody tr')).toHaveLength(rows.length);
    expect(t.querySelector('.teachers-grades tbody').hasAttribute('aria-busy')).toBe(false);
  });
  // the tie: flagged, the first opened graded until the teacher chooses; the teacher chooses the genuine file
  const report = () => /** @type {HTMLElement} */ (t.querySelector('.teachers-file-report'));
  const line = (/** @type {string} */ name) =>
    /** @type {HTMLElement} */ ([...report().querySelectorAll('li')].find((li) => textOf(li).startsWith(`${name}:`)));
  const genuine = handedIn(tied).file.name;
  expect(textOf(rowOf(t, tied.name).querySelector('.teachers-file-name'))).toBe(tieName);
  expect(textOf(line(genuine))).toContain(`set aside until you choose: it ends at the same time as ${tieName}`);
  click(line(genuine), `Grade this one for ${tied.name}`);
  await eventually(() => expect(textOf(rowOf(t, tied.name).querySelector('.teachers-file-name'))).toBe(genuine));
  const graded = performance.now();

  // every file accounted for in the one list
  expect([...report().querySelectorAll('li')].map((li) => textOf(li).split(': read')[0]).sort()).toEqual(files.map((f) => f.name).sort());
  expect(report().querySelectorAll('li.teachers-problem')).toHaveLength(0);

  // ── each student's row, cell by cell, as their page said ──
  const book = await csvOf(t, 'Download the gradebook (CSV)');
  expect(Object.keys(book[0])).toEqual([
    'student ID',
    'name',
    'file',
    ...EX.flatMap((n) => [`exercise ${n} (of ${WORTH[n]})`, `exercise ${n} late`]),
    'total',
    'extension to',
    'late attempts',
    'flags',
    'reasons',
  ]);
  expect(book).toHaveLength(rows.length + 4); // (and a row for each copy's sender, renamed or not)
  const words = {
    first: 'solved at the first try',
    tries: 'solved after several tries (2)',
    hints: 'solved after hints',
    solution: 'solved after the solution',
  };
  const lastOf = (/** @type {any} */ r) => r.log.at(-1).at.slice(0, 16).replace('T', ' ');
  const copiesOf = (k) => CLASS.filter((c) => COPIED_FROM[c.k] === k);
  for (const s of rows) {
    const { said, file } = handedIn(s);
    const row = rowOf(t, s.name);
    /** What the teacher's cell should say of exercise n: what the page said, read for the teacher's settings. */
    const expected = (n) => {
      const how = s[`ex${n}`];
      if (s.kind === 'moved' && n === 1) return { text: `✓ ${words.first} · 1 pt`, points: 1, late: '' }; // (as the edited file says)
      if (said[n] === '✓ Solved') {
        const points = WORTH[n] * (how === 'solution' ? 1 - PENALTY : 1);
        return { text: `✓ ${words[how]} · ${points} pt`, points, late: '' };
      }
      if (said[n] === '✓ Solved (late)') return { text: 'solved late, not counted', points: 0, late: 'solved late, not counted' };
      if (said[n] === 'Attempted' && late(s)) return { text: 'attempted late, not counted · 1 late attempt', points: 0, late: '1 late attempt' };
      if (said[n] === 'Attempted') return { text: 'attempted', points: 0, late: '' };
      expect(said[n], `${s.name}: exercise ${n} on their page`).toBe('Not started');
      return { text: 'untouched', points: 0, late: '' };
    };
    const cells = EX.map((n) => textOf(row.querySelector(`td[data-exercise="${n}"]`)));
    expect(cells, `${s.name} (${s.kind}): the cells, as their page said ${JSON.stringify(said)}`).toEqual(EX.map((n) => expected(n).text));
    const total = EX.reduce((sum, n) => sum + expected(n).points, 0);
    expect(textOf(row.querySelector('.teachers-total')), `${s.name}: total`).toBe(String(total));
    expect(textOf(row.querySelector('td')), `${s.name}: ID`).toBe(ID(s.k));
    // the kinds' marks as their page shows them
    if (s.kind === 'late') expect(said[1]).toBe('✓ Solved (late)');
    if (s.kind === 'extended' || s.kind === 'honest') expect(said[1]).toBe('✓ Solved');
    if (s.kind === 'moved') expect(said[1], 'the page said late; the edited file reads on time, and is flagged').toBe('✓ Solved (late)');
    // the flags: none for an honest file, each kind's own for the others
    const flags = [...row.querySelectorAll('.teachers-flags li')].map(textOf);
    const copyName = (c) => handedIn(c).file.name;
    const last = lastOf(JSON.parse(handedIn(s).text).exercises[s.ex4 ? '4' : s.ex2 ? '2' : '1']);
    /** @type {(string | RegExp)[]} */
    let wanted = [];
    const copiers = copiesOf(s.k);
    if (copiers.some((c) => c.kind === 'copied'))
      wanted = [`2 files hold the same work (attempts and openings): ${copiers.map(copyName).join(', ')} (last work ${last}); shown once`];
    if (copiers.some((c) => c.kind === 'renamed'))
      wanted = [
        `the same work is in 2 files under 2 names: ${copiers.map(copyName).join(', ')} (last work ${last}) (${copiers.map((c) => `“${c.name}”`).join(', ')}); ` +
          `shown once, as “${s.name}”, whose numbers it follows`,
        // (the copy read as its copier's: exercise 2's answers are right on this student's numbers, not on the copier's)
        ...copiers
          .filter(() => s.ex2)
          .map((c) => `${copyName(c)} (read as “${c.name}”’s): exercise 2: the file marks it solved, but its answers graded again do not`),
      ];
    if (s.kind === 'moved')
      wanted = [
        `exercise 1: its record last changed at ${moved.changedAt.slice(0, 16).replace('T', ' ')}, after the due date (2026-12-10 18:00), but the latest ` +
          'time it logs is 2026-12-10 17:55: an answer typed after the due date and not checked, or an attempt’s time edited',
      ];
    if (s.kind === 'swapped') {
      // both times said, each as its attempt now reads (to the second when they share a minute)
      const [first, second] = swapped.log.map((e) => e.at.slice(0, 19).replace('T', ' '));
      const [a, b] = first.slice(0, 16) === second.slice(0, 16) ? [first, second] : [first.slice(0, 16), second.slice(0, 16)];
      wanted = [`exercise 1: its attempts are not in time order: attempt 2 of its log (${b}) is earlier than attempt 1 of its log (${a}), logged before it`];
    }
    if (s.kind === 'tie')
      wanted = [
        `2 files of this student end at the same time (last work ${last}): graded ${genuine}, as you chose; set aside ${tieName}`,
        // and every flag of the file set aside (its edited answers), under its name
        `${tieName} (set aside): exercise 1: the file marks it solved, but its answers graded again do not`,
        new RegExp(`^${tieName} \\(set aside\\): exercise 1: an answer and its mark disagree \\(the answer was changed after it was checked\\): attempt 2 `),
        `${tieName} (set aside): exercise 1: the answer it last checked for post, highway is in none of its logged attempts`,
      ];
    expect(flags.length, `${s.name} (${s.kind}): flags ${JSON.stringify(flags)}`).toBe(wanted.length);
    wanted.forEach((f, i) =>
      expect(flags[i], `${s.name}: flag ${i + 1}`).toMatch(typeof f === 'string' ? new RegExp(`^${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : f),
    );
    if (!wanted.length) expect(textOf(row.querySelector('.teachers-flags'))).toBe('none');

    // the gradebook's row: the same marks, its late marks, the extension, the flags' reasons
    const r = book.find((b) => b['student ID'] === ID(s.k));
    expect(r, `${s.name}: a gradebook row`).toBeDefined();
    expect(r, `${s.name}: the gradebook's row`).toEqual({
      'student ID': ID(s.k),
      name: s.name,
      file: s.kind === 'tie' ? genuine : file.name,
      ...Object.fromEntries(
        EX.flatMap((n) => [
          [`exercise ${n} (of ${WORTH[n]})`, String(expected(n).points)],
          [`exercise ${n} late`, expected(n).late],
        ]),
      ),
      total: String(total),
      'extension to': s.kind === 'extended' ? EXTENDED_TEXT : '',
      'late attempts': String(late(s) && s.kind !== 'moved' ? EX.reduce((sum, n) => sum + attempts(s, n), 0) : 0),
      flags: String(flags.length),
      reasons: flags.join('\n'),
    });
  }

  // the copiers: a renamed copy listed as such, with the roster's ID, and its gradebook row; a file copied as it is
  // too, known by its file's name (the roster's one student whose every word it holds), never as "no file"
  const copiedLine = textOf(t.querySelector('.teachers-copied'));
  for (const s of CLASS.filter((c) => c.kind === 'renamed' || c.kind === 'copied')) {
    const of = CLASS[COPIED_FROM[s.k]];
    expect(copiedLine).toContain(`${s.name} (${ID(s.k)}), ${handedIn(s).file.name}: the work of ${of.name} (${handedIn(of).file.name})`);
    expect(book.find((b) => b['student ID'] === ID(s.k))).toMatchObject({
      name: s.name,
      file: handedIn(s).file.name,
      total: '',
      flags: '1',
      reasons: `handed in a copy of another student’s work: “${of.name}”’s (the same as ${handedIn(of).file.name}), not graded as theirs`,
    });
  }
  for (const s of CLASS.filter((c) => c.kind === 'copied')) {
    const of = CLASS[COPIED_FROM[s.k]];
    expect(textOf(line(handedIn(s).file.name))).toBe(
      `${handedIn(s).file.name}: read, “${s.name}”’s by its file’s name, holding the work of “${of.name}” unchanged (the same as ${handedIn(of).file.name}): not graded as “${s.name}”’s, listed as a copy.`,
    );
  }
  expect(t.querySelector('.teachers-missing'), 'every student on the roster handed in a file').toBeNull();
  expect(textOf(t.querySelector('.teachers-results > p.teachers-muted'))).toMatch(
    new RegExp(`^${rows.length} students, 4 who handed in a copy of another student’s work\\.`),
  );
  console.info(
    `class of 40: files made in ${((made - started) / 1000).toFixed(1)} s, graded in ${((graded - made) / 1000).toFixed(1)} s, compared in ${((performance.now() - graded) / 1000).toFixed(1)} s`,
  );
});
