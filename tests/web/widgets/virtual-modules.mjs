// Node module hooks for a worker thread (worker-thread.mjs): the `virtual:` modules that Vite's content plugin
// serves the page (web/plugins/content.js) are served here by the same plugin, so a worker in Node imports what
// a worker in the browser does.
import { URL, fileURLToPath } from 'node:url'; // (Node's URL: the DOM's own replaces the global one)
import contentPlugin from '../../../web/plugins/content.js';

const plugin = contentPlugin({ contentDir: fileURLToPath(new URL('../../../content', import.meta.url)) });

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, next) {
  const id = specifier.startsWith('virtual:') ? plugin.resolveId(specifier) : undefined;
  if (id) return { url: `virtual-module:${encodeURIComponent(id)}`, shortCircuit: true };
  return next(specifier, context);
}

/** @type {import('node:module').LoadHook} */
export async function load(url, context, next) {
  if (!url.startsWith('virtual-module:')) return next(url, context);
  const source = plugin.load(decodeURIComponent(url.slice('virtual-module:'.length)));
  if (source === undefined) throw new Error(`the content plugin serves no module ${url}`);
  return { format: 'module', source, shortCircuit: true };
}
