// A labelled text input with its own message line beside it: the one way every widget asks for input
// and reports bad input (aria-invalid + aria-describedby, so screen readers hear the message too).
import { MAX_ANSWER_CHARS } from '../progress/validate.js';
import { element, html } from './html.js';

let counter = 0;

/**
 * maxLength: the most a field holds (a 1 MB paste had kept the tab busy for seconds); the longest text a saved
 * record keeps, by default.
 * @param {{label: string, value: string, hint?: string, name?: string, width?: string, maxLength?: number}} options
 * @returns {{el: HTMLElement, input: HTMLInputElement, setMessage(text?: string): void}}
 */
export function createField({ label, value, hint = '', name = '', width = '', maxLength = MAX_ANSWER_CHARS }) {
  const id = `field-${++counter}`;
  const el = element(html`<div class="field">
    <label for="${id}">${label}</label>
    <input id="${id}" type="text" inputmode="text" autocomplete="off" spellcheck="false"
           aria-describedby="${id}-hint ${id}-msg">
    <span class="field-hint" id="${id}-hint">${hint}</span>
    <span class="field-message" id="${id}-msg" aria-live="polite"></span></div>`);
  const input = el.querySelector('input');
  input.value = value;
  if (name) input.name = name;
  if (width) input.style.width = width;
  input.maxLength = maxLength;
  const message = el.querySelector('.field-message');
  return {
    el,
    input,
    setMessage(text = '') {
      message.textContent = text;
      if (text) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    },
  };
}
