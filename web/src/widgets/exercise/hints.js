// Hints, one at a time: the first at once, each next one after another attempt. Each opening is logged with its time
// (progress/events.js): a teacher reads what was open before a first right answer from there.
import { withEvent } from '../../exercises/record.js';
import { element, html, setHtml, trusted } from '../../ui/html.js';

export function createHints(hints, record) {
  const el = element(html`<div class="ex-hints"><ol class="ex-hint-list"></ol><button type="button"></button></div>`);
  const more = el.querySelector('button');
  more.addEventListener('click', () => {
    record.update((r) => {
      if (r.hints >= hints.length) return;
      r.hints += 1;
      withEvent(r, { kind: 'hint', hint: r.hints, seed: r.seed });
    });
    show();
  });

  function show() {
    const { hints: shown, attempts } = record.get();
    const unlocked = Math.min(hints.length, 1 + attempts);
    // (the hints are HTML the build rendered from content/)
    setHtml(el.querySelector('.ex-hint-list'), html`${hints.slice(0, shown).map((h) => html`<li>${trusted(h)}</li>`)}`);
    more.hidden = shown >= hints.length;
    more.disabled = shown >= unlocked;
    more.textContent = shown >= unlocked ? 'Next hint after another attempt' : `Show hint ${shown + 1} of ${hints.length}`;
  }
  return { el, show };
}
