// The chapter's experiments at their smallest, one place for the browser's specs (tests/e2e/reach.js) and the widget
// tests (tests/web/widgets/): a test that reads no number of the article opens the page at these settings, so mounting
// and computing stay cheap. Each key is a figure's URL parameter (its prefix, then the control).
export const LIGHT = {
  'a.L': '2',
  'a.seeds': '0',
  'b.Ls': '6',
  'b.seeds': '0',
  'c.Ls': '6',
  'd.L': '6',
  'd.scales': '1',
  'g.L': '6',
  'r.Ls': '6',
  'r.seeds': '0',
  's.L': '6',
  's.scales': '1',
  'm.L': '6',
  'm.seeds': '0',
  'p.Ls': '6',
  'p.seeds': '0',
  'pg.L': '6',
};
// and the settings every figure shares at a small model (width 32, a batch of 4 sequences of 8 tokens: about 1/64 of a
// run's work at the article's width 128 and 8 × 16 tokens), for the checks that read no number of the article
export const SMALL_MODEL = { 'x.d': '32', 'x.B': '4', 'x.T': '8' };
/** LIGHT without one figure's parameters (its prefix, 'a'): that figure at the article's settings, the others small.
 * @param {string} prefix */
export const lightExcept = (prefix) => Object.fromEntries(Object.entries(LIGHT).filter(([key]) => !key.startsWith(`${prefix}.`)));
