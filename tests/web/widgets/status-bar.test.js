// @vitest-environment jsdom
// The workers' status line at the bottom of the window (experiment/status-bar.js) covers the text under it on a
// narrow screen, so it shows only while a run is running, in words that say so and a bar that agrees with them, and
// goes once everything is done, its "Done" kept up no
// longer than it had been up and never past 0.6 s. Moved from tests/e2e/status-bar.spec.js
// (docs/testing/moved-figures.md); the room the page leaves at its end for the line is layout, checked there.
import { afterAll, expect, it } from 'vitest';
import { LIGHT, addressOf, closePage, footerDone, openPage, until } from './figures-helpers.js';

afterAll(closePage);

it('the status line shows only while a run runs, and goes when all is done', async () => {
  // every change of the line as it happens (a mutation's record, not a frame's look)
  /** @type {{t: number, shown: boolean, text: string, bar: number}[]} */
  const states = [];
  const watch = new MutationObserver(() => {
    const bar = /** @type {HTMLElement | null} */ (document.querySelector('.run-status'));
    if (!bar) return;
    const shown = !bar.hidden;
    const text = bar.querySelector('.run-status-text')?.textContent ?? '';
    const value = /** @type {HTMLProgressElement} */ (bar.querySelector('progress')).value;
    const last = states.at(-1);
    if (!last || last.shown !== shown || last.text !== text) states.push({ t: performance.now(), shown, text, bar: value });
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
  // the words and the bar agree: "k of n runs done, w waiting", the bar at k/n or past it by the running runs' share
  const computing = shown.filter((s) => s.text.startsWith('Computing'));
  expect(computing.length).toBeGreaterThan(1);
  for (const s of computing) {
    const m = /^Computing in (\d+) workers?: (\d+) of (\d+) runs? done, (\d+) waiting\.$/.exec(s.text);
    expect(m, s.text).not.toBeNull();
    const [running, done, all, waiting] = (m ?? []).slice(1).map(Number);
    expect(done + running + waiting, s.text).toBe(all);
    expect(s.bar, s.text).toBeGreaterThanOrEqual(done / all - 0.011);
    expect(s.bar, s.text).toBeLessThanOrEqual((done + running) / all + 0.011);
  }
  // table A's twelve runs asked for (three wirings, seeds 0 to 3): the line counts them and no others
  expect(computing.at(-1)?.text).toMatch(/ of 12 runs done/);
  expect(shown.at(-1)?.text).toBe('Done: 12 runs.');
  // "Done" stays no longer than the line had been up, and never past 0.6 s
  states.forEach((s, i) => {
    if (s.shown && s.text.startsWith('Done: ')) expect((states[i + 1]?.t ?? Infinity) - s.t).toBeLessThan(700);
  });
  expect(states.at(-1)?.shown).toBe(false);
}, 120_000);
