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

// A long explanation is held to what the record keeps (the field's maxlength is the store's limit), so it comes
// back after a reload with the rest of the exercise; a stored one over the limit (an older page's) is cut, not
// the whole exercise dropped.
test('a long answer comes back after a reload, with the exercise’s attempts', async ({ page }) => {
  await page.goto('./#exercise-17');
  const ex = page.locator('#exercise-17');
  await expect(ex.locator('.ex-form')).toBeVisible({ timeout: 30_000 });
  const why = ex.locator('.ex-part[data-part="why"] .ex-answer');
  await expect(why).toHaveAttribute('maxlength', '2000');
  await why.pressSequentially('x'.repeat(10));
  await why.evaluate((el) => {
    el.value = 'y '.repeat(995) + el.value; // words: a single 2,000-letter word is not an explanation
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await ex.locator('.ex-part[data-part="pre"] .ex-answer').fill('1.1922');
  await ex.getByRole('button', { name: 'Check' }).click();
  await page.reload();
  await expect(ex.locator('.ex-form')).toBeVisible({ timeout: 30_000 });
  await expect(ex.locator('.ex-part[data-part="why"] .ex-answer')).toHaveValue('y '.repeat(995) + 'x'.repeat(10));
  await expect(ex.locator('.ex-part[data-part="pre"]')).toHaveClass(/ex-right/);

  // an older page's record with a longer answer: cut to the limit, the exercise kept, and the panel says so
  await page.evaluate(() => {
    const key = 'residual-ln-progress-v1';
    const stored = JSON.parse(localStorage.getItem(key));
    stored.exercises[17].answers.why = 'z '.repeat(1250);
    localStorage.setItem(key, JSON.stringify(stored));
  });
  await page.reload();
  await expect(ex.locator('.ex-form')).toBeVisible({ timeout: 30_000 });
  await expect(ex.locator('.ex-part[data-part="why"] .ex-answer')).toHaveValue('z '.repeat(1000));
  await expect(ex.locator('.ex-part[data-part="pre"]')).toHaveClass(/ex-right/);
  await page.goto('./#progress');
  await expect(page.locator('#progress')).toContainText('Exercise 17: one saved answer was longer than a field holds');
});
