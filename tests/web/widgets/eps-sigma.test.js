// @vitest-environment jsdom
// The ε and σ instrument (widgets/eps-sigma): σ and ε edited, the scale read from data-scale against γ/√(σ²+ε), the
// infinite case explained, a message beside the field for every kind of bad input, the depth strip (a list, a list
// of variances, σ·iᵖ, a stack measured in the page's workers), the view kept in the address, and the exercises'
// links opening it with their numbers, before it has mounted, while it mounts and once it has, with Back and Forward.
// Moved from tests/e2e/eps-sigma.spec.js (docs/testing/moved-figures.md); where the browser checked that the
// instrument came into view, here the page is seen asking for it (scrollIntoView), the view itself being layout.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { field, fill, messageOf } from './harness.js';
import {
  choice,
  choose,
  closePage,
  exerciseWords,
  followLink,
  followLinksAheadOnce,
  mount,
  openPage,
  param,
  showPage,
  textOf,
  until,
} from './figures-helpers.js';

vi.mock('virtual:exercise-text', async () => ({ default: (await import('./figures-helpers.js')).exerciseTexts() }));
afterAll(closePage);

const ANCHOR = '#eps-sigma-instrument';
const readScale = (/** @type {ParentNode} */ widget) => Number(/** @type {HTMLElement} */ (widget.querySelector('[data-scale]')).dataset.scale);
const dataOf = (/** @type {ParentNode} */ root, /** @type {string} */ selector, key = 'value') =>
  /** @type {HTMLElement} */ (root.querySelector(selector)).dataset[key];
/** the legend's switch that reads `name` (its accessible name is its text), if the chart has one */
const switchNamed = (/** @type {ParentNode} */ root, /** @type {string} */ name) =>
  [...root.querySelectorAll('[role="switch"]')].filter((el) => textOf(el) === name);
const open = async (query = '') => (await openPage(`/${query}${ANCHOR}`, ANCHOR))[0];
/** @type {Element[]} every element the page asked to bring into view, in order */
let broughtIntoView = [];
beforeAll(() => {
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function () {
    broughtIntoView.push(this);
  });
});

// the reference value, written out here as the test's own oracle
const scale = (/** @type {number} */ sigma, /** @type {number} */ eps, gamma = 1) => gamma / Math.sqrt(sigma * sigma + eps);

it('while the measured stack’s run is out, the strip says what it waits for', async () => {
  // the strip as first drawn, before its run can be in (recorded as it enters the page)
  /** @type {{note: string, stale: boolean} | undefined} */
  let firstStrip;
  const watch = new MutationObserver(() => {
    const view = document.querySelector(`${ANCHOR} .es-depth-view`);
    if (!view || firstStrip) return;
    firstStrip = { note: textOf(view.querySelector('.es-stale')), stale: view.classList.contains('stale') };
  });
  watch.observe(document.body, { childList: true, subtree: true });
  const widget = await open(); // (the file's first: no stack has been measured yet)
  watch.disconnect();
  await until(() => expect(textOf(widget.querySelector('.es-measured'))).toContain('Post-LN stack of 24 blocks'), 60_000);
  expect(firstStrip?.stale, 'the run cannot be in at the first drawing').toBe(true);
  expect(firstStrip?.note).toBe('The stack’s run is not in yet: its numbers come here when it is.');
  expect(widget.querySelector('.es-depth-view')?.classList.contains('stale')).toBe(false);
}, 90_000);

// (on one page: each test leaves σ, ε and γ as the page opened with them, which the next test finds)
describe('σ, ε and γ typed, on one page', () => {
  /** @type {HTMLElement} */
  let widget;
  /** @type {Record<string, string>} */
  const defaults = {};
  beforeAll(async () => {
    widget = await open();
    for (const label of ['σ', 'ε', 'γ']) defaults[label] = field(widget, label).value;
  });
  afterEach(async () => {
    for (const [label, value] of Object.entries(defaults)) fill(field(widget, label), value);
    expect([...widget.querySelectorAll('.field-message')].filter((m) => m.textContent)).toEqual([]);
    await until(() => expect(readScale(widget)).toBeCloseTo(scale(Number(defaults['σ']), Number(defaults['ε']), Number(defaults['γ'])), 12));
  });

  it('editing σ and ε recomputes the scale γ/√(σ²+ε) in data-scale', async () => {
    for (const [sigma, eps, gamma] of [
      ['0.5', '0.01', '2'],
      ['0.001', '1e-5', '1'],
      ['3.59', '1e-5', '1'],
      ['0', '1e-5', '1'],
    ]) {
      fill(field(widget, 'σ'), sigma);
      fill(field(widget, 'ε'), eps);
      fill(field(widget, 'γ'), gamma);
      const want = scale(Number(sigma), Number(eps), Number(gamma));
      await until(() => expect(readScale(widget)).toBeCloseTo(want, 12));
      expect(Math.abs(readScale(widget) - want)).toBeLessThanOrEqual(1e-15 * want);
    }
    // σ = 0 sits exactly at the cap γ/√ε (exercise 7), and the note says why
    expect(textOf(widget.querySelector('.es-note'))).toContain('cap');
    expect(textOf(widget.querySelector('.es-scale'))).toBe('316.228');
  });

  it('the chart marks the reader’s σ and draws the cap; its data table lists them', async () => {
    fill(field(widget, 'σ'), '0.0123');
    fill(field(widget, 'ε'), '1e-4');
    const first = /** @type {HTMLElement} */ (widget.querySelector('.es-view'));
    await until(() => expect(switchNamed(first, 'your σ')).toHaveLength(1));
    expect(switchNamed(first, 'the cap γ/√ε')).toHaveLength(1);
    expect(first.querySelector('.chart')?.getAttribute('aria-label')).toMatch(/cap γ\/√ε = 100.*your σ = 0\.0123 marked/);
    /** @type {HTMLElement} */ (first.querySelector('.chart-data summary')).click();
    await until(() => expect(textOf(first.querySelector('.chart-data tr.summary-row th'))).toBe('0.0123 (yours)'));
    const yours = /** @type {HTMLElement} */ (first.querySelector('.chart-data tr.summary-row'));
    expect(Number(dataOf(yours, 'td[data-col="eps"]'))).toBeCloseTo(scale(0.0123, 1e-4), 12);
    expect(dataOf(yours, 'td[data-col="cap"]')).toBe('100');
    // ε = 0: no cap to draw
    fill(field(widget, 'ε'), '0');
    await until(() => expect(switchNamed(first, 'the cap γ/√ε')).toHaveLength(0));
    expect(textOf(widget.querySelector('.es-note'))).toContain('no cap');
    /** @type {HTMLElement} */ (first.querySelector('.chart-data summary')).click(); // (closed again, as it was)
  });

  it('a σ outside the chart’s axis is said under the chart, and nothing is marked', () => {
    const first = /** @type {HTMLElement} */ (widget.querySelector('.es-view'));
    const offAxis = () => textOf(first.querySelector('.es-off-axis'));
    expect(offAxis()).toBe(''); // the default σ lies on the axis
    fill(field(widget, 'σ'), '1e9');
    expect(offAxis()).toMatch(/^Your σ = 1e\+?9 lies outside this chart’s axis \(σ from .+ to .+\): its scale is the one given above/);
    expect(switchNamed(first, 'your σ')).toHaveLength(0);
    fill(field(widget, 'σ'), '0.5');
    expect(offAxis()).toBe('');
  });

  it('PyTorch’s ε at a real stream’s spread: the numbers under the figure are the kernel’s', () => {
    const line = /** @type {HTMLElement} */ (widget.querySelector('.es-torch'));
    expect(textOf(line)).toContain('published');
    const effects = [...line.querySelectorAll('[data-eps-effect]')].map((e) => Number(/** @type {HTMLElement} */ (e).dataset.epsEffect));
    expect(effects).toHaveLength(2);
    [1.04, 3.59].forEach((s, i) => expect(effects[i]).toBeCloseTo(1 - s / Math.sqrt(s * s + 1e-5), 15));
    expect(Number(dataOf(line, '[data-knee]', 'knee'))).toBe(Math.sqrt(1e-5));
  });
});

it('σ = 0 with ε = 0: the scale is infinite, and the instrument says why instead of printing Infinity', async () => {
  const widget = await open('?es.layers=power'); // the strip's σᵢ = σ·iᵖ
  fill(field(widget, 'σ'), '0');
  fill(field(widget, 'ε'), '0');
  expect(dataOf(widget, '[data-scale]', 'scale')).toBe('Infinity');
  expect(textOf(widget.querySelector('.es-scale'))).not.toContain('Infinity');
  expect(textOf(widget.querySelector('.es-note'))).toContain('divides by √0 = 0, so it is infinite');
  // the depth strip's σᵢ = σ·iᵖ are all 0 too: its message says the chain is infinite
  expect(textOf(widget.querySelector('.es-strip-message'))).toContain('block 1 has σ = 0 and ε = 0');
});

/** @type {[string, string, RegExp][]} */
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
describe('bad input, on one page', () => {
  /** @type {HTMLElement} */
  let widget;
  beforeAll(async () => {
    widget = await open('?es.layers=power'); // (p is the power strip's)
  });
  describe.each(badInputs)('bad %s', (label, value, message) => {
    it(`“${value}” gets a message beside the field, and the last result stays, marked out of date`, async () => {
      fill(field(widget, 'σ'), '0.5');
      await until(() => expect(readScale(widget)).toBeCloseTo(scale(0.5, 1e-5), 12));
      const good = field(widget, label).value;
      fill(field(widget, label), value);
      expect(messageOf(field(widget, label))).toMatch(message);
      expect(field(widget, label).getAttribute('aria-invalid')).toBe('true');
      expect(widget.querySelectorAll('.es-view.stale').length).toBeGreaterThan(0);
      expect(textOf(widget.querySelector('.es-view.stale .es-stale'))).not.toBe('');
      expect(readScale(widget)).toBeCloseTo(scale(0.5, 1e-5), 12);
      // its good value back: the message goes, the view is current again
      fill(field(widget, label), good);
      expect(messageOf(field(widget, label))).toBe('');
      expect(widget.querySelectorAll('.es-view.stale')).toHaveLength(0);
    });
  });
});

it('the ε as the LayerNorm instrument words it: the same message for ε < 0', async () => {
  const [widget, ln] = await openPage(`/${ANCHOR}`, ANCHOR, '[data-widget="layernorm"]');
  fill(field(widget, 'ε'), '-1');
  fill(field(ln, 'ε'), '-1');
  expect(messageOf(field(ln, 'ε'))).not.toBe('');
  expect(messageOf(field(widget, 'ε'))).toBe(messageOf(field(ln, 'ε')));
});

it('the depth strip: the Post-LN chain beside the Pre-LN bound, from a list, a list of variances or σ·iᵖ', async () => {
  const widget = await open();
  fill(field(widget, 'ε'), '0');
  const strip = /** @type {HTMLElement} */ (widget.querySelector('.es-depth-view'));
  choose(choice(widget, 'σᵢ along the stack'), 'variances');
  fill(field(widget, 'σᵢ², block by block'), '0.25, 1, 4, 9');
  await until(() => expect(Number(dataOf(strip, '.es-chain'))).toBeCloseTo(1 / 3, 14));
  expect(dataOf(strip, '.es-first-over-last')).toBe('6');
  fill(field(widget, 'σᵢ², block by block'), '1, -4');
  expect(messageOf(field(widget, 'σᵢ², block by block'))).toMatch(/^block 2: the variance must be 0 or more/);

  choose(choice(widget, 'σᵢ along the stack'), 'power');
  fill(field(widget, 'σ'), '1');
  fill(field(widget, 'p'), '0.5');
  fill(field(widget, 'L, the number of blocks'), '400');
  fill(field(widget, 'δ'), '0.02');
  // ∏ 1/√i over 400 layers leaves float64: shown as a power of ten, exact from the kernel's log₁₀
  expect(dataOf(strip, '.es-chain')).toBe('0');
  let log = 0;
  for (let i = 1; i <= 400; i++) log -= 0.5 * Math.log10(i);
  expect(Number(dataOf(strip, '.es-chain', 'log10'))).toBeCloseTo(log, 9);
  expect(textOf(strip.querySelector('.es-chain'))).toContain('10');
  expect(Number(dataOf(strip, '.es-bound'))).toBeCloseTo(1.02 ** 400, 6);
  /** @type {HTMLElement} */ (strip.querySelector('.chart-data summary')).click();
  await until(() => expect(strip.querySelectorAll('.chart-data tbody tr')).toHaveLength(400));
});

it('the view lives in the URL: a reload keeps it', async () => {
  const widget = await open();
  fill(field(widget, 'σ'), '0.02');
  fill(field(widget, 'ε'), '1e-3');
  expect(location.href).toMatch(/es\.sigma=0\.02/);
  expect(location.href).toMatch(/es\.eps=1e-3/);
  const [again] = await openPage(`${location.pathname}${location.search}${location.hash}`, ANCHOR);
  expect(field(again, 'σ').value).toBe('0.02');
  expect(readScale(again)).toBe(scale(0.02, 1e-3));
});

// An older link spelt the power strip's count es.n (now es.L, of every source): it still opens the same view, the
// figure's link line does not call it unused, and the reader's next change writes es.L in its place.
it('an older link’s es.n still sets L, and a change writes es.L in its place', async () => {
  const widget = await open('?es.layers=power&es.n=12');
  expect(field(widget, 'L, the number of blocks').value).toBe('12');
  expect(textOf(widget.querySelector('.link-note'))).toBe('');
  fill(field(widget, 'L, the number of blocks'), '13');
  expect(location.href).toMatch(/es\.L=13/);
  expect(param('es.n')).toBeNull();
});

// Exercises 7, 10, 11 and 16 each link to the instrument with their own numbers.
/** @type {[number, (w: HTMLElement) => void][]} */
const links = [
  [7, (w) => expect(readScale(w)).toBe(1 / Math.sqrt(1e-5))],
  [10, (w) => expect(Number(dataOf(w, '.es-chain'))).toBeCloseTo(1 / 3, 14)],
  [11, (w) => expect(Number(dataOf(w, '.es-first-over-last'))).toBeCloseTo(6, 13)],
  [16, (w) => expect(Number(dataOf(w, '.es-bound'))).toBeCloseTo(1.02 ** 48, 12)],
];
describe.each(links)('exercise %i', (n, check) => {
  it('opens the instrument preloaded with its numbers', async () => {
    followLinksAheadOnce();
    const [widget] = showPage('/?a.L=2', ANCHOR, `#exercise-${n}`); // another figure's parameter, which the link must not drop
    await exerciseWords(n);
    const found = document.querySelectorAll(`#exercise-${n} a[href$="${ANCHOR}"]`);
    expect(found).toHaveLength(1);
    const href = String(found[0].getAttribute('href'));
    expect(href).toMatch(/^\?es\./);
    broughtIntoView = [];
    expect(followLink(found[0]), 'followed in this page, not loaded again').toBe(true);
    expect(location.hash).toBe(ANCHOR);
    expect(location.search).toContain(href.split('#')[0].split('&')[0].slice(1));
    expect(broughtIntoView).toContain(widget);
    // not mounted when the link was followed, the instrument mounts from the URL the link made, in this page
    await mount(ANCHOR);
    check(widget);
    expect(param('a.L')).toBe('2');
  });
});

describe('a link followed while the instrument is mounting', () => {
  it('waits for the instrument, then sets it up in place with the link’s numbers and gives σ the focus', async () => {
    followLinksAheadOnce();
    const [widget] = showPage('/?a.L=2', ANCHOR, '#exercise-7');
    await exerciseWords(7);
    const link = /** @type {Element} */ (document.querySelector(`#exercise-7 a[href$="${ANCHOR}"]`));
    const mounting = mount(ANCHOR); // (its code arrives after the click)
    expect(widget.classList.contains('widget-loading')).toBe(true);
    broughtIntoView = [];
    expect(followLink(link), 'followed in this page').toBe(true);
    expect(widget.classList.contains('widget-loading'), 'clicked while it mounts').toBe(true);
    await mounting;
    await until(() => expect([field(widget, 'σ').value, field(widget, 'ε').value]).toEqual(['0', '1e-5']));
    await until(() => expect(document.activeElement).toBe(field(widget, 'σ')));
    expect(broughtIntoView).toContain(widget);
    expect(param('a.L')).toBe('2');
    history.back();
    await until(() => expect(field(widget, 'σ').value).toBe('1'));
  });
});

it('before the instrument has mounted, Back after an exercise’s link returns the instrument to its defaults', async () => {
  followLinksAheadOnce();
  const [widget] = showPage('/', ANCHOR, '#exercise-7');
  await exerciseWords(7);
  const link = /** @type {Element} */ (document.querySelector(`#exercise-7 a[href$="${ANCHOR}"]`));
  expect(widget.dataset.mount).toBeUndefined();
  expect(followLink(link), 'followed in this page').toBe(true);
  await mount(ANCHOR);
  expect(field(widget, 'σ').value).toBe('0');
  expect(document.activeElement, 'where Tab goes on from, as after any link within the page').toBe(widget);
  history.back();
  await until(() => expect(field(widget, 'σ').value).toBe('1'));
  expect(location.search).toBe('');
});

it('with the instrument mounted, an exercise’s link sets it up in place, and Back puts it back', async () => {
  const [widget] = await openPage(`/?es.sigma=0.5`, ANCHOR, '#exercise-7'); // a reader who set σ in the instrument and read on
  expect(field(widget, 'σ').value).toBe('0.5');
  await exerciseWords(7);
  const link = /** @type {Element} */ (document.querySelector(`#exercise-7 a[href$="${ANCHOR}"]`));
  broughtIntoView = [];
  expect(followLink(link), 'followed in this page').toBe(true);
  expect(field(widget, 'σ').value).toBe('0');
  expect(field(widget, 'ε').value).toBe('1e-5');
  expect(document.activeElement).toBe(field(widget, 'σ'));
  expect(broughtIntoView).toContain(widget);
  await until(() => expect(readScale(widget)).toBe(1 / Math.sqrt(1e-5)));
  expect(param('es.sigma')).toBe('0');
  expect(location.hash).toBe(ANCHOR);

  history.back();
  await until(() => expect(field(widget, 'σ').value).toBe('0.5'));
  expect(param('es.sigma')).toBe('0.5');
  history.forward();
  await until(() => expect(field(widget, 'σ').value).toBe('0'));
});

it('along a stack, the strip opens on a real stack’s spreads, measured by the kernel, and says why its chain is not table B’s ratio', async () => {
  const widget = await open();
  expect(choice(widget, 'σᵢ along the stack').value).toBe('measured');
  const note = () => textOf(widget.querySelector('.es-measured'));
  await until(() => expect(note()).toContain('Post-LN stack of 24 blocks'), 60_000);
  expect(note()).toContain('so the chain alone is not that ratio');
  // its one run, counted as one (the footer had said "1 runs")
  await until(() => expect(textOf(widget.querySelector('.exp-footer'))).toMatch(/^1 run(,|$)/), 60_000);
  const chain = Number(dataOf(widget, '.es-chain'));
  expect(chain).toBeGreaterThan(0.99); // Post-LN's stream leaves every block with sd 1: each factor ≈ 1
  expect(chain).toBeLessThanOrEqual(1);
  choose(choice(widget, 'Wiring'), 'pre');
  await until(() => expect(note()).toContain('Pre-LN stack of 24 blocks'), 60_000);
  await until(() => expect(Number(dataOf(widget, '.es-chain'))).toBeLessThan(0.5));
  // the other sources are a choice away; the note is the measured strip's only
  choose(choice(widget, 'σᵢ along the stack'), 'power');
  expect(note()).toBe('');
}, 150_000);
