// A field that holds at most so many characters (maxlength) says so: as it fills, from nine tenths of its room on
// ("1,950 of 2,000 characters"), and when a paste was cut to fit, which the browser does without a word ("The paste
// was cut to this field's 2,000 characters: its last 1,234 were not kept."). A reader who pasted a long answer or
// wiring would otherwise not know its end is gone. One listener for every field of a page, the fields that widgets
// add later among them; the words go in a line of their own under the field, not in its message, which says what
// is wrong with the value.
import { element, html } from './html.js';
import './length-notice.css';

const NEAR = 0.9;
const count = (/** @type {number} */ n) => n.toLocaleString('en-US');
/** @type {WeakMap<HTMLInputElement | HTMLTextAreaElement, number>} the characters a paste into the field lost */
const lost = new WeakMap();

/** @param {EventTarget | null} target → the field, when it limits its length */
const limited = (target) => ((target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && target.maxLength > 0 ? target : null);

/** The field's line for its length, if it has one. @param {HTMLInputElement | HTMLTextAreaElement} field */
function lineOf(field) {
  const next = field.closest('.field')?.querySelector('.field-length') ?? field.nextElementSibling;
  return next?.classList.contains('field-length') ? /** @type {HTMLElement} */ (next) : null;
}

/** A new line for the field's length: under its message (createField's), or right after it. */
function newLine(/** @type {HTMLInputElement | HTMLTextAreaElement} */ field) {
  const line = element(html`<span class="field-length" aria-live="polite"></span>`);
  (field.closest('.field')?.querySelector('.field-message') ?? field).after(line);
  return line;
}

/** @param {HTMLInputElement | HTMLTextAreaElement} field */
function say(field) {
  const cut = lost.get(field) ?? 0;
  lost.delete(field);
  const max = field.maxLength;
  const text =
    cut > 0
      ? `The paste was cut to this field's ${count(max)} characters: its last ${count(cut)} were not kept.`
      : field.value.length >= NEAR * max
        ? `${count(field.value.length)} of ${count(max)} characters.`
        : '';
  const line = lineOf(field) ?? (text ? newLine(field) : null);
  if (line && line.textContent !== text) line.textContent = text;
}

/** Watches every field under root. @param {HTMLElement} root */
export function watchFieldLengths(root) {
  root.addEventListener(
    'paste',
    (event) => {
      const field = limited(event.target);
      if (!field) return;
      const pasted = /** @type {ClipboardEvent} */ (event).clipboardData?.getData('text') ?? '';
      const selected = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0);
      lost.set(field, Math.max(0, field.value.length - selected + pasted.length - field.maxLength));
    },
    true,
  );
  root.addEventListener('input', (event) => {
    const field = limited(event.target);
    if (field) say(field);
  });
}
