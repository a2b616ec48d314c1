// Browser-only: Chromium's own paste, which a field's maxlength cuts without a word (jsdom has no clipboard and no
// maxlength on input); the page then says what was lost (ui/length-notice.js; its words and counts as a field fills
// are checked in jsdom: tests/web/widgets/length-notice.test.js). On the teachers' page, the lightest with a limited
// field: its class code holds 40 characters.
import { expect, test } from './fixtures.js';

test('a paste longer than the class code holds arrives cut, and the page says how much was not kept', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./teachers.html');
  const code = page.getByLabel('Class code');
  await code.click();
  await page.evaluate(() => navigator.clipboard.writeText('PHYS 101 '.repeat(10))); // 90 characters
  await page.keyboard.press('ControlOrMeta+V');
  await expect(code).toHaveValue('PHYS 101 '.repeat(10).slice(0, 40));
  await expect(page.locator('.field-length')).toHaveText("The paste was cut to this field's 40 characters: its last 50 were not kept.");
});
