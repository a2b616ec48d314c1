// fixtures.js's warm tab: a test that leaves the page dirty (saved work, kept results, a route, a listener, a
// phone's width, a dark scheme) hands the next test a tab as clean as a new context's; a test that closes the tab
// hands on a new one; a phone or a time zone gets a tab of its own kind; an init script or a clock, which would
// outlive its test, is refused, as is a test that needs service workers.
// Browser-only: it tests the Playwright fixture that hands tabs from test to test.
import { expect, warmTest as test } from './fixtures.js';

test.describe.configure({ mode: 'serial' }); // one worker, in order: the second test gets the first one's tab

/** what a test can leave behind in the tab, read from the page at the site's address */
const leftovers = (page) =>
  page.evaluate(async () => ({
    localStorage: Object.keys(localStorage),
    databases: (await indexedDB.databases()).map((d) => d.name),
    caches: await caches.keys(),
    width: innerWidth,
    dark: matchMedia('(prefers-color-scheme: dark)').matches,
    reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
  }));

// what a new context's page at the site's address holds (the config's viewport, no emulation)
const CLEAN = { localStorage: [], databases: [], caches: [], width: 1280, dark: false, reducedMotion: false };

/** @type {unknown} the desktop tab as the last test left it */
let desktopTab;

test('a test leaves the tab dirty', async ({ page }) => {
  await page.goto('./404.html');
  await page.setViewportSize({ width: 375, height: 667 });
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await page.route('**/404.html', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p id="routed">routed</p>' }));
  page.on('console', () => {
    throw new Error('a listener of the test before');
  });
  await page.evaluate(async () => {
    localStorage.setItem('left-behind', '1');
    await (await caches.open('left-behind')).put('/left-behind', new Response('x'));
    await new Promise((resolve, reject) => {
      const open = indexedDB.open('left-behind', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('s');
      open.onsuccess = () => {
        open.result.close();
        resolve(undefined);
      };
      open.onerror = () => reject(open.error);
    });
  });
  expect(await leftovers(page)).toEqual({
    localStorage: ['left-behind'],
    databases: ['left-behind'],
    caches: ['left-behind'],
    width: 375,
    dark: true,
    reducedMotion: true,
  });
  desktopTab = page;
});

test('the next test gets the same tab, emptied', async ({ page }) => {
  expect(page, 'the warm tab itself, not a new page').toBe(desktopTab);
  expect(page.url()).toBe('about:blank');
  await page.goto('./404.html');
  await expect(page.locator('#routed'), 'the route of the test before is gone').toHaveCount(0);
  await page.evaluate(() => console.log('no listener of the test before hears this'));
  expect(await leftovers(page)).toEqual(CLEAN);
});

test('an init script and a clock are refused: they would outlive the test', async ({ page }) => {
  await expect(page.addInitScript(() => {})).rejects.toThrow(/a warm tab takes no init script/);
  expect(() => page.clock).toThrow(/a warm tab keeps no clock/);
});

test('a test may close its tab', async ({ page }) => {
  expect(page).toBe(desktopTab);
  await page.close();
});

test('the next test gets a new tab, open', async ({ page }) => {
  expect(page, 'not the closed tab').not.toBe(desktopTab);
  desktopTab = page;
  expect(page.isClosed()).toBe(false);
  await page.goto('./404.html');
  expect(await leftovers(page)).toEqual(CLEAN);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
  test('a phone’s touch and mobile viewport make a tab of their own kind', async ({ page }) => {
    expect(page, 'not the desktop tab').not.toBe(desktopTab);
    await page.goto('./404.html');
    expect(await page.evaluate(() => [navigator.maxTouchPoints > 0, innerWidth])).toEqual([true, 375]);
  });
});

test.describe('in a time zone of its own', () => {
  const zone = 'Pacific/Chatham'; // (UTC+12:45: no machine's own)
  test.use({ timezoneId: zone });
  test('a time zone makes a tab of its own kind', async ({ page }) => {
    expect(page, 'not the desktop tab').not.toBe(desktopTab);
    await page.goto('./404.html');
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(zone);
  });
});

test.describe('with service workers allowed', () => {
  test.use({ serviceWorkers: 'allow' });
  test.fail(); // the fixture refuses it: the warm tabs block service workers, as the config does
  test('a test that needs them is refused a warm tab (a failure expected: the report marks it ✘)', async ({ page }) => {
    expect(page.url()).toBe('about:blank');
  });
});
