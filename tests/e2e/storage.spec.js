// When the browser refuses storage, the exercises still check answers and the page says so in one line.
import { expect, test } from './fixtures.js';

test('blocked storage: answers are still checked, and the progress panel says it cannot save', async ({ page }) => {
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.goto('./#exercise-11');
  const ex = page.locator('#exercise-11');
  await expect(ex.locator('.ex-form')).toBeVisible({ timeout: 30_000 });
  await ex.locator('.ex-part[data-part="ratio"] .ex-answer').fill('6');
  await ex.getByRole('button', { name: 'Check' }).click();
  await expect(ex.getByRole('status')).toContainText('Right.');
  await page.goto('./#progress');
  const problem = page.locator('#progress .progress-problem');
  await expect(problem).toHaveText(/cannot be saved in this browser/);
  expect((await problem.innerText()).split('\n')).toHaveLength(1);
});
