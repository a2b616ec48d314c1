// What the build gives the page's code that no import shows the type checker (tsconfig.json includes this file).

/** the kernels' build (a hash of kernels.wasm), set by web/vite.config.js's define; absent under Vitest */
declare const __KERNELS_VERSION__: string | undefined;

// The content plugin's chunks (web/plugins/content.js): built from content/ at build time.
declare module 'virtual:exercise-props' {
  /** every exercise's props, by its number */
  const props: Record<string, any>;
  export default props;
}
declare module 'virtual:exercise-text' {
  /** every exercise's words (question, what is asked, hints), by its number */
  const text: Record<string, any>;
  export default text;
}
declare module 'virtual:card-props' {
  /** the card deck's props: {cloze, practice} */
  const props: { cloze: any[]; practice: any[] };
  export default props;
}

/** dist/sw.js starts with `const BUILD = {id, files}` (web/plugins/service-worker.js): the build it keeps */
declare const BUILD: { id: string; files: string[] };
