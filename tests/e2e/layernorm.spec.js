// The LayerNorm instrument in a real browser: typed input, computed output, explained edge cases, and
// a message beside the field for every kind of bad input. One page for the file's tests: each starts from the
// instrument's defaults, typed back into its fields, as a fresh page shows them.
import { expect, sharedPage, warmTest as test } from './fixtures.js';

const readEntries = async (widget) => {
  const entries = widget.locator('.ln-y .ln-entry');
  const text = (await entries.allInnerTexts()).map((t) => t.replace('\u2212', '-'));
  const values = await entries.evaluateAll((els) => els.map((e) => Number(e.dataset.value)));
  return { text, values };
};

const widgetOf = (page) => page.locator('.ln-widget');
const field = (widget, label) => widget.getByLabel(label, { exact: true });
const messageOf = (widget, label) => field(widget, label).locator('xpath=..').locator('.field-message');

const shared = sharedPage(async (page) => {
  await page.goto('./#layernorm-one-vector-at-a-time');
  await expect(page.locator('.ln-widget .ln-y .ln-entry')).toHaveCount(4);
});
// the instrument's defaults (content/20-layernorm.md's props)
const DEFAULTS = [
  ['γ', '1'],
  ['β', '0'],
  ['ε', '0'],
  ['x', '2, 4, 4, 6'],
];
test.beforeEach(async () => {
  const widget = widgetOf(shared());
  for (const [label, text] of DEFAULTS) await field(widget, label).fill(text);
  await expect(widget.locator('.field-message:not(:empty)')).toHaveCount(0);
  await expect.poll(async () => (await readEntries(widget)).text).toEqual(['-1.4142', '0', '0', '1.4142']);
});

test('[2, 4, 4, 6] with ε = 0 gives −√2, 0, 0, √2', async () => {
  const page = shared();
  const widget = widgetOf(page);
  await field(widget, 'x').fill('2, 4, 4, 6');
  await field(widget, 'ε').fill('0');
  await expect(widget.locator('.ln-y .ln-entry')).toHaveCount(4);
  const { text, values } = await readEntries(widget);
  expect(text).toEqual(['-1.4142', '0', '0', '1.4142']);
  const expected = [-Math.SQRT2, 0, 0, Math.SQRT2];
  values.forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThan(1e-15));
  await expect(widget.locator('.ln-steps')).toContainText('Variance');
  await expect(widget.locator('.ln-jacobian svg')).toHaveCount(4);
});

test('recomputes on every edit', async () => {
  const page = shared();
  const widget = widgetOf(page);
  await field(widget, 'x').fill('1.5, 2');
  await field(widget, 'ε').fill('0');
  await expect.poll(async () => (await readEntries(widget)).text).toEqual(['-1', '1']);
  await field(widget, 'γ').fill('2');
  await field(widget, 'β').fill('0.5');
  await expect.poll(async () => (await readEntries(widget)).text).toEqual(['-1.5', '2.5']);
});

test('[5, 5, 5, 5] with ε = 0 is explained as 0/0; with ε = 1e-5 it is zeros', async () => {
  const page = shared();
  const widget = widgetOf(page);
  await field(widget, 'x').fill('5, 5, 5, 5');
  await field(widget, 'ε').fill('0');
  await expect.poll(async () => (await readEntries(widget)).text).toEqual(['NaN', 'NaN', 'NaN', 'NaN']);
  const note = widget.locator('.ln-note');
  await expect(note).toContainText('no value');
  await expect(note).toContainText('ε to 0');
  await expect(widget.locator('.ln-jac-note')).toContainText('does not exist');

  await field(widget, 'ε').fill('1e-5');
  await expect.poll(async () => (await readEntries(widget)).text).toEqual(['0', '0', '0', '0']);
  await expect(note).toContainText('output is');
});

const badInputs = [
  ['x', '', /Enter at least one number/],
  ['x', '2,,4', /Entry 2 is empty/],
  ['x', 'abc', /“abc” is not a number/],
  ['x', '1e400', /too large/],
  ['x', 'NaN', /not a finite number/],
  // (the field holds 2,000 characters, MAX_ANSWER_CHARS: the 10,000 entries typed arrive as the first 668)
  ['x', Array(10000).fill('1').join(', '), /Too many entries: 668 \(at most 32 here\)/],
  ['γ', '1.5e308', /output larger than float64 can hold/],
  ['ε', '-1', /ε must be 0 or more/],
  ['ε', 'abc', /not a number/],
  ['γ', '1, 2, 3', /gamma has 3 entries, x has 4/],
  ['β', '1, 2', /beta has 2 entries, x has 4/],
];

for (const [label, value, message] of badInputs) {
  test(`bad ${label} “${value.slice(0, 20)}” gets a message beside the field`, async () => {
    const page = shared();
    const widget = widgetOf(page);
    await field(widget, 'x').fill('2, 4, 4, 6');
    await expect(widget.locator('.ln-y .ln-entry')).toHaveCount(4);
    await field(widget, label).fill(value);
    await expect(messageOf(widget, label)).toHaveText(message);
    await expect(field(widget, label)).toHaveAttribute('aria-invalid', 'true');
    await expect(widget.locator('.ln-view')).toHaveClass(/stale/);

    // the page keeps working: a good value clears the message and recomputes
    await field(widget, label).fill(label === 'x' ? '1, 3' : label === 'ε' ? '0' : '1');
    if (label === 'x') await field(widget, 'ε').fill('0');
    await expect(messageOf(widget, label)).toBeEmpty();
    await expect(widget.locator('.ln-view')).not.toHaveClass(/stale/);
  });
}

test('presets fill the fields and recompute', async () => {
  const page = shared();
  const widget = widgetOf(page);
  await widget.getByRole('button', { name: '[5, 5, 5, 5], ε = 1e-5' }).click();
  await expect(field(widget, 'x')).toHaveValue('5, 5, 5, 5');
  await expect.poll(async () => (await readEntries(widget)).text).toEqual(['0', '0', '0', '0']);
});

// Issue 10: LayerNorm ignores a common factor, so entries near float64's ends normalise like any others.
for (const [x, unit] of [
  ['1e-300, 2e-300, 3e-300', 'smaller than the smallest'],
  ['1e200, 2e200, 3e200', 'larger than the largest'],
]) {
  test(`[${x}] with ε = 0 is [−1.2247, 0, 1.2247], its steps shown in the kernel's unit`, async () => {
    const page = shared();
    const widget = widgetOf(page);
    await field(widget, 'x').fill(x);
    await field(widget, 'ε').fill('0');
    await expect.poll(async () => (await readEntries(widget)).text).toEqual(['-1.2247', '0', '1.2247']);
    const note = widget.locator('.ln-note');
    await expect(note).toContainText(unit);
    await expect(note).toContainText('ignores a common factor');
    await expect(note).not.toContainText('All entries are equal');
    await expect(widget.locator('.ln-steps')).toContainText('In the unit u');
    await expect(widget.locator('.ln-steps')).not.toContainText('NaN');
    await expect(widget.locator('.ln-steps')).not.toContainText('∞');
    await expect(widget.locator('.ln-jacobian svg')).toHaveCount(4);
  });
}

test('tiny deviations next to ε: σ² shows as 0 and the page says why, without claiming the entries are equal', async () => {
  const page = shared();
  const widget = widgetOf(page);
  await field(widget, 'x').fill('1e-300, 2e-300, 3e-300');
  await field(widget, 'ε').fill('1e-5');
  await expect(widget.locator('.ln-note')).toContainText('change nothing');
  await expect(widget.locator('.ln-note')).not.toContainText('All entries are equal');
});

test('the Jacobian heat maps carry row and column numbers and one colour scale; the scale is named as a number', async () => {
  const page = shared();
  const widget = widgetOf(page);
  await field(widget, 'x').fill('2, 4, 4, 6');
  await field(widget, 'ε').fill('0');
  await expect(widget.locator('.ln-jacobian svg')).toHaveCount(4);
  const first = widget.locator('.ln-jacobian .heatmap').first();
  await expect(first.locator('.heatmap-index')).toHaveText(['1', '1', '2', '2', '3', '3', '4', '4']); // rows and columns
  await expect(first.locator('rect[data-value]').first().locator('title')).toHaveText(/row 1, column 1: 0\.17678/);
  await expect(first.locator('table thead th')).toHaveText(['1', '2', '3', '4']);
  const legend = widget.locator('.ln-jac-legend svg');
  await expect(legend).toHaveAttribute('aria-label', /Colour scale: full blue is −0\.70711, white is 0, full red is 0\.70711/);
  await expect(widget.locator('h3', { hasText: 'The Jacobian' })).toHaveText('The Jacobian');
  await expect(widget.locator('.ln-jac-scale')).toContainText('The scale');
  await expect(widget.locator('.ln-jac-scale')).toContainText('0.70711');
  await expect(widget.locator('.ln-jac-scale')).toContainText('one number');
});

test('a Jacobian past float64 is explained in its place; the steps stay', async () => {
  const page = shared();
  const widget = widgetOf(page);
  await field(widget, 'x').fill('5e-324, 1e-317');
  await field(widget, 'ε').fill('0');
  await expect.poll(async () => (await readEntries(widget)).text).toEqual(['-1', '1']);
  await expect(widget.locator('.ln-jac-note')).toContainText('larger than float64 can hold');
  await expect(widget.locator('.ln-view')).not.toHaveClass(/stale/);
});
