// The service worker: this build's files, kept so a reader who has visited once can read and compute
// offline. plugins/service-worker.js writes it to dist/sw.js behind `const BUILD = {id, files}`: the
// build's id (a hash of every file it lists) and those files, relative to the worker's scope ('./' is the
// chapter's page). One build, one cache: a page never mixes the files of two builds.
//   install:  every file of the build into that build's own cache, all or nothing (cache.addAll); a new
//             build therefore only takes over complete, and only once no page of the old one is open
//             (no skipWaiting: an open page may still load the old build's chunks from the old cache)
//   activate: the caches of this site's other builds are deleted; open pages without a worker are claimed
//   fetch:    a listed file from this build's cache (cache-first: its name carries its content hash);
//             the page itself from the network first, this build's copy when the network fails
/* global BUILD */
const SCOPE = self.registration.scope;
const PREFIX = `chapter:${SCOPE}:`; // project sites of one GitHub user share an origin, so the scope is in the name
const CACHE = PREFIX + BUILD.id;
const PAGE = new URL('./', SCOPE).href;
const FILES = new Set(BUILD.files.map((file) => new URL(file, SCOPE).href));

self.addEventListener('install', (event) => {
  const requests = [...FILES].map((url) => new Request(url, { cache: 'reload' })); // never the HTTP cache's copy
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  url.hash = '';
  if (request.mode === 'navigate') {
    if (url.href.startsWith(SCOPE)) event.respondWith(networkFirst(request, url));
  } else if (FILES.has(url.href)) {
    event.respondWith(cacheFirst(request, url));
  }
});

async function cacheFirst(request, url) {
  const copy = await (await caches.open(CACHE)).match(url.href);
  return copy ?? fetch(request);
}

async function networkFirst(request, url) {
  try {
    return await fetch(request);
  } catch (error) {
    // offline: the chapter is one page, whatever its query (the figures' settings); any other address
    // gets the site's "not found" page
    const path = url.origin + url.pathname;
    const isPage = path === PAGE || path === `${PAGE}index.html`;
    const copy = await (await caches.open(CACHE)).match(isPage ? PAGE : new URL('404.html', PAGE).href);
    if (copy) return copy;
    throw error;
  }
}
