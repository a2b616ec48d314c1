// @vitest-environment jsdom
// A field that limits its length says so as it fills and when a paste was cut (ui/length-notice.js, which main.js and
// the teachers' page install): an exercise's answer, in the chapter as it mounts. The browser's own cutting of a
// paste at maxlength is Chromium's (tests/e2e/teachers.spec.js pastes for real); here the field is given what the
// browser leaves in it.
import { beforeEach, expect, it } from 'vitest';
import { freshBrowser, openPage } from './exercises-helpers.js';

beforeEach(freshBrowser);

/** A paste of `text` into the field, as the browser makes it: the event, then the field holds what fits, then input. */
function paste(/** @type {HTMLInputElement | HTMLTextAreaElement} */ field, /** @type {string} */ text) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
  field.dispatchEvent(event);
  const before = field.value.slice(0, field.selectionStart ?? 0);
  const after = field.value.slice(field.selectionEnd ?? 0);
  field.value = (before + text).slice(0, field.maxLength - after.length) + after;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function type(/** @type {HTMLInputElement | HTMLTextAreaElement} */ field, /** @type {string} */ text) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const lineOf = (/** @type {Element} */ field) => field.parentElement?.querySelector('.field-length')?.textContent ?? null;

it('an answer field counts its characters from nine tenths of its room, and says what a paste lost', async () => {
  const page = await openPage('/#exercise-9');
  const { watchFieldLengths } = await import('../../../web/src/ui/length-notice.js');
  watchFieldLengths(document.body); // (main.js)
  const ex = await page.exercise(9);
  const field = /** @type {HTMLTextAreaElement} */ (ex.querySelector('textarea.ex-answer'));
  expect(field.maxLength).toBe(2000);
  type(field, 'short');
  expect(lineOf(field)).toBeNull(); // nothing said, no line made
  type(field, 'x'.repeat(1799));
  expect(lineOf(field)).toBeNull();
  type(field, 'x'.repeat(1800));
  expect(lineOf(field)).toBe('1,800 of 2,000 characters.');
  // a paste of 5,000 characters over a selection of 100, into 1,800: 300 fit, the last 4,700 are lost
  field.setSelectionRange(0, 100);
  paste(field, 'y'.repeat(5000));
  expect(field.value).toHaveLength(2000);
  expect(lineOf(field)).toBe("The paste was cut to this field's 2,000 characters: its last 4,700 were not kept.");
  // the next edit says the count again; a short text, nothing
  type(field, 'x'.repeat(1999));
  expect(lineOf(field)).toBe('1,999 of 2,000 characters.');
  type(field, 'ok');
  expect(lineOf(field)).toBe('');
  // a paste that fits is not "cut"
  paste(field, 'z'.repeat(10));
  expect(lineOf(field)).toBe('');
});
