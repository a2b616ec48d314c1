// @vitest-environment jsdom
// Figure s01, the two wirings (widgets/wirings): both rows drawn with the LN box in its place (on the branch below the
// pipe for Pre-LN, on the pipe for Post-LN, as the drawing's SVG attributes place it), named rows with their
// descriptions of the gradient path, and the buttons that show one path or none and say which is pressed. Moved from
// tests/e2e/wirings.spec.js (docs/testing/moved-wirings-part4.md); the spec keeps the keyboard, the hover, the
// flowing dashes and the phone's width. Each test leaves the figure as it found it: None pressed, nothing highlighted.
import { afterEach, beforeAll, expect, it } from 'vitest';
import { mountFigure } from './harness.js';

/** @type {HTMLElement} */
let figure;
beforeAll(async () => {
  figure = /** @type {HTMLElement} */ ((await mountFigure('[data-widget="wirings"]')).querySelector('.wirings-figure'));
});

const rowOf = (/** @type {string} */ kind) => /** @type {HTMLElement} */ (figure.querySelector(`.wirings-row[data-wiring="${kind}"]`));
const highlighted = (/** @type {string} */ kind) => rowOf(kind).querySelectorAll('.wr-grad.is-highlighted').length;
const buttonOf = (/** @type {string} */ name) =>
  /** @type {HTMLButtonElement} */ ([...figure.querySelectorAll('.wirings-controls button')].find((b) => b.textContent?.trim() === name));
// the text an element's aria-labelledby / aria-describedby names, as assistive technology reads it
const readIds = (/** @type {Element} */ el, /** @type {string} */ attribute) =>
  (el.getAttribute(attribute) ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

afterEach(() => {
  expect(buttonOf('None').getAttribute('aria-pressed')).toBe('true');
  expect(figure.querySelectorAll('.wr-grad.is-highlighted')).toHaveLength(0);
});

// the vertical extent of the row's LN box against the pipe's y (the pipe is a horizontal path: M x y H x1)
const lnAgainstPipe = (/** @type {HTMLElement} */ row) => {
  const rect = /** @type {Element} */ (row.querySelector('[data-box="ln"] rect'));
  const pipe = /^M\s*[-\d.]+[ ,]+([-\d.]+)\s*H/.exec(row.querySelector('.wr-pipe')?.getAttribute('d') ?? '');
  const top = Number(rect.getAttribute('y'));
  return { top, bottom: top + Number(rect.getAttribute('height')), pipeY: Number(pipe?.[1]) };
};

it('draws both rows: LN on the branch below the pipe (Pre-LN), LN on the pipe (Post-LN)', () => {
  expect(figure.querySelectorAll('.wirings-row')).toHaveLength(2);
  for (const kind of ['pre', 'post']) {
    const row = rowOf(kind);
    expect(row.querySelectorAll('svg')).toHaveLength(1);
    expect(row.querySelectorAll('.wr-pipe')).toHaveLength(1);
    expect(row.querySelector('[data-box="ln"]')?.textContent?.trim()).toBe('LN');
    expect(row.querySelector('[data-box="f"]')?.textContent?.trim()).toBe('F');
    expect(row.querySelector('svg')?.textContent).toContain('i+1');
  }
  expect(rowOf('pre').textContent).toContain('Pre-LN: x + F(LN(x))');
  expect(rowOf('post').textContent).toContain('Post-LN: LN(x + F(x))');

  const pre = lnAgainstPipe(rowOf('pre'));
  expect(Number.isFinite(pre.pipeY)).toBe(true);
  expect(pre.top).toBeGreaterThan(pre.pipeY); // hangs below the unbroken pipe
  const post = lnAgainstPipe(rowOf('post'));
  expect(post.top).toBeLessThan(post.pipeY); // sits on the pipe
  expect(post.bottom).toBeGreaterThan(post.pipeY);

  // nothing is highlighted until asked
  expect(figure.querySelectorAll('.wr-grad.is-highlighted')).toHaveLength(0);
});

it('rows have accessible names and descriptions of the gradient path', () => {
  const groups = [...figure.querySelectorAll('[role="group"][aria-labelledby]')];
  const named = (/** @type {RegExp} */ name) => groups.filter((g) => name.test(readIds(g, 'aria-labelledby')));
  const [pre, post] = [named(/^Pre-LN/), named(/^Post-LN/)];
  expect(pre).toHaveLength(1);
  expect(post).toHaveLength(1);
  expect(pre[0].getAttribute('data-wiring')).toBe('pre');
  expect(post[0].getAttribute('data-wiring')).toBe('post');
  expect(readIds(pre[0], 'aria-describedby')).toMatch(/without crossing any LayerNorm/);
  expect(readIds(post[0], 'aria-describedby')).toMatch(/every path crosses a LayerNorm/);
});

it('the buttons show one path or none, and say which is pressed', () => {
  expect(buttonOf('None').getAttribute('aria-pressed')).toBe('true');

  buttonOf('Pre-LN').click();
  expect(buttonOf('Pre-LN').getAttribute('aria-pressed')).toBe('true');
  expect(buttonOf('None').getAttribute('aria-pressed')).toBe('false');
  expect(highlighted('pre')).toBe(3); // the pipe path, the fainter branch path, the arrowhead
  expect(highlighted('post')).toBe(0);
  expect(rowOf('pre').querySelectorAll('.wr-grad.is-highlighted .wr-grad-line').length).toBeGreaterThan(0);

  buttonOf('Post-LN').click();
  expect(highlighted('post')).toBe(3);
  expect(highlighted('pre')).toBe(0);
  expect(rowOf('post').querySelector('[data-box="ln"]')?.classList.contains('is-crossed')).toBe(true);

  buttonOf('None').click();
  expect(figure.querySelectorAll('.wr-grad.is-highlighted')).toHaveLength(0);
});
