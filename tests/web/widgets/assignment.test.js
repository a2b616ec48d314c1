// @vitest-environment jsdom
// An assignment link (issue 36), as the student's page and the teacher's read it. What the student sees and what the
// teacher sees are the same: students on devices of their own open an assignment link; a reset, New numbers, an input
// typed over and restored and "Your assigned numbers" all keep the assigned question; a self-mark "Partly" is
// attempted on both sides; a shared computer keeps each name's work apart; O'Brien and O’Brien get the same numbers.
// An assignment can hide the worked solutions and the answer key until its due date: before it the banner says so
// (and that a static page cannot make it proof), an assigned exercise's worked solution is replaced by a line saying
// until when, and the progress panel offers no answer key; an exercise the assignment does not list keeps its
// solution; after the due date they show, also on a page left open over it.
// Moved from tests/e2e/assignment.spec.js and tests/e2e/hidden-solutions.spec.js (docs/testing/moved-exercises.md).
//
// A device of a student's own is a browser with nothing stored (its storage cleared); its clock, where the spec set
// one (Playwright's clock.install), is Vitest's fake clock: Date and the timers, running on from the time set, and
// fastForward is advanceTimersByTime. The teacher's page is web/teachers.html's body with its own module
// (web/src/teachers/main.js), loaded afresh, grading in the page's pool (Node worker threads running worker.js).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, field, fill } from './harness.js';
import {
  answer,
  badgeOf,
  buttonNamed,
  check,
  freshBrowser,
  inputField,
  openPage,
  partOf,
  pickFile,
  seedInAddress,
  toggleSolution,
  until,
  watchDownloads,
} from './exercises-helpers.js';

// the students (and the teacher) in one time zone, so a due date reads the same on every page (the specs' timezoneId)
vi.stubEnv('TZ', 'UTC');
afterAll(() => vi.unstubAllEnvs());

const text = (/** @type {Element | null | undefined} */ el) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
/** Whether the element is shown: neither it nor an ancestor hidden. */
const shown = (/** @type {Element | null} */ el) => !!el && !el.closest('[hidden]');

/** @type {ReturnType<typeof watchDownloads>} */
let downloads;
beforeAll(() => {
  downloads = watchDownloads();
});
afterAll(() => downloads.stop());
beforeEach(freshBrowser); // (a device of the student's own: nothing stored)
afterEach(() => vi.useRealTimers());

/** A student on a device of their own: the link opened, a name typed. → the page and its banner */
async function student(/** @type {string} */ link, /** @type {string} */ name) {
  const page = await openPage(link);
  /** @type {HTMLElement} */
  let banner = /** @type {any} */ (null);
  await until(() => {
    banner = /** @type {HTMLElement} */ (document.querySelector('aside.assignment'));
    expect(banner?.querySelector('form.assignment-name')).toBeTruthy();
  });
  fill(field(banner, 'Your name or student number'), name);
  click(banner, 'Start');
  expect(text(banner)).toContain(`Working as ${name}`);
  return { page, banner };
}

/** The student's exported progress (the panel's Export progress). → {text, name} */
async function exportFile(/** @type {import('./exercises-helpers.js').Page} */ page) {
  click(await page.panel(), 'Export progress');
  return downloads.next();
}

describe('an assignment, as students and the teacher read it', () => {
  const LINK = '/?assign.class=PHYS%20101&assign.ex=3,4&assign.due=2026-12-20T23:59Z';

  it('reset, New numbers, an input typed over and restored: the assigned question stays, and the log keeps every attempt', async () => {
    const { page } = await student(LINK, 'Ada Lovelace');
    const ex = await page.exercise(4);
    const x = inputField(ex, 'x');
    const assigned = x.value;
    const seed = seedInAddress(4);
    expect(seed).toMatch(/^\d+$/);

    // 1. a wrong answer checked, then a reset: the assigned numbers stay, the attempt stays in the log
    answer(ex, 'mean', '123');
    check(ex);
    expect(badgeOf(ex)).toBe('Attempted');
    click(ex, 'Reset this exercise');
    expect(text(ex.querySelector('.ex-reset-what'))).toContain('Your assigned numbers stay');
    click(ex, 'Reset exercise 4');
    expect(text(ex.querySelector('.ex-feedback'))).toContain('your assigned numbers stay');
    expect(x.value).toBe(assigned);
    expect(seedInAddress(4)).toBe(seed);
    expect(badgeOf(ex)).toBe('Attempted'); // the wrong attempt still counts

    // 2. New numbers: practice, said on the spot; an attempt on them does not count, in the badge or the banner
    const practice = /** @type {HTMLElement} */ (ex.querySelector('.ex-practice'));
    click(ex, 'New numbers');
    expect(practice.hidden).toBe(false);
    expect(seedInAddress(4)).not.toBe(seed);
    answer(ex, 'mean', '7');
    check(ex);
    expect(text(ex.querySelector('.ex-feedback'))).toContain('Practice numbers: this attempt does not count for the assignment.');
    // 5. "Your assigned numbers" (the original ones of an assigned exercise) come back to them
    click(ex, 'Your assigned numbers');
    expect(x.value).toBe(assigned);
    expect(seedInAddress(4)).toBe(seed);
    expect(practice.hidden).toBe(true);
    // 5. an input typed over and restored (click x, type 0, Backspace: each key an input event) is the assigned question again
    fill(x, `${assigned}0`);
    expect(practice.hidden).toBe(false);
    fill(x, assigned);
    expect(practice.hidden).toBe(true);
    answer(ex, 'mean', '124');
    check(ex);
    expect(text(ex.querySelector('.ex-feedback'))).not.toContain('Practice');

    const { text: file, name } = await exportFile(page);
    expect(name).toBe('phys-101-ada-lovelace.json');
    const rec = JSON.parse(file).exercises['4'];
    // the log: the wrong attempt before the reset, the practice one, the one after the input was restored
    expect(rec.log.map((/** @type {any} */ e) => [e.seed === Number(seed), e.inputs, e.answers.mean])).toEqual([
      [true, null, '123'],
      [false, null, '7'],
      [true, null, '124'],
    ]);
    expect(rec.events.map((/** @type {any} */ e) => e.kind)).toContain('reset');

    // the teacher's table: the practice attempt is practice, counted in the cell, not a flag (issue 51: it was
    // flagged as numbers that do not follow from the class code and the name)
    freshBrowser(); // the teacher's own browser
    const teacher = await openTeachersPage('/teachers.html?assign.class=PHYS%20101&assign.ex=3,4&assign.due=2026-12-20T23:59Z');
    pickFile(/** @type {HTMLInputElement} */ (teacher.querySelector('.teachers-files')), 'ada.json', file);
    /** @type {HTMLElement | null} */
    let cell = null;
    await until(() => {
      cell = teacher.querySelector('.teachers-grades tbody td[data-exercise="4"]');
      expect(cell?.dataset.practice).toBe('1');
    }, 20_000);
    expect(text(cell)).toBe('attempted · 1 practice attempt');
    expect(text(teacher.querySelector('.teachers-grades tbody .teachers-flags'))).toBe('none');
  });

  // Issue 51: before a name was typed, the worksheet of an assignment link printed all the chapter's exercises (20
  // pages), and the progress line counted the chapter's exercises, not the assignment's.
  it('an assignment link, a name typed or not: the progress line counts its exercises, the worksheet prints only them', async () => {
    const page = await openPage(LINK);
    const panel = await page.panel();
    const summary = () => text(panel.querySelector('.progress-summary'));
    expect(summary()).toBe('0 of 2 assigned exercises solved, 0 attempted, 2 untouched.');
    const printed = vi.spyOn(window, 'print').mockImplementation(() => {});
    try {
      const worksheet = buttonNamed(panel, 'Print a worksheet of your assignment (exercises 3 and 4)');
      worksheet.click();
      await until(() => expect(printed).toHaveBeenCalledTimes(1));
      expect([...document.querySelectorAll('section.exercise[data-printed]')].map((s) => s.id)).toEqual(['exercise-3', 'exercise-4']);
      // its heading: the class, the exercises, the due date, and a blank line for the name
      expect(text(document.querySelector('.print-class'))).toBe('Class PHYS 101 · exercises 3 and 4 · due 20 December 2026 at 23:59 UTC');
      expect(text(document.querySelector('.print-name'))).toBe('Name:');
      expect(document.querySelector('.print-name .print-line')).not.toBeNull();
      window.dispatchEvent(new Event('afterprint'));
      expect(document.querySelectorAll('[data-printed], .print-head')).toHaveLength(0);
    } finally {
      printed.mockRestore();
    }
    // with a name: the line counts the assigned exercises on the student's numbers
    const banner = /** @type {HTMLElement} */ (document.querySelector('aside.assignment'));
    fill(field(banner, 'Your name or student number'), 'Ada Lovelace');
    click(banner, 'Start');
    const ex = await page.exercise(4);
    answer(ex, 'mean', '123');
    check(ex);
    await until(() => expect(summary()).toBe('0 of 2 assigned exercises solved, 1 attempted, 1 untouched.'));
  });

  it('a self-mark “Partly” is attempted on the student’s page and on the teacher’s, which shows the mark beside the explanation', async () => {
    const { page, banner } = await student(LINK, 'Grace Hopper');
    const ex = await page.exercise(3);
    /** @type {HTMLInputElement} */ (partOf(ex, 'axis').querySelector('input[value="features"]')).click();
    answer(ex, 'why', 'Batches mix sequences of different lengths and padding.');
    check(ex);
    click(ex, 'Partly');
    expect(badgeOf(ex)).toBe('Attempted');
    await until(() => expect(text(banner.querySelector('.assignment-state'))).toBe('Attempted'));
    const { text: file } = await exportFile(page);

    freshBrowser(); // the teacher's own browser
    const teacher = await openTeachersPage('/teachers.html?assign.class=PHYS%20101&assign.ex=3,4&assign.due=2026-12-20T23:59Z');
    pickFile(/** @type {HTMLInputElement} */ (teacher.querySelector('.teachers-files')), 'grace.json', file);
    /** @type {HTMLElement | undefined} */
    let row;
    await until(() => {
      row = /** @type {HTMLElement[]} */ ([...teacher.querySelectorAll('.teachers-grades tbody tr')]).find((r) => r.textContent?.includes('Grace Hopper'));
      expect(row?.querySelector('td[data-exercise="3"]')?.getAttribute('data-outcome')).toBe('attempted');
    }, 20_000).catch((e) => {
      console.log('TEACHER', text(teacher).slice(-3000));
      throw e;
    });
    const explanations = /** @type {HTMLDetailsElement} */ (teacher.querySelector('.teachers-explanations'));
    /** @type {HTMLElement} */ (explanations.querySelector('summary')).click();
    expect(text(explanations.querySelector('li'))).toContain('(marked “Partly”)');
  });

  it("a shared computer: another name starts its own work, the first stays under its name; O’Brien and O'Brien get the same numbers", async () => {
    const { page, banner } = await student(LINK, "Liam O'Brien");
    const ex = await page.exercise(4);
    const x = inputField(ex, 'x');
    const liam = x.value;
    answer(ex, 'mean', '123');
    check(ex);
    expect(badgeOf(ex)).toBe('Attempted');
    await toggleSolution(ex); // (Liam leaves the worked solution open)

    // 4. Bob takes the computer: none of Liam's work is his, and his export holds only his; the worked solution Liam
    // left open is closed (issue 51's class test: it stayed open, showing Bob his own numbers' solution, its opening
    // in no file)
    click(banner, 'Not you? Change the name');
    fill(field(banner, 'Your name or student number'), 'Bob');
    click(banner, 'Start');
    expect(text(banner)).toContain('Working as Bob');
    expect(badgeOf(ex)).toBe('Not started');
    expect(x.value).not.toBe(liam);
    expect(/** @type {HTMLDetailsElement} */ (ex.querySelector('.ex-solution')).open).toBe(false);
    const bob = JSON.parse((await exportFile(page)).text);
    expect([bob.assignment.name, Object.keys(bob.exercises).filter((n) => bob.exercises[n].log?.length)]).toEqual(['Bob', []]);
    expect(Object.values(bob.exercises).flatMap((r) => r.events ?? [])).toEqual([]);
    // and Liam can come back to his own
    click(banner, 'Not you? Change the name');
    click(banner, "Continue as Liam O'Brien");
    expect(text(banner)).toContain("Working as Liam O'Brien");
    expect(badgeOf(ex)).toBe('Attempted');
    expect(x.value).toBe(liam);

    // 6. the same name typed with a typographic apostrophe on another device: the same numbers
    freshBrowser();
    const other = await student(LINK, 'Liam O’Brien');
    expect(inputField(await other.page.exercise(4), 'x').value).toBe(liam);
  });
});

// Issue 36: the students' clocks are set, so the test does not depend on the day it runs.
describe('solutions hidden until the due date', () => {
  const DUE = '2026-12-20T23:59Z';
  const LINK = `/?assign.class=PHYS%20101&assign.ex=3,4&assign.due=${DUE}&assign.hide=solutions`;

  /** A student whose device's clock reads `time` (and runs on from there, its timers with it): the link opened, a name typed. */
  function clockAt(/** @type {string} */ time) {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(time));
  }
  /** The progress panel, its worksheet button there (the reader's assignment known to it). */
  async function keyPanel(/** @type {import('./exercises-helpers.js').Page} */ page) {
    const panel = await page.panel();
    expect(shown(buttonNamed(panel, /Print a worksheet of your assignment/))).toBe(true);
    return panel;
  }
  const keyButton = (/** @type {HTMLElement} */ panel) => buttonNamed(panel, 'Print its answer key');

  it('before the due date the worked solutions and the answer key are hidden, and the page says so plainly', async () => {
    clockAt('2026-12-15T10:00:00Z');
    const { page, banner } = await student(LINK, 'Ada Lovelace');
    expect(text(banner)).toContain('Your teacher keeps the worked solutions and the answer key hidden until then.');
    expect(text(banner)).toContain('This is a static page: its code holds them, and a determined reader can find them there.');
    for (const n of [3, 4]) {
      const ex = await page.exercise(n);
      expect(shown(ex.querySelector('.ex-solution'))).toBe(false);
      const hidden = ex.querySelector('.ex-solution-hidden');
      expect(shown(hidden)).toBe(true);
      expect(text(hidden)).toContain('Your teacher keeps the worked solution hidden until the assignment is due (20 December 2026');
      expect(text(hidden)).toContain('a determined reader can find them there');
    }
    // an exercise the assignment does not list keeps its solution
    const other = await page.exercise(5);
    expect(shown(other.querySelector('.ex-solution'))).toBe(true);
    expect(shown(other.querySelector('.ex-solution-hidden'))).toBe(false);
    // the progress panel prints the worksheet, not the key, and says when the key comes
    const panel = await keyPanel(page);
    expect(shown(keyButton(panel))).toBe(false);
    expect(text(panel)).toContain('The answer key can be printed once the assignment is due (20 December 2026');
  });

  it('after the due date the worked solutions and the answer key show', async () => {
    clockAt('2026-12-21T10:00:00Z');
    const { page, banner } = await student(LINK, 'Ada Lovelace');
    expect(text(banner)).not.toContain('hidden until then');
    const ex = await page.exercise(4);
    expect(shown(ex.querySelector('.ex-solution'))).toBe(true);
    expect(shown(ex.querySelector('.ex-solution-hidden'))).toBe(false);
    await toggleSolution(ex);
    expect(/** @type {HTMLDetailsElement} */ (ex.querySelector('.ex-solution')).open).toBe(true);
    expect(text(ex.querySelector('.ex-solution-body'))).not.toBe('');
    const panel = await keyPanel(page);
    expect(shown(keyButton(panel))).toBe(true);
  });

  it('a page left open over the due date shows them when it passes, without a reload', async () => {
    clockAt('2026-12-20T23:58:00Z');
    const { page, banner } = await student(LINK, 'Ada Lovelace');
    const ex = await page.exercise(4);
    expect(shown(ex.querySelector('.ex-solution'))).toBe(false);
    const panel = await keyPanel(page);
    expect(shown(keyButton(panel))).toBe(false);
    vi.advanceTimersByTime(3 * 60_000); // (Playwright's clock.fastForward('03:00'))
    await until(() => expect(shown(ex.querySelector('.ex-solution'))).toBe(true));
    expect(shown(ex.querySelector('.ex-solution-hidden'))).toBe(false);
    expect(shown(keyButton(panel))).toBe(true);
    expect(text(banner)).not.toContain('hidden until then');
  });
});

// ── the teacher's page ──

const web = join(dirname(fileURLToPath(import.meta.url)), '../../../web');
/** @type {HTMLTemplateElement | undefined} */
let teachersBody;

/** The teachers' page at `address`: its body (web/teachers.html's), its inline script's work, its module afresh. → its body once started */
async function openTeachersPage(/** @type {string} */ address) {
  if (!teachersBody) {
    teachersBody = document.createElement('template');
    teachersBody.innerHTML = /<body[^>]*>([\s\S]*)<\/body>/.exec(readFileSync(join(web, 'teachers.html'), 'utf8'))?.[1] ?? '';
  }
  history.replaceState(null, '', address);
  document.body.replaceChildren(document.importNode(teachersBody.content, true));
  document.body.className = 'teachers-page';
  document.documentElement.classList.add('js'); // (its inline script)
  vi.resetModules();
  await import('../../../web/src/teachers/main.js');
  await until(() => expect(document.querySelector('.teachers-files')).toBeTruthy(), 30_000);
  return document.body;
}
