// "Reset this exercise", asked twice: the first press shows what will be cleared and asks to confirm.
import { element, html } from '../../ui/html.js';

export function createReset(n, onReset) {
  const el = element(html`<div class="ex-reset"><button type="button" class="ex-reset-ask">Reset this exercise</button>
    <div class="ex-reset-confirm" role="group" aria-label="Confirm the reset" hidden>
      <p>Clear your answers, marks, attempts, hints and numbers for exercise ${n}? This cannot be undone.</p>
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
