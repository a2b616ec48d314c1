// The type of the Emscripten module web/src/wasm/kernels.mjs (a build output; this declaration is committed, so
// `npm run lint` checks the page's types on a fresh clone before any wasm build). Each binding's arguments and
// results are typed where the page uses them: the wrappers in web/src/kernels/.
export interface Kernels {
  /** Embind's error for a call it refused before the binding ran (kernels/loader.js says it plainly) */
  BindingError: ErrorConstructor;
  /** every binding of wasm/bindings/*.cpp, by its name */
  [binding: string]: any;
}

/** Emscripten's factory (MODULARIZE, EXPORT_ES6): options such as instantiateWasm; resolves to the module. */
export default function createKernels(options?: object): Promise<Kernels>;
