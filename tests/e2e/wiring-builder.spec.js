// Part 4's "Build a wiring" in a real browser: a wiring built by the drawing's parts (with the mouse, by keyboard
// alone, on a phone) gets rows of its own in the table of every wiring, whose cells carry its text form like the
// presets' carry their names, while the presets' cells stay; the address keeps it and a link reproduces it; the
// lab trains it in one click; the charts offer it; what the kernel refuses is said beside the field it is about.
import { axeScan, serious } from './axe.js';
import { expect, test as freshTest, warmTest as test } from './fixtures.js';
import { PLACEMENTS } from '../../web/src/experiment/choices.js';

test.describe.configure({ timeout: 180_000 });

// Part 4's table at its smallest: one depth, one seed
const LIGHT = 'p.Ls=6&p.seeds=0';
const MEASURES = ['all', 'no-ln', 'input', 'sd-factor'];
const RMS_SCALED = '{"from":"pre","norm":"rms","scale_out":"1/sqrt(2*L)"}';

const builderOf = (page) => page.locator('#build-wiring');
const tableOf = (page) => page.locator('#table-placements');

/** The computed cells of the table's rows for one wiring's text form: {measure: value}. */
const cellsOf = (page, text) =>
  tableOf(page)
    .locator('td[data-measure]')
    .evaluateAll(
      (tds, t) =>
        Object.fromEntries(
          tds
            .filter((td) => td.dataset.placement === t && td.dataset.value !== undefined)
            .map((td) => [`${td.dataset.l}|${td.dataset.measure}`, td.dataset.value]),
        ),
      text,
    );

async function open(page, query = LIGHT) {
  await page.goto(`./?${query}#build-wiring`);
  const b = builderOf(page);
  await expect(b.locator('.wiring-editor')).toBeVisible({ timeout: 60_000 });
  return b;
}

/** Waits until the reader's rows have every measure at L = 6, and returns them. */
async function writtenRow(page, text) {
  await expect.poll(async () => Object.keys(await cellsOf(page, text)).length, { timeout: 90_000 }).toBe(MEASURES.length);
  const cells = await cellsOf(page, text);
  for (const m of MEASURES) expect(Number(cells[`6|${m}`]), `${m}: ${cells[`6|${m}`]}`).toBeGreaterThan(0);
  return cells;
}

test('built with the drawing’s parts, a wiring gets its own row in the table; the presets’ cells stay as they are', async ({ page }) => {
  const b = await open(page);
  const table = tableOf(page);
  // the presets' rows first, as the page opened (nothing written yet: no row of the reader's)
  await expect(table.locator('td[data-measure][data-value]')).toHaveCount(PLACEMENTS.length * MEASURES.length, { timeout: 120_000 });
  await expect(table.locator('tbody tr')).toHaveCount(PLACEMENTS.length);
  await expect(b.locator('.wb-sentence')).toHaveText('Pre-LN, as the chapter measures it.');
  // every preset cell is marked: an element redrawn would lose its mark
  await table.locator('td[data-value]').evaluateAll((tds) => tds.forEach((td) => (td.dataset.before = td.dataset.value)));

  await b.getByLabel('Every norm').selectOption('rms');
  await b.getByLabel(/scale on the output/).fill('1/sqrt(2*L)');
  await b.getByLabel(/scale on the output/).press('Tab');
  await expect(b.locator('.wb-sentence')).toHaveText('Pre-LN with RMSNorm and the branch’s output scaled by 1/√(2·L).');
  await expect(b.locator('.wb-changes')).toHaveText('Changed from Pre-LN: norm LayerNorm → RMSNorm; scale_out 1 → 1/√(2·L).');
  await expect(b.locator('.wb-text code')).toHaveText(RMS_SCALED);
  await writtenRow(page, RMS_SCALED);
  await expect(table.locator('tbody tr').last().locator('th')).toHaveText('Your wiring, L = 6');
  await expect(table.locator(`td[data-placement="${RMS_SCALED.replaceAll('"', '\\"')}"][data-l="6"][data-measure="all"]`)).toHaveCount(1);
  // the presets' cells are the very elements they were
  expect(await table.locator('td[data-before]').count()).toBe(PLACEMENTS.length * MEASURES.length);
  expect(await table.locator('td[data-before]').evaluateAll((tds) => tds.every((td) => td.dataset.before === td.dataset.value))).toBe(true);
  // the address keeps the wiring
  expect(new URL(page.url()).searchParams.getAll('wiring')).toEqual([RMS_SCALED]);

  // a switch on the drawing: the norm after the add; the row is the new wiring's, the old one's is gone
  await b.getByRole('button', { name: 'norm after the add' }).click();
  await expect(b.getByRole('button', { name: 'norm after the add' })).toHaveAttribute('aria-pressed', 'true');
  const after = '{"from":"pre","norm":"rms","after":true,"scale_out":"1/sqrt(2*L)"}';
  await writtenRow(page, after);
  expect(Object.keys(await cellsOf(page, RMS_SCALED))).toEqual([]);
  await expect(table.locator('tbody tr')).toHaveCount(PLACEMENTS.length + 1);

  // a wiring that is a preset value for value is said to be one, and measured as that preset's runs
  await b.getByLabel('Start from').selectOption('post');
  await b.getByLabel(/× α, on the stream/).fill('(2*L)^0.25');
  await b.getByLabel(/÷ at init/).fill('(8*L)^0.25');
  await b.getByLabel(/÷ at init/).press('Enter');
  await expect(b.locator('.wb-sentence')).toContainText(': the same wiring as DeepNorm.');
  const deep = await writtenRow(page, '{"from":"post","alpha":"(2*L)^0.25","beta":"(8*L)^0.25"}');
  const deepnorm = await cellsOf(page, 'deepnorm');
  expect(deep).toEqual(deepnorm);
});

test('by keyboard alone: Tab through the drawing, switch and type, and the row comes', async ({ page }) => {
  const b = await open(page);
  await b.getByLabel('Start from').focus();
  const seen = [];
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('Tab');
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        return (el.labels?.[0]?.textContent || el.getAttribute('aria-label') || el.textContent || '').replace(/\s+/g, ' ').trim();
      }),
    );
  }
  // the parts in the order the data flows: the branch, the add, the norm after it, then the whole stack
  const order = [
    'Every norm',
    'norm on the branch’s input',
    'scale on the input',
    'norm on the branch’s output',
    'scale on the output',
    'a learned gate',
    'the gate’s start',
    'stream added back (residual)',
    'α, on the stream',
    'norm after the add',
    'norm after the last block',
    'first blocks plain Post-LN',
    '÷ at init',
  ];
  const at = order.map((name) => seen.findIndex((s) => s.includes(name)));
  expect(
    at.every((k) => k >= 0),
    `${seen.join(' | ')}`,
  ).toBe(true);
  expect([...at].sort((x, y) => x - y)).toEqual(at);

  // switch the input's norm off and the output's on with Space, type a gate and its start, all from the keys
  await b.getByRole('button', { name: 'norm on the branch’s input' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab'); // scale on the input
  await page.keyboard.press('Tab'); // norm on the branch's output
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab'); // scale on the output
  await page.keyboard.press('Tab'); // the gate
  await page.keyboard.press('ArrowDown'); // per block (ReZero)
  await page.keyboard.press('Tab'); // its start
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('0.5');
  await page.keyboard.press('Tab');
  const text = '{"from":"pre","in":false,"out":true,"gate":"block","gate0":"0.5"}';
  await expect(b.locator('.wb-text code')).toHaveText(text);
  await writtenRow(page, text);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true });

  test('at 375 px the drawing fits and works by touch, and adds the row', async ({ page }) => {
    const b = await open(page);
    const sticking = await b.evaluate((root) =>
      [...root.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    );
    expect(sticking).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // every part is a target a finger can take (24 px at least)
    const small = await b.locator('.wiring-editor button, .wiring-editor input, .wiring-editor select').evaluateAll((els) =>
      els
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width < 24 || r.height < 24;
        })
        .map((el) => el.outerHTML.slice(0, 60)),
    );
    expect(small).toEqual([]);
    await b.getByRole('button', { name: 'stream added back (residual)' }).tap();
    await expect(b.getByRole('button', { name: 'stream added back (residual)' })).toHaveAttribute('aria-pressed', 'false');
    await writtenRow(page, '{"from":"pre","residual":false}');
    await expect(b.locator('.wb-sentence')).toHaveText('Pre-LN with no residual (the branch’s output replaces the stream).');
  });
});

test('a link with ?wiring= reproduces the wiring: the drawing, the sentence and the row; two links’ wirings, two rows', async ({ page }) => {
  // written by hand, not in the kernel's form: the page puts it in its text form
  const link = '{"norm": "rms", "residual": false, "scale_out": "1/sqrt(2*L)"}';
  const b = await open(page, `${LIGHT}&wiring=${encodeURIComponent(link)}&wiring=${encodeURIComponent('{"from":"post","alpha":"2"}')}`);
  await expect(b.getByLabel('Every norm')).toHaveValue('rms');
  await expect(b.getByRole('button', { name: 'stream added back (residual)' })).toHaveAttribute('aria-pressed', 'false');
  await expect(b.getByLabel(/scale on the output/)).toHaveValue('1/sqrt(2*L)');
  await expect(b.locator('.wb-sentence')).toHaveText(
    'Pre-LN with RMSNorm, no residual (the branch’s output replaces the stream) and the branch’s output scaled by 1/√(2·L).',
  );
  const text = '{"from":"pre","norm":"rms","residual":false,"scale_out":"1/sqrt(2*L)"}';
  await writtenRow(page, text);
  await writtenRow(page, '{"from":"post","alpha":"2"}');
  await expect(
    tableOf(page)
      .locator('tbody tr th')
      .filter({ hasText: /^Your wiring \d, L\s=\s6$/ }),
  ).toHaveText(['Your wiring 1, L = 6', 'Your wiring 2, L = 6']);
  // the reader's edit changes the first; the link's second stays
  await b.getByRole('button', { name: 'norm on the branch’s output' }).click();
  await expect
    .poll(() => new URL(page.url()).searchParams.getAll('wiring'))
    .toEqual(['{"from":"pre","norm":"rms","out":true,"residual":false,"scale_out":"1/sqrt(2*L)"}', '{"from":"post","alpha":"2"}']);
});

test('a link’s wiring beside the builder’s preset is “Your wiring”; once the builder writes one, the two are numbered', async ({ page }) => {
  const b = await open(page, `${LIGHT}&wiring=deepnorm&wiring=${encodeURIComponent(RMS_SCALED)}`);
  await expect(b.getByLabel('Start from')).toHaveValue('deepnorm');
  await writtenRow(page, RMS_SCALED);
  const rowOf = (text) =>
    tableOf(page)
      .locator('tbody tr')
      .filter({ has: page.locator(`td[data-placement="${text.replaceAll('"', '\\"')}"]`) })
      .locator('th');
  await expect(rowOf(RMS_SCALED)).toHaveText('Your wiring, L = 6');
  await b.getByRole('button', { name: 'norm after the last block' }).click();
  await writtenRow(page, '{"from":"deepnorm","final":true}');
  await expect(rowOf('{"from":"deepnorm","final":true}')).toHaveText('Your wiring 1, L = 6');
  await expect(rowOf(RMS_SCALED)).toHaveText('Your wiring 2, L = 6');
});

test('what the kernel refuses is said beside the field it is about, and the last good wiring stays', async ({ page }) => {
  const b = await open(page);
  const field = (label) => b.locator('.field', { has: page.getByLabel(label) });
  await b.getByLabel(/× α, on the stream/).fill('2*');
  await b.getByLabel(/× α, on the stream/).press('Tab');
  await expect(field(/× α, on the stream/).locator('.field-message')).toHaveText(/^alpha: cannot read "2\*" at character 3/);
  await expect(b.getByLabel(/× α, on the stream/)).toHaveAttribute('aria-invalid', 'true');
  await expect(b.locator('.wb-text code')).toHaveText('pre');
  expect(new URL(page.url()).searchParams.getAll('wiring')).toEqual([]);
  await b.getByLabel(/× α, on the stream/).fill('1');
  await b.getByLabel(/× α, on the stream/).press('Tab');
  await expect(field(/× α, on the stream/).locator('.field-message')).toBeHidden();
  // a depth the table measures: first_post past L = 6
  await b.getByLabel(/first blocks plain Post-LN/).fill('L/4+10');
  await b.getByLabel(/first blocks plain Post-LN/).press('Tab');
  await expect(field(/first blocks plain Post-LN/).locator('.field-message')).toHaveText('first_post "L/4+10" must be between 0 and L = 6 (got 11.5)');
  await b.getByLabel(/first blocks plain Post-LN/).fill('0');
  // an initial value for a gate that is none
  await b.getByLabel(/the gate’s start/).fill('0.5');
  await b.getByLabel(/the gate’s start/).press('Tab');
  await expect(field(/the gate’s start/).locator('.field-message')).toHaveText(/^gate0 is the initial value of a gate, but gate is "none"/);
  await b.getByLabel(/a learned gate/).selectOption('sublayer');
  await expect(field(/the gate’s start/).locator('.field-message')).toBeHidden();
  await expect(b.locator('.wb-text code')).toHaveText('{"from":"pre","gate":"sublayer","gate0":"0.5"}');
});

test('a link’s wiring the kernel cannot read: said above the drawing and beside the table, the page goes on', async ({ page }) => {
  const b = await open(page, `${LIGHT}&wiring=${encodeURIComponent('{"alhpa": 2}')}`);
  await expect(b.locator('.we-message')).toHaveText(/^The wiring in this link cannot be used: a wiring has no key "alhpa"/);
  await expect(b.locator('.wb-text code')).toHaveText('pre');
  await expect(tableOf(page).locator('.exp-note.field-message')).toContainText('Your wiring cannot run here: a wiring has no key "alhpa"');
  await expect(tableOf(page).locator('td[data-measure][data-value]')).toHaveCount(PLACEMENTS.length * MEASURES.length, { timeout: 120_000 });
});

test('one click takes the wiring to the lab, which trains it beside its preset; the charts offer it', async ({ page }) => {
  const b = await open(page, `${LIGHT}&pg.L=4&wiring=${encodeURIComponent(RMS_SCALED)}`);
  await b.getByRole('link', { name: 'Train it in the lab' }).click();
  const lab = page.locator('#training-lab-curves');
  const wirings = lab.getByRole('combobox', { name: /^Wiring of configuration/ });
  await expect(wirings).toHaveCount(3);
  expect(await wirings.evaluateAll((selects) => selects.map((s) => s.selectedOptions[0].textContent))).toEqual(['Your wiring', 'Your wiring', 'Pre-LN']);
  await expect(page).toHaveURL(/t\.configs=w1-24-0(%2C|,)w1-24-50(%2C|,)pre-24-0/);
  // (the link sets the lab's configurations; its other fields are the lab's defaults: a short run here)
  await lab.getByLabel('Steps', { exact: true }).fill('3');
  await lab.getByLabel('Seeds', { exact: true }).fill('0');
  await lab.getByLabel('Seeds', { exact: true }).press('Tab');
  await lab.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(lab.locator('.lab-footer')).toHaveText(/^3 runs/, { timeout: 150_000 });
  const runs = lab.locator('.lab-run');
  await expect(runs).toHaveCount(3);
  expect(await runs.evaluateAll((lis) => lis.map((li) => [li.dataset.placement, li.dataset.warmup, li.dataset.finalLoss !== undefined]))).toEqual([
    [RMS_SCALED, '0', true],
    [RMS_SCALED, '50', true],
    ['pre', '0', true],
  ]);
  await expect(lab.locator('.lab-summary')).toContainText('Your wiring, L = 24, no warmup');

  // Part 4's gradient profile lists it among its wirings, in the written wirings' colour
  const profile = page.locator('#figure-placements-profile');
  await profile.scrollIntoViewIfNeeded();
  await profile.locator('summary', { hasText: 'Wirings:' }).click();
  await profile.getByLabel('Your wiring').check();
  await expect(profile.locator('.exp-footer')).toHaveText(/^\d+ runs/, { timeout: 90_000 });
  await profile.locator('.chart-data summary').click();
  await expect(profile.locator('.chart-data thead th').last()).toHaveText('Your wiring');
  await expect(profile.locator('.chart-data td[data-col="w1"]').first()).toHaveAttribute('data-value', /^\d/);
  await expect(page).toHaveURL(/pg\.placements=[^&]*w1/);

  // the builder back on a preset: no written wiring left; the lab's rows that trained it say so
  await b.getByLabel('Start from').selectOption('deepnorm');
  await expect(lab.locator('.lab-config-message')).toHaveText([/no longer on the page/, /no longer on the page/, '']);
  await expect(profile.locator('summary', { hasText: 'Wirings:' })).not.toContainText('Your wiring');
});

test('axe finds nothing serious in the builder and its row, light and dark', async ({ page }) => {
  const b = await open(page, `${LIGHT}&wiring=${encodeURIComponent(RMS_SCALED)}`);
  await writtenRow(page, RMS_SCALED);
  await b.getByLabel(/× α, on the stream/).fill('2*'); // a field with its message
  await b.getByLabel(/× α, on the stream/).press('Tab');
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    const { violations, passes } = await axeScan(page, '#build-wiring', '#table-placements');
    expect(serious(violations), scheme).toEqual([]);
    expect(passes).toContain('color-contrast');
  }
});

// A link that carries written wirings makes the table above the builder longer than its placeholder's reserve: the
// builder the link arrives at must not move as the table mounts and grows (layout-shift.spec.js measures the same).
for (const [name, viewport] of [
  ['1280×800', { width: 1280, height: 800 }],
  ['375×667', { width: 375, height: 667 }],
]) {
  freshTest(`arriving at the builder by a link with two written wirings, nothing moves (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await open(page, `${LIGHT}&wiring=${encodeURIComponent(RMS_SCALED)}&wiring=${encodeURIComponent('{"from":"post","alpha":"2"}')}`);
    await writtenRow(page, RMS_SCALED);
    await expect(tableOf(page).locator('.exp-footer')).toHaveText(/^\d+ runs/, { timeout: 120_000 });
    await page.waitForTimeout(500);
    const total = await page.evaluate(() => window.__shifts.reduce((a, b) => a + b, 0));
    expect(total).toBeLessThan(0.05);
  });
}
