// The site as GitHub Pages serves it under /<repository>/: its own 404 page at any depth (styled, with a
// way back), every link and source on the chapter resolving, every #anchor naming an element, and every
// asset's name carrying its content hash (a new build never meets an old file in a cache).
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { lightUrl, mountAll } from './reach.js';

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

test('every same-site link and source resolves, and every #anchor names an element', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  await page.goto(lightUrl());
  await mountAll(page);
  const origin = new URL(baseURL).origin;
  const refs = await page.evaluate(() =>
    [...document.querySelectorAll('[href], [src]')].map((el) => {
      const raw = el.getAttribute('href') ?? el.getAttribute('src');
      return { raw, url: new URL(raw, document.baseURI).href };
    }),
  );
  const anchors = refs.filter((r) => r.raw.startsWith('#'));
  expect(anchors.length).toBeGreaterThan(10); // the contents, the skip link, cross-references
  for (const { raw } of anchors) expect(await page.locator(`[id="${decodeURIComponent(raw.slice(1))}"]`).count(), raw).toBe(1);

  // the exercises' page links each exercise back to its place in the chapter (./#exercise-N), and the chapter to it
  const exercisesPage = readFileSync(new URL('exercises.html', dist), 'utf8');
  const back = [...exercisesPage.matchAll(/href="\.\/#([^"]+)"/g)].map((m) => m[1]);
  const there = new Set([...exercisesPage.matchAll(/<section class="exercise" id="([^"]+)"/g)].map((m) => m[1]));
  expect(there.size).toBeGreaterThanOrEqual(21);
  expect(back).toHaveLength(there.size);
  for (const id of back) expect(await page.locator(`[id="${id}"]`).count(), id).toBe(1);
  // (as the chapter's HTML has them: with scripts, the words replace the links as the page opens)
  const linked = [...readFileSync(new URL('index.html', dist), 'utf8').matchAll(/href="\.\/exercises\.html#([^"]+)"/g)].map((m) => m[1]);
  expect(linked).toHaveLength(there.size);
  for (const id of linked) expect(there.has(id), id).toBe(true);

  // the 404 page's own links count too
  const notFound = readFileSync(new URL('404.html', dist), 'utf8');
  const fromNotFound = [...notFound.matchAll(/(?:href|src)="([^"#]+)"/g)].map((m) => new URL(m[1], `${origin}/residual-ln/no/such/page`).href);
  const urls = [...new Set([...refs.map((r) => r.url), ...fromNotFound].map((u) => u.split('#')[0]))].filter((u) => u.startsWith(`${origin}/`));
  expect(urls.length).toBeGreaterThan(4);
  for (const url of urls) {
    expect(url.startsWith(baseURL), `${url} lies under the site's base`).toBe(true);
    expect((await request.get(url)).status(), url).toBe(200);
  }
});

test('assets are content-hashed (the icon too); only the pages and the service worker keep plain names', () => {
  const assets = readdirSync(new URL('assets/', dist));
  expect(assets.length).toBeGreaterThan(20);
  for (const name of assets) expect(name).toMatch(/^[\w.-]+-[\w-]{8}\.[a-z0-9]+$/);
  expect(assets.some((name) => /^favicon-[\w-]{8}\.svg$/.test(name))).toBe(true);
  expect(readdirSync(dist).sort()).toEqual(['404.html', 'assets', 'exercises.html', 'index.html', 'sw.js', 'teachers.html']);
});
