// What only a browser shows of the teachers' page: axe, in light and dark, over the page with its form filled from its
// address, a student's numbers, an extended student's own link and a graded file's table; and that table and the
// numbers' table as boxes on the screen. Everything the page computes and says (links, numbers, grading, flags,
// hostile files, the table's cells, the CSVs, the address) is checked in jsdom: tests/web/widgets/teachers*.test.js
// (docs/testing/moved-teachers.md).
import { axeScan } from './axe.js';
import { expect, warmTest as test } from './fixtures.js';

test.use({ timezoneId: 'UTC' });

test('the teachers’ page, its form filled, a student’s numbers and a graded file shown, is axe-clean in light and dark', async ({ page }) => {
  await page.goto('./teachers.html?assign.class=PHYS%20101&assign.ex=4,7&assign.due=2026-12-20');
  await expect(page.getByLabel('The link for your students')).toHaveValue(/assign\.ex=4%2C7|assign\.ex=4,7/);
  await page.getByRole('button', { name: 'All' }).click();
  await page.getByLabel('Student’s name or number').fill('Ada');
  await expect(page.locator('.teachers-numbers tbody tr').first()).toBeVisible();
  // an extension, and with it that student's own link (axe reads it too)
  await page.getByLabel(/^Extensions, one a line/).fill('Ada Lovelace = 2026-12-22 18:00');
  await expect(page.getByLabel(/^Ada Lovelace’s own link/)).toHaveValue(/assign\.ext\.for=Ada\+Lovelace/);
  // a student's file graded: the class table on the screen (an explanation to read, so its list is there too)
  const explain = { at: '2026-12-01T10:00:00.000Z', seed: null, answers: { why: 'The stream carries the signal.' }, inputs: null, hints: 0, solution: false };
  const progress = {
    version: 1,
    cards: {},
    exercises: { 17: { attempts: 1, log: [explain] } },
    assignment: { code: 'PHYS 101', name: 'Ada Lovelace', exercises: [4, 7], due: '' },
  };
  await page.locator('.teachers-files').setInputFiles([{ name: 'ada.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(progress)) }]);
  const row = page.locator('.teachers-grades tbody tr');
  await expect(row).toHaveCount(1, { timeout: 60_000 });
  for (const box of [page.locator('.teachers-grades'), row.locator('th'), row.locator('.teachers-total'), page.locator('.teachers-numbers table')]) {
    await box.scrollIntoViewIfNeeded();
    await expect(box).toBeVisible();
  }
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    expect((await axeScan(page)).violations, scheme).toEqual([]);
  }
});
