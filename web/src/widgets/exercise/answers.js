// One answer control per part of an exercise: a text field for numbers, vectors and matrices (with a live
// "interpreted as" line), radio buttons or checkboxes for choices, a text area for an explanation. Each
// control reads itself (a number also with the digits typed, ulp) and can be set from saved text; grading
// and feedback are drawn by feedback.js and index.js.
import { choiceKeys, isNumeric, readAnswer } from '../../exercises/read-answer.js';
import { describe } from '../../exercises/values.js';
import { MAX_ANSWER_CHARS } from '../../progress/validate.js';
import { element, html, setHtml, trusted } from '../../ui/html.js';

let counter = 0;
// A label's words as a screen reader should hear them: the math's MathML without its TeX annotation (the raw
// source, "x_1", had been read out).
// (a part's label, its options and the hints are HTML the build rendered from content/: trusted)
const plain = (label) => {
  const div = element(html`<div>${trusted(label)}</div>`);
  for (const hidden of div.querySelectorAll('annotation')) hidden.remove();
  return div.textContent.replace(/\s+/g, ' ').trim();
};

export function createAnswer(part, saved = '') {
  const id = `ex-answer-${++counter}`;
  const el = element(html`<div class="ex-part ex-part-${part.kind}" data-part="${part.id}"></div>`);
  const name = `Answer: ${plain(part.label)}`;

  if (isNumeric(part.kind)) {
    const field =
      part.kind === 'matrix'
        ? html`<textarea id="${id}" class="ex-answer" autocomplete="off" spellcheck="false" maxlength="${MAX_ANSWER_CHARS}"
          aria-describedby="${id}-echo ${id}-result" rows="3"></textarea>`
        : html`<input id="${id}" class="ex-answer" autocomplete="off" spellcheck="false" maxlength="${MAX_ANSWER_CHARS}"
          aria-describedby="${id}-echo ${id}-result" type="text">`;
    setHtml(
      el,
      html`<label class="ex-part-label" for="${id}">${trusted(part.label)}</label>
      ${field}
      <p class="ex-echo" id="${id}-echo" aria-live="off"></p>
      <div class="ex-result" id="${id}-result"></div>`,
    );
    const input = el.querySelector('.ex-answer');
    input.setAttribute('aria-label', name);
    input.value = saved ?? '';
    const echo = el.querySelector('.ex-echo');
    const read = () => readAnswer(part, input.value);
    const showEcho = () => {
      const r = read();
      echo.classList.toggle('ex-echo-error', !!r.error);
      echo.textContent = r.empty ? '' : r.error ? r.error : `interpreted as ${describe(/** @type {import('../../exercises/values.js').Plain} */ (r.value))}`;
    };
    input.addEventListener('input', showEcho);
    showEcho();
    const setText = (text) => {
      input.value = text ?? '';
      showEcho();
    };
    return { el, part, input, echo, read, text: () => input.value, setText, result: el.querySelector('.ex-result'), focus: () => input.focus() };
  }

  if (part.kind === 'choice' || part.kind === 'multi') {
    const type = part.kind === 'choice' ? 'radio' : 'checkbox';
    const chosen = new Set(choiceKeys(saved));
    setHtml(
      el,
      html`<fieldset class="ex-choices"><legend class="ex-part-label"><span class="visually-hidden">Answer: </span>${trusted(part.label)}</legend>
      ${part.options.map((o, k) => html`<label class="ex-option"><input type="${type}" name="${id}" value="${o.key}" id="${id}-${k}"> <span>${trusted(o.html)}</span></label>`)}
      </fieldset><div class="ex-result"></div>`,
    );
    const boxes = [...el.querySelectorAll('input')];
    boxes.forEach((b) => (b.checked = chosen.has(b.value)));
    const keys = () => boxes.filter((b) => b.checked).map((b) => b.value);
    return {
      el,
      part,
      input: boxes[0],
      boxes,
      read: () => (keys().length ? { value: keys() } : { empty: true }),
      text: () => keys().join(','),
      setText(text) {
        const keys = new Set(choiceKeys(text));
        boxes.forEach((b) => (b.checked = keys.has(b.value)));
      },
      result: el.querySelector('.ex-result'),
      focus: () => boxes[0].focus(),
    };
  }

  // explain: free text, then the model answer and an honest self-check
  setHtml(
    el,
    html`<label class="ex-part-label" for="${id}">${trusted(part.label)}</label>
    <textarea id="${id}" class="ex-answer" rows="3" maxlength="${MAX_ANSWER_CHARS}"></textarea><div class="ex-result"></div>`,
  );
  const input = el.querySelector('textarea');
  input.setAttribute('aria-label', name);
  input.value = saved ?? '';
  return {
    el,
    part,
    input,
    read: () => readAnswer(part, input.value),
    text: () => input.value,
    setText: (text) => (input.value = text ?? ''),
    result: el.querySelector('.ex-result'),
    focus: () => input.focus(),
  };
}
