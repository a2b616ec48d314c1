// How the page writes numbers (web/src/ui/format.js) and builds markup from values (web/src/ui/html.js):
// one minus sign everywhere a number is shown; every interpolated value escaped.
import { describe, expect, it } from 'vitest';
import { formatLike, formatNumber, formatValue, reasonAfter, texNumber, withHyphens, withMinusSigns } from '../../web/src/ui/format.js';
import { escapeHtml, html, trusted } from '../../web/src/ui/html.js';

describe('one minus sign', () => {
  it('the mantissa and the exponent of a shown number both get "−" (U+2212), never a hyphen', () => {
    expect(formatNumber(-2e-5)).toBe('−2e−5');
    expect(formatNumber(2e-5)).toBe('2e−5');
    expect(formatNumber(-1.41421356)).toBe('−1.4142');
    expect(formatNumber(-Infinity)).toBe('−∞');
    for (const n of [-3.5e-9, -0.000123, -42, -7.25e12]) expect(formatNumber(n)).not.toContain('-');
  });

  it('a value written as its published one is compared in the article’s spelling, shown in the page’s', () => {
    expect(formatLike(0.17767, '1.78e-01', 2)).toBe('1.7767e-01');
    expect(withMinusSigns(formatLike(0.17767, '1.78e-01', 2))).toBe('1.7767e−01');
  });

  it('TeX and input fields get the ASCII hyphen back', () => {
    expect(texNumber(-2e-5)).toBe('-2\\times10^{-5}');
    expect(texNumber(-Infinity)).toBe('-\\infty');
    expect(withHyphens(formatNumber(-2.5e-7, 8))).toBe('-2.5e-7');
  });
});

// Issue 52: a diverged lab run (alpha 1e300) read "0 NaN" in the loss, ratio, stream sd and per-block data tables
describe('a value that is no number, in a table, a tooltip or a readout', () => {
  it('is a dash and the reason, never NaN or ∞ as if it were a value', () => {
    expect(formatValue(Number.NaN)).toBe('— (not a number)');
    expect(formatValue(Infinity)).toBe('— (beyond float64’s range)');
    expect(formatValue(-Infinity, 4)).toBe('— (beyond float64’s range)');
    expect(formatValue(Number.NaN, 4, 'diverged')).toBe('— (diverged)');
    for (const v of [Number.NaN, Infinity, -Infinity]) expect(formatValue(v)).not.toMatch(/NaN|∞|Infinity/);
  });

  it('a finite number is written as formatNumber writes it, whatever the reason', () => {
    expect(formatValue(-2e-5)).toBe('−2e−5');
    expect(formatValue(1.41421356, 4, 'diverged')).toBe('1.414');
    expect(formatValue(0)).toBe('0');
  });
});

// Issue 52: ReZero's cells in the article's tables read "undefined: undefined (0/0): …"
describe('a reason after the word it explains', () => {
  it('says the word once', () => {
    const zero = 'undefined (0/0): the two gradients it compares are both exactly 0';
    expect(`undefined${reasonAfter('undefined', zero)}`).toBe(zero);
    expect(`undefined${reasonAfter('undefined', 'undefined: block 1 against block L − 1 needs a block L − 1')}`).toBe(
      'undefined: block 1 against block L − 1 needs a block L − 1',
    );
    expect(`undefined${reasonAfter('undefined', 'no gradient reaches block 1')}`).toBe('undefined: no gradient reaches block 1');
  });
});

describe('markup from values', () => {
  it('escapes every interpolated value, in text and in attributes', () => {
    const error = 'bad "quoted" <b>bold</b> & \'single\'';
    expect(html`<td title="${error}">${error}</td>`.toString()).toBe(
      '<td title="bad &quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt; &amp; &#39;single&#39;">bad &quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt; &amp; &#39;single&#39;</td>',
    );
    expect(escapeHtml('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('nests markup it made, joins lists, draws nothing for null, undefined and false', () => {
    const cells = ['a<', 'b'].map((v) => html`<td>${v}</td>`);
    expect(html`<tr>${cells}${null}${undefined}${false}</tr>`.toString()).toBe('<tr><td>a&lt;</td><td>b</td></tr>');
    expect(html`<p>${trusted('<em>typeset</em>')}</p>`.toString()).toBe('<p><em>typeset</em></p>');
    expect(html`<p>${0}</p>`.toString()).toBe('<p>0</p>');
  });
});
