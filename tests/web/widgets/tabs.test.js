// @vitest-environment jsdom
// Issue 37: the student's work is never erased by the chapter itself. Two tabs of one browser share its storage: a
// change in one is made to what the other saved (never to its own older copy), and an open tab shows the other's
// changes. A storage the browser refuses to write (full: every project site of one GitHub user shares it) is said
// beside the exercise that could not be saved, with the way out, and the work stays for the visit.
// Moved from tests/e2e/tabs.spec.js (docs/testing/moved-exercises.md).
//
// Two tabs are two DOM windows of one origin over one storage: tab A is the test's own window (openPage), tab B a
// window of its own with its own copy of the page's modules (exercises-helpers.js openTab). jsdom shares the origin's
// localStorage between them and delivers the 'storage' event as a browser does: a task after the write, on the other
// window only. A reload of B is B closed and a new tab opened at its address.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { click } from './harness.js';
import {
  answer,
  answerOf,
  badgeOf,
  check,
  closeTabs,
  fillStorage,
  freshBrowser,
  openPage,
  openTab,
  statusOf,
  typeKeys,
  until,
  watchDownloads,
} from './exercises-helpers.js';

const text = (/** @type {Element | null | undefined} */ el) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** @type {ReturnType<typeof watchDownloads>} */
let downloads;
beforeAll(() => {
  downloads = watchDownloads();
});
afterAll(async () => {
  downloads.stop();
  await closeTabs();
});
beforeEach(freshBrowser);

it('a second tab never erases work: each change is merged with what the other tab saved, and the open tab shows it', async () => {
  const a = await openPage('/#exercise-2');
  const a2 = await a.exercise(2);
  const a4 = await a.exercise(4); // (scrolled to: mounted)
  // tab B solves exercise 2
  let b = await openTab('/#exercise-2');
  let b2 = await b.exercise(2);
  answer(b2, 'dydx', '1.3');
  answer(b2, 'nothing-learned', '1');
  check(b2);
  expect(badgeOf(b2)).toBe('✓ Solved');
  // tab A, open all along, shows it without a reload, and says where it came from
  await until(() => expect(badgeOf(a2)).toBe('✓ Solved'));
  expect(answerOf(a2, 'dydx').value).toBe('1.3');
  expect(text(a2.querySelector('.ex-feedback'))).toBe('Another tab of this chapter changed this exercise: it shows that tab’s work with yours.');
  // back in A, one character typed in exercise 4: B's work stays
  typeKeys(answerOf(a4, 'mean'), '4');
  let address = b.address();
  await b.close(); // B reloads
  b = await openTab(address);
  b2 = await b.exercise(2);
  expect(badgeOf(b2)).toBe('✓ Solved');
  expect(answerOf(b2, 'dydx').value).toBe('1.3');
  expect(answerOf(b2, 'nothing-learned').value).toBe('1');
  expect(answerOf(await b.exercise(4), 'mean').value).toBe('4');
  // and the other way: B resets exercise 2; A, typing on in exercise 4, does not bring it back
  click(b2, 'Reset this exercise');
  click(b2, 'Reset exercise 2');
  await until(() => expect(badgeOf(a2)).toBe('Not started'));
  typeKeys(answerOf(a4, 'mean'), '.5');
  address = b.address();
  await b.close(); // B reloads
  b = await openTab(address);
  b2 = await b.exercise(2);
  expect(badgeOf(b2)).toBe('Not started');
  expect(answerOf(b2, 'dydx').value).toBe('');
  expect(answerOf(await b.exercise(4), 'mean').value).toBe('4.5');
  await b.close();
});

it('a full storage is said beside the exercise, with the way out; the work stays for the visit and is saved once there is room', async () => {
  const page = await openPage('/#exercise-11');
  const ex = await page.exercise(11);
  fillStorage(); // this origin's storage filled to the last character, as other project sites of the same github.io name fill it
  answer(ex, 'deep', '1/3');
  answer(ex, 'shallow', '2');
  answer(ex, 'ratio', '6');
  check(ex);
  expect(statusOf(ex)).toContain('All 3 answers right');
  expect(badgeOf(ex)).toBe('✓ Solved');
  // said here, where the student looks, with the way out
  const note = /** @type {HTMLElement} */ (ex.querySelector('.ex-unsaved'));
  expect(note.hidden).toBe(false);
  expect(text(note)).toContain('Not saved. This browser refused to store your work on this exercise');
  expect(text(note)).toContain('Your work stays on this page until you close it');
  click(note, 'Export progress now');
  const file = JSON.parse((await downloads.next()).text);
  expect(file.exercises['11'].solved).toEqual({ deep: true, shallow: true, ratio: true });
  // still full: saving again says so
  click(note, 'Save again');
  expect(text(note)).toContain('Still not saved: the browser refused again.');
  // room made: saved, the note goes, and a reload finds the work
  Object.keys(localStorage)
    .filter((k) => k.startsWith('another-site-'))
    .forEach((k) => localStorage.removeItem(k));
  click(note, 'Save again');
  expect(note.hidden).toBe(true);
  const again = await (await openPage('/#exercise-11')).exercise(11); // a reload
  expect(badgeOf(again)).toBe('✓ Solved');
});
