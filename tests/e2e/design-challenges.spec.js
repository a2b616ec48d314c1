// The design challenges (exercises 22 and 23) where only a browser shows it: Check and the Cancel beside the wiring
// worked by keyboard, the Cancel stopping runs in the page's real module workers, and axe in an exercise with its
// verdict, light and dark. What the checks compute and say (the verdicts at the key's numbers, each criterion's
// sentence, the named mistakes, the badge, the record kept for the next visit) is checked in a DOM:
// tests/web/widgets/design-challenges.test.js.
import { axeScan, serious } from './axe.js';
import { expect, warmTest as test } from './fixtures.js';

// six 24-block runs, or three 150-step training runs, on a machine that may be shared
test.describe.configure({ timeout: 600_000 });
const RUNS_MS = 480_000;

const section = (page, n) => page.locator(`#exercise-${n}`);

async function open(page, n) {
  await page.goto(`./#exercise-${n}`);
  await expect(section(page, n).locator('.ex-part-wiring .wiring-editor')).toBeVisible({ timeout: 30_000 });
}

/** Check, by keyboard: focus on the button, Enter. */
async function checkByKeyboard(page, n) {
  await section(page, n).getByRole('button', { name: 'Check' }).focus();
  await page.keyboard.press('Enter');
}

const verdict = (page, n) => section(page, n).locator('.ex-part-wiring .ex-result');

/** axe on the exercise, in the light scheme and the dark. */
async function axeBothSchemes(page, n) {
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(serious((await axeScan(page, `#exercise-${n}`)).violations), scheme).toEqual([]);
  }
}

test('exercise 22 (at L = 24) by keyboard: Check, Cancel in the real workers, Check again; axe clean with its verdict', async ({ page }) => {
  await open(page, 22);
  const ex = section(page, 22);
  await ex.getByLabel('L', { exact: true }).fill('24');
  // a check stopped by keyboard counts nothing
  await checkByKeyboard(page, 22);
  const run = ex.locator('.ex-design-run');
  await expect(run).toBeVisible();
  await expect(run.locator('progress')).toBeVisible();
  await page.keyboard.press('Tab'); // from Check … to the Cancel beside the wiring: reach it by its own focus
  await ex.getByRole('button', { name: 'Cancel the check' }).focus();
  await page.keyboard.press('Enter');
  await expect(ex.getByRole('status').filter({ hasText: 'The check was stopped' })).toBeVisible();
  await expect(ex.locator('.ex-state')).toHaveText('Not started');
  await expect(run).toBeHidden();
  // Post-LN itself, checked to its verdict
  await checkByKeyboard(page, 22);
  await expect(verdict(page, 22).locator('.ex-verdict')).toHaveText(/✗ Not yet: 1 of the 4 checks fails\./, { timeout: RUNS_MS });
  await axeBothSchemes(page, 22);
});

test('exercise 23: axe finds nothing serious with its verdict', async ({ page }) => {
  await open(page, 23);
  await checkByKeyboard(page, 23);
  await expect(verdict(page, 23).locator('.ex-verdict')).toHaveText('✗ Not yet: 1 of the 2 checks fails.', { timeout: RUNS_MS });
  await axeBothSchemes(page, 23);
});
