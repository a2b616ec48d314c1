// @vitest-environment jsdom
// The workers' status line at the bottom of the window (experiment/status-bar.js) covers the text under it, so it
// shows only while a run is running, in words that say so, and goes once everything is done, its "Done" kept up no
// longer than it had been up and never past 0.6 s. Moved from tests/e2e/status-bar.spec.js
// (docs/testing/moved-figures.md); the room the page leaves at its end for the line is layout, checked there.
import { afterAll, expect, it } from 'vitest';
import { LIGHT, addressOf, closePage, footerDone, openPage, until } from './figures-helpers.js';

afterAll(closePage);

it('the status line shows only while a run runs, and goes when all is done', async () => {
  // every change of the line as it happens (a mutation's record, not a frame's look)
  /** @type {{t: number, shown: boolean, text: string}[]} */
  const states = [];
  const watch = new MutationObserver(() => {
    const bar = /** @type {HTMLElement | null} */ (document.querySelector('.run-status'));
    if (!bar) return;
    const shown = !bar.hidden;
    const text = bar.querySelector('.run-status-text')?.textContent ?? '';
    const last = states.at(-1);
    if (!last || last.shown !== shown || last.text !== text) states.push({ t: performance.now(), shown, text });
  });
  watch.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['hidden'] });
  const [table] = await openPage(addressOf({ ...LIGHT, 'a.L': '6', 'a.seeds': '0-3' }, '#figure-s01'), '#table-a');
  await footerDone(table, 90_000);
  await until(() => expect(/** @type {HTMLElement} */ (document.querySelector('.run-status')).hidden).toBe(true), 30_000);
  await until(() => expect(states.at(-1)?.shown).toBe(false));
  watch.disconnect();
  const shown = states.filter((s) => s.shown);
  expect(shown.length, 'the line showed while the runs ran').toBeGreaterThan(0);
  for (const s of shown) {
    expect(s.text, 'shown only while a run is running (or to say, briefly, that all are done)').toMatch(/^Computing in \d+ workers?:|^Done: /);
  }
  // "Done" stays no longer than the line had been up, and never past 0.6 s
  states.forEach((s, i) => {
    if (s.shown && s.text.startsWith('Done: ')) expect((states[i + 1]?.t ?? Infinity) - s.t).toBeLessThan(700);
  });
  expect(states.at(-1)?.shown).toBe(false);
}, 120_000);
