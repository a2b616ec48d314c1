// axe-core for every spec, run one way: in the page itself (legacy mode: the chapter has no frames, and the default
// mode's second, blank page that merges the frames' results cost more than the audit) and keeping the details of
// violations only (the passes' thousands of nodes were gathered and sent back for nothing). Times in
// docs/measurements.md ("axe in the page, violations only").
import AxeBuilder from '@axe-core/playwright';

/**
 * axe over the page, or over the parts `include` names.
 * → {violations: ["serious color-contrast: #a | #b", …] (every impact, three targets each), passes: ids of the rules
 *   that found nothing wrong (a rule that had nothing to judge is in neither)}
 * @param {import('@playwright/test').Page} page
 * @param {...string} include
 */
export async function axeScan(page, ...include) {
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  for (const selector of include) builder = builder.include(selector);
  const results = await builder.analyze();
  return {
    violations: results.violations.map(
      (v) =>
        `${v.impact} ${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    ),
    passes: results.passes.map((p) => p.id),
  };
}

/** The serious and critical lines of axeScan's violations. @param {string[]} violations */
export const serious = (violations) => violations.filter((line) => /^(serious|critical) /.test(line));
