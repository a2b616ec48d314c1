// Said beside the exercise when the browser refused to store a change to it (its storage full: every project site of
// one GitHub user shares one; or blocked): the work stays on the page for this visit, and the way out is right here,
// export it now or free space and save again. Gone once a save succeeds.
import { progress } from '../../progress/store.js';
import { progressFileName } from '../../exercises/assignment.js';
import { download } from '../../ui/download.js';
import { element, html } from '../../ui/html.js';

export function createUnsavedNote() {
  const el = element(html`<div class="ex-unsaved" role="alert" hidden>
    <p><strong>Not saved.</strong> This browser refused to store your work on this exercise: its storage for this site is
      full or blocked (all the sites under one github.io name share it). Your work stays on this page until you close it.
      Export your progress now to keep it in a file, or free space (delete other sites’ data in the browser’s settings)
      and save again.</p>
    <button type="button" class="ex-unsaved-export">Export progress now</button>
    <button type="button" class="ex-unsaved-retry">Save again</button>
    <p class="ex-unsaved-message" role="status"></p></div>`);
  const message = el.querySelector('.ex-unsaved-message');
  el.querySelector('.ex-unsaved-export').addEventListener('click', () => {
    const file = progressFileName(progress.assignment());
    download(progress.exportJson(), file);
    message.textContent = `Exported to ${file}.`;
  });
  el.querySelector('.ex-unsaved-retry').addEventListener('click', () => {
    if (progress.saveAgain()) return; // (every exercise's note hears it: 'update', saved)
    message.textContent = 'Still not saved: the browser refused again.';
  });
  return {
    el,
    /** After a change to the exercise: saved or not. */
    show(saved) {
      if (saved === el.hidden) return;
      el.hidden = saved;
      message.textContent = '';
    },
  };
}
