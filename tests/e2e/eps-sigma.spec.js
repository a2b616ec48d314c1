// The ε and σ instrument in a real browser: σ and ε edited by hand and by keyboard, the scale read from
// data-scale against γ/√(σ²+ε), the infinite case explained, a message beside the field for every kind of
// bad input, the view kept in the URL, the exercises' links opening it with their numbers, a phone's
// width, and axe.
import { axeScan } from './axe.js';
import { expect, sharedPage, test as freshTest, warmTest as test } from './fixtures.js';

const ANCHOR = '#eps-sigma-instrument';
const widgetOf = (page) => page.locator(ANCHOR);
const field = (widget, label) => widget.getByLabel(label, { exact: true });
const messageOf = (widget, label) => field(widget, label).locator('xpath=..').locator('.field-message');
const scaleOf = (widget) => widget.locator('[data-scale]');
const readScale = async (widget) => Number(await scaleOf(widget).getAttribute('data-scale'));

async function open(page, query = '') {
  await page.goto(`./${query}${ANCHOR}`);
  const widget = widgetOf(page);
  await widget.scrollIntoViewIfNeeded();
  await expect(widget).toHaveAttribute('data-mount', 'done');
  return widget;
}

// the reference value, written out here as the test's own oracle
const scale = (sigma, eps, gamma = 1) => gamma / Math.sqrt(sigma * sigma + eps);

// (on one page: each test leaves σ, ε and γ as the page opened with them, which the next test finds)
test.describe('σ, ε and γ typed, on one page', () => {
  /** @type {Record<string, string>} */
  const defaults = {};
  const shared = sharedPage(async (page) => {
    const widget = await open(page);
    for (const label of ['σ', 'ε', 'γ']) defaults[label] = await field(widget, label).inputValue();
  });
  test.afterEach(async () => {
    const widget = widgetOf(shared());
    for (const [label, value] of Object.entries(defaults)) await field(widget, label).fill(value);
    await expect(widget.locator('.field-message:not(:empty)')).toHaveCount(0);
    await expect.poll(() => readScale(widget)).toBeCloseTo(scale(Number(defaults['σ']), Number(defaults['ε']), Number(defaults['γ'])), 12);
  });

  test('editing σ and ε recomputes the scale γ/√(σ²+ε) in data-scale', async () => {
    const widget = widgetOf(shared());
    for (const [sigma, eps, gamma] of [
      ['0.5', '0.01', '2'],
      ['0.001', '1e-5', '1'],
      ['3.59', '1e-5', '1'],
      ['0', '1e-5', '1'],
    ]) {
      await field(widget, 'σ').fill(sigma);
      await field(widget, 'ε').fill(eps);
      await field(widget, 'γ').fill(gamma);
      const want = scale(Number(sigma), Number(eps), Number(gamma));
      await expect.poll(() => readScale(widget)).toBeCloseTo(want, 12);
      expect(Math.abs((await readScale(widget)) - want)).toBeLessThanOrEqual(1e-15 * want);
    }
    // σ = 0 sits exactly at the cap γ/√ε (exercise 7), and the note says why
    await expect(widget.locator('.es-note')).toContainText('cap');
    await expect(widget.locator('.es-scale')).toHaveText('316.228');
  });

  test('the chart marks the reader’s σ and draws the cap; its data table lists them', async () => {
    const widget = widgetOf(shared());
    await field(widget, 'σ').fill('0.0123');
    await field(widget, 'ε').fill('1e-4');
    const first = widget.locator('.es-view').first();
    await expect(first.getByRole('switch', { name: 'your σ' })).toBeVisible();
    await expect(first.getByRole('switch', { name: 'the cap γ/√ε' })).toBeVisible();
    await expect(first.locator('.chart')).toHaveAttribute('aria-label', /cap γ\/√ε = 100.*your σ = 0\.0123 marked/);
    await first.locator('.chart-data summary').click();
    const yours = first.locator('.chart-data tr.summary-row');
    await expect(yours.locator('th')).toHaveText('0.0123 (yours)');
    expect(Number(await yours.locator('td[data-col="eps"]').getAttribute('data-value'))).toBeCloseTo(scale(0.0123, 1e-4), 12);
    await expect(yours.locator('td[data-col="cap"]')).toHaveAttribute('data-value', '100');
    // ε = 0: no cap to draw
    await field(widget, 'ε').fill('0');
    await expect(first.getByRole('switch', { name: 'the cap γ/√ε' })).toHaveCount(0);
    await expect(widget.locator('.es-note')).toContainText('no cap');
  });

  test('a σ outside the chart’s axis is said under the chart, and nothing is marked', async () => {
    const widget = widgetOf(shared());
    const first = widget.locator('.es-view').first();
    await expect(first.locator('.es-off-axis')).toBeHidden(); // the default σ lies on the axis
    await field(widget, 'σ').fill('1e9');
    await expect(first.locator('.es-off-axis')).toHaveText(
      /^Your σ = 1e\+?9 lies outside this chart’s axis \(σ from .+ to .+\): its scale is the one given above/,
    );
    await expect(first.getByRole('switch', { name: 'your σ' })).toHaveCount(0);
    await field(widget, 'σ').fill('0.5');
    await expect(first.locator('.es-off-axis')).toBeHidden();
  });

  test('PyTorch’s ε at a real stream’s spread: the numbers under the figure are the kernel’s', async () => {
    const widget = widgetOf(shared());
    const line = widget.locator('.es-torch');
    await expect(line).toContainText('published');
    const effects = await line.locator('[data-eps-effect]').evaluateAll((els) => els.map((e) => Number(e.dataset.epsEffect)));
    expect(effects).toHaveLength(2);
    [1.04, 3.59].forEach((s, i) => expect(effects[i]).toBeCloseTo(1 - s / Math.sqrt(s * s + 1e-5), 15));
    expect(Number(await line.locator('[data-knee]').getAttribute('data-knee'))).toBe(Math.sqrt(1e-5));
  });
});

test('σ = 0 with ε = 0: the scale is infinite, and the instrument says why instead of printing Infinity', async ({ page }) => {
  const widget = await open(page, '?es.layers=power'); // the strip's σᵢ = σ·iᵖ
  await field(widget, 'σ').fill('0');
  await field(widget, 'ε').fill('0');
  await expect(scaleOf(widget)).toHaveAttribute('data-scale', 'Infinity');
  await expect(widget.locator('.es-scale')).not.toContainText('Infinity');
  await expect(widget.locator('.es-note')).toContainText('divides by √0 = 0, so it is infinite');
  // the depth strip's σᵢ = σ·iᵖ are all 0 too: its message says the chain is infinite
  await expect(widget.locator('.es-strip-message')).toContainText('block 1 has σ = 0 and ε = 0');
});

const badInputs = [
  ['σ', '-1', /^σ must be 0 or more \(it is a standard deviation\)$/],
  ['σ', 'abc', /“abc” is not a number/],
  ['σ', '1e400', /too large/],
  ['σ', 'NaN', /not a finite number/],
  ['σ', '', /Enter a number/],
  ['ε', '-1', /^ε must be 0 or more \(it is added under a square root\)$/],
  ['ε', 'abc', /not a number/],
  ['ε', '1e400', /too large/],
  ['γ', '0', /^γ must be more than 0 here/],
  ['δ', '-0.1', /^δ must be 0 or more/],
  ['L, the number of blocks', '10000', /^L must be from 1 to 1000/],
  ['L, the number of blocks', '2.5', /^L must be a whole number/],
];

// (on one page: each test types its field's value back, and the instrument is as it was for the next)
test.describe('bad input, on one page', () => {
  const shared = sharedPage((page) => open(page, '?es.layers=power')); // (p is the power strip's)
  for (const [label, value, message] of badInputs) {
    test(`bad ${label} “${value}” gets a message beside the field, and the last result stays, marked out of date`, async () => {
      const widget = widgetOf(shared());
      await field(widget, 'σ').fill('0.5');
      await expect.poll(() => readScale(widget)).toBeCloseTo(scale(0.5, 1e-5), 12);
      const good = await field(widget, label).inputValue();
      await field(widget, label).fill(value);
      await expect(messageOf(widget, label)).toHaveText(message);
      await expect(field(widget, label)).toHaveAttribute('aria-invalid', 'true');
      await expect(widget.locator('.es-view.stale')).not.toHaveCount(0);
      await expect(widget.locator('.es-view.stale .es-stale').first()).toBeVisible();
      expect(await readScale(widget)).toBeCloseTo(scale(0.5, 1e-5), 12);
      // its good value back: the message goes, the view is current again
      await field(widget, label).fill(good);
      await expect(messageOf(widget, label)).toBeEmpty();
      await expect(widget.locator('.es-view.stale')).toHaveCount(0);
    });
  }
});

test('the ε as the LayerNorm instrument words it: the same message for ε < 0', async ({ page }) => {
  const widget = await open(page);
  await field(widget, 'ε').fill('-1');
  const ln = page.locator('.ln-widget');
  await page.locator('[data-widget="layernorm"]').scrollIntoViewIfNeeded();
  await ln.getByLabel('ε', { exact: true }).fill('-1');
  await expect(messageOf(widget, 'ε')).toHaveText(await ln.getByLabel('ε', { exact: true }).locator('xpath=..').locator('.field-message').innerText());
});

test('the depth strip: the Post-LN chain beside the Pre-LN bound, from a list, a list of variances or σ·iᵖ', async ({ page }) => {
  const widget = await open(page);
  await field(widget, 'ε').fill('0');
  const strip = widget.locator('.es-depth-view');
  await widget.getByLabel('σᵢ along the stack').selectOption('variances');
  await field(widget, 'σᵢ², block by block').fill('0.25, 1, 4, 9');
  await expect.poll(async () => Number(await strip.locator('.es-chain').getAttribute('data-value'))).toBeCloseTo(1 / 3, 14);
  await expect(strip.locator('.es-first-over-last')).toHaveAttribute('data-value', '6');
  await field(widget, 'σᵢ², block by block').fill('1, -4');
  await expect(messageOf(widget, 'σᵢ², block by block')).toHaveText(/^block 2: the variance must be 0 or more/);

  await widget.getByLabel('σᵢ along the stack').selectOption('power');
  await field(widget, 'σ').fill('1');
  await field(widget, 'p').fill('0.5');
  await field(widget, 'L, the number of blocks').fill('400');
  await field(widget, 'δ').fill('0.02');
  // ∏ 1/√i over 400 layers leaves float64: shown as a power of ten, exact from the kernel's log₁₀
  await expect(strip.locator('.es-chain')).toHaveAttribute('data-value', '0');
  let log = 0;
  for (let i = 1; i <= 400; i++) log -= 0.5 * Math.log10(i);
  expect(Number(await strip.locator('.es-chain').getAttribute('data-log10'))).toBeCloseTo(log, 9);
  await expect(strip.locator('.es-chain')).toContainText('10');
  expect(Number(await strip.locator('.es-bound').getAttribute('data-value'))).toBeCloseTo(1.02 ** 400, 6);
  await strip.locator('.chart-data summary').click();
  await expect(strip.locator('.chart-data tbody tr')).toHaveCount(400);
});

test('the view lives in the URL: a reload keeps it', async ({ page }) => {
  const widget = await open(page);
  await field(widget, 'σ').fill('0.02');
  await field(widget, 'ε').fill('1e-3');
  await expect(page).toHaveURL(/es\.sigma=0\.02/);
  await expect(page).toHaveURL(/es\.eps=1e-3/);
  await page.reload();
  const again = widgetOf(page);
  await again.scrollIntoViewIfNeeded();
  await expect(again).toHaveAttribute('data-mount', 'done');
  await expect(field(again, 'σ')).toHaveValue('0.02');
  expect(await readScale(again)).toBe(scale(0.02, 1e-3));
});

// An older link spelt the power strip's count es.n (now es.L, of every source): it still opens the same view, the
// figure's link line does not call it unused, and the reader's next change writes es.L in its place.
test('an older link’s es.n still sets L, and a change writes es.L in its place', async ({ page }) => {
  const widget = await open(page, '?es.layers=power&es.n=12');
  await expect(field(widget, 'L, the number of blocks')).toHaveValue('12');
  await expect(widget.locator('.link-note')).toHaveText('');
  await field(widget, 'L, the number of blocks').fill('13');
  await expect(page).toHaveURL(/es\.L=13/);
  expect(new URL(page.url()).searchParams.get('es.n')).toBeNull();
});

// Exercises 7, 10, 11 and 16 each link to the instrument with their own numbers.
const links = [
  [7, async (w) => expect(await readScale(w)).toBe(1 / Math.sqrt(1e-5))],
  [10, async (w) => expect(Number(await w.locator('.es-chain').getAttribute('data-value'))).toBeCloseTo(1 / 3, 14)],
  [11, async (w) => expect(Number(await w.locator('.es-first-over-last').getAttribute('data-value'))).toBeCloseTo(6, 13)],
  [16, async (w) => expect(Number(await w.locator('.es-bound').getAttribute('data-value'))).toBeCloseTo(1.02 ** 48, 12)],
];
for (const [n, check] of links) {
  test(`exercise ${n} opens the instrument preloaded with its numbers`, async ({ page }) => {
    await page.goto('./?a.L=2'); // another figure's parameter, which the link must not drop
    await page.evaluate(() => (window.__samePage = true));
    const link = page.locator(`#exercise-${n} a[href$="${ANCHOR}"]`);
    await expect(link).toHaveCount(1);
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\?es\./);
    // the navigation is caught as it commits: once mounted, the instrument writes its state back to the URL and
    // leaves out what equals its defaults (exercise 16's numbers all do), so the query may be gone by the next look
    await Promise.all([
      page.waitForURL((url) => url.hash === ANCHOR && url.search.includes(href.split('#')[0].split('&')[0].slice(1)), { waitUntil: 'commit' }),
      link.click(),
    ]);
    const widget = widgetOf(page);
    await expect(widget).toHaveAttribute('data-mount', 'done');
    await expect(widget).toBeInViewport();
    await check(widget);
    // not mounted when the link was followed, the instrument mounted from the URL the link made, in this page
    expect(await page.evaluate(() => window.__samePage), 'no reload').toBe(true);
    expect(new URL(page.url()).searchParams.get('a.L')).toBe('2');
  });
}

test.describe('a link followed while the instrument is mounting', () => {
  test.use({ serviceWorkers: 'block' }); // (a service worker would answer past page.route)

  test('waits for the instrument, then sets it up in place with the link’s numbers and gives σ the focus', async ({ page }) => {
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route(/\/assets\/eps-sigma-[\w-]+\.js$/, async (route) => {
      await held; // the instrument's code arrives only once the link has been clicked
      await route.continue();
    });
    await page.goto('./?a.L=2');
    await page.evaluate(() => (window.__samePage = true));
    const widget = widgetOf(page);
    await widget.scrollIntoViewIfNeeded();
    await expect(widget).toHaveClass(/widget-loading/);
    const link = page.locator(`#exercise-7 a[href$="${ANCHOR}"]`);
    await link.scrollIntoViewIfNeeded();
    await link.click();
    expect(await widget.evaluate((el) => el.classList.contains('widget-loading')), 'clicked while it mounts').toBe(true);
    release();
    await expect(field(widget, 'σ')).toHaveValue('0');
    await expect(field(widget, 'ε')).toHaveValue('1e-5');
    await expect(field(widget, 'σ')).toBeFocused();
    await expect(widget).toBeInViewport();
    expect(await page.evaluate(() => window.__samePage), 'no reload').toBe(true);
    expect(new URL(page.url()).searchParams.get('a.L')).toBe('2');
    await page.goBack();
    await expect(link).toBeInViewport();
    await expect(field(widget, 'σ')).toHaveValue('1');
  });
});

test('before the instrument has mounted, Back after an exercise’s link returns to the exercise and the instrument to its defaults', async ({ page }) => {
  await page.goto('./');
  await page.evaluate(() => (window.__samePage = true));
  const link = page.locator(`#exercise-7 a[href$="${ANCHOR}"]`);
  await link.scrollIntoViewIfNeeded();
  await expect(widgetOf(page)).not.toHaveAttribute('data-mount', /./);
  await link.click();
  const widget = widgetOf(page);
  await expect(widget).toHaveAttribute('data-mount', 'done');
  await expect(field(widget, 'σ')).toHaveValue('0');
  await expect(widget).toBeFocused(); // where Tab goes on from, as after any link within the page
  await page.keyboard.press('Tab');
  await expect(field(widget, 'σ')).toBeFocused();
  await page.goBack();
  await expect(link).toBeInViewport();
  await expect(field(widget, 'σ')).toHaveValue('1');
  expect(new URL(page.url()).search).toBe('');
  expect(await page.evaluate(() => window.__samePage), 'no reload').toBe(true);
});

test('with the instrument mounted, an exercise’s link sets it up in place, and Back puts it back', async ({ page }) => {
  await page.goto('./?es.sigma=0.5'); // a reader who came in at the top, set σ in the instrument and read on
  const widget = widgetOf(page);
  await widget.scrollIntoViewIfNeeded();
  await expect(widget).toHaveAttribute('data-mount', 'done');
  await expect(field(widget, 'σ')).toHaveValue('0.5');
  await page.evaluate(() => (window.__samePage = true));
  const link = page.locator(`#exercise-7 a[href$="${ANCHOR}"]`);
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await expect(field(widget, 'σ')).toHaveValue('0');
  await expect(field(widget, 'ε')).toHaveValue('1e-5');
  await expect(field(widget, 'σ')).toBeFocused();
  await expect(widget).toBeInViewport();
  await expect.poll(() => readScale(widget)).toBe(1 / Math.sqrt(1e-5));
  expect(new URL(page.url()).searchParams.get('es.sigma')).toBe('0');
  expect(new URL(page.url()).hash).toBe(ANCHOR);

  await page.goBack();
  await expect(field(widget, 'σ')).toHaveValue('0.5');
  await expect(link).toBeInViewport();
  expect(new URL(page.url()).searchParams.get('es.sigma')).toBe('0.5');
  await page.goForward();
  await expect(field(widget, 'σ')).toHaveValue('0');
  expect(await page.evaluate(() => window.__samePage)).toBe(true);
});

test('keyboard: Tab reaches σ, ε and γ, and typing recomputes', async ({ page }) => {
  const widget = await open(page);
  await widget.evaluate((el) => {
    const before = document.createElement('button');
    before.textContent = 'start';
    before.id = 'tab-start';
    el.before(before);
    before.focus();
  });
  const order = [];
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    order.push(await page.evaluate(() => document.activeElement.labels?.[0]?.textContent));
  }
  expect(order).toEqual(['σ', 'ε', 'γ']);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('0.25');
  await expect.poll(() => readScale(widget)).toBeCloseTo(scale(0.25, 1e-5), 12);
  // further on, past the chart's legend and data table, the strip's controls
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const seen = [];
  for (let i = 0; i < 15 && !seen.includes('δ'); i++) {
    await page.keyboard.press('Tab');
    seen.push(await page.evaluate(() => document.activeElement.labels?.[0]?.textContent ?? document.activeElement.textContent.trim()));
  }
  expect(seen).toEqual(expect.arrayContaining(['your σ', 'Data table', 'σᵢ along the stack', 'Wiring', 'L, the number of blocks', 'δ']));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });

  test('375 px: nothing in the instrument sticks out unless it scrolls in its own box', async ({ page }) => {
    const widget = await open(page, '?es.eps=0&es.sigma=0.001');
    await expect(widget.locator('.es-chart .chart canvas')).toHaveCount(2);
    for (const summary of await widget.locator('.chart-data summary').all()) await summary.click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const sticking = await widget.evaluate((root) =>
      [...root.querySelectorAll('*')]
        .filter((el) => !el.closest('.katex-mathml, svg') && el.getBoundingClientRect().right > innerWidth + 0.5)
        .filter((el) => {
          for (let a = el.parentElement; a && a !== root.parentElement; a = a.parentElement)
            if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return false;
          return true;
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    );
    expect(sticking).toEqual([]);
    // every control stays a touch target of at least 24×24 px
    const small = await widget.evaluate((root) =>
      [...root.querySelectorAll('button, summary, select, input, [role="switch"]')]
        .filter((el) => el.getClientRects().length)
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width < 24 || r.height < 24)
        .map(({ el, r }) => `${el.tagName} ${r.width}×${r.height}`),
    );
    expect(small).toEqual([]);
  });
});

for (const scheme of ['light', 'dark']) {
  test(`axe: the instrument has no violation in ${scheme} mode, with a message shown and a table open`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const widget = await open(page, '?es.sigma=0&es.eps=0');
    await field(widget, 'γ').fill('-1');
    await expect(messageOf(widget, 'γ')).not.toBeEmpty();
    await widget.locator('.chart-data summary').first().click();
    const { violations, passes } = await axeScan(page, ANCHOR);
    expect(violations).toEqual([]);
    expect(passes).toContain('color-contrast');
  });
}

test('along a stack, the strip opens on a real stack’s spreads, measured by the kernel, and says why its chain is not table B’s ratio', async ({ page }) => {
  const widget = await open(page);
  await expect(widget.getByLabel('σᵢ along the stack')).toHaveValue('measured');
  const note = widget.locator('.es-measured');
  await expect(note).toContainText('Post-LN stack of 24 blocks', { timeout: 60_000 });
  await expect(note).toContainText('so the chain alone is not that ratio');
  const chain = Number(await widget.locator('.es-chain').getAttribute('data-value'));
  expect(chain).toBeGreaterThan(0.99); // Post-LN's stream leaves every block with sd 1: each factor ≈ 1
  expect(chain).toBeLessThanOrEqual(1);
  await widget.getByLabel('Wiring').selectOption('pre');
  await expect(note).toContainText('Pre-LN stack of 24 blocks', { timeout: 60_000 });
  await expect.poll(async () => Number(await widget.locator('.es-chain').getAttribute('data-value'))).toBeLessThan(0.5);
  // the other sources are a choice away; the note is the measured strip's only
  await widget.getByLabel('σᵢ along the stack').selectOption('power');
  await expect(note).toBeHidden();
});

freshTest('while the measured stack’s run is out, the strip keeps its finished size and says what it waits for', async ({ page }) => {
  // the strip as first drawn, before its run can be in (recorded in the page, at its first frame)
  await page.addInitScript(() => {
    new MutationObserver((records, observer) => {
      const view = document.querySelector('.es-depth-view');
      if (!view) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        window.__firstStrip = { height: view.offsetHeight, note: view.querySelector('.es-stale').textContent, stale: view.classList.contains('stale') };
      });
    }).observe(document, { childList: true, subtree: true });
  });
  const widget = await open(page);
  await expect(widget.locator('.es-measured')).toContainText('Post-LN stack of 24 blocks', { timeout: 60_000 });
  const first = await page.evaluate(() => window.__firstStrip);
  expect(first.stale, 'the run cannot be in at the first frame').toBe(true);
  expect(first.note).toBe('The stack’s run is not in yet: its numbers come here when it is.');
  const done = await widget.locator('.es-depth-view').evaluate((view) => view.offsetHeight);
  expect(first.height).toBe(done);
});
