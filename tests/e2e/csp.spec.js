// The Content-Security-Policy (plugins/csp.js): a strict policy on every page, and the inline colour script runs
// because its hash is in the policy. (The whole chapter working under it with every widget mounted and every figure
// computed, not one violation reported: whole-chapter.spec.js.) The kernels' glue must not build code from strings
// (linked with DYNAMIC_EXECUTION=0). Text that comes from a computation (a worker's error) shows as text.
// Browser-only: only a browser enforces a Content-Security-Policy and reports its violations.
import { expect, test } from './fixtures.js';
import { lightUrl, watchViolations } from './reach.js';

async function policyOf(page) {
  const meta = page.locator('meta[http-equiv="Content-Security-Policy"]');
  await expect(meta, 'the page carries a policy').toHaveCount(1);
  return meta.getAttribute('content');
}

test('a strict policy, before any script, and the inline colour script allowed by its hash', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.addInitScript(() => localStorage.setItem('residual-ln-theme', 'dark'));
  await page.goto(lightUrl());

  const policy = await policyOf(page);
  const directives = Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
  expect(directives['script-src']).toEqual(expect.arrayContaining(["'self'", "'wasm-unsafe-eval'"]));
  expect(directives['script-src']).not.toContain("'unsafe-inline'");
  expect(policy).not.toContain("'unsafe-eval'");
  expect(directives['object-src']).toEqual(["'none'"]);
  // the policy comes before any script, so it covers every one
  expect(await page.evaluate(() => document.head.firstElementChild.nextElementSibling.matches('meta[http-equiv="Content-Security-Policy"]'))).toBe(true);
  // the inline colour script ran: allowed by its hash, not blocked
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await violations()).toEqual([]);
});

test.describe('the 404 page', () => {
  const notFound = /^HTTP 404: \S+\/no-such-page$|^console error: Failed to load resource: the server responded with a status of 404 \(Not Found\)$/;
  test.use({ allowedProblems: notFound });

  test('carries the policy too, its inline script allowed by hash', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.addInitScript(() => localStorage.setItem('residual-ln-theme', 'dark'));
    await page.goto('./no-such-page');
    expect(await policyOf(page)).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/]+=*'/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await violations()).toEqual([]);
  });
});

test.describe('an error from a computation', () => {
  // every run fails with a message full of markup, as a kernel's message could be
  const message = 'bad "quoted" <b class="injected">bold</b> & <img src="x" class="injected"> \' end';
  // only if the markup were parsed as markup (it must not be): its image's address would be missing. No service
  // worker: once it controls the page (it registers at 'load' and claims the page) it serves the worker script from
  // its cache, past page.route, and the real worker computes (a full run saw table A filled with numbers)
  test.use({
    serviceWorkers: 'block',
    allowedProblems: /^HTTP 404: \S+\/x$|^console error: Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
  });

  test("shows as text: in a table cell's title and in a chart's status line", async ({ page }) => {
    await page.route(/\/assets\/worker-[\w-]+\.js$/, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `self.onmessage = ({ data }) => self.postMessage({ id: data.id, type: 'error', message: ${JSON.stringify(message)} });`,
      }),
    );
    await page.goto(lightUrl('#table-a'));
    const failed = page.locator('#table-a td.failed');
    await expect(failed).toHaveCount(12);
    for (const cell of await failed.all()) await expect(cell).toHaveAttribute('title', message);
    await page.locator('#figure-grad-profile').scrollIntoViewIfNeeded();
    await expect(page.locator('#figure-grad-profile .chart-status')).toContainText(message);
    await expect(page.locator('.injected')).toHaveCount(0);
  });
});
