// Vite plugin (build only): writes dist/sw.js, the service worker of src/sw.js preceded by this build's
// id and the files it precaches: every file of dist/ except the worker itself and the fonts a browser
// with service workers never asks for (a stylesheet that lists .woff2 first gets
// .woff and .ttf from older ones only).
// The id is a hash of those files' names and contents: two different builds never share a cache, and
// rebuilding the same sources gives the same id. Runs after Vite has written dist/ (public files too).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const SKIP = /^sw\.js$|\.(woff|ttf|map)$/;

/** Every file under dir, as paths relative to it with forward slashes, sorted. */
function walk(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? walk(dir, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]))
    .sort();
}

/** {id, files} for the build in outDir; 'index.html' is listed as './', the address the page is read at. */
function precacheManifest(outDir) {
  const files = walk(outDir).filter((f) => !SKIP.test(f));
  const hash = createHash('sha256');
  for (const f of files)
    hash
      .update(f)
      .update('\0')
      .update(readFileSync(join(outDir, f)))
      .update('\0');
  return { id: hash.digest('hex').slice(0, 16), files: files.map((f) => (f === 'index.html' ? './' : f)) };
}

/** Writes outDir/sw.js for the build in outDir (also used by the e2e test that fakes a second build). */
export function writeServiceWorker(outDir, source) {
  const manifest = precacheManifest(outDir);
  writeFileSync(join(outDir, 'sw.js'), `const BUILD = ${JSON.stringify(manifest)};\n${readFileSync(source, 'utf8')}`);
  return manifest;
}

export default function serviceWorker({ source }) {
  let outDir;
  return {
    name: 'service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      writeServiceWorker(outDir, source);
    },
  };
}
