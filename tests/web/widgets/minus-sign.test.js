// @vitest-environment jsdom
// Every number a figure prints uses the one minus sign "−", in the mantissa and the exponent alike (what a reader
// types in a field may keep a hyphen). Moved from tests/e2e/typography.spec.js (docs/testing.md).
import { expect, it, vi } from 'vitest';
import { LIGHT, SMALL_MODEL } from '../light-settings.js';
import { field, fill, freshPage, mountFigures, texts } from './harness.js';

it('the numbers a figure prints use "−" for every minus sign, the exponent’s included', async () => {
  await freshPage(`/?${new URLSearchParams({ ...LIGHT, ...SMALL_MODEL })}#layernorm-one-vector-at-a-time`);
  const [instrument, tableA] = await mountFigures(['[data-widget="layernorm"]', '#table-a']);
  // equal entries: the output is β, a small negative number written with an exponent
  fill(field(instrument, 'x'), '5, 5, 5, 5');
  fill(field(instrument, 'ε'), '1e-5');
  fill(field(instrument, 'β'), '-0.00002');
  expect(texts(instrument, '.ln-y .ln-entry')).toEqual(['−2e−5', '−2e−5', '−2e−5', '−2e−5']);
  await vi.waitFor(() => expect(tableA.querySelector('.exp-footer')?.textContent).toMatch(/^\d+ runs?/), { timeout: 90_000, interval: 50 });
  // no hyphen as a minus anywhere a figure prints numbers
  const printed = [...document.querySelectorAll('.widget [data-value], .widget output, .widget .computed, .widget .published')].map(
    (el) => el.textContent ?? '',
  );
  expect(printed.length).toBeGreaterThan(12);
  expect(printed.filter((text) => /(^|[^\w])-\d|\de-\d/.test(text))).toEqual([]);
});
