// Every end-to-end test runs under a watch: an uncaught page error, a console error, a failed request or a
// request that leaves the site fails the test, whatever the test itself checked. A test that breaks
// something on purpose (a wasm file answered with 404) names the problems it expects in allowedProblems,
// one regular expression on the problem lines below, as narrow as it can be; nothing else is excused.
import { test as base, expect } from '@playwright/test';

/** @type {ReturnType<typeof base.extend<{allowedProblems: RegExp | null}>>} */
export const test = base.extend({
  allowedProblems: [null, { option: true }],
  page: async ({ page, baseURL, allowedProblems }, use) => {
    const problems = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:')) {
        problems.push(`request outside the site: ${url}`);
      }
    });
    page.on('requestfailed', (request) => {
      // a reload or navigation aborts what the old page was still loading: not a failure of the site
      if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    await use(page);
    const unexpected = problems.filter((p) => !allowedProblems?.test(p));
    expect(unexpected, 'page errors, console errors or stray requests').toEqual([]);
  },
});

export { expect };
