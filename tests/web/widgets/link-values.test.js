// @vitest-environment jsdom
// Issue 37: a link's values that a figure does not use had been ignored silently (t.task=bogus, tc.task=bogus,
// pg.measure=bogus, a parameter of a figure's prefix no control reads: p.foo, the typo p.L for p.Ls). Each figure says
// in one line what of the link it did not use, as a number it cannot read is said beside its field. Moved from
// tests/e2e/link-values.spec.js (docs/testing/moved-figures.md).
import { afterAll, expect, it } from 'vitest';
import { choice, choose, closePage, openPage } from './figures-helpers.js';

afterAll(closePage);

it('what a link carries that a figure does not use is said in the figure’s one line', async () => {
  const figures = ['training-lab-curves', 'training-lab-cliff', 'table-placements', 'figure-placements-profile', 'eps-sigma-instrument', 'table-b'];
  await openPage('/?t.task=bogus&tc.task=bogus&pg.measure=bogus&p.foo=1&p.L=96&es.colour=red#training-lab-curves', ...figures.map((id) => `#${id}`));
  const note = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.querySelector(`#${id} .link-note`));
  const curves = /** @type {HTMLElement} */ (document.querySelector('#training-lab-curves'));
  expect(curves.querySelector('.lab-run-button')?.textContent).toBe('Run');
  expect(note('training-lab-curves').textContent).toBe('Not used from this link: t.task=“bogus”, not one of regress, char: regress is used.');
  for (const [id, text] of [
    ['training-lab-cliff', 'Not used from this link: tc.task=“bogus”, not one of regress, char: regress is used.'],
    ['table-placements', 'Not used from this link: p.foo=“1”, no setting of this figure; p.L=“96”, no setting of this figure (p.Ls?).'],
    ['figure-placements-profile', 'Not used from this link: pg.measure=“bogus”, not one of all, weights, no-ln, input, penultimate: all is used.'],
    ['eps-sigma-instrument', 'Not used from this link: es.colour=“red”, no setting of this figure.'],
  ]) {
    expect(note(id).textContent).toBe(text);
  }
  // the figures without anything unused in the link say nothing (an empty line, which the page's style hides)
  expect(document.querySelector('#table-b .exp-controls')).not.toBeNull();
  expect(note('table-b').textContent).toBe('');
  // the reader's own choice answers what the line said about it
  choose(choice(curves, 'Task'), 'char');
  expect(note('training-lab-curves').textContent).toBe('');
  closePage(); // (the figures' runs at their defaults stop with them)
});
