// The kernels' WebAssembly is fetched and compiled once per page (kernels/compiled.js), from a file the head
// preloads (plugins/preload.js), and the compiled module is handed to every worker (experiment/pool.js), which
// instantiates it: no worker fetches or compiles the file again (issue 38: each did, after the page). Under the
// page's strict policy ('wasm-unsafe-eval' for the one compile), with the milestones the bench reads.
// Browser-only: the network requests, the preload and the module workers are Chromium's own.
import { expect, test } from './fixtures.js';

test.describe.configure({ timeout: 120_000 });

test('opened at #table-a: one request for the wasm, preloaded from the head, and every worker instantiates the page’s compile', async ({ page, context }) => {
  const wasmRequests = [];
  context.on('request', (request) => {
    // (the service worker's precaching after the load is not the page's)
    if (/\.wasm(\?|$)/.test(request.url()) && !request.serviceWorker()) wasmRequests.push(request.url());
  });
  const workers = [];
  page.on('worker', (worker) => workers.push(worker));
  await page.goto('./#table-a');
  const preload = page.locator('head link[rel="preload"][as="fetch"][href$=".wasm"]');
  await expect(preload).toHaveCount(1);
  await expect(page.locator('#table-a td[data-value]').first()).toBeVisible({ timeout: 60_000 });
  // both workers have started and are ready (a worker posts it once its module is instantiated)
  await expect.poll(() => workers.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name));
  expect(marks).toEqual(expect.arrayContaining(['figure module started', 'kernels compiled', 'first worker ready', 'first run posted', 'first run done']));
  await page.waitForTimeout(1000); // any late fetch of a worker would show here
  expect(wasmRequests, 'requests for the wasm, from the page and its workers').toHaveLength(1);
  expect(wasmRequests[0]).toMatch(/kernels-[\w-]+\.wasm$/);
  // the workers have no fetch of their own in their resource timing either
  for (const worker of workers) {
    const fetched = await worker.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => r.name)
        .filter((n) => n.endsWith('.wasm')),
    );
    expect(fetched).toEqual([]);
  }
});
