// The article's four tables as specifications: which runs each needs for the reader's controls, its rows
// and columns, and which kernel result fills each cell. Values come from the kernels (run results, and
// stack.median / stack.streamGrowth for the summaries); nothing here computes what the chapter teaches.

import { ARTICLE_PLACEMENTS, MEASURES, measureProblem, PLACEMENTS } from '../../experiment/choices.js';
import { formatNumber } from '../../ui/format.js';

const runId = (placement, L, seed, scale = 1) => `${placement}|${L}|${seed}|${scale}`;
const run = (placement, L, seed, scale = 1) => ({ id: runId(placement, L, seed, scale), options: { placement, L, seed, scale } });

// a header's parenthesis on one line ("ratio (seed 0)" breaks before it, never inside: "(seed" over "0)")
const unbroken = (text) => text.replaceAll(' ', '\u00a0');

// ratio of one run under a measure: the kernel computed every measure's ratio (result.ratios)
const ratioOf = (r, measure) => r.ratios[measure];

// Part 4's measures: three of the article's ratio measures, then how much the stream grows from block 1 to block L
const PART4_MEASURES = [
  { key: 'all', label: 'ratio, all parameters (the article’s)' },
  { key: 'no-ln', label: 'ratio, Linear layers only' },
  { key: 'input', label: 'ratio, gradient at the block’s input' },
  { key: 'sd-factor', label: 'stream sd, last block / first' },
];

// Part 4's wirings, {text, label, run, written?}: the presets, then the written ones whose text form is not a
// preset's row already (a written wiring runs as `run`: experiment/written-wirings.js)
function part4Wirings(c) {
  const presets = PLACEMENTS.map((p) => ({ text: p.key, label: p.label, run: p.key }));
  const seen = new Set(presets.map((p) => p.text));
  return [...presets, ...(c.written ?? []).filter((w) => !seen.has(w.text) && seen.add(w.text))];
}
// a row's key, "<wiring's text form>|<L>", read back (L is after the last "|", whatever a link's text holds), with
// what its runs are given as their placement
const rowOf = (row, c) => {
  const cut = row.lastIndexOf('|');
  const text = row.slice(0, cut);
  return { text, run: c.written?.find((w) => w.text === text)?.run ?? text, L: Number(row.slice(cut + 1)) };
};

/** A cell whose value does not exist for these runs, and why (the kernel's reason): shown as "undefined". */
const undefinedValue = (reason) => ({ undefinedReason: reason });

export const TABLES = {
  // At twenty blocks nothing separates the three wirings.
  A: {
    controls: [
      { key: 'L', label: 'Depth L', kind: 'depth', fallback: '20' },
      { key: 'seeds', label: 'Seeds', kind: 'seeds', fallback: '0-5' },
    ],
    rowHeader: 'wiring',
    rows: () => ARTICLE_PLACEMENTS,
    columns: (c) => [
      { key: 'g1', label: `block 1 grad ${unbroken(`(seed ${c.seeds[0]})`)}` },
      { key: 'gL', label: `block ${c.L} grad ${unbroken(`(seed ${c.seeds[0]})`)}` },
      { key: 'ratio0', label: `ratio ${unbroken(`(seed ${c.seeds[0]})`)}` },
      { key: 'median', label: `ratio ${unbroken(`(median of ${c.seeds.length})`)}` },
    ],
    // the first seed of every wiring first: its three rows' first-seed cells fill in after one run per worker
    runs: (c) => c.seeds.flatMap((s) => ARTICLE_PLACEMENTS.map((p) => run(p.key, c.L, s))),
    needs: (row, col, c) => (col === 'median' ? c.seeds : [c.seeds[0]]).map((s) => runId(row, c.L, s)),
    value(row, col, c, results, stack) {
      const first = results.get(runId(row, c.L, c.seeds[0]));
      if (col === 'g1') return first.gradNorm[0];
      if (col === 'gL') return first.gradNorm[c.L - 1];
      if (col === 'ratio0') return first.ratio;
      return stack.median(c.seeds.map((s) => results.get(runId(row, c.L, s)).ratio));
    },
  },

  // From 6 to 96 layers: the median ratio of the first block's gradient to the last block's.
  B: {
    controls: [
      { key: 'Ls', label: 'Depths', kind: 'depths', fallback: '6, 24, 48, 96' },
      { key: 'seeds', label: 'Seeds', kind: 'seeds', fallback: '0-5' },
      { key: 'measure', label: 'Gradient measured over', kind: 'measure', fallback: 'all' },
    ],
    rowHeader: 'L',
    rows: (c) => c.Ls.map((L) => ({ key: L, label: String(L) })),
    columns: () => ARTICLE_PLACEMENTS,
    // messages for controls whose values cannot go together, by control key ('' = fine)
    problems: (c) => ({ Ls: measureProblem(c.measure, c.Ls) }),
    runs: (c) => c.Ls.flatMap((L) => ARTICLE_PLACEMENTS.flatMap((p) => c.seeds.map((s) => run(p.key, L, s)))),
    needs: (L, placement, c) => c.seeds.map((s) => runId(placement, L, s)),
    value: (L, placement, c, results, stack) => stack.median(c.seeds.map((s) => ratioOf(results.get(runId(placement, L, s)), c.measure))),
  },

  // Beyond the article: Post-LN's median ratio under each measure of a block's gradient, and how much of the
  // starvation under the article's measure each one removes (kernel: stack.starvationRemoved).
  M: {
    controls: [
      { key: 'L', label: 'Depth L', kind: 'depth', fallback: '96' },
      { key: 'seeds', label: 'Seeds', kind: 'seeds', fallback: '0-5' },
    ],
    rowHeader: 'gradient of a block measured over',
    rows: () => MEASURES,
    columns: (c) => [
      { key: 'median', label: `Post-LN ratio (median of ${c.seeds.length})` },
      { key: 'removed', label: 'starvation removed' },
    ],
    runs: (c) => c.seeds.map((s) => run('post', c.L, s)),
    needs: (_measure, _col, c) => c.seeds.map((s) => runId('post', c.L, s)),
    value(measure, col, c, results, stack) {
      const median = (m) => stack.median(c.seeds.map((s) => ratioOf(results.get(runId('post', c.L, s)), m)));
      return col === 'median' ? median(measure) : stack.starvationRemoved(median('all'), median(measure));
    },
    // a share as a percentage: presentation only
    format: (value, col) => (col === 'removed' ? `${formatNumber(100 * value, 3)} %` : formatNumber(value, 4)),
  },

  // Part 4: every wiring, the article's and the field's, under the article's protocol at initialisation: the
  // ratio under three measures and the stream's growth, medians over seeds, by depth. The wirings a reader has
  // written (c.written: experiment/written-wirings.js) have rows of their own after the presets; a row is keyed by
  // its wiring's text form (a preset's name is its own) and L.
  P: {
    controls: [
      { key: 'Ls', label: 'Depths', kind: 'depths', fallback: '6, 24', min: 2 },
      { key: 'seeds', label: 'Seeds', kind: 'seeds', fallback: '0-5' },
    ],
    written: true,
    rowHeader: 'wiring, depth',
    rows: (c) => part4Wirings(c).flatMap((p) => c.Ls.map((L) => ({ key: `${p.text}|${L}`, label: `${p.label}, L\u00a0=\u00a0${L}` }))),
    columns: () => PART4_MEASURES,
    // the shallow depth of every wiring first, then the deeper ones: the table fills in row pairs' first halves early
    // (a written wiring that is a preset value for value asks for the preset's runs: once)
    runs: (c) => [
      ...new Map(
        c.Ls.flatMap((L) => c.seeds.flatMap((s) => part4Wirings(c).map((p) => [runId(p.run, L, s), { ...run(p.run, L, s), written: p.written }]))),
      ).values(),
    ],
    needs: (row, _col, c) => {
      const { run: placement, L } = rowOf(row, c);
      return c.seeds.map((s) => runId(placement, L, s));
    },
    // (data-placement: the wiring's text form)
    cellData: (row, col, c) => {
      const { text, L } = rowOf(row, c);
      return { placement: text, L, measure: col };
    },
    value(row, col, c, results, stack) {
      const { run: placement, L } = rowOf(row, c);
      const runs = c.seeds.map((s) => results.get(runId(placement, L, s)));
      if (col === 'sd-factor') return stack.median(runs.map((r) => stack.streamGrowth(r.streamSd).factor));
      const reason = runs.map((r) => r.undefinedRatios[col]).find(Boolean);
      return reason ? undefinedValue(reason) : stack.median(runs.map((r) => ratioOf(r, col)));
    },
    // numbers the prose names that are not columns: the smallest and the largest single seed's ratio over all
    // parameters, the spread behind a median (ReZero's is wide: content/27)
    extras: ['all-min', 'all-max'],
    extraValue(row, key, c, results) {
      // (the runs the row needs: a written wiring that is a preset value for value reads the preset's)
      const { run: placement, L } = rowOf(row, c);
      const ratios = c.seeds.map((s) => ratioOf(results.get(runId(placement, L, s)), 'all'));
      return key === 'all-min' ? Math.min(...ratios) : Math.max(...ratios);
    },
  },

  // The Pre-LN residual stream grows with depth, but slower than √L (seed 0 alone, as in the article).
  C: {
    controls: [
      { key: 'Ls', label: 'Depths', kind: 'depths', fallback: '6, 24, 96', min: 2 },
      { key: 'seed', label: 'Seed', kind: 'seed', fallback: '0' },
    ],
    rowHeader: 'L',
    rows: (c) => c.Ls.map((L) => ({ key: L, label: String(L) })),
    columns: () => [
      { key: 'sd1', label: 'block 1 sd' },
      { key: 'sdL', label: 'last sd' },
      { key: 'factor', label: 'factor' },
      { key: 'sqrtL', label: '√L' },
    ],
    runs: (c) => c.Ls.map((L) => run('pre', L, c.seed)),
    needs: (L, col, c) => [runId('pre', L, c.seed)],
    value(L, col, c, results, stack) {
      const r = results.get(runId('pre', L, c.seed));
      if (col === 'sd1') return r.streamSd[0];
      if (col === 'sdL') return r.streamSd[L - 1];
      const growth = stack.streamGrowth(r.streamSd);
      return col === 'factor' ? growth.factor : growth.sqrtDepth;
    },
  },

  // Scale up the branch outputs (Wo and W2) and the growth approaches √L.
  D: {
    controls: [
      { key: 'L', label: 'Depth L', kind: 'depth', fallback: '96', min: 2 },
      { key: 'scales', label: 'Output scales s', kind: 'scales', fallback: '1, 3, 10' },
      { key: 'seed', label: 'Seed', kind: 'seed', fallback: '0' },
    ],
    rowHeader: 'output scale',
    rows: (c) => c.scales.map((s) => ({ key: s, label: String(s) })),
    columns: () => [
      { key: 'factor', label: 'factor' },
      { key: 'exponent', label: 'exponent' },
    ],
    runs: (c) => c.scales.map((s) => run('pre', c.L, c.seed, s)),
    needs: (s, col, c) => [runId('pre', c.L, c.seed, s)],
    value(s, col, c, results, stack) {
      const growth = stack.streamGrowth(results.get(runId('pre', c.L, c.seed, s)).streamSd);
      return growth[col];
    },
  },
};
