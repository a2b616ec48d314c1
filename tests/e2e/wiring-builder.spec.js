// Part 4's "Build a wiring" where only a browser shows it: the drawing worked by keyboard alone in its focus order
// (Tab, Space, Enter, arrows), at 375 px on a phone by touch with every part a finger's target and nothing past the
// edge, axe in light and dark, and a link with written wirings arriving at the builder without a layout shift.
// What the builder computes and says (its rows in the table, the sentence, the address, a link's wirings, the
// kernel's messages, the lab and the charts it joins) is checked in a DOM: tests/web/widgets/wiring-builder.test.js.
import { axeScan, serious } from './axe.js';
import { expect, test as freshTest, warmTest as test } from './fixtures.js';

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

  test('at 375 px the drawing fits and works by touch', async ({ page }) => {
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
    // a tap takes (the row and the sentence it brings: wiring-builder.test.js, “a switch taken by itself”)
    await b.getByRole('button', { name: 'stream added back (residual)' }).tap();
    await expect(b.getByRole('button', { name: 'stream added back (residual)' })).toHaveAttribute('aria-pressed', 'false');
    await expect(b.locator('.wb-text code')).toHaveText('{"from":"pre","residual":false}');
  });
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
    await expect(tableOf(page).locator('.exp-footer')).toHaveText(/^\d+ runs?/, { timeout: 120_000 });
    await page.waitForTimeout(500);
    const total = await page.evaluate(() => window.__shifts.reduce((a, b) => a + b, 0));
    expect(total).toBeLessThan(0.05);
  });
}
