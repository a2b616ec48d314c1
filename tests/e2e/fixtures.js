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

/**
 * Fails the running test on the watch's problems, but those `allowed` excuses.
 * @param {string[]} problems  @param {RegExp | null} [allowed]
 */
function expectNoProblems(problems, allowed = null) {
  const unexpected = problems.filter((p) => !allowed?.test(p));
  expect(unexpected, 'page errors, console errors or stray requests').toEqual([]);
}

/** @type {ReturnType<typeof base.extend<{allowedProblems: RegExp | null}>>} */
export const test = base.extend({
  allowedProblems: [null, { option: true }],
  page: async ({ page, baseURL, allowedProblems }, use) => {
    const problems = watch(page, baseURL);
    await use(page);
    expectNoProblems(problems, allowedProblems);
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
  test.afterEach(() => expectNoProblems(problems));
  test.afterAll(async () => {
    await page?.close();
  });
  return () => page;
}

/**
 * @typedef {import('@playwright/test').PlaywrightTestArgs & import('@playwright/test').PlaywrightTestOptions} TestArgs
 * @typedef {import('@playwright/test').PlaywrightWorkerArgs & import('@playwright/test').PlaywrightWorkerOptions} WorkerArgs
 * @type {import('@playwright/test').Fixtures<{}, {warmTabs: Map<string, WarmTab>}, TestArgs & {allowedProblems: RegExp | null}, WorkerArgs>}
 */
const warmTabFixtures = {
  warmTabs: [
    // eslint-disable-next-line no-empty-pattern -- a worker's fixture that needs no other
    async ({}, use) => {
      /** @type {Map<string, WarmTab>} */
      const tabs = new Map();
      await use(tabs);
      for (const tab of tabs.values()) await tab.page.context().close();
    },
    { scope: /** @type {const} */ ('worker') },
  ],
  page: async (
    { warmTabs, browser, baseURL, viewport, isMobile, hasTouch, javaScriptEnabled, serviceWorkers, timezoneId, colorScheme, reducedMotion, allowedProblems },
    use,
    testInfo,
  ) => {
    if (serviceWorkers !== 'block') throw new Error('a warm tab blocks service workers, as the config does: use fixtures.js’s test');
    const kind = { isMobile, hasTouch, javaScriptEnabled, timezoneId };
    const key = JSON.stringify(kind);
    let tab = warmTabs.get(key);
    if (!tab) {
      tab = await openTab(browser, String(baseURL), kind);
      warmTabs.set(key, tab);
    }
    const { page } = tab;
    await page.goto('about:blank');
    await tab.clear();
    await page.setViewportSize(viewport ?? { width: 1280, height: 720 });
    await page.emulateMedia({ media: null, colorScheme, reducedMotion, forcedColors: null });
    const problems = watch(page, String(baseURL));
    await use(page);
    if (page.isClosed() || testInfo.status !== testInfo.expectedStatus) {
      await page.context().close();
      warmTabs.delete(key);
    } else {
      await page.removeAllListeners();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    expectNoProblems(problems, allowedProblems);
  },
};

/**
 * `test` for specs whose tests each load the page they test: their `page` is the worker's one tab, kept from test
 * to test. A page in a new context starts a new renderer process, the larger part of what a load costs the
 * browser; an open tab that navigates again keeps its process (the HTTP cache is not where the saving is:
 * docs/measurements.md, "The warm tab"). Before each test the tab is emptied: about:blank, the site's storage
 * cleared (localStorage, IndexedDB's kept results, caches, cookies), permissions and the screen's emulation reset,
 * then the test's viewport, colour scheme and reduced motion set; after it, its routes and listeners are dropped.
 * The tab's sessionStorage stays (the site keeps none). The HTTP cache stays warm, so a test that counts requests or
 * measures a first visit uses fixtures.js's `test`, as does one that adds an init script or installs a clock
 * (either would outlive it: a guard says so), and one that needs service workers. What a tab cannot change (a
 * phone's touch, JavaScript off, a time zone) makes a kind of tab: a worker keeps one tab of each kind its tests ask
 * for. A test that fails closes its tab, as does one that closed it: the next one opens a new one.
 */
export const warmTest = test.extend(warmTabFixtures);

/**
 * @typedef {object} WarmTab  a worker's kept tab of one kind, and what empties it between tests
 * @property {import('@playwright/test').Page} page
 * @property {() => Promise<void>} clear  the site's storage, cookies and permissions
 */

/**
 * Opens a worker's warm tab of one kind (a phone's, one in a given time zone), the config's service workers blocked.
 * → the tab, with the clearing its tests start from
 * @param {import('@playwright/test').Browser} browser  @param {string} baseURL
 * @param {{isMobile: boolean, hasTouch: boolean, javaScriptEnabled: boolean, timezoneId: string | undefined}} kind
 */
async function openTab(browser, baseURL, kind) {
  const page = await browser.newPage({ baseURL, serviceWorkers: 'block', ...kind });
  page.addInitScript = async () => {
    throw new Error('a warm tab takes no init script (it would run in every test after): use fixtures.js’s test');
  };
  Object.defineProperty(page, 'clock', {
    get() {
      throw new Error('a warm tab keeps no clock (its install would outlive the test): use fixtures.js’s test');
    },
  });
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(baseURL).origin;
  return {
    page,
    clear: async () => {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      await page.context().clearCookies();
      await page.context().clearPermissions();
    },
  };
}

export { expect };
