// Node 20's fetch() rejects file: URLs, and the browser build of the kernels fetches
// new URL('kernels.wasm', import.meta.url). Serve file: URLs from disk; the app code has no Node branch.
// Imported for its effect by the Vitest setup and by the Node command-line tools (sweep, bench).
import { readFile } from 'node:fs/promises';

const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.startsWith('file:')) {
    return new Response(await readFile(new URL(url)), { headers: { 'Content-Type': 'application/wasm' } });
  }
  return realFetch(input, init);
};
