// @vitest-environment jsdom
// The LayerNorm instrument (widgets/layernorm) at content/20-layernorm.md's props: typed input, computed output,
// explained edge cases, and a message beside the field for every kind of bad input. Moved from
// tests/e2e/layernorm.spec.js (docs/testing.md): each test starts from the instrument's defaults, typed back in.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { click, field, fill, messageOf, mountFigure, texts } from './harness.js';

/** @type {HTMLElement} */
let widget;
beforeAll(async () => {
  widget = /** @type {HTMLElement} */ ((await mountFigure('[data-widget="layernorm"]')).querySelector('.ln-widget'));
});

const entries = () => ({
  text: texts(widget, '.ln-y .ln-entry').map((t) => t.replace('\u2212', '-')),
  values: [...widget.querySelectorAll('.ln-y .ln-entry')].map((e) => Number(/** @type {HTMLElement} */ (e).dataset.value)),
});
const set = (/** @type {string} */ label, /** @type {string} */ text) => fill(field(widget, label), text);
const note = () => widget.querySelector('.ln-note')?.textContent ?? '';
const stale = () => widget.querySelector('.ln-view')?.classList.contains('stale');

// the instrument's defaults (content/20-layernorm.md's props)
const DEFAULTS = [
  ['γ', '1'],
  ['β', '0'],
  ['ε', '0'],
  ['x', '2, 4, 4, 6'],
];
beforeEach(() => {
  for (const [label, text] of DEFAULTS) set(label, text);
  expect(texts(widget, '.field-message').filter(Boolean)).toEqual([]);
  expect(entries().text).toEqual(['-1.4142', '0', '0', '1.4142']);
});

it('[2, 4, 4, 6] with ε = 0 gives −√2, 0, 0, √2, to 1e-15, with its steps and four Jacobian maps', () => {
  const { text, values } = entries();
  expect(text).toEqual(['-1.4142', '0', '0', '1.4142']);
  const expected = [-Math.SQRT2, 0, 0, Math.SQRT2];
  values.forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThan(1e-15));
  expect(widget.querySelector('.ln-steps')?.textContent).toContain('Variance');
  expect(widget.querySelectorAll('.ln-jacobian svg')).toHaveLength(4);
});

it('recomputes on every edit', () => {
  set('x', '1.5, 2');
  expect(entries().text).toEqual(['-1', '1']);
  set('γ', '2');
  set('β', '0.5');
  expect(entries().text).toEqual(['-1.5', '2.5']);
});

it('[5, 5, 5, 5] with ε = 0 is explained as 0/0; with ε = 1e-5 it is zeros', () => {
  set('x', '5, 5, 5, 5');
  expect(entries().text).toEqual(['NaN', 'NaN', 'NaN', 'NaN']);
  expect(note()).toContain('no value');
  expect(note()).toContain('ε to 0');
  expect(widget.querySelector('.ln-jac-note')?.textContent).toContain('does not exist');
  set('ε', '1e-5');
  expect(entries().text).toEqual(['0', '0', '0', '0']);
  expect(note()).toContain('output is');
});

/** @type {[string, string, RegExp][]} */
const badInputs = [
  ['x', '', /Enter at least one number/],
  ['x', '2,,4', /Entry 2 is empty/],
  ['x', 'abc', /“abc” is not a number/],
  ['x', '1e400', /too large/],
  ['x', 'NaN', /not a finite number/],
  // (the field holds 2,000 characters, MAX_ANSWER_CHARS: the 10,000 entries typed arrive as the first 668)
  ['x', Array(10000).fill('1').join(', ').slice(0, 2000), /Too many entries: 668 \(at most 32 here\)/],
  ['γ', '1.5e308', /output larger than float64 can hold/],
  ['ε', '-1', /ε must be 0 or more/],
  ['ε', 'abc', /not a number/],
  ['γ', '1, 2, 3', /gamma has 3 entries, x has 4/],
  ['β', '1, 2', /beta has 2 entries, x has 4/],
];
describe.each(badInputs)('bad %s', (label, value, message) => {
  it(`“${value.slice(0, 20)}” gets a message beside the field, and a good value clears it`, () => {
    set(label, value);
    expect(messageOf(field(widget, label))).toMatch(message);
    expect(field(widget, label).getAttribute('aria-invalid')).toBe('true');
    expect(stale()).toBe(true);
    // the page keeps working: a good value clears the message and recomputes
    set(label, label === 'x' ? '1, 3' : label === 'ε' ? '0' : '1');
    if (label === 'x') set('ε', '0');
    expect(messageOf(field(widget, label))).toBe('');
    expect(stale()).toBe(false);
  });
});

it('the field holds at most 2,000 characters (MAX_ANSWER_CHARS), as the browser cuts a longer paste', () => {
  expect(field(widget, 'x').maxLength).toBe(2000);
});

it('presets fill the fields and recompute', () => {
  click(widget, '[5, 5, 5, 5], ε = 1e-5');
  expect(field(widget, 'x').value).toBe('5, 5, 5, 5');
  expect(entries().text).toEqual(['0', '0', '0', '0']);
});

// Issue 10: LayerNorm ignores a common factor, so entries near float64's ends normalise like any others.
describe.each([
  ['1e-300, 2e-300, 3e-300', 'smaller than the smallest'],
  ['1e200, 2e200, 3e200', 'larger than the largest'],
])('[%s] with ε = 0', (x, unit) => {
  it('is [−1.2247, 0, 1.2247], its steps shown in the kernel’s unit', () => {
    set('x', x);
    expect(entries().text).toEqual(['-1.2247', '0', '1.2247']);
    expect(note()).toContain(unit);
    expect(note()).toContain('ignores a common factor');
    expect(note()).not.toContain('All entries are equal');
    const steps = widget.querySelector('.ln-steps')?.textContent ?? '';
    expect(steps).toContain('In the unit u');
    expect(steps).not.toContain('NaN');
    expect(steps).not.toContain('∞');
    expect(widget.querySelectorAll('.ln-jacobian svg')).toHaveLength(4);
  });
});

it('tiny deviations next to ε: σ² shows as 0 and the page says why, without claiming the entries are equal', () => {
  set('x', '1e-300, 2e-300, 3e-300');
  set('ε', '1e-5');
  expect(note()).toContain('change nothing');
  expect(note()).not.toContain('All entries are equal');
});

it('the Jacobian heat maps carry row and column numbers and one colour scale; the scale is named as a number', () => {
  expect(widget.querySelectorAll('.ln-jacobian svg')).toHaveLength(4);
  const first = /** @type {HTMLElement} */ (widget.querySelector('.ln-jacobian .heatmap'));
  expect(texts(first, '.heatmap-index')).toEqual(['1', '1', '2', '2', '3', '3', '4', '4']); // rows and columns
  expect(first.querySelector('rect[data-value] title')?.textContent).toMatch(/row 1, column 1: 0\.17678/);
  expect(texts(first, 'table thead th')).toEqual(['1', '2', '3', '4']);
  expect(widget.querySelector('.ln-jac-legend svg')?.getAttribute('aria-label')).toMatch(
    /Colour scale: full blue is −0\.70711, white is 0, full red is 0\.70711/,
  );
  expect(texts(widget, 'h3').filter((t) => t.includes('The Jacobian'))).toEqual(['The Jacobian']);
  const scale = widget.querySelector('.ln-jac-scale')?.textContent ?? '';
  expect(scale).toContain('The scale');
  expect(scale).toContain('0.70711');
  expect(scale).toContain('one number');
});

it('a Jacobian past float64 is explained in its place; the steps stay', () => {
  set('x', '5e-324, 1e-317');
  expect(entries().text).toEqual(['-1', '1']);
  expect(widget.querySelector('.ln-jac-note')?.textContent).toContain('larger than float64 can hold');
  expect(stale()).toBe(false);
});
