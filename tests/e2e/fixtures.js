// Every end-to-end test runs under a watch: an uncaught page error, a console error, a failed request or a
// request that leaves the site fails the test, whatever the test itself checked. A test that breaks
// something on purpose (a wasm file answered with 404) names the problems it expects in allowedProblems,
// one regular expression on the problem lines below, as narrow as it can be; nothing else is excused.
import { test as base, expect } from '@playwright/test';

/**
 * Starts the watch on a page. → the list of problem lines it fills as the page runs
 * @param {import('@playwright/test').Page} page  @param {string} baseURL
 */
function watch(page, baseURL) {
  /** @type {string[]} */
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
  return problems;
}

/** @type {ReturnType<typeof base.extend<{allowedProblems: RegExp | null}>>} */
export const test = base.extend({
  allowedProblems: [null, { option: true }],
  page: async ({ page, baseURL, allowedProblems }, use) => {
    const problems = watch(page, baseURL);
    await use(page);
    const unexpected = problems.filter((p) => !allowedProblems?.test(p));
    expect(unexpected, 'page errors, console errors or stray requests').toEqual([]);
  },
});

/**
 * One page for the tests of the describe block this is called in, opened once by `open(page)`, for tests that each
 * leave the page as they found it (a bad value typed, then a good one): the block's tests run in order in one worker
 * and share the load, the mount and the kernels' start a page costs. The page is watched as every test's page is,
 * and each test fails on a problem that arose while it ran. serviceWorkers: 'allow' where the block's checks cover the
 * service worker too (the config blocks it). → () => the page
 * @param {(page: import('@playwright/test').Page) => Promise<unknown>} open
 * @param {{serviceWorkers?: 'allow' | 'block'}} [options]
 */
export function sharedPage(open, { serviceWorkers } = {}) {
  test.describe.configure({ mode: 'default' }); // in order, in one worker (a failure: the rest in a new one)
  /** @type {import('@playwright/test').Page} */
  let page;
  /** @type {string[]} */
  let problems = [];
  test.beforeAll(async ({ browser }, testInfo) => {
    const { baseURL, viewport, serviceWorkers: fromConfig } = testInfo.project.use;
    page = await browser.newPage({ baseURL, viewport, serviceWorkers: serviceWorkers ?? fromConfig });
    problems = watch(page, String(baseURL));
    await open(page);
    expect(problems, 'page errors, console errors or stray requests while it opened').toEqual([]);
  });
  test.beforeEach(() => {
    problems.length = 0; // (what happened before this test is the test's that was running then)
  });
  test.afterEach(() => {
    expect(problems, 'page errors, console errors or stray requests').toEqual([]);
  });
  test.afterAll(async () => {
    await page?.close();
  });
  return () => page;
}

export { expect };
