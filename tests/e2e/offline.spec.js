// Offline after the first visit (web/src/sw.js, written with its file list by plugins/service-worker.js):
// each test serves dist/ itself, so it can stop the server and really be offline. The service worker
// keeps one cache per build; a new build installs complete beside the old one and only takes over once
// no page of the old build is open; the old page meanwhile keeps getting its own files.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeServiceWorker } from '../../web/plugins/service-worker.js';
import { expect, test } from './fixtures.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(repo, 'dist');
const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

/** Serves dir under /residual-ln/ on port; resolves once it answers. → the server's process */
async function serve(dir, port) {
  const server = spawn('node', ['tests/e2e/serve.mjs', '--dir', dir, '--base', '/residual-ln/', '--port', String(port)], { cwd: repo, stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if (await fetch(`http://127.0.0.1:${port}/residual-ln/`).then((r) => r.ok, () => false)) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error(`the server on ${port} did not start`);
}

const stop = (server) => new Promise((resolve) => (server.exitCode !== null ? resolve() : (server.once('exit', resolve), server.kill())));

/** Waits until the page is controlled by an active worker; → this site's cache names */
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
  return page.evaluate(() => caches.keys());
}

const lnEntries = async (page) => {
  const widget = page.locator('.ln-widget');
  await widget.getByLabel('x', { exact: true }).fill('2, 4, 4, 6');
  await widget.getByLabel('ε', { exact: true }).fill('0');
  await expect.poll(() => widget.locator('.ln-y .ln-entry').allInnerTexts()).toEqual(['−1.4142', '0', '0', '1.4142']);
};

test.describe('offline after the first visit', () => {
  const port = E2E_PORT + 11;
  test.use({ baseURL: `http://127.0.0.1:${port}/residual-ln/` });

  test('the chapter reloads and the LayerNorm instrument computes with the server gone', async ({ page, context }) => {
    test.setTimeout(120_000);
    const server = await serve('dist', port);
    try {
      await page.goto('./#layernorm-one-vector-at-a-time');
      const caches = await controlled(page);
      expect(caches).toEqual([expect.stringMatching(/^chapter:http:\/\/127\.0\.0\.1:\d+\/residual-ln\/:[0-9a-f]{16}$/)]);
      await page.reload(); // the visit the reader comes back with
      await controlled(page);
    } finally {
      await stop(server);
    }
    await context.setOffline(true); // and the server is gone: nothing can come from the network
    const response = await page.reload();
    expect(response.fromServiceWorker()).toBe(true);
    await expect(page.locator('h1')).toHaveText('Residual connections and where LayerNorm goes');
    await page.locator('#layernorm-one-vector-at-a-time').scrollIntoViewIfNeeded();
    await lnEntries(page);
    // the figures' settings travel in the query: the page still opens with one
    await page.goto('./?g.L=6#layernorm-one-vector-at-a-time');
    await expect(page.locator('main h2').first()).toBeVisible();
  });
});

test.describe('a new build', () => {
  const port = E2E_PORT + 12;
  test.use({ baseURL: `http://127.0.0.1:${port}/residual-ln/` });

  test('installs complete in a cache of its own, takes over only when the old page is gone, then the old cache goes', async ({ page, context }) => {
    test.setTimeout(120_000);
    // build 2: dist/ with its entry chunk and the LayerNorm chunk changed (so, renamed) and its own sw.js
    const dir2 = mkdtempSync(join(tmpdir(), 'residual-ln-build2-'));
    cpSync(dist, dir2, { recursive: true });
    const index = readFileSync(join(dir2, 'index.html'), 'utf8');
    const entry = /assets\/(index-[\w-]+\.js)/.exec(index)[1];
    const layernorm = readdirSync(join(dir2, 'assets')).find((f) => /^layernorm-[\w-]+\.js$/.test(f));
    const renamed = { [entry]: entry.replace('.js', 'b2.js'), [layernorm]: layernorm.replace('.js', 'b2.js') };
    for (const [from, to] of Object.entries(renamed)) {
      const text = readFileSync(join(dir2, 'assets', from), 'utf8');
      writeFileSync(join(dir2, 'assets', to), from === entry ? `globalThis.__build = 2;\n${text}` : text);
      rmSync(join(dir2, 'assets', from));
    }
    for (const file of ['index.html', ...readdirSync(join(dir2, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`)]) {
      let text = readFileSync(join(dir2, file), 'utf8');
      for (const [from, to] of Object.entries(renamed)) text = text.replaceAll(from, to);
      writeFileSync(join(dir2, file), text);
    }
    const build2 = writeServiceWorker(dir2, join(repo, 'web/src/sw.js'));

    let server = await serve('dist', port);
    try {
      await page.goto('./');
      const [cache1] = await controlled(page);
      expect(cache1).not.toContain(build2.id);

      // the site is redeployed; the open page's worker finds the new one
      await stop(server);
      server = await serve(dir2, port);
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.waiting?.state ?? 'none')), { timeout: 30_000 }).toBe('installed');
      // installed = complete: its own cache holds every file of build 2; the old cache is still there
      const names = await page.evaluate(() => caches.keys());
      expect(names.sort()).toEqual([cache1, cache1.replace(/[0-9a-f]{16}$/, build2.id)].sort());
      const cached = await page.evaluate((name) => caches.open(name).then((c) => c.keys()).then((k) => k.length), names.find((n) => n.endsWith(build2.id)));
      expect(cached).toBe(build2.files.length);

      // the old page keeps its own build: a figure it mounts now loads build 1's chunk, which the new
      // server no longer has, from build 1's cache
      expect(await page.evaluate(() => globalThis.__build)).toBeUndefined();
      await page.locator('#layernorm-one-vector-at-a-time').scrollIntoViewIfNeeded();
      await lnEntries(page);

      // the old page closes: the new worker takes over and deletes the old cache. Watched from a page
      // outside the worker's scope, so that no page of the chapter is open while the old one unloads
      // (a chapter page opened at once could still be claimed by the old worker, which is correct
      // behaviour but not the moment this test is about)
      await page.close();
      const watcher = await context.newPage();
      await watcher.goto(`http://127.0.0.1:${port}/outside-the-chapter`);
      const state = () => navigator.serviceWorker.getRegistration('/residual-ln/').then((r) => `${r.active?.state}/${r.waiting ? 'waiting' : 'none'}`);
      await expect.poll(() => watcher.evaluate(state), { timeout: 30_000 }).toBe('activated/none');
      await watcher.close();
      const next = await context.newPage();
      await next.goto('./');
      await expect.poll(() => next.evaluate(() => caches.keys()), { timeout: 30_000 }).toEqual([cache1.replace(/[0-9a-f]{16}$/, build2.id)]);
      expect(await next.evaluate(() => globalThis.__build)).toBe(2);
    } finally {
      await stop(server);
      rmSync(dir2, { recursive: true, force: true });
    }
  });
});
