// Issue 37: a link's values that a figure does not use had been ignored silently (t.task=bogus, tc.task=bogus,
// pg.measure=bogus, a parameter of a figure's prefix no control reads: p.foo, the typo p.L for p.Ls). Each figure says
// in one line what of the link it did not use, as a number it cannot read is said beside its field.
import { expect, warmTest as test } from './fixtures.js';

test('what a link carries that a figure does not use is said in the figure’s one line', async ({ page }) => {
  await page.goto('./?t.task=bogus&tc.task=bogus&pg.measure=bogus&p.foo=1&p.L=96&es.colour=red#training-lab-curves');
  const note = (id) => page.locator(`#${id} .link-note`);
  const curves = page.locator('#training-lab-curves');
  await expect(curves.getByRole('button', { name: 'Run', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(note('training-lab-curves')).toHaveText('Not used from this link: t.task=“bogus”, not one of regress, char: regress is used.');
  for (const [id, text] of [
    ['training-lab-cliff', 'Not used from this link: tc.task=“bogus”, not one of regress, char: regress is used.'],
    ['table-placements', 'Not used from this link: p.foo=“1”, no setting of this figure; p.L=“96”, no setting of this figure (p.Ls?).'],
    ['figure-placements-profile', 'Not used from this link: pg.measure=“bogus”, not one of all, weights, no-ln, input, penultimate: all is used.'],
    ['eps-sigma-instrument', 'Not used from this link: es.colour=“red”, no setting of this figure.'],
  ]) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await expect(note(id)).toHaveText(text, { timeout: 30_000 });
  }
  // the figures without anything unused in the link say nothing
  await page.locator('#table-b').scrollIntoViewIfNeeded();
  await expect(page.locator('#table-b .exp-controls')).toBeVisible({ timeout: 30_000 });
  await expect(note('table-b')).toHaveText('');
  await expect(note('table-b')).toBeHidden();
  // the reader's own choice answers what the line said about it
  await curves.scrollIntoViewIfNeeded();
  await curves.getByLabel('Task').selectOption('char');
  await expect(note('training-lab-curves')).toHaveText('');
});
