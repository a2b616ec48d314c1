// The page's side of the service worker (sw.js): register it, answer its "which build do you run?" (the address
// of this page's entry script names its build), and tell the reader when a newer build is ready, with a
// button that switches to it: the waiting worker takes over, then the page reloads, whole, from the new build.
// Until then the page keeps running on its own build, online or off.
import { element, html } from './html.js';

let notice;
let switching = false; // the reader asked for the new build: the next change of worker reloads the page

function offer(registration) {
  if (notice) return;
  notice = element(html`<div class="new-version" role="status"><span>A new version of this chapter is ready.</span>
    <button type="button" class="new-version-reload">Reload</button><button type="button" class="new-version-later">Not now</button></div>`);
  const reload = notice.querySelector('.new-version-reload');
  const later = notice.querySelector('.new-version-later');
  reload.addEventListener('click', () => {
    reload.disabled = true;
    const waiting = registration.waiting;
    if (!waiting) return location.reload(); // already active (another tab switched): the reload gets it
    switching = true;
    waiting.postMessage({ type: 'skip-waiting' }); // then 'controllerchange' reloads
  });
  later.addEventListener('click', () => notice.remove());
  document.body.append(notice);
}

/** Asks the worker in control whether it serves this page's build; if not, a reload brings the page in line. */
function hello(registration, entry) {
  const controller = navigator.serviceWorker.controller;
  if (!controller) return;
  const channel = new MessageChannel();
  channel.port1.onmessage = ({ data }) => {
    if (data?.same === false) offer(registration);
  };
  controller.postMessage({ type: 'hello', entry }, [channel.port2]);
}

// At the latest this long after the page has loaded, the offline copy is made even if figures in view still compute.
export const REGISTER_BY_MS = 15_000;

/**
 * scriptUrl: the worker's address; entry: the URL of the page's entry script (import.meta.url of main.js);
 * settled(): a promise of the moment the first figures in view have their numbers, when the worker may start.
 */
export function keepOneBuild(scriptUrl, entry, settled = async () => {}) {
  const container = navigator.serviceWorker;
  container.addEventListener('message', ({ data, ports }) => {
    if (data?.type === 'which-build') ports[0]?.postMessage({ entry });
  });
  container.startMessages();
  // Once the page has loaded and its figures in view have their numbers: installing copies every file of the build,
  // and registered at load it ran beside the first runs and delayed the first number opened at #table-a
  // (docs/measurements.md, "The service worker registers after the first numbers").
  window.addEventListener('load', async () => {
    await Promise.race([settled(), new Promise((resolve) => setTimeout(resolve, REGISTER_BY_MS))]);
    let registration;
    try {
      registration = await container.register(scriptUrl);
    } catch {
      // no offline copy (private mode, storage refused): the page works as it is
    }
    if (!registration) return; // (some automation answers a registration with nothing)
    const waitingForReader = (worker) => worker && container.controller && offer(registration);
    waitingForReader(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => worker.state === 'installed' && waitingForReader(worker));
    });
    container.addEventListener('controllerchange', () => (switching ? location.reload() : hello(registration, entry)));
    hello(registration, entry);
    // a tab left open for days still hears of a new build: look again when the reader comes back
    let checked = Date.now();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'visible' || Date.now() - checked < 3_600_000) return;
      checked = Date.now();
      registration.update().catch(() => {});
    });
  });
}
