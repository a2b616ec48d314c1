// The training lab's inputs as a reader types them or a link carries them (web/src/widgets/training-lab/
// params.js): what reads, what is refused with a message, and what is written back to the URL.
import { describe, expect, it } from 'vitest';
import { formatConfigs, formatRate, parseConfigs, parseRate, parseRates, parseSteps, parseWarmup } from '../../web/src/widgets/training-lab/params.js';
import { parsePlacements } from '../../web/src/experiment/params.js';

describe('training lab inputs', () => {
  it('reads configurations wiring-depth-warmup and writes them back the same way', () => {
    expect(parseConfigs('deepnorm-24-0,mixln-24-0').value).toEqual([
      { placement: 'deepnorm', L: 24, warmup: 0 },
      { placement: 'mixln', L: 24, warmup: 0 },
    ]);
    const r = parseConfigs('post-24-0, post-24-50,pre-6-10');
    expect(r).toEqual({
      ok: true,
      value: [
        { placement: 'post', L: 24, warmup: 0 },
        { placement: 'post', L: 24, warmup: 50 },
        { placement: 'pre', L: 6, warmup: 10 },
      ],
    });
    expect(formatConfigs(r.value)).toBe('post-24-0,post-24-50,pre-6-10');
  });

  it('refuses configurations it cannot read, with a message naming the part', () => {
    expect(parseConfigs('')).toMatchObject({ ok: false, message: expect.stringContaining('at least one') });
    expect(parseConfigs('sideways-24-0')).toMatchObject({ ok: false, message: expect.stringContaining('sideways') });
    expect(parseConfigs('post-24')).toMatchObject({ ok: false, message: expect.stringContaining('wiring-depth-warmup') });
    expect(parseConfigs('post-0-0')).toMatchObject({ ok: false, message: expect.stringContaining('depth') });
    expect(parseConfigs('post-24-3000000000')).toMatchObject({ ok: false, message: expect.stringContaining('Warmup') });
    expect(parseConfigs('post-1-0,'.repeat(7))).toMatchObject({ ok: false, message: expect.stringContaining('At most 6') });
    expect(parseConfigs(`post-${'9'.repeat(400)}-0`).ok).toBe(false);
  });

  it('takes a learning rate above 0 in any notation the page reads, and no other', () => {
    expect(parseRate('3e-3')).toEqual({ ok: true, value: 3e-3 });
    expect(parseRate('1/1000')).toEqual({ ok: true, value: 1e-3 });
    for (const bad of ['0', '-1e-3', '', 'fast', 'NaN', '1e400']) expect(parseRate(bad).ok, bad).toBe(false);
    expect(parseRate('-1').message).toContain('above 0');
  });

  it('sorts a list of rates and drops repeats; writes rates as a reader reads them', () => {
    expect(parseRates('1e-2, 3e-4, 1e-3, 1e-3')).toEqual({ ok: true, value: [3e-4, 1e-3, 1e-2] });
    expect(parseRates('1e-3, 0').ok).toBe(false);
    expect(parseRates(Array(13).fill('1e-3').join(',')).ok).toBe(false);
    expect([3e-3, 5e-4, 1.5e-3, 1, 0.1, 2.5e-5].map(formatRate)).toEqual(['3e-3', '5e-4', '1.5e-3', '1e0', '1e-1', '2.5e-5']);
    for (const r of [3e-3, 5e-4, 1.5e-3, 7.25e-4]) expect(Number(formatRate(r))).toBe(r);
  });

  it('takes whole numbers of steps (at least one) and of warmup steps (zero for none)', () => {
    expect(parseSteps('150')).toEqual({ ok: true, value: 150 });
    expect(parseWarmup('0')).toEqual({ ok: true, value: 0 });
    expect(parseSteps('0').message).toBe('The number of steps must be 1 or more (got 0).');
    expect(parseSteps('1.5').message).toContain('whole number');
    expect(parseWarmup('-3').ok).toBe(false);
    // more than the kernel's integers hold: refused before it is asked, in words (no 2147483647)
    expect(parseSteps('1e10').message).toBe('The number of steps is far more than a run can take (got 10000000000).');
  });

  it("reads wirings as a set in the page's order", () => {
    expect(parsePlacements('pre,post')).toEqual({ ok: true, value: ['post', 'pre'] });
    expect(parsePlacements('').ok).toBe(false);
    expect(parsePlacements('post,up').message).toContain('up');
    expect(parsePlacements('mixln,deepnorm,post')).toEqual({ ok: true, value: ['post', 'deepnorm', 'mixln'] });
  });
});

describe('seeds', () => {
  it('refuses a seed past 2^32 − 1 in a range as in a list: PyTorch’s generator would repeat a smaller seed’s run', async () => {
    const { parseSeeds } = await import('../../web/src/experiment/params.js');
    expect(parseSeeds('4294967290-4294967295').ok).toBe(true);
    expect(parseSeeds('4294967295-4294967296')).toEqual({ ok: false, message: 'Seeds must be between 0 and 4294967295 (got 4294967296).' });
    expect(parseSeeds('4294967296').ok).toBe(false);
  });
});

// issue 35: at 24 blocks the colour bar's labels ran together ("1e−11e0"): the last decade stood right after the one
// before it whatever the spacing
describe('the heat map colour bar', () => {
  it('labels both ends and never puts a label closer to the last than the spacing', async () => {
    const { legendDecades } = await import('../../web/src/widgets/training-lab/heatmap.js');
    expect(legendDecades(-11, 0)).toEqual([-11, -9, -7, -5, -3, 0]);
    expect(legendDecades(-3, 0)).toEqual([-3, -2, -1, 0]);
    expect(legendDecades(-1, 0)).toEqual([-1, 0]);
    for (let lo = -30; lo < 0; lo++) {
      const shown = legendDecades(lo, 0);
      const gaps = shown.slice(1).map((p, k) => p - shown[k]);
      expect(shown[0], `from ${lo}`).toBe(lo);
      expect(shown.at(-1)).toBe(0);
      expect(shown.length).toBeLessThanOrEqual(8);
      expect(Math.min(...gaps), `from ${lo}: ${shown}`).toBeGreaterThanOrEqual(Math.max(...gaps.slice(0, -1), 1));
    }
  });
});
