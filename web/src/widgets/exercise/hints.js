// Hints, one at a time: the first at once, each next one after another attempt.
export function createHints(hints, record) {
  const el = document.createElement('div');
  el.className = 'ex-hints';
  el.innerHTML = '<ol class="ex-hint-list"></ol>';
  const more = document.createElement('button');
  more.type = 'button';
  more.addEventListener('click', () => {
    record.update((r) => (r.hints = Math.min(hints.length, r.hints + 1)));
    show();
  });
  el.append(more);

  function show() {
    const { hints: shown, attempts } = record.get();
    const unlocked = Math.min(hints.length, 1 + attempts);
    el.querySelector('.ex-hint-list').innerHTML = hints.slice(0, shown).map((h) => `<li>${h}</li>`).join('');
    more.hidden = shown >= hints.length;
    more.disabled = shown >= unlocked;
    more.textContent = shown >= unlocked ? 'Next hint after another attempt' : `Show hint ${shown + 1} of ${hints.length}`;
  }
  return { el, show };
}
