// Page entry: styles, the colour switch, then the widgets, mounted lazily as they come near the viewport.
// A production build also registers the service worker (sw.js, written by plugins/service-worker.js) that
// keeps this build's files for reading offline; the dev server and the tests of single modules never do.
import './math.css';
import './style.css';
import { applyAssignment } from './assignment/pending.js';
import { fillAllExerciseText, fillBeforePrint, loadExerciseText } from './exercises/text.js';
import { openCache } from './experiment/cache.js';
import { compiledKernels } from './kernels/compiled.js';
import { followLinksAhead } from './experiment/in-place-links.js';
import { getPool } from './experiment/pool.js';
import { mountContents } from './ui/contents.js';
import { keepOneBuild } from './ui/new-version.js';
import { watchFieldLengths } from './ui/length-notice.js';
import { watchScrollRegions } from './ui/scroll-regions.js';
import { mountThemeSwitch } from './ui/theme.js';
import { watchTouchTips } from './ui/touch-tips.js';
import { linkedFigure, loadAhead } from './widgets/load-ahead.js';
import { mountWidgets, nextFrame, whenMounted, whenNearMounted } from './widgets/mount.js';

document.documentElement.classList.add('js');
mountThemeSwitch(document);
mountContents(document);
watchScrollRegions(document.body);
watchFieldLengths(document.body);
watchTouchTips(document);
applyAssignment(document); // a teacher's assignment, when the visit has one (its seeds: before an exercise reads its own)
compiledKernels().catch(() => {}); // once, for the page and every worker, from the preloaded file (kernels/compiled.js)
openCache(); // while the figures' code loads (experiment/cache.js)
loadAhead(document); // the figure a link points at: before the first layout
mountWidgets(document, { first: linkedFigure(document) }); // (that figure itself mounts at once)
followLinksAhead({ whenMounted });

// this module's own address names the build the page runs on (its file name carries the build's hash); the offline
// copy is made once the figures near the window have mounted and those in view have computed and drawn their runs
// (a figure draws in the frame after its last result)
const figuresInViewDone = () =>
  whenNearMounted()
    .then(() => getPool().whenNothingInView())
    .then(nextFrame);
// every exercise's words, not in the page's HTML (exercises/text.js), once the figures in view have what they need;
// their download once those figures have mounted (a print before they are done puts them in: fillBeforePrint)
fillBeforePrint(document);
whenNearMounted()
  .then(() => loadExerciseText())
  .catch(() => {});
figuresInViewDone().then(() => fillAllExerciseText(document));
if (import.meta.env.PROD && 'serviceWorker' in navigator) keepOneBuild(new URL('sw.js', location.href), import.meta.url, figuresInViewDone);
