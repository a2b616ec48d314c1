// The site as GitHub Pages serves it under /<repository>/: its own 404 page at any depth (styled, with a
// way back), and every asset's name carrying its content hash (a new build never meets an old file in a cache).
// (Every link and source on the chapter resolving, every #anchor naming an element: whole-chapter.spec.js.)
// Browser-only: the production build served under a sub-path, as GitHub Pages serves it, with its own 404 page.
import { readdirSync } from 'node:fs';
import { expect, warmTest as test } from './fixtures.js';

const dist = new URL('../../dist/', import.meta.url);

test.describe('a missing address', () => {
  // the 404 asked for on purpose, and the browser's console line about it (which names no address)
  test.use({
    allowedProblems:
      /^HTTP 404: \S+\/residual-ln\/no\/such\/page$|^console error: Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
  });

  test('gets the site’s 404 page at any depth, styled like the chapter, with a link back', async ({ page, baseURL }) => {
    const response = await page.goto('./no/such/page');
    expect(response.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText('Page not found');
    // its stylesheet came from the site's root, three levels up: the page has the chapter's look
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(253, 253, 252)');
    expect(await page.locator('.masthead').evaluate((el) => getComputedStyle(el).maxWidth)).toBe('714px');
    await page.getByRole('link', { name: 'Residual connections and where LayerNorm goes' }).click();
    await expect(page).toHaveURL(baseURL);
    await expect(page.locator('main h2').first()).toBeVisible();
  });
});

test('assets are content-hashed (the icon too); only the pages and the service worker keep plain names', () => {
  const assets = readdirSync(new URL('assets/', dist));
  expect(assets.length).toBeGreaterThan(20);
  for (const name of assets) expect(name).toMatch(/^[\w.-]+-[\w-]{8}\.[a-z0-9]+$/);
  expect(assets.some((name) => /^favicon-[\w-]{8}\.svg$/.test(name))).toBe(true);
  expect(readdirSync(dist).sort()).toEqual(['404.html', 'assets', 'exercises.html', 'index.html', 'sw.js', 'teachers.html']);
});
