// The service worker: this build's files, kept so a reader who has visited once can read and compute
// offline, and the rule that a page runs on one build from its first file to its last. plugins/service-worker.js
// writes it to dist/sw.js behind `const BUILD = {id, files}`: the build's id (a hash of every file it lists)
// and those files, relative to the worker's scope ('./' is the chapter's page). Every file but the pages is
// named by its content hash, so a file's address names one content in every build.
//   install:  every file of the build into that build's own cache, all or nothing (cache.addAll); a new
//             build waits (no automatic skipWaiting) until the reader asks for it (ui/new-version.js), or until
//             no page of the old build is open
//   activate: open pages are claimed; caches of other builds are deleted once no open page runs on them
//   fetch:    the page itself from this build's cache, so a page always matches the files this worker serves
//             (the network only if the cache lost it); the build's files from its cache; a file of another
//             build (a page opened before this worker took over) from that build's cache while it exists
//   message:  'hello' from a page: does it run on this build?  'skip-waiting': the reader asked to reload
/* global BUILD */
// self is this worker's scope (the checker's DOM lib would read it as a window)
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const SCOPE = worker.registration.scope;
const PREFIX = `chapter:${SCOPE}:`; // project sites of one GitHub user share an origin, so the scope is in the name
const CACHE = PREFIX + BUILD.id;
const PAGE = new URL('./', SCOPE).href;
const NOT_FOUND = new URL('404.html', SCOPE).href;
const FILES = new Set(BUILD.files.map((file) => new URL(file, SCOPE).href));
const ANSWER_MS = 3000; // a page that does not say which build it runs within this long keeps every cache

const pathOf = (href) => {
  const url = new URL(href);
  return url.origin + url.pathname;
};
const isChapter = (href) => pathOf(href) === PAGE || pathOf(href) === `${PAGE}index.html`;

worker.addEventListener('install', (event) => {
  const requests = [...FILES].map((url) => new Request(url, { cache: 'reload' })); // never the HTTP cache's copy
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(worker.clients.claim().then(prune));
});

worker.addEventListener('message', (event) => {
  const { data } = event;
  if (data?.type === 'skip-waiting') worker.skipWaiting();
  if (data?.type === 'hello') {
    event.ports[0]?.postMessage({ type: 'build', same: FILES.has(data.entry) });
    event.waitUntil(prune()); // a page opened: one that ran on an older build may have closed before it
  }
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  url.hash = '';
  if (request.mode === 'navigate') {
    if (url.href.startsWith(SCOPE)) event.respondWith(page(request, url));
  } else if (FILES.has(url.href)) {
    event.respondWith(fromCache(CACHE, url).then((copy) => copy ?? fetch(request)));
  } else if (url.href.startsWith(SCOPE)) {
    event.respondWith(fromOtherBuild(url).then((copy) => copy ?? fetch(request)));
  }
});

const fromCache = async (name, url) => (await caches.open(name)).match(url.href);

// The chapter is one page, whatever its query (the figures' settings); any other address is "not found".
async function page(request, url) {
  const copy = await fromCache(CACHE, new URL(isChapter(url.href) ? PAGE : NOT_FOUND));
  if (copy && isChapter(url.href)) return copy;
  try {
    return await fetch(request); // another address: the server says whether it exists
  } catch (error) {
    if (copy) return copy; // offline
    throw error;
  }
}

// A file this build does not list: a page of an older build, still open, loading one of its own chunks.
async function fromOtherBuild(url) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const copy = await fromCache(name, url);
    if (copy) return copy;
  }
  return undefined;
}

/** Which build an open chapter page runs on, as the page tells it: the address of its entry script. */
function askBuild(client) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(undefined), ANSWER_MS);
    channel.port1.onmessage = ({ data }) => {
      clearTimeout(timer);
      resolve(data?.entry);
    };
    client.postMessage({ type: 'which-build' }, [channel.port2]);
  });
}

// Deletes the caches of this site's other builds that no open page runs on. A page that does not answer
// might need any of them: then nothing is deleted this time. A page whose entry script this build lists runs on
// files this build has (every file an entry reaches is named by a hash that covers the names it imports), so it
// needs no other cache, even one that holds the same entry (a redeploy that changed no script kept them all).
async function prune() {
  const pages = (await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((c) => isChapter(c.url));
  const entries = await Promise.all(pages.map(askBuild));
  if (entries.includes(undefined)) return;
  const elsewhere = entries.filter((entry) => !FILES.has(entry));
  const names = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  await Promise.all(
    names.map(async (name) => {
      const cache = await caches.open(name);
      const inUse = (await Promise.all(elsewhere.map((entry) => cache.match(entry)))).some(Boolean);
      if (!inUse) await caches.delete(name);
    }),
  );
}
