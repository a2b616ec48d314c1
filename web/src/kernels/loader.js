// The only place that instantiates the wasm module. The page, each worker and the Node tests share it;
// the promise is memoised so every caller in one realm gets the same instance. In a browser the module is
// compiled once (compiled.js) and instantiated from that: the page's own, or the one the pool handed a worker
// (useCompiledKernels); Node (tests, npm run sweep) lets Emscripten's glue read and compile the file.
import createKernels from '../wasm/kernels.mjs';
import { compiledKernels } from './compiled.js';

/** @type {Promise<import('../wasm/kernels.mjs').Kernels> | undefined} */
let instance;
/** @type {WebAssembly.Module | null | undefined} */
let given; // a worker's: the Module its pool sent (or null: compile here)

/**
 * A worker's kernels come from this compiled module (null: the worker compiles its own). Before loadKernels.
 * @param {WebAssembly.Module | null} module
 */
export function useCompiledKernels(module) {
  given = module;
}

const inBrowser = typeof fetch === 'function' && (typeof window === 'object' || typeof WorkerGlobalScope === 'function');

// Emscripten's hook for instantiating the module itself (its own fetch and compile skipped); its glue has no way
// to hear that this failed, so a failure rejects `failed`, which the load races
/** @param {Promise<WebAssembly.Module>} compiled */
function fromCompiled(compiled) {
  /** @type {(reason: unknown) => void} */
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  /** @type {(imports: WebAssembly.Imports, receive: (made: WebAssembly.Instance, module: WebAssembly.Module) => void) => object} */
  const instantiateWasm = (imports, receive) => {
    compiled.then((module) => WebAssembly.instantiate(module, imports).then((made) => receive(made, module))).catch(fail);
    return {};
  };
  return { options: { instantiateWasm }, failed };
}

/** @returns {Promise<import('../wasm/kernels.mjs').Kernels>} the Embind module (raw; widgets use the typed wrappers beside this file) */
export function loadKernels() {
  if (instance) return instance;
  const source = given ? Promise.resolve(given) : inBrowser && given !== null ? compiledKernels() : null;
  const { options, failed } = source ? fromCompiled(source) : { options: {}, failed: new Promise(() => {}) };
  instance = Promise.race([createKernels(options), failed]).then(withPlainBindingErrors, (error) => {
    instance = undefined; // allow a retry after a failed download
    // the page shows this message as it is (widgets/mount.js); the loader's own text stays in `cause`
    throw new Error('the computing kernels (a WebAssembly file) could not be loaded; reloading the page may help', { cause: error });
  });
  return instance;
}

// Every binding checks its own arguments and throws an Error with a sentence for the reader, except for
// what Embind checks first, in its own words: the number of arguments ("function median called with 2
// arguments, expected 1 args!"), a method called on an object already deleted, a class called without new.
// Those are said plainly here. Functions are checked before Embind sees the call; a class's constructor and
// methods have their BindingError translated.
/** @param {import('../wasm/kernels.mjs').Kernels} K */
function withPlainBindingErrors(K) {
  /** @type {(n: number, what: string) => string} */
  const plural = (n, what) => `${n} ${what}${n === 1 ? '' : 's'}`;
  /** @type {(error: unknown, what: string, args: unknown[]) => unknown} */
  const plain = (error, what, args) => {
    if (!(error instanceof K.BindingError)) return error;
    if (/deleted/.test(error.message)) return new Error(`${what} was asked of an object already deleted (delete() frees it for good)`);
    if (/new/.test(error.message) && !/parameters/.test(error.message)) return new Error(`${what} must be called with new`);
    return new Error(`${what} cannot take ${plural(args.length, 'argument')}`);
  };
  /** @type {(fn: Function, what: string) => (this: unknown, ...args: unknown[]) => unknown} */
  const translated = (fn, what) =>
    function (...args) {
      try {
        return fn.apply(this, args);
      } catch (error) {
        throw plain(error, what, args);
      }
    };

  for (const [name, binding] of Object.entries(K)) {
    if (typeof binding !== 'function') continue;
    if (typeof binding.argCount === 'number') {
      const expected = binding.argCount;
      K[name] = Object.assign(
        /** @param {...unknown} args */
        (...args) => {
          if (args.length !== expected) throw new Error(`the kernel function ${name} takes ${plural(expected, 'argument')}, not ${args.length}`);
          return binding(...args);
        },
        { argCount: expected },
      );
    } else if (typeof binding.prototype?.delete === 'function') {
      // an Embind class: its methods (its own, and delete, clone, … from Embind's base), wrapped on its prototype
      const done = new Set(['constructor']);
      for (let proto = binding.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
        for (const method of Object.getOwnPropertyNames(proto)) {
          if (done.has(method) || typeof proto[method] !== 'function') continue;
          done.add(method);
          binding.prototype[method] = translated(proto[method], `${name}.${method}`);
        }
      }
      K[name] = new Proxy(binding, {
        construct(target, args) {
          try {
            return Reflect.construct(target, args);
          } catch (error) {
            throw plain(error, `new ${name}`, args);
          }
        },
        apply() {
          throw new Error(`${name} must be called with new`);
        },
      });
    }
  }
  return K;
}
