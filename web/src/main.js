// Page entry: styles, the colour switch, then the widgets, mounted lazily as they come near the viewport.
// A production build also registers the service worker (sw.js, written by plugins/service-worker.js) that
// keeps this build's files for reading offline; the dev server and the tests of single modules never do.
import 'katex/dist/katex.min.css';
import './style.css';
import { watchScrollRegions } from './ui/scroll-regions.js';
import { mountThemeSwitch } from './ui/theme.js';
import { mountWidgets } from './widgets/mount.js';

document.documentElement.classList.add('js');
mountThemeSwitch(document);
watchScrollRegions(document.body);
mountWidgets(document);

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // after the page has loaded, so precaching never competes with the first figures
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(new URL('sw.js', location.href)).catch(() => {
      // no offline copy (private mode, storage refused): the page works as it is
    });
  });
}
