// "Reset this exercise", asked twice: the first press shows what will be cleared and asks to confirm.
import { element, html } from '../../ui/html.js';

// On an assigned exercise the reset clears the answers on the page and keeps the numbers and the attempts logged
// (the teacher grades them): the question says which.
/**
 * @param {number} n
 * @param {() => void} onReset
 * @param {{assigned?: () => boolean}} [options]
 */
export function createReset(n, onReset, { assigned = () => false } = {}) {
  const el = element(html`<div class="ex-reset"><button type="button" class="ex-reset-ask">Reset this exercise</button>
    <div class="ex-reset-confirm" role="group" aria-label="Confirm the reset" hidden>
      <p class="ex-reset-what"></p>
      <button type="button" class="ex-reset-yes">Reset exercise ${n}</button>
      <button type="button" class="ex-reset-no">Keep my work</button>
    </div></div>`);
  const ask = el.querySelector('.ex-reset-ask');
  const confirm = el.querySelector('.ex-reset-confirm');
  const close = () => {
    confirm.hidden = true;
    ask.hidden = false;
    ask.focus();
  };
  ask.addEventListener('click', () => {
    el.querySelector('.ex-reset-what').textContent = assigned()
      ? `Clear your answers and marks for exercise ${n}? Your assigned numbers stay, and so do the attempts you checked: ` +
        'an assignment’s log is kept whole for your teacher, and the reset is logged too.'
      : `Clear your answers, marks, attempts, hints and numbers for exercise ${n}? This cannot be undone.`;
    ask.hidden = true;
    confirm.hidden = false;
    confirm.querySelector('.ex-reset-no').focus();
  });
  el.querySelector('.ex-reset-no').addEventListener('click', close);
  el.querySelector('.ex-reset-yes').addEventListener('click', () => {
    onReset();
    close();
  });
  return el;
}
