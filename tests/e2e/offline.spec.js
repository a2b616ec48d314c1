// Offline after the first visit (web/src/sw.js, written with its file list by plugins/service-worker.js):
// each test serves dist/ itself, so it can stop the server and really be offline. The service worker
// keeps one cache per build; a new build installs complete beside the old one and only takes over once
// no page of the old build is open; the old page meanwhile keeps getting its own files.
// Browser-only: the service worker, its caches and a page reloading with the server gone exist only in a browser.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeServiceWorker } from '../../web/plugins/service-worker.js';
import { REGISTER_BY_MS } from '../../web/src/ui/new-version.js';
import { expect, test } from './fixtures.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(repo, 'dist');
const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

/** Serves dir under /residual-ln/ on port; resolves once it answers. → the server's process */
async function serve(dir, port) {
  const server = spawn('node', ['tests/e2e/serve.mjs', '--dir', dir, '--base', '/residual-ln/', '--port', String(port)], { cwd: repo, stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/residual-ln/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error(`the server on ${port} did not start`);
}

// stopped already (exited, or killed: then only signalCode is set), or stop it now
const stop = (server) =>
  new Promise((resolve) => (server.exitCode !== null || server.signalCode !== null ? resolve() : (server.once('exit', resolve), server.kill())));

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

test.use({ serviceWorkers: 'allow' }); // (the config blocks it for the specs that do not test it)

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

// The offline copy (the service worker's install copies every file of the build: on a first visit about a second
// of its thread, in Chromium on 2 cores) starts once the figures in view have their numbers, so that it never
// slows their first runs; figures only near the view do not hold it back, and it always comes.
test.describe('the offline copy on a first visit', () => {
  // the moment the page registers its service worker, and how many of table A's cells had their value then
  const watchRegistration = () => {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args) {
      window.__registered ??= { at: performance.now(), cells: document.querySelectorAll('#table-a td[data-value]').length };
      return register.apply(this, args);
    };
  };
  const registered = (page) =>
    expect
      .poll(() => page.evaluate(() => window.__registered), { timeout: 90_000 })
      .toBeTruthy()
      .then(() => page.evaluate(() => window.__registered));

  test('opened at table A, it starts once the table has all its numbers', async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(watchRegistration);
    await page.goto('./#table-a');
    const { at, cells } = await registered(page);
    const loaded = await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd);
    // (a machine too busy to compute the table within REGISTER_BY_MS of the load registers then, as it should)
    if (at - loaded < REGISTER_BY_MS) expect(cells).toBe(12);
    else test.info().annotations.push({ type: 'registered at the cap', description: `${cells} of 12 cells by then` });
    await controlled(page);
  });

  test('opened where no figure in view computes, it does not wait for the figures near the view', async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(watchRegistration);
    await page.goto('./');
    const { at } = await registered(page);
    const loaded = await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd);
    expect(at - loaded).toBeLessThan(REGISTER_BY_MS);
    await controlled(page);
  });
});

/**
 * Build 2, as a redeploy brings it: dist/ with its entry chunk, its LayerNorm chunk and its icon changed (a
 * file whose name carries its hash is renamed with it; one with a plain name keeps it) and its own sw.js.
 * → {dir, build: {id, files}}; its entry chunk sets globalThis.__build = 2.
 */
function secondBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'residual-ln-build2-'));
  cpSync(dist, dir, { recursive: true });
  const index = readFileSync(join(dir, 'index.html'), 'utf8');
  const entry = `assets/${/assets\/(index-[\w-]+\.js)/.exec(index)[1]}`;
  const layernorm = `assets/${readdirSync(join(dir, 'assets')).find((f) => /^layernorm-[\w-]+\.js$/.test(f))}`;
  const icon = /<link rel="icon" href="[^"]*?\/residual-ln\/([^"]+)"/.exec(index)[1];
  const hashed = (file) => /-[\w-]{8}\.\w+$/.test(file);
  const changes = {
    [entry]: (text) => `globalThis.__build = 2;\n${text}`,
    [layernorm]: (text) => `${text}\n// build 2`,
    [icon]: (text) => text.replace('</svg>', '<!-- build 2 --></svg>'),
  };
  const renamed = {};
  for (const [file, change] of Object.entries(changes)) {
    const to = hashed(file) ? file.replace(/(\.\w+)$/, 'b2$1') : file;
    const text = change(readFileSync(join(dir, file), 'utf8'));
    rmSync(join(dir, file));
    writeFileSync(join(dir, to), text);
    if (to !== file) renamed[file] = to;
  }
  // Every file that names a renamed one names the new name; a hashed file changed so is renamed too, as a real
  // build renames it (a chunk's hash covers the names of the chunks it imports), and so on up to the pages.
  const bare = (file) => file.replace(/^assets\//, '');
  let pending = { ...renamed };
  while (Object.keys(pending).length) {
    const next = {};
    const referrers = [
      'index.html',
      '404.html',
      ...readdirSync(join(dir, 'assets'))
        .filter((f) => /\.(js|css)$/.test(f))
        .map((f) => `assets/${f}`),
    ];
    for (const file of referrers) {
      const before = readFileSync(join(dir, file), 'utf8');
      let text = before;
      for (const [from, to] of Object.entries(pending)) text = text.replaceAll(bare(from), bare(to));
      if (text === before) continue;
      const to = hashed(file) && !Object.values(renamed).includes(file) ? file.replace(/(\.\w+)$/, 'b2$1') : file;
      if (to !== file) {
        rmSync(join(dir, file));
        renamed[file] = next[file] = to;
      }
      writeFileSync(join(dir, to), text);
    }
    pending = next;
  }
  return { dir, build: writeServiceWorker(dir, join(repo, 'web/src/sw.js')) };
}

/** This build's precache list, as its sw.js carries it. */
const buildOf = (dir) => {
  const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
  return JSON.parse(sw.slice(sw.indexOf('{'), sw.indexOf(';\n')));
};

test.describe('a new build', () => {
  const port = E2E_PORT + 12;
  test.use({ baseURL: `http://127.0.0.1:${port}/residual-ln/` });

  test('installs complete in a cache of its own, takes over only when the old page is gone, then the old cache goes', async ({ page, context }) => {
    test.setTimeout(120_000);
    const { dir: dir2, build: build2 } = secondBuild();

    let server = await serve('dist', port);
    try {
      await page.goto('./');
      const [cache1] = await controlled(page);
      expect(cache1).not.toContain(build2.id);

      // the site is redeployed; the open page's worker finds the new one
      await stop(server);
      server = await serve(dir2, port);
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.waiting?.state ?? 'none')), { timeout: 30_000 })
        .toBe('installed');
      // installed = complete: its own cache holds every file of build 2; the old cache is still there
      const names = await page.evaluate(() => caches.keys());
      expect(names.sort()).toEqual([cache1, cache1.replace(/[0-9a-f]{16}$/, build2.id)].sort());
      const cached = await page.evaluate(
        (name) =>
          caches
            .open(name)
            .then((c) => c.keys())
            .then((k) => k.length),
        names.find((n) => n.endsWith(build2.id)),
      );
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

// Issue 29: a redeploy that changed no script (here only the not-found page) left every older cache in place,
// since the open page's entry script was in each of them.
test.describe('a redeploy that changes no script', () => {
  const port = E2E_PORT + 14;
  test.use({ baseURL: `http://127.0.0.1:${port}/residual-ln/` });

  test("the old build's cache goes once no page runs on it", async ({ page }) => {
    test.setTimeout(120_000);
    const dir2 = mkdtempSync(join(tmpdir(), 'residual-ln-same-entry-'));
    cpSync(dist, dir2, { recursive: true });
    writeFileSync(join(dir2, '404.html'), readFileSync(join(dir2, '404.html'), 'utf8').replace('</body>', '<!-- build 2 --></body>'));
    const build2 = writeServiceWorker(dir2, join(repo, 'web/src/sw.js'));
    let server = await serve('dist', port);
    try {
      await page.goto('./');
      const [cache1] = await controlled(page);
      expect(cache1).not.toContain(build2.id);
      await stop(server);
      server = await serve(dir2, port);
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.waiting?.state ?? 'none')), { timeout: 30_000 })
        .toBe('installed');
      // the reader takes the new version with the page open (what "reload" in the page's notice does)
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
            navigator.serviceWorker.getRegistration().then((r) => r.waiting.postMessage({ type: 'skip-waiting' }));
          }),
      );
      await page.reload();
      // the page runs on build 2 now, its entry script build 1's too: nothing runs on build 1 alone
      await expect.poll(() => page.evaluate(() => caches.keys()), { timeout: 30_000 }).toEqual([cache1.replace(/[0-9a-f]{16}$/, build2.id)]);
    } finally {
      await stop(server);
      rmSync(dir2, { recursive: true, force: true });
    }
  });
});

test.describe('a redeploy, then offline', () => {
  const port = E2E_PORT + 13;
  test.use({ baseURL: `http://127.0.0.1:${port}/residual-ln/` });

  test('a new tab runs on one build, every file from it, offline too; "new version ready" reloads it onto the new build', async ({ context }) => {
    test.setTimeout(180_000);
    const build1 = buildOf(dist);
    const { dir: dir2, build: build2 } = secondBuild();
    // a file both builds list under one name must be one content: only the pages (chapter, 404) may differ
    for (const file of build1.files.filter((f) => f !== './' && f !== '404.html' && build2.files.includes(f))) {
      expect(readFileSync(join(dir2, file)).equals(readFileSync(join(dist, file))), `${file} changed but kept its name`).toBe(true);
    }
    /** The site's files a page asks for from now on, as paths relative to the site (the page itself is './'). */
    const record = (page) => {
      const seen = new Set();
      const site = `http://127.0.0.1:${port}/residual-ln/`;
      const add = (request) => {
        const url = request.url().split(/[?#]/)[0];
        if (url.startsWith(site) && !url.endsWith('/sw.js')) seen.add(url.slice(site.length) || './');
      };
      page.on('request', add);
      page.on('worker', (worker) => worker.url() && add({ url: () => worker.url() }));
      return { files: () => [...seen].sort(), clear: () => seen.clear() };
    };
    const errors = [];
    context.on('page', (page) => page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`)));
    const onlyFrom = (files, build) =>
      expect(
        files.filter((f) => !build.files.includes(f)),
        `files outside build ${build.id}`,
      ).toEqual([]);

    let server = await serve('dist', port);
    try {
      const first = await context.newPage();
      await first.goto('./');
      const [cache1] = await controlled(first);

      // the site is redeployed; a new tab opens while the old build's worker is in control
      await stop(server);
      server = await serve(dir2, port);
      const tab = await context.newPage();
      const tabFiles = record(tab);
      await tab.goto('./');
      // its update check finds build 2, which installs complete beside build 1 and waits
      await expect
        .poll(() => tab.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.waiting?.state ?? 'none')), { timeout: 30_000 })
        .toBe('installed');
      expect((await tab.evaluate(() => caches.keys())).sort()).toEqual([cache1, cache1.replace(/[0-9a-f]{16}$/, build2.id)].sort());
      // the reader is told, in both tabs
      const notice = (page) => page.getByRole('status').filter({ hasText: 'A new version of this chapter is ready.' });
      await expect(notice(tab)).toBeVisible();
      await expect(notice(first)).toBeVisible();

      // offline now, the server gone: the tab still runs on build 1 alone, the figure it mounts now included
      await stop(server);
      await context.setOffline(true);
      expect(await tab.evaluate(() => globalThis.__build)).toBeUndefined();
      await tab.locator('#layernorm-one-vector-at-a-time').scrollIntoViewIfNeeded();
      await lnEntries(tab);
      onlyFrom(tabFiles.files(), build1);
      expect(tabFiles.files()).toEqual(expect.arrayContaining(['./', build1.files.find((f) => /^assets\/layernorm-[\w-]+\.js$/.test(f))]));

      // "Reload": the waiting build takes over and the tab reloads onto it, offline, every file from build 2
      tabFiles.clear();
      await notice(tab).getByRole('button', { name: 'Reload' }).click();
      // (the reload may destroy the page's context mid-read: that read counts as "not yet")
      await expect.poll(() => tab.evaluate(() => globalThis.__build).catch(() => undefined), { timeout: 30_000 }).toBe(2);
      await expect(notice(tab)).toHaveCount(0);
      await tab.locator('#layernorm-one-vector-at-a-time').scrollIntoViewIfNeeded();
      await lnEntries(tab);
      onlyFrom(tabFiles.files(), build2);

      // the first tab, still on build 1 under build 2's worker, keeps loading its own files (from build 1's
      // cache, kept while it is open) and keeps its notice
      const firstFiles = record(first);
      await first.locator('#layernorm-one-vector-at-a-time').scrollIntoViewIfNeeded();
      await lnEntries(first);
      onlyFrom(firstFiles.files(), build1);
      await expect(notice(first)).toBeVisible();

      // once no page runs on build 1, its cache goes
      await first.close();
      const next = await context.newPage();
      await next.goto('./');
      expect(await next.evaluate(() => globalThis.__build)).toBe(2);
      await expect.poll(() => next.evaluate(() => caches.keys()), { timeout: 30_000 }).toEqual([cache1.replace(/[0-9a-f]{16}$/, build2.id)]);
      expect(errors).toEqual([]);
    } finally {
      await stop(server);
      rmSync(dir2, { recursive: true, force: true });
    }
  });
});
