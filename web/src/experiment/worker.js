// A module worker that runs the kernels, one run per message, with its own instance of the wasm module,
// instantiated from the compiled module its pool sends first (kernels/compiled.js: compiled once per page).
// Messages in:  {kernels: WebAssembly.Module | null} first (null: the page could not compile it, this worker tries),
//               then {id, kind: 'stack' | 'train' | 'sample' | 'grade', options, batchMs}.
// Out, once:    {type: 'ready'} when the module is instantiated (or {type: 'ready', failed: message}).
// Out, a stack run:    {id, type: 'progress', done, total} (at most every PROGRESS_MS), then the result;
//      a training run: {id, type: 'steps', steps: [record…], done, total} (at most once per batchMs), then
//                      the result {steps, samples, summary} (training-run.js);
//      a sample:       the char model of a run after a step, asked a prompt (training-run.js sampleAt);
//      a grading:      a student's progress file read and its attempts graded again (exercises/grade-job.js; its
//                      module loads only in a worker that grades);
//      either:         {id, type: 'result', result, seconds} or {id, type: 'error', message}.
import { useCompiledKernels } from '../kernels/loader.js';
import { loadStack } from '../kernels/stack.js';
import { loadTrain } from '../kernels/train.js';
import { runTraining, sampleAt } from './training-run.js';

/**
 * The protocol above, as types (pool.js reads them too).
 * @typedef {'stack' | 'train' | 'sample' | 'grade'} RunKind
 * @typedef {{kernels: WebAssembly.Module | null}} KernelsMessage  the pool's first message: the compiled module
 * @typedef {object} RunMessage  one run asked of the worker
 * @property {number} id        the pool's job id, echoed in every message about this run
 * @property {RunKind} kind
 * @property {any} options      the run's options, complete: the kernel's (stack, train), sampleAt's or gradeJob's
 * @property {number} batchMs   a training run sends its steps at most once per this many ms
 * @typedef {KernelsMessage | RunMessage} ToWorker
 *
 * @typedef {{type: 'ready', failed?: string}} ReadyMessage  failed: why the module could not be made
 * @typedef {{id: number, type: 'progress', done: number, total: number}} ProgressMessage  a stack run's blocks done
 * @typedef {{id: number, type: 'steps', steps: object[], done: number, total: number}} StepsMessage  a training
 *   run's step records since the last (train.js start: run.step())
 * @typedef {{id: number, type: 'result', result: any, seconds: number}} ResultMessage
 * @typedef {{id: number, type: 'error', message: string}} ErrorMessage  the message for the reader
 * @typedef {ReadyMessage | ProgressMessage | StepsMessage | ResultMessage | ErrorMessage} FromWorker
 */

/** @type {(message: FromWorker, transfer?: Transferable[]) => void} */
const send = (message, transfer = []) => self.postMessage(message, transfer);

// both wrappers share the worker's one module; a worker may start before any run needs it (the pool warms
// up): a failed load is reported by each run
/** @type {(module: WebAssembly.Module | null) => void} */
let given;
const ready = new Promise((resolve) => (given = resolve)).then((module) => {
  useCompiledKernels(module);
  return Promise.all([loadStack(), loadTrain()]);
});
ready.then(
  () => send({ type: 'ready' }),
  (error) => send({ type: 'ready', failed: error?.message ?? String(error) }),
);
const PROGRESS_MS = 200; // a progress bar moves smoothly at five reports a second

/**
 * @param {Awaited<ReturnType<typeof loadStack>>} stack  @param {number} id  @param {import('../kernels/stack.js').StackOptions} options
 */
function runStack(stack, id, options) {
  let last = 0;
  const result = stack.run(options, (done, total) => {
    const now = performance.now();
    if (done === total || now - last > PROGRESS_MS) {
      last = now;
      send({ id, type: 'progress', done, total });
    }
  });
  // every list of numbers in the result (the kernel's own copies) goes to the page without another copy
  return {
    result,
    transfer: Object.values(result)
      .filter((v) => ArrayBuffer.isView(v))
      .map((v) => v.buffer),
  };
}

self.onmessage = async (/** @type {MessageEvent<ToWorker>} */ { data }) => {
  if ('kernels' in data) return given(data.kernels);
  const { id, kind, options, batchMs } = data;
  try {
    const [stack, train] = await ready;
    const started = performance.now();
    const { result, transfer = [] } =
      kind === 'grade'
        ? { result: await (await import('../exercises/grade-job.js')).gradeJob(options) }
        : kind === 'train'
          ? { result: runTraining(train, options, { batchMs, post: (message) => send({ id, ...message }) }) }
          : kind === 'sample'
            ? { result: sampleAt(train, options) }
            : runStack(stack, id, options);
    const seconds = (performance.now() - started) / 1000;
    send({ id, type: 'result', result, seconds }, transfer);
  } catch (error) {
    send({ id, type: 'error', message: error?.message ?? String(error) });
  }
};
