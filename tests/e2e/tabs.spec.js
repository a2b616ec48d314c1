// Issue 37: the student's work is never erased by the chapter itself. Two tabs of one browser share its storage: a
// change in one is made to what the other saved (never to its own older copy), and an open tab shows the other's
// changes. A storage the browser refuses to write (full: every project site of one GitHub user shares it) is said
// beside the exercise that could not be saved, with the way out, and the work stays for the visit.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';

const section = (page, n) => page.locator(`#exercise-${n}`);
const partOf = (page, n, id) => section(page, n).locator(`.ex-part[data-part="${id}"] .ex-answer`);

async function open(page, n) {
  await page.goto(`./#exercise-${n}`);
  await expect(section(page, n).locator('.ex-form')).toBeVisible({ timeout: 30_000 });
}

test('a second tab never erases work: each change is merged with what the other tab saved, and the open tab shows it', async ({ page, context }) => {
  const a = page;
  await open(a, 2);
  await section(a, 4).scrollIntoViewIfNeeded();
  await expect(section(a, 4).locator('.ex-form')).toBeVisible({ timeout: 30_000 });
  // tab B solves exercise 2
  const b = await context.newPage();
  await open(b, 2);
  await partOf(b, 2, 'dydx').fill('1.3');
  await partOf(b, 2, 'nothing-learned').fill('1');
  await section(b, 2).getByRole('button', { name: 'Check' }).click();
  await expect(section(b, 2).locator('.ex-state')).toHaveText('✓ Solved');
  // tab A, open all along, shows it without a reload, and says where it came from
  await expect(section(a, 2).locator('.ex-state')).toHaveText('✓ Solved');
  await expect(partOf(a, 2, 'dydx')).toHaveValue('1.3');
  await expect(section(a, 2).locator('.ex-feedback')).toHaveText('Another tab of this chapter changed this exercise: it shows that tab’s work with yours.');
  // back in A, one character typed in exercise 4: B's work stays
  await partOf(a, 4, 'mean').pressSequentially('4');
  await b.reload();
  await expect(section(b, 2).locator('.ex-form')).toBeVisible({ timeout: 30_000 });
  await expect(section(b, 2).locator('.ex-state')).toHaveText('✓ Solved');
  await expect(partOf(b, 2, 'dydx')).toHaveValue('1.3');
  await expect(partOf(b, 2, 'nothing-learned')).toHaveValue('1');
  await section(b, 4).scrollIntoViewIfNeeded();
  await expect(partOf(b, 4, 'mean')).toHaveValue('4');
  // and the other way: B resets exercise 2; A, typing on in exercise 4, does not bring it back
  await section(b, 2).getByRole('button', { name: 'Reset this exercise' }).click();
  await section(b, 2).getByRole('button', { name: 'Reset exercise 2' }).click();
  await expect(section(a, 2).locator('.ex-state')).toHaveText('Not started');
  await partOf(a, 4, 'mean').pressSequentially('.5');
  await b.reload();
  await expect(section(b, 2).locator('.ex-form')).toBeVisible({ timeout: 30_000 });
  await expect(section(b, 2).locator('.ex-state')).toHaveText('Not started');
  await expect(partOf(b, 2, 'dydx')).toHaveValue('');
  await section(b, 4).scrollIntoViewIfNeeded();
  await expect(partOf(b, 4, 'mean')).toHaveValue('4.5');
  await b.close();
});

// This origin's storage filled to the last character, as other project sites of the same github.io name fill it.
async function fillStorage(page) {
  await page.evaluate(() => {
    let k = 0;
    for (let size = 1 << 20; size >= 1; size >>= 1) {
      const chunk = 'x'.repeat(size);
      try {
        for (;;) localStorage.setItem(`another-site-${k++}`, chunk);
      } catch {
        // full at this size: the next, smaller one fills what is left
      }
    }
  });
}

test('a full storage is said beside the exercise, with the way out; the work stays for the visit and is saved once there is room', async ({ page }) => {
  await open(page, 11);
  await fillStorage(page);
  const ex = section(page, 11);
  await partOf(page, 11, 'deep').fill('1/3');
  await partOf(page, 11, 'shallow').fill('2');
  await partOf(page, 11, 'ratio').fill('6');
  await ex.getByRole('button', { name: 'Check' }).click();
  await expect(ex.getByRole('status').first()).toContainText('All 3 answers right');
  await expect(ex.locator('.ex-state')).toHaveText('✓ Solved');
  // said here, where the student looks, with the way out
  const note = ex.locator('.ex-unsaved');
  await expect(note).toBeVisible();
  await expect(note).toContainText('Not saved. This browser refused to store your work on this exercise');
  await expect(note).toContainText('Your work stays on this page until you close it');
  const [download] = await Promise.all([page.waitForEvent('download'), note.getByRole('button', { name: 'Export progress now' }).click()]);
  const file = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(file.exercises['11'].solved).toEqual({ deep: true, shallow: true, ratio: true });
  // still full: saving again says so
  await note.getByRole('button', { name: 'Save again' }).click();
  await expect(note).toContainText('Still not saved: the browser refused again.');
  // room made: saved, the note goes, and a reload finds the work
  await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('another-site-'))
      .forEach((k) => localStorage.removeItem(k)),
  );
  await note.getByRole('button', { name: 'Save again' }).click();
  await expect(note).toBeHidden();
  await page.reload();
  await expect(ex.locator('.ex-form')).toBeVisible({ timeout: 30_000 });
  await expect(ex.locator('.ex-state')).toHaveText('✓ Solved');
});
