// Every end-to-end test runs under a watch: an uncaught page error, a console error, a failed request or a
// request that leaves the site fails the test, whatever the test itself checked.
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  page: async ({ page, baseURL }, use) => {
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
    expect(problems, 'page errors, console errors or stray requests').toEqual([]);
  },
});

export { expect };
