// Control state in the page URL (history.replaceState), so a link reproduces a view. Parameters equal to
// their default are left out, which keeps the article's own view at a bare URL.

export function readParam(name) {
  return new URLSearchParams(location.search).get(name);
}

/** entries: {name: [value, defaultValue]}; values are written as strings. */
export function writeParams(entries) {
  const url = new URL(location.href);
  for (const [name, [value, fallback]] of Object.entries(entries)) {
    if (value === undefined || value === null || String(value) === String(fallback)) url.searchParams.delete(name);
    else url.searchParams.set(name, String(value));
  }
  if (url.href !== location.href) history.replaceState(history.state, '', url);
}
