// A file the page wrote, saved by the browser as a download (no server: a blob address, revoked after).

import { element, html } from './html.js';

/** Offers `text` as a file named `name` of the given MIME type. */
export function download(text, name, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = element(html`<a href="${url}" download="${name}"></a>`);
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
