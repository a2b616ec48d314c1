#!/usr/bin/env node
// npm run size: the production build's load budget, measured, printed as a table, enforced.
//   wasm         every .wasm file, gzip -9
//   first load   what a reader's browser fetches opening the chapter at the top in a 1280×800 window,
//                until the network is idle: the page, its entry chunk and CSS, and whatever the first
//                screens mount (their chunks, workers, the wasm), fonts excluded, each file gzip -9;
//                and the same opened at #table-a, where the first live number (and so the wasm) loads at once
//   page HTML    index.html as the browser decodes and parses it, uncompressed
//                (every visit parses all of it before main.js runs and the first figure can mount: every byte
//                of the file counts, a <template>'s or a <noscript>'s too; the exercises' words come from a chunk
//                and are in exercises.html, not counted here, which no first visit of the chapter fetches)
// The first load is observed, not predicted: Debian's Chromium loads the built site from a local copy of
// the GitHub Pages server (tests/e2e/serve.mjs) with service workers blocked (the worker's precaching
// after the load is not part of it; its total is printed for information). Sizes are of the files in
// dist/, each compressed by GNU gzip -9 (what a static host's gzip does, give or take); 1 KB = 1000 bytes.
// Usage: [BASE_PATH=/sub/] node scripts/size.mjs [--no-build]   (without --no-build it first builds dist/
// for BASE_PATH, by default /residual-ln/; with it, BASE_PATH must be the one dist/ was built for)
// Writes build/size-results.json for the test summary; exits 1 when a budget is exceeded.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/playwright.config.js';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const BASE = process.env.BASE_PATH || '/residual-ln/'; // the sub-path dist/ is (or is to be) built for
const PORT = Number(process.env.SIZE_PORT ?? 4393);
// Each budget is ROOM times what shipped when the budgets were last set (SHIPPED, in bytes, measured by this script),
// so that a change's growth fits and a jump fails: with a budget at the size that ships, every change fails it, and
// with one far above, none does. Set at fe2b097, issue 54, after the math became MathML (docs/measurements.md, "The
// load budgets"); bringing a size down is a reason to set them again: measure, copy the four figures here. Before:
// wasm ≤ 195 KB, first load ≤ 365 KB at the top and at #table-a alike, the HTML ≤ 400 KB.
const ROOM = 1.1;
const SHIPPED = { wasm: 191_221, firstLoadTop: 256_834, firstLoadTableA: 336_413, html: 148_115 };
const BUDGET = Object.fromEntries(Object.entries(SHIPPED).map(([name, bytes]) => [name, Math.round(bytes * ROOM)]));
const FONT = /\.(woff2?|ttf|otf)$/;

if (!process.argv.includes('--no-build')) {
  execFileSync('node_modules/.bin/vite', ['build', '--config', 'web/vite.config.js', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BASE_PATH: BASE },
  });
}

const gzipped = new Map();
const gz = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, execFileSync('gzip', ['-9', '-c', join(dist, file)], { maxBuffer: 1 << 28 }).length);
  return gzipped.get(file);
};
const raw = (file) => readFileSync(join(dist, file)).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

// ---- the first load, in Chromium ----
/** The site's files (paths under dist/) a fresh visit to BASE + hash fetches until the network is idle. */
async function firstLoad(browser, hash) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const urls = new Set();
  context.on('requestfinished', (request) => urls.add(request.url())); // the page's and its workers'
  const page = await context.newPage();
  await page.goto(origin + BASE + hash, { waitUntil: 'networkidle', timeout: 120_000 });
  // figures mount in idle periods after the load: wait until none is loading and the network is quiet again
  await page.waitForFunction(() => !document.querySelector('.widget-loading'), null, { timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  await context.close();
  return [
    ...new Set([...urls].filter((u) => u.startsWith(origin + BASE)).map((u) => decodeURIComponent(new URL(u).pathname.slice(BASE.length)) || 'index.html')),
  ].sort();
}

const server = spawn('node', ['tests/e2e/serve.mjs', '--dir', 'dist', '--base', BASE, '--port', String(PORT)], { cwd: root, stdio: 'ignore' });
const origin = `http://127.0.0.1:${PORT}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const loads = {};
try {
  for (let i = 0; i < 50; i++) {
    if (
      await fetch(origin + BASE).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  loads.top = await firstLoad(browser, '');
  // a reader arriving at the first live table: its chunk, the workers and the wasm come too
  loads.tableA = await firstLoad(browser, '#table-a');
} finally {
  await browser.close();
  server.kill();
}

// ---- the table ----
const sum = (list) => list.reduce((total, f) => total + gz(f), 0);
const wasmFiles = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.wasm'))
  .map((f) => `assets/${f}`);
const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
const precache = JSON.parse(sw.slice(sw.indexOf('{'), sw.indexOf(';\n'))).files.map((f) => (f === './' ? 'index.html' : f));

const scenarios = [
  ['top', 'first load at 1280×800, opened at the top'],
  ['tableA', 'first load at 1280×800, opened at #table-a (the first live number)'],
];
for (const [key, title] of scenarios) {
  const counted = loads[key].filter((f) => !FONT.test(f));
  console.log(`\n== ${title}: ${counted.length} files (${loads[key].length - counted.length} font files not counted)`);
  console.log(`${'file'.padEnd(48)} ${'bytes'.padStart(10)} ${'gzip -9'.padStart(10)}`);
  for (const f of counted) console.log(`${f.padEnd(48)} ${String(raw(f)).padStart(10)} ${String(gz(f)).padStart(10)}`);
}

const budgets = [
  { name: 'wasm (gzip -9)', value: sum(wasmFiles), limit: BUDGET.wasm },
  { name: 'first load: HTML + JS + CSS + wasm, no fonts (gzip -9)', value: sum(loads.top.filter((f) => !FONT.test(f))), limit: BUDGET.firstLoadTop },
  { name: 'first load at #table-a: the same (gzip -9)', value: sum(loads.tableA.filter((f) => !FONT.test(f))), limit: BUDGET.firstLoadTableA },
  { name: 'the page’s HTML, as parsed (uncompressed)', value: raw('index.html'), limit: BUDGET.html },
];
console.log('\n== budgets (1 KB = 1000 bytes)');
for (const b of budgets) {
  b.ok = b.value <= b.limit;
  console.log(`${b.name.padEnd(58)} ${kb(b.value).padStart(10)} of ${kb(b.limit).padStart(9)}  ${b.ok ? 'ok' : 'OVER BUDGET'}`);
}
console.log(`(each limit ${Math.round(100 * (ROOM - 1))} % above what shipped when it was set: SHIPPED in scripts/size.mjs)`);
console.log(`${'for information: the service worker precache, no fonts (gzip -9)'.padEnd(58)} ${kb(sum(precache.filter((f) => !FONT.test(f)))).padStart(10)}`);
console.log(`${'for information: its woff2 fonts (gzip -9)'.padEnd(58)} ${kb(sum(precache.filter((f) => FONT.test(f)))).padStart(10)}`);

mkdirSync(join(root, 'build'), { recursive: true });
writeFileSync(join(root, 'build/size-results.json'), JSON.stringify({ budgets, firstLoad: loads }, null, 2));
process.exit(budgets.every((b) => b.ok) ? 0 : 1);
