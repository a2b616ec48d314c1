// A static server for the built site, mounted under a sub-path the way GitHub Pages serves a project
// site (https://<user>.github.io/<repository>/). No SPA fallback: a missing file is a real 404, so the
// end-to-end tests see broken links. Usage: node tests/e2e/serve.mjs [--dir dist] [--base /sub/] [--port 4173]
// [--isolated] (adds the COOP/COEP headers GitHub Pages never sends; only the benchmark's profile page uses it,
// for performance.now()'s finer clock in a cross-origin isolated page).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const root = resolve(args.dir ?? 'dist');
const base = args.base ?? process.env.BASE_PATH ?? '/residual-ln/';
const port = Number(args.port ?? 4173);
const isolated = process.argv.includes('--isolated') ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } : {};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

function send(res, status, file) {
  res.writeHead(status, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache', ...isolated });
  createReadStream(file).pipe(res);
}

function notFound(res) {
  const page = join(root, '404.html');
  if (existsSync(page)) return send(res, 404, page);
  res.writeHead(404, { 'Content-Type': 'text/plain' }).end('404 Not Found');
}

createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (path === base.replace(/\/$/, '')) return res.writeHead(301, { Location: base }).end();
  if (!path.startsWith(base)) return notFound(res);
  let file = normalize(join(root, path.slice(base.length)));
  if (!file.startsWith(root)) return notFound(res);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file)) return notFound(res);
  send(res, 200, file);
}).listen(port, '127.0.0.1', () => console.log(`serving ${root} at http://127.0.0.1:${port}${base}`));
