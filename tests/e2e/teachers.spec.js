// Browser-only: what only a browser shows of the teachers' page: axe, in light and dark, over the page with its form
// filled from its address, a student's numbers, an extended student's own link and a graded file's table; that table
// and the numbers' table as boxes on the screen; and a class of 40's table laid out at 1280 × 800 (its settings
// restored from the browser's storage, a roster's ID column with them) and at 375 px, checked by the elements' boxes,
// which jsdom does not lay out. Everything the page computes and says (links, numbers, grading, flags,
// hostile files, the table's cells, the CSVs, the address) is checked in jsdom: tests/web/widgets/teachers*.test.js
// (docs/testing/moved-teachers.md).
import { assignedSeed } from '../../web/src/progress/assignee.js';
import { axeScan } from './axe.js';
import { expect, warmTest as test } from './fixtures.js';

test.use({ timezoneId: 'UTC' });

test('the teachers’ page, its form filled, a student’s numbers and a graded file shown, is axe-clean in light and dark', async ({ page }) => {
  await page.goto('./teachers.html?assign.class=PHYS%20101&assign.ex=4,7&assign.due=2026-12-20');
  await expect(page.getByLabel('The link for your students')).toHaveValue(/assign\.ex=4%2C7|assign\.ex=4,7/);
  await page.getByRole('button', { name: 'All' }).click();
  await page.getByLabel('Student’s name or number').fill('Ada');
  await expect(page.locator('.teachers-numbers tbody tr').first()).toBeVisible();
  // an extension, and with it that student's own link (axe reads it too)
  await page.getByLabel(/^Extensions, one a line/).fill('Ada Lovelace = 2026-12-22 18:00');
  await expect(page.getByLabel(/^Ada Lovelace’s own link/)).toHaveValue(/assign\.ext\.for=Ada\+Lovelace/);
  // a student's file graded: the class table on the screen (an explanation to read, so its list is there too)
  const explain = { at: '2026-12-01T10:00:00.000Z', seed: null, answers: { why: 'The stream carries the signal.' }, inputs: null, hints: 0, solution: false };
  const progress = {
    version: 1,
    cards: {},
    exercises: { 17: { attempts: 1, log: [explain] } },
    assignment: { code: 'PHYS 101', name: 'Ada Lovelace', exercises: [4, 7], due: '' },
  };
  await page.locator('.teachers-files').setInputFiles([{ name: 'ada.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(progress)) }]);
  const row = page.locator('.teachers-grades tbody tr');
  await expect(row).toHaveCount(1, { timeout: 60_000 });
  for (const box of [page.locator('.teachers-grades'), row.locator('th'), row.locator('.teachers-total'), page.locator('.teachers-numbers table')]) {
    await box.scrollIntoViewIfNeeded();
    await expect(box).toBeVisible();
  }
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    expect((await axeScan(page)).violations, scheme).toEqual([]);
  }
});

// Issue 51: a class of 40 in the table. At 1280 px its Student column was 38 px wide (a name one letter a line) and the
// table scrolled inside a 978 × 750 px box, its columns and its third row out of sight. (Then, with a roster's ID
// column, the table was 1,317 px wide in its 1,238 px box, and scrolled sideways in it: style.css, a smaller type.) The table now reads at 1280
// px as the page scrolls: every column of the first rows in the window's width, no box scrolling inside the page, each
// name on one line, the header in view as the class scrolls by; at 375 px the names stay on one line and in view as
// the table is scrolled sideways. Each file: exercise 1 solved (some after a wrong try, some late), exercise 4 tried on
// the student's own numbers or on practice numbers, an explanation for exercise 17; a few from another class.
const NAMES = [
  'Ada Lovelace',
  'Alan Turing',
  'Grace Hopper',
  'Maria-Fernanda de los Santos Oyelaran',
  'Li Lei',
  'Chidimma Okonkwo-Adebayo',
  'Srinivasa Ramanujan',
  'Emmy Noether',
  'Hypatia',
  'Katherine Johnson',
  'Dorothy Vaughan',
  'Mary Jackson',
  'Sofia Kovalevskaya',
  'Jean-Baptiste Joseph Fourier',
  'Carl Friedrich Gauss',
  'Évariste Galois',
  'Niels Henrik Abel',
  'Bernhard Riemann',
  'Sophie Germain',
  'Rózsa Péter',
  'Olga Ladyzhenskaya',
  'Maryam Mirzakhani',
  'Terence Tao',
  'Shiing-Shen Chern',
  'Kurt Gödel',
  'John von Neumann',
  'Claude Shannon',
  'Barbara Liskov',
  'Frances Allen',
  'Edsger Dijkstra',
  'Tony Hoare',
  'Donald Knuth',
  'Leslie Lamport',
  'Radia Perlman',
  'Karen Spärck Jones',
  'Margaret Hamilton',
  'Hedy Lamarr',
  'Annie Easley',
  'Joan Clarke',
  'Muhammad ibn Musa al-Khwarizmi',
];
const CLASS = 'PHYS 101';
const EXERCISES = [1, 2, 3, 4, 5, 7, 11, 17];
const DUE = '2025-11-10T18:00+00:00';

/** Student k's progress file, as the chapter exports it (the fields the teachers' page reads). */
function classFile(k) {
  const name = NAMES[k];
  // (each student's own minute: files with the same attempts at the same moments would be one piece of work)
  const at = (day, second) => `2025-11-${String(day).padStart(2, '0')}T10:${String(k).padStart(2, '0')}:${String(second).padStart(2, '0')}.000Z`;
  const entry = (when, seed, answers, extra = {}) => ({ at: when, seed, answers, inputs: null, hints: 0, solution: false, ...extra });
  const day = k % 7 === 0 ? 11 : 9; // every seventh student on the day after the due date
  const one =
    k % 3 === 0
      ? [
          entry(at(day, 0), null, { post: 'b', highway: 'a' }, { right: [], try: 1 }),
          entry(at(day, 5), null, { post: 'a', highway: 'b' }, { right: ['post', 'highway'], try: 2 }),
        ]
      : [entry(at(day, 0), null, { post: 'a', highway: 'b' }, { right: ['post', 'highway'], try: 1 })];
  const own = assignedSeed(CLASS, name, 4);
  const four = k % 2 === 0 ? [entry(at(day, 10), k % 4 === 0 ? own : own + 1, { mean: '123' }, { right: [], try: 1 })] : [];
  const why = 'The stream carries the signal past every block untouched.';
  const exercises = {
    1: { attempts: one.length, log: one, solved: { post: true, highway: true }, checked: { post: 'a', highway: 'b' }, events: [] },
    ...(four.length && { 4: { attempts: 1, log: four, solved: {}, checked: { mean: '123' }, events: [] } }),
    ...(k % 5 === 0 && { 17: { attempts: 1, log: [entry(at(day, 20), null, { why }, { try: 1 })], solved: {}, checked: { why }, events: [] } }),
  };
  const code = k % 13 === 5 ? 'PHYS 110' : CLASS;
  return { version: 1, cards: {}, exercises, assignment: { code, name, exercises: EXERCISES, due: DUE }, exportedAt: at(13, 0) };
}

// Issue 51's class test (tests/web/widgets/teachers-class40.test.js) has its kinds of files here too, for what they add
// to the table: Joan Clarke hands in Emmy Noether's file with her own name typed into it (Emmy's file cell: "+1"),
// Hedy Lamarr hands in two files that end at the same moment (one with exercise 1's answers edited), Radia Perlman's
// two attempts' times are swapped (a flag). 41 files, 39 rows.
const fileName = (name) => `phys-101-${name.toLowerCase().replace(/[^a-z]+/g, '-')}.json`;
function classFiles() {
  const files = NAMES.map((name, k) => ({ name: fileName(name), json: classFile(k) }));
  const [emmy, radia, hedy, joan] = ['Emmy Noether', 'Radia Perlman', 'Hedy Lamarr', 'Joan Clarke'].map((n) => files[NAMES.indexOf(n)]);
  joan.json = { ...emmy.json, assignment: { ...emmy.json.assignment, name: 'Joan Clarke' } };
  const log = radia.json.exercises[1].log;
  [log[0].at, log[1].at] = [log[1].at, log[0].at];
  const edited = structuredClone(hedy.json);
  edited.exercises[1].log.at(-1).answers = { post: 'b', highway: 'a' };
  files.push({ name: fileName('Hedy Lamarr final'), json: edited });
  return files.map(({ name, json }) => ({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(json)) }));
}
const ROWS = NAMES.length - 1; // (Joan's file is Emmy's work: a row of Emmy's, Joan listed as its copier)

/**
 * The class's files graded on the teachers' page, in a window `width` × `height` px. With `marking`, the teacher first
 * types the marking settings (a roster of the class with IDs, which adds a column, an extension, points), then opens the
 * page again without them in its address: this browser's storage brings them back.
 */
async function gradeClass(page, width, { height = 900, marking = false } = {}) {
  await page.setViewportSize({ width, height });
  const address = `./teachers.html?assign.class=${encodeURIComponent(CLASS)}&assign.ex=${EXERCISES.join(',')}&assign.due=${encodeURIComponent(DUE)}`;
  await page.goto(`${address}&pts=4%3A%202`);
  await expect(page.getByLabel('The link for your students')).toHaveValue(/assign\.ex=/);
  const roster = NAMES.map((name, k) => `${name}, ${202600 + k}`).join('\n');
  if (marking) {
    await page.getByLabel(/^Roster \(optional\)/).fill(roster);
    await page.getByLabel(/^Extensions, one a line/).fill('Ada Lovelace = 2025-11-12 18:00');
    await expect(page.locator('.teachers-kept-text')).toContainText('This browser keeps these settings for class');
    await page.goto(address);
    await expect(page.getByLabel(/^Roster \(optional\)/)).toHaveValue(roster);
    await expect(page.getByLabel(/^Points per exercise/)).toHaveValue('4: 2');
  }
  await page.locator('.teachers-files').setInputFiles(classFiles());
  await expect(page.locator('.teachers-grades tbody tr')).toHaveCount(ROWS, { timeout: 60_000 });
  await expect(page.locator('.teachers-grades tbody')).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('.teachers-copied')).toContainText('Joan Clarke');
  await expect(page.locator('.teachers-grades thead th')).toHaveText([
    'Student',
    ...(marking ? ['ID'] : []),
    'File',
    ...EXERCISES.map((n) => `Ex. ${n} (${n === 4 ? 2 : 1})`),
    'Flags',
    'Total',
  ]);
}

/** In the page: each name cell's lines, the first rows' cells' boxes, and every box that scrolls inside the page. */
const measure = (rows) => {
  // the lines a cell's text is laid out on: the tops of its text's boxes
  const lines = (el) => {
    const tops = new Set();
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
    }
    return tops.size;
  };
  const body = [...document.querySelectorAll('.teachers-grades tbody tr')];
  const header = [...document.querySelectorAll('.teachers-grades thead th')];
  const cells = [...header, ...body.slice(0, rows).flatMap((tr) => [...tr.children])].map((c) => c.getBoundingClientRect());
  const scrolling = [...document.querySelectorAll('main *')]
    .filter((el) => !el.matches('textarea')) // (a field of many lines, the roster's, scrolls in itself as fields do)
    .filter((el) => {
      const style = getComputedStyle(el);
      return (
        (/auto|scroll/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1) ||
        (/auto|scroll/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
      );
    })
    .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${el.clientWidth}×${el.clientHeight} of ${el.scrollWidth}×${el.scrollHeight}`);
  // every box the table sits in, up to the page's body: none holds more than it shows (a box that scrolls, or clips)
  const boxes = [];
  for (let el = document.querySelector('.teachers-grades')?.parentElement; el && el !== document.body; el = el.parentElement) {
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      boxes.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${el.clientWidth}×${el.clientHeight} of ${el.scrollWidth}×${el.scrollHeight}`);
  }
  return {
    boxes,
    width: document.documentElement.clientWidth,
    pageWidth: document.documentElement.scrollWidth,
    names: body.map((tr) => lines(tr.querySelector('th'))),
    left: Math.min(...cells.map((r) => r.left)),
    right: Math.max(...cells.map((r) => r.right)),
    scrolling,
  };
};

test('a class of 40 at 1280 × 800, its settings restored: every column of the first rows in the window, no box scrolling inside the page, a name on one line, the header in view', async ({
  page,
}) => {
  await gradeClass(page, 1280, { height: 800, marking: true });
  const m = await page.evaluate(measure, 10);
  expect(m.names, 'lines of each name').toEqual(Array(ROWS).fill(1));
  expect(m.scrolling, 'boxes that scroll inside the page').toEqual([]);
  expect(m.boxes, 'the table’s boxes that hold more than they show').toEqual([]);
  expect(m.pageWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(m.width);
  expect(m.left).toBeGreaterThanOrEqual(0);
  expect(m.right).toBeLessThanOrEqual(m.width);
  // the class scrolls with the page, its header staying at the top of the window
  const row = page.locator('.teachers-grades tbody tr').nth(30);
  await row.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 300));
  const head = await page.locator('.teachers-grades thead th').first().boundingBox();
  expect([Math.round(head?.y ?? -1), Math.round((await row.boundingBox())?.y ?? -1)]).toEqual([0, 300]);
});

test('a class of 40 at 375 px: each name on one line, and in view as the table is scrolled sideways', async ({ page }) => {
  await gradeClass(page, 375);
  const m = await page.evaluate(measure, 10);
  expect(m.names, 'lines of each name').toEqual(Array(ROWS).fill(1));
  expect(m.pageWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(m.width);
  // the table scrolls sideways in its box (no taller than its table), the names staying in view
  const box = page.locator('.teachers-grades-box');
  expect(await box.evaluate((el) => [el.scrollHeight <= el.clientHeight + 1, el.scrollWidth > el.clientWidth])).toEqual([true, true]);
  await box.evaluate((el) => (el.scrollLeft = el.scrollWidth));
  const name = await page.locator('.teachers-grades tbody th').first().boundingBox();
  const frame = await box.boundingBox();
  expect(Math.abs((name?.x ?? -99) - (frame?.x ?? 0))).toBeLessThan(2);
});
