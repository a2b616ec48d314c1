// Property-based fuzzing (fast-check, fixed seed) of everything a link, a file or a keystroke can reach:
// the parser (ui/parse.js and the experiment's controls), every binding of the wasm module (listed from the
// module itself, so a new binding fails here until it has a generator), the progress store's import, and two tabs
// of the chapter writing one storage.
// Over every case: no uncaught or foreign error (each refusal is a plain Error with a sentence for the
// reader), no wasm trap, no non-finite number unless it is the documented one, and the module's memory,
// the allocator's bytes in use and Embind's handles back where they started.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadKernels } from '../../web/src/kernels/loader.js';
import { PLACEMENTS } from '../../web/src/experiment/choices.js';
import { loadWiring } from '../../web/src/kernels/wiring.js';
import { parseFlags, wiringTexts } from '../../scripts/lib/flags.mjs';
import { parseDepth, parseDepths, parseScale, parseScales, parseSeeds } from '../../web/src/experiment/params.js';
import { openProgress, progress } from '../../web/src/progress/store.js';
import { MAX_ANSWER_CHARS } from '../../web/src/progress/validate.js';
import { repaired } from '../../web/src/exercises/record.js';
import { appendAttempt, gradedNumbers, logEntry } from '../../web/src/progress/attempt-log.js';
import { parseMatrix, parseNumber, parseVector } from '../../web/src/ui/parse.js';
import { PROGRESS_KEY } from '../../web/src/progress/key.js';

const SEED = 20261130;
let cases = 0; // every property's runs, summed: at least MIN_CASES per `npm test`
const MIN_CASES = 10_000;
// Each property starts from the module's state as it finds it, so a failure names the property that caused it.
const run = (property, numRuns) => {
  if (K) start = { memory: K.HEAPU8.buffer.byteLength, inUse: inUse(), handles: K.count_emval_handles() };
  fc.assert(property, { seed: SEED, numRuns });
};

// ---- what counts as a reader's message ----

// Words that are the machinery's, not a sentence: Embind, libc++, V8, wasm.
const JARGON =
  /std::|bad_alloc|^vector$|length_error|invoker|is not a function|BindingError|InternalError|called with \d+ arguments|Cannot (read|convert|pass)|undefined is not|RuntimeError|unreachable|out of bounds|memory access|\[object /;

// where(): the call, described only when a report needs it (describing every case costs more than the call)
function expectReaderError(error, where) {
  if (!(error instanceof Error) || error.constructor !== Error) {
    throw new Error(`${where()}: threw ${error?.constructor?.name ?? typeof error} (${String(error?.message ?? error)}), not a plain Error`);
  }
  const words = error.message.trim().split(/\s+/).length;
  if (words < 3 || JARGON.test(error.message)) throw new Error(`${where()}: “${error.message}” is not a sentence for the reader`);
}

// ---- the module, its bindings and what each may return ----

let K;
const inUse = () => {
  const p = K._malloc(64); // struct mallinfo (10 words); uordblks is the allocator's bytes in use
  K._mallinfo(p);
  const bytes = K.HEAPU32[(p >> 2) + 7];
  K._free(p);
  return bytes;
};
let start; // {memory, inUse, handles} once warmed up

// Every number in a result (typed arrays, arrays, nested objects), with its path.
function* numbersOf(value, path = 'result') {
  if (typeof value === 'number') yield [path, value];
  else if (ArrayBuffer.isView(value) || Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* numbersOf(value[i], `${path}[${i}]`);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* numbersOf(v, `${path}.${k}`);
}

// A call's outcome against its binding's contract, then the module's memory against the start.
function check(name, args, call, allowsNonFinite = () => false) {
  let result;
  let threw = false;
  try {
    result = call();
  } catch (error) {
    threw = true;
    expectReaderError(error, () => `${name}(${show(args)})`);
  }
  if (!threw) {
    for (const [path, x] of numbersOf(result)) {
      if (!Number.isFinite(x) && !allowsNonFinite(path, result)) {
        throw new Error(`${name}(${show(args)}) returned ${x} at ${path} with no message`);
      }
    }
  }
  const now = { memory: K.HEAPU8.buffer.byteLength, inUse: inUse(), handles: K.count_emval_handles() };
  if (now.memory !== start.memory || now.inUse !== start.inUse || now.handles !== start.handles) {
    throw new Error(`${name}(${show(args)}) left the module at ${JSON.stringify(now)}, not ${JSON.stringify(start)}`);
  }
  cases++;
}

function show(args) {
  return args.map((a) => (ArrayBuffer.isView(a) ? `${a.constructor.name}[${Array.from(a).slice(0, 8)}]` : safeJson(a))).join(', ');
}
// JSON for a failure's report, whatever the value (NaN, ∞, BigInt, functions, objects without a prototype)
function safeJson(a) {
  const replace = (k, v) =>
    (typeof v === 'number' && !Number.isFinite(v)) || typeof v === 'bigint' || typeof v === 'symbol' || typeof v === 'function'
      ? String(v)
      : Array.isArray(v) && v.length > 16
        ? [...v.slice(0, 8), `… ${v.length} entries`]
        : v;
  try {
    return (JSON.stringify(a, replace) ?? String(a)).slice(0, 200);
  } catch {
    return Object.prototype.toString.call(a);
  }
}

// ---- generators ----

const special = fc.constantFrom(
  0,
  -0,
  1,
  -1,
  0.5,
  1e-5,
  3,
  1e150,
  1e308,
  -1e308,
  5e-324,
  1e-160,
  1e-200,
  2 ** 31,
  2 ** 32 + 1,
  2 ** 53,
  Number.NaN,
  Infinity,
  -Infinity,
);
const num = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: -10, max: 10, noNaN: true }) },
  { weight: 3, arbitrary: special },
  { weight: 1, arbitrary: fc.double() },
);
const BIG_SPARSE = new Array(5e6); // longer than any binding accepts, and cheap: it has no entries
const hostile = fc.constantFrom(
  null,
  undefined,
  '',
  '123',
  'abc',
  true,
  {},
  [],
  [[1, 2]],
  { length: 1e9 },
  { length: -1 },
  BIG_SPARSE,
  Symbol('s'),
  7n,
  Float32Array.of(1, 2, 3),
  new Int32Array(2),
  () => 1,
  [1, '2', 3],
  [null, 1],
  new Date(0),
);
const anything = fc.oneof({ weight: 3, arbitrary: num }, { weight: 3, arbitrary: hostile }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v) && !(v instanceof Date);
const usually = (value) => fc.oneof({ weight: 8, arbitrary: fc.constant(value) }, { weight: 1, arbitrary: anything });
const whole = (lo, hi) => fc.oneof({ weight: 8, arbitrary: fc.integer({ min: lo, max: hi }) }, { weight: 1, arbitrary: anything });
const list = (min, max) => fc.array(num, { minLength: min, maxLength: max });
// a vector argument: mostly right (an Array or a Float64Array), sometimes anything at all
const vector = (n) =>
  fc.oneof(
    { weight: 5, arbitrary: list(n, n) },
    { weight: 3, arbitrary: list(n, n).map((a) => Float64Array.from(a)) },
    { weight: 1, arbitrary: list(0, 8) },
    { weight: 1, arbitrary: anything },
  );
const eps = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, 1e-5, 1) }, { weight: 2, arbitrary: num }, { weight: 1, arbitrary: anything });
// LayerNorm's arguments: a width d, then x, γ, β of that width (and sometimes of another)
const normKind = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('ln', 'rms') }, { weight: 1, arbitrary: anything });
const layerNormRows = fc.record({ rows: fc.integer({ min: 0, max: 3 }), cols: fc.integer({ min: 0, max: 5 }) });

// A written wiring's JSON text: every key of the description (and a stranger), values good and bad: unknown words,
// formulas that cannot be read, that nest too deep or are not finite at some block, JSON's null, huge numbers
const formula = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '0.5',
    '2',
    '(2*L)^0.25',
    '1/sqrt(i)',
    '1/(i-2)',
    'L/4',
    'L+1',
    'cait(L)',
    '1e400',
    '2*',
    'i',
    'sqrt(-1)',
    '10^400',
    '((((1))))',
    `${'-'.repeat(60)}1`,
    `${'('.repeat(50)}1${')'.repeat(50)}`,
    // issue 52: a space inside a part, hidden characters, a formula of 1,000 levels
    '1 0',
    '2 L',
    '1\u202e',
    '\u200b1',
    '2*\ud83d',
    `${'('.repeat(1000)}1${')'.repeat(1000)}`,
  ),
  fc.double(),
  fc.string({ maxLength: 12 }),
);
const writtenWiring = fc
  .dictionary(
    fc.constantFrom(
      'from',
      'norm',
      'in',
      'out',
      'after',
      'residual',
      'alpha',
      'scale_in',
      'scale_out',
      'gate',
      'gate0',
      'beta',
      'final',
      'first_post',
      'bogus',
    ),
    fc.oneof(formula, fc.boolean(), fc.constantFrom('ln', 'rms', 'none', 'block', 'sublayer', 'channel', 'post', 'pre', 'rezero'), fc.constant(null)),
    { maxKeys: 8 },
  )
  .map((o) => JSON.stringify(o));
// JSON that only a lax reader takes (issue 52: the page's reader took {"alpha": 1+2} as a formula, the command line's
// JSON.parse refused it; a key given twice was last-wins on the command line): numbers as JSON does not write them,
// formulas unquoted, a key twice, broken escapes
const laxWiring = fc
  .tuple(
    fc.constantFrom('alpha', 'beta', 'first_post', 'gate', 'in', 'bogus'),
    fc.constantFrom('1+2', '-.5', '01', '1.', '+1', '1e', '2', '-0', '1E+2', 'L', '"1 0"', '"2"', '"\\ud800"', '"\\q"', 'true', 'null', '"\u202e"'),
    fc.boolean(),
    fc.constantFrom('', ' ', '\n', ' x'),
  )
  .map(([k, v, twice, tail]) => `{"${k}": ${v}${twice ? `, "${k}": ${v}` : ''}}${tail}`);
const wiringText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PLACEMENTS.map((p) => p.key), 'middle') },
  { weight: 4, arbitrary: writtenWiring },
  { weight: 2, arbitrary: laxWiring },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);
// --wiring's text on the command line: one wiring, or a JSON list of them
const wiringList = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.oneof(writtenWiring, laxWiring), { maxLength: 4 }).map((a) => `[${a.join(', ')}]`) },
  { weight: 2, arbitrary: fc.oneof(writtenWiring, laxWiring) },
  { weight: 1, arbitrary: fc.constantFrom('[', '[{}', '[{}, ]', '["post"]', '[[]]', '[{}] x', '[] ') },
);

// A design challenge's inputs ({L, band}), good and bad
const designInputs = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        L: fc.record({ values: fc.array(fc.oneof(fc.integer({ min: 0, max: 120 }), num), { minLength: 1, maxLength: 2 }) }),
        band: fc.record({ values: fc.array(num, { minLength: 0, maxLength: 3 }) }),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: anything },
);

// Stack options: small shapes (every run takes milliseconds), any field sometimes wrong
// a field left undefined takes the kernel's default, a protocol-sized run: too slow (and too large) for a case
const option = (valid) => fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: anything.filter((v) => v !== undefined) });
const stackOptions = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record(
      {
        placement: option(wiringText),
        L: option(fc.integer({ min: 0, max: 4 })),
        d: option(fc.constantFrom(1, 2, 3, 4, 6, 8, 16)),
        heads: option(fc.integer({ min: 0, max: 4 })),
        ffnMult: option(fc.integer({ min: 0, max: 3 })),
        B: option(fc.integer({ min: 1, max: 3 })),
        T: option(fc.integer({ min: 1, max: 6 })),
        seed: option(fc.oneof(fc.integer({ min: 0, max: 2 ** 31 }), fc.constantFrom(2 ** 53, -1, 0.5))),
        scale: option(fc.oneof(fc.constantFrom(0, 1, 3, 1000, 1e6, 1e150, 1e300), fc.double({ min: 0, max: 5, noNaN: true }))),
        causal: option(fc.boolean()),
        activation: option(fc.constantFrom('relu', 'gelu', 'tanh')),
      },
      { requiredKeys: ['L', 'd', 'B', 'T'] }, // the defaults (L = 20, d = 128, B = 8, T = 16) are slow for a fuzz case
    ),
  },
  { weight: 1, arbitrary: anything.filter((v) => !isPlainObject(v)) },
);
// Training options: the stack's small shapes, a few steps, the optimiser's settings, sometimes wrong
const trainOptions = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record(
      {
        task: option(fc.constantFrom('regress', 'char', 'chars')),
        placement: option(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...PLACEMENTS.map((p) => p.key)) }, { weight: 1, arbitrary: writtenWiring })),
        L: option(fc.integer({ min: 0, max: 3 })),
        d: option(fc.constantFrom(1, 2, 4, 8)),
        heads: option(fc.integer({ min: 0, max: 2 })),
        ffnMult: option(fc.integer({ min: 1, max: 2 })),
        B: option(fc.integer({ min: 1, max: 2 })),
        T: option(fc.integer({ min: 1, max: 6 })),
        seed: option(fc.integer({ min: 0, max: 1000 })),
        scale: option(fc.constantFrom(0, 1, 3)),
        causal: option(fc.boolean()),
        activation: option(fc.constantFrom('relu', 'gelu')),
        lr: option(fc.constantFrom(0, 1e-3, 3e-3, 0.1, 10, 1e6, -1)),
        beta1: option(fc.constantFrom(0, 0.9, 0.999, 1, -0.1)),
        beta2: option(fc.constantFrom(0, 0.9, 0.999, 1)),
        eps: option(fc.constantFrom(0, 1e-8, 1, -1)),
        warmup: option(fc.integer({ min: -1, max: 4 })),
        steps: option(fc.integer({ min: 0, max: 3 })),
        streamGrads: option(fc.boolean()),
      },
      { requiredKeys: ['L', 'd', 'B', 'T', 'steps'] }, // the lab's defaults (L = 24, 150 steps) are slow for a fuzz case
    ),
  },
  { weight: 1, arbitrary: anything.filter((v) => !isPlainObject(v)) },
);
// A training run to its end, always deleted: its records, or the error its start or a step threw
function train(options) {
  const run = new K.Trainer(options);
  try {
    const records = [];
    while (!run.finished()) records.push(run.step());
    // the char model, asked after its last step (a run that diverged is asked too: its message, or its numbers)
    const sample = options?.task === 'char' && !records.at(-1)?.diverged ? run.sample('the qu', 5) : undefined;
    return { records, stepsDone: run.stepsDone(), sample };
  } finally {
    run.delete();
  }
}
// A learning rate far past the lab's cliff blows the weights up: NaN and ∞ are then the documented outcome
// (the lab's summary calls such a run diverged). Below it a run's numbers stay finite.
const learningRateOf = (options) => (isPlainObject(options) && typeof options.lr === 'number' ? options.lr : K.trainDefaults().lr);

const WARM_UP_OPTIONS = [{ L: 4, d: 16, heads: 1, ffnMult: 3, B: 3, T: 6 }, {}]; // the largest scratch gemm keeps
const WARM_UP_TRAINING = ['regress', 'char'].map((task) => ({ task, L: 1, d: 8, heads: 1, ffnMult: 2, B: 2, T: 6, steps: 1 }));

// Exercise inputs: the answer key's own, sometimes changed value by value, shape by shape, name by name
let exerciseNumbers;
let exerciseDefaults;
let exerciseParts;
const mutateValue = (v) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(v) },
    { weight: 4, arbitrary: fc.array(num, { minLength: v.values.length, maxLength: v.values.length }).map((values) => ({ ...v, values })) },
    { weight: 1, arbitrary: fc.record({ rows: whole(0, 4), cols: whole(0, 4), values: list(0, 9) }) },
    { weight: 1, arbitrary: fc.record({ rows: fc.constant(v.rows), cols: fc.constant(v.cols), values: anything }) },
    { weight: 1, arbitrary: anything },
  );
const exerciseInputs = (n) => {
  const defaults = exerciseDefaults.get(n);
  return fc.oneof(
    { weight: 12, arbitrary: fc.record(Object.fromEntries(Object.entries(defaults).map(([name, v]) => [name, mutateValue(v)])), { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.record({ extra: mutateValue({ rows: 1, cols: 1, values: [1] }) }).map((e) => ({ ...defaults, ...e })) },
    { weight: 1, arbitrary: anything },
  );
};
const exerciseNumber = () => fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...exerciseNumbers) }, { weight: 1, arbitrary: whole(-1, 20) });
const withInputs = () => exerciseNumber().chain((n) => fc.tuple(fc.constant(n), exerciseDefaults.has(n) ? exerciseInputs(n) : anything));
// an exercise's documented non-finite answers come with checkWellPosed's reason
const unlessWellPosed = (n, inputs) => () => {
  try {
    return K.checkWellPosed(n, inputs) !== '';
  } catch {
    return false;
  }
};

// LayerNorm's documented NaN: a row whose σ is 0 (equal entries with ε = 0), and what it reaches
const sigmaZero = (sigma) => Array.from(typeof sigma === 'number' ? [sigma] : sigma).some((s) => s === 0);

/** Per binding: its arguments, and which non-finite outputs are the documented ones. */
const BINDINGS = {
  exerciseNumbers: { args: () => fc.constant([]) },
  exerciseDefaults: { args: () => fc.tuple(exerciseNumber()) },
  exerciseVariant: {
    args: () => fc.tuple(exerciseNumber(), fc.oneof(fc.integer({ min: 0, max: 2 ** 31 }), fc.constantFrom(2 ** 53, 2 ** 53 + 2, -1, 0.5), anything)),
  },
  solveExercise: { args: withInputs, allows: ([n, inputs]) => unlessWellPosed(n, inputs) },
  gradePart: {
    args: () =>
      withInputs().chain(([n, inputs]) =>
        fc.tuple(
          fc.constant(n),
          fc.constant(inputs),
          fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...(exerciseParts.get(n) ?? ['x'])) }, { weight: 1, arbitrary: anything }),
          fc.oneof(fc.record({ rows: whole(0, 4), cols: whole(0, 4), values: list(0, 9) }, { requiredKeys: ['values'] }), anything),
        ),
      ),
    allows: ([n, inputs]) => unlessWellPosed(n, inputs),
  },
  checkWellPosed: { args: withInputs },
  // several parts of one attempt against one solution: the parts of the exercise and anything else, each graded or refused
  gradeParts: {
    args: () =>
      withInputs().chain(([n, inputs]) =>
        fc.tuple(
          fc.constant(n),
          fc.constant(inputs),
          fc.oneof(
            {
              weight: 6,
              arbitrary: fc.dictionary(
                fc.constantFrom(...(exerciseParts.get(n) ?? ['x'])),
                fc.oneof(fc.record({ rows: whole(0, 4), cols: whole(0, 4), values: list(0, 9) }, { requiredKeys: ['values'] }), anything),
                { maxKeys: 4 },
              ),
            },
            { weight: 1, arbitrary: anything },
          ),
        ),
      ),
    allows: ([n, inputs]) => unlessWellPosed(n, inputs),
  },
  // the one norm instrument, either kind (and any other word, refused): σ = 0 or rms = 0 (0/0, said by the
  // instrument); or a row computed in its own unit, whose printed steps (deviations, squares, variance or mean
  // square in the reader's unit) lie past float64 — the instrument shows the steps in the unit and says why
  normSteps: {
    args: () => fc.integer({ min: 0, max: 6 }).chain((d) => fc.tuple(normKind, vector(d), vector(d), fc.oneof(vector(d), fc.constant(null)), eps)),
    allows: () => (path, r) => r.sigma === 0 || r.rms === 0 || (r.unit !== 1 && /^result\.(deviations|squares|variance|meanSquare)/.test(path)),
  },
  normJacobian: {
    args: () => fc.integer({ min: 0, max: 6 }).chain((d) => fc.tuple(normKind, vector(d), vector(d), eps)),
    allows: () => (path, r) => r.sigma === 0 || r.rms === 0,
  },
  layerNormForward: {
    args: () => layerNormRows.chain(({ rows, cols }) => fc.tuple(vector(rows * cols), usually(rows), usually(cols), vector(cols), vector(cols), eps)),
    // σ = 0; or a variance past float64 (0 or ∞, its nearest) in a row computed in its own unit
    allows: () => (path, r) => sigmaZero(r.sigma) || (/^result\.variance/.test(path) && Array.from(r.unit).some((u) => u !== 1)),
  },
  layerNormBackward: {
    args: () =>
      layerNormRows.chain(({ rows, cols }) =>
        fc.tuple(vector(rows * cols), usually(rows), usually(cols), vector(cols), vector(cols), eps, vector(rows * cols)),
      ),
    // dγ sums over rows: one row with σ = 0 makes it NaN too
    allows: (args) => () => {
      try {
        return sigmaZero(K.layerNormForward(...args.slice(0, 6)).sigma);
      } catch {
        return false;
      }
    },
  },
  stackDefaults: { args: () => fc.constant([]) },
  measureNames: { args: () => fc.constant([]) },
  largestSeed: { args: () => fc.constant([]) },
  stackCheck: { args: () => fc.tuple(stackOptions) },
  runStack: {
    args: () =>
      fc.tuple(
        stackOptions,
        fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.constant(() => {}) }, { weight: 1, arbitrary: anything }),
      ),
    // a ratio that is undefined (0/0, or no block L − 1 at L = 1) is NaN with its reason in undefinedRatios
    allows: () => (path, r) => {
      const measure = path === 'result.ratio' ? 'all' : /^result\.ratios\.(.+)$/.exec(path)?.[1];
      return measure !== undefined && typeof r.undefinedRatios[measure] === 'string' && r.undefinedRatios[measure] !== '';
    },
  },
  designExercises: { args: () => fc.constant([]) },
  designDefaults: { args: () => fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(22, 23) }, { weight: 1, arbitrary: anything })) },
  designVariant: {
    args: () =>
      fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(22, 23) }, { weight: 1, arbitrary: anything }), fc.oneof(whole(-2, 2 ** 40), anything)),
  },
  designTask: { args: () => fc.tuple(fc.oneof(fc.constantFrom(21, 22, 23), anything), designInputs) },
  designRuns: {
    args: () =>
      fc.tuple(fc.oneof(fc.constantFrom(22, 23), anything), designInputs, fc.oneof({ weight: 4, arbitrary: wiringText }, { weight: 1, arbitrary: anything })),
  },
  // judged from made-up results: every seed's, some missing, some not numbers
  judgeDesign: {
    args: () =>
      fc.tuple(
        fc.constantFrom(22, 23),
        designInputs,
        fc.oneof({ weight: 4, arbitrary: wiringText }, { weight: 1, arbitrary: anything }),
        fc.oneof(
          fc.array(
            fc.record(
              {
                gradNorm: list(0, 100),
                gradNormNoLn: list(0, 100),
                inputGradNorm: list(0, 100),
                streamSd: list(0, 100),
                trained: fc.boolean(),
                diverged: fc.boolean(),
                finalLoss: num,
                divergedAt: whole(-2, 200),
                threshold: num,
              },
              { requiredKeys: [] },
            ),
            { maxLength: 7 },
          ),
          anything,
        ),
      ),
    // a verdict's value is NaN where its median has none (a run's ratio 0/0), said in its sentence
    allows: () => (path, r) => /^result\.checks\[\d+\]\.value$/.test(path) && r.checks.some((c) => /no value|is 0\/0/.test(c.sentence)),
  },
  wiringPresets: { args: () => fc.constant([]) },
  describeWiring: { args: () => fc.tuple(fc.oneof({ weight: 6, arbitrary: wiringText }, { weight: 1, arbitrary: anything })) },
  describeWirings: { args: () => fc.tuple(fc.oneof({ weight: 6, arbitrary: wiringList }, { weight: 1, arbitrary: anything })) },
  wiringConstants: {
    args: () => fc.tuple(fc.oneof({ weight: 6, arbitrary: wiringText }, { weight: 1, arbitrary: anything }), fc.oneof(whole(-2, 1100), anything)),
  },
  median: {
    args: () =>
      fc.tuple(
        fc.oneof(
          list(0, 9),
          list(1, 9).map((a) => Float64Array.from(a)),
          anything,
        ),
      ),
  },
  streamGrowth: {
    args: () =>
      fc.tuple(
        fc.oneof(
          list(0, 9),
          list(2, 9).map((a) => Float64Array.from(a.map(Math.abs))),
          anything,
        ),
      ),
  },
  growthCurve: { args: () => fc.tuple(num, num, whole(-2, 300)) },
  starvationRemoved: { args: () => fc.tuple(fc.oneof(num, anything), fc.oneof(num, anything)) },
  stackFlops: { args: () => fc.tuple(stackOptions) },
  // an infinite scale (σ = ε = 0) or no cap (ε = 0) comes with its reason in note
  normScale: {
    args: () =>
      fc.tuple(
        fc.oneof({ weight: 4, arbitrary: num }, { weight: 1, arbitrary: anything }),
        eps,
        fc.oneof({ weight: 4, arbitrary: num }, { weight: 1, arbitrary: anything }),
      ),
    allows: () => (path, r) => r.note !== '' || path === 'result.cap' || path.startsWith('result.curve.scaleNoEps'),
  },
  // the products leave float64 (0 or ∞) where their log10, also returned, does not
  normScaleDepth: {
    args: () =>
      fc
        .oneof(
          fc.record({ sigmas: fc.oneof(list(0, 12), anything), eps, gamma: num, delta: num }, { requiredKeys: [] }),
          fc.record({ variances: fc.oneof(list(0, 12), anything), eps, gamma: num, delta: num }, { requiredKeys: [] }),
          fc.record({ sigma1: num, p: num, L: whole(-2, 1200), eps, gamma: num, delta: num }, { requiredKeys: [] }),
          anything,
        )
        .map((o) => [o]),
    allows: () => (path, r) => {
      const log = { chain: 'chainLog10', bound: 'boundLog10', firstOverLast: 'firstOverLastLog10' };
      const [, field, index] = path.match(/^result\.(\w+)(?:\[(\d+)\])?$/) ?? [];
      const logged = log[field] && (index === undefined ? r[log[field]] : r[log[field]][index]);
      return Number.isFinite(logged);
    },
  },
  trainDefaults: { args: () => fc.constant([]) },
  trainCheck: { args: () => fc.tuple(trainOptions) },
  trainFlops: { args: () => fc.tuple(trainOptions) },
  trainCheckSample: {
    args: () => fc.tuple(fc.oneof(fc.stringMatching(/^[a-z .]{0,8}$/), fc.string({ maxLength: 8 }), anything), fc.oneof(whole(-1, 300), anything)),
  },
  trainThreshold: { args: () => fc.tuple(fc.oneof(fc.constantFrom('regress', 'char', 'chars'), anything)) },
  trainSummary: {
    args: () => fc.tuple(fc.oneof(fc.constantFrom('regress', 'char'), anything), fc.oneof(list(0, 12), anything)),
    allows: () => (path, r) => path === 'result.finalLoss' && r.diverged, // documented: a loss that blew up
  },
  Trainer: {
    args: () => fc.tuple(trainOptions),
    call: (options) => train(options),
    // also Adam with eps = 0 on a gradient that is exactly 0 (ReZero's branches behind r = 0): 0/0, as in PyTorch
    // and the step at which a run diverged, which says so (diverged: true) and ends the run
    allows:
      ([options]) =>
      (path, r) =>
        learningRateOf(options) > 1 ||
        (isPlainObject(options) && options.eps === 0 && options.placement === 'rezero') ||
        r.records?.[Number(/^result\.records\[(\d+)\]/.exec(path)?.[1])]?.diverged === true,
    // any arguments: the constructor, then its methods with the rest of them (step only with a wrong count:
    // a step at the lab's default shape is a slow case), then delete, twice
    anyCall: (...args) => {
      const run = new K.Trainer(...args);
      const rest = args.slice(1);
      try {
        run.stepsDone(...rest);
        run.finished(...rest);
        if (rest.length) run.sample(...rest);
        if (rest.length) run.step(...rest);
      } finally {
        run.delete();
        run.delete();
      }
    },
  },
};
const callOf = (name) => BINDINGS[name].call ?? ((...a) => K[name](...a));

// Every Embind function and class of the module, by name (constants and the glue's own exports left out).
function bindingsOf(module) {
  return Object.entries(module)
    .filter(([name, f]) => typeof f === 'function' && (typeof f.argCount === 'number' || typeof f.prototype?.delete === 'function') && !/^dynCall_/.test(name))
    .map(([name]) => name)
    .sort();
}

beforeAll(async () => {
  K = await loadKernels();
  exerciseNumbers = Array.from(K.exerciseNumbers());
  exerciseDefaults = new Map(exerciseNumbers.map((n) => [n, K.exerciseDefaults(n)]));
  exerciseParts = new Map(exerciseNumbers.map((n) => [n, Array.from(K.solveExercise(n, exerciseDefaults.get(n)).parts, (p) => p.id)]));
  // warm up: gemm keeps its packed operands at the largest size asked so far; every exercise once
  for (const options of WARM_UP_OPTIONS) K.runStack(options, null);
  for (const options of WARM_UP_TRAINING) train(options);
  for (const n of exerciseNumbers) K.exerciseVariant(n, 1);
  start = { memory: K.HEAPU8.buffer.byteLength, inUse: inUse(), handles: K.count_emval_handles() };
});

describe('the wasm module’s bindings', () => {
  it('every binding has a generator here (a new binding must be added to BINDINGS)', () => {
    expect(bindingsOf(K)).toEqual(Object.keys(BINDINGS).sort());
  });

  it.each(Object.keys(BINDINGS))('%s: messages, no silent non-finite value, memory back to its start', (name) => {
    const { args, allows = () => () => false } = BINDINGS[name];
    const runs = { runStack: 1000, Trainer: 400, exerciseVariant: 300 }[name] ?? 400;
    run(
      fc.property(args(), (a) => check(name, a, () => callOf(name)(...a), allows(a))),
      runs,
    );
  });

  it('any binding, any arguments (wrong count, wrong types): a plain Error with a sentence, or a contract kept', () => {
    const names = Object.keys(BINDINGS);
    run(
      fc.property(fc.constantFrom(...names), fc.array(anything, { maxLength: 8 }), (name, a) => {
        // an options object of runStack's is a run at the protocol's defaults (L = 20, d = 128): slow, and
        // covered with small shapes above
        fc.pre(!(name === 'runStack' && isPlainObject(a[0])));
        check(name, a, () => (BINDINGS[name].anyCall ?? callOf(name))(...a), (BINDINGS[name].allows ?? (() => () => false))(a));
      }),
      2000,
    );
  });
});

// Issue 52: one reader of a wiring's text. The command line reads --placement and --wiring through its flags
// (scripts/lib/flags.mjs) and then the kernel; the page through the kernel alone: the same text, the same verdict
// and the same sentence.
describe('a wiring’s text, on the page and on the command line', () => {
  let wiring;
  beforeAll(async () => {
    wiring = await loadWiring();
  });
  const verdict = (f) => {
    try {
      return { texts: f() };
    } catch (error) {
      return { message: error.message };
    }
  };
  const fail = (message) => {
    throw new Error(message);
  };

  it('the same verdict, the same sentence, never half a character', () => {
    run(
      fc.property(wiringText, (text) => {
        // (a JSON list is the command line's alone: --wiring takes several wirings at once)
        fc.pre(!/^\s*\[/.test(text));
        const page = verdict(() => [wiring.describe(text).text]);
        const written = /^\s*\{/.test(text);
        const flags = written ? ['--wiring', text] : ['--placement', text];
        const cli = verdict(() => wiringTexts(wiring, parseFlags([...flags, '--L', '2', '--seeds', '0'], { L: 20 }, fail, { lists: ['L'] }).placements, fail));
        // (a name the page does not know is refused by the command line's flags, in the words of the page's fields)
        if (written || page.texts) expect(cli).toEqual(page);
        if (page.message) {
          expect(page.message).not.toContain('\uFFFD');
          expect(page.message.length).toBeLessThan(400);
        }
        cases++;
      }),
      1500,
    );
  });
});

describe('the parser', () => {
  const pieces = [
    '1',
    '2.5',
    '-',
    '−',
    '+',
    '*',
    '/',
    '^',
    '(',
    ')',
    '[',
    ']',
    '{',
    '}',
    ',',
    ';',
    ' ',
    '  ',
    '\n',
    '\t',
    'e',
    'E',
    '1e308',
    '1e400',
    '.',
    'sqrt',
    '√',
    'pi',
    'π',
    'NaN',
    'inf',
    'Infinity',
    'abc',
    '×',
    '·',
    '÷',
    '0',
    '9^9^9',
    '0/0',
    '−√2',
  ];
  const text = fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.constantFrom(...pieces), { maxLength: 24 }).map((p) => p.join('')) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, undefined, 42, -0, {}, [], ['1', '2'], true, Symbol('s'), 7n, new Date(0)) },
  );
  const finiteNumber = (x) => typeof x === 'number' && Number.isFinite(x);
  const expectResult = (r, valueOk, where) => {
    const ok = r && (r.ok === true ? valueOk(r.value) : r.ok === false && typeof r.message === 'string' && r.message.trim().length > 0);
    if (!ok) throw new Error(`${where} gave ${safeJson(r)}`);
    cases++;
  };

  it('reads or explains every text, never throws, never returns a non-finite number', () => {
    run(
      fc.property(text, (t) => {
        expectResult(parseNumber(t), finiteNumber, `parseNumber(${safeJson(t)})`);
        expectResult(parseVector(t), (v) => Array.isArray(v) && v.length > 0 && v.every(finiteNumber), `parseVector(${safeJson(t)})`);
        expectResult(
          parseMatrix(t),
          (m) => Array.isArray(m) && m.length > 0 && m.every((r) => Array.isArray(r) && r.length === m[0].length && r.every(finiteNumber)),
          `parseMatrix(${safeJson(t)})`,
        );
      }),
      2000,
    );
  });

  it('reads back every list of finite numbers it is given, as written by String()', () => {
    const values = fc.array(
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => x + 0),
      { minLength: 1, maxLength: 8 },
    );
    run(
      fc.property(values, fc.constantFrom(', ', ',', '; ', ' ', '  '), (v, separator) => {
        const r = parseVector(v.map(String).join(separator));
        if (!r.ok || r.value.length !== v.length || r.value.some((x, i) => x !== v[i])) throw new Error(`${safeJson(v)} read as ${safeJson(r)}`);
        cases++;
      }),
      1000,
    );
  });

  it('the experiment’s controls: whole depths and seeds in range, scales in range, or a message', () => {
    const inRange = (lo, hi) => (x) => Number.isInteger(x) && x >= lo && x <= hi;
    run(
      fc.property(text, (t) => {
        expectResult(parseDepth(t), inRange(1, 1024), `parseDepth(${safeJson(t)})`);
        expectResult(parseDepths(t), (v) => v.every(inRange(1, 1024)), `parseDepths(${safeJson(t)})`);
        expectResult(parseSeeds(t), (v) => v.length >= 1 && v.every(inRange(0, 2 ** 32 - 1)), `parseSeeds(${safeJson(t)})`);
        expectResult(parseScales(t), (v) => v.every((x) => finiteNumber(x) && x >= 0 && x <= 1000), `parseScales(${safeJson(t)})`);
        expectResult(parseScale(t), (x) => finiteNumber(x) && x >= 0 && x <= 1000, `parseScale(${safeJson(t)})`);
      }),
      1000,
    );
  });
});

describe('the progress store’s import', () => {
  const isRecord = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const wholeIn = (lo, hi) => (v) => Number.isInteger(v) && v >= lo && v <= hi;
  const mapOf = (ok) => (v) => isRecord(v) && Object.values(v).every(ok);
  // what the exercise widget and the progress panel read from a record (store.js: exercise(n))
  const EXERCISE = {
    answers: mapOf((a) => typeof a === 'string'),
    attempts: wholeIn(0, 1e6),
    hints: wholeIn(0, 100),
    seed: (v) => v === null || wholeIn(0, 2 ** 53)(v),
    solved: mapOf((v) => typeof v === 'boolean'),
    selfCheck: mapOf((v) => ['yes', 'partly', 'no'].includes(v)),
  };
  // what the card deck reads from a schedule (ts-fsrs): numbers, a state, a due date it can compare
  const CARD = {
    due: (v) => typeof v === 'string' && Number.isFinite(Date.parse(v)),
    stability: (v) => Number.isFinite(v) && v >= 0,
    difficulty: (v) => Number.isFinite(v) && v >= 0,
    state: wholeIn(0, 3),
  };
  const fieldValue = fc.oneof(
    fc.constantFrom(
      null,
      0,
      -1,
      1.5,
      3,
      1e308,
      '',
      'yes',
      'x',
      true,
      false,
      [],
      {},
      { a: 1 },
      { mean: '2' },
      { mean: 2 },
      { mean: 'maybe' },
      '2026-01-01T00:00:00.000Z',
      'not a date',
      2 ** 53,
    ),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const exerciseRecord = fc.dictionary(fc.constantFrom('answers', 'attempts', 'hints', 'seed', 'solved', 'selfCheck', 'other'), fieldValue, { maxKeys: 6 });
  const cardRecord = fc.dictionary(fc.constantFrom('due', 'stability', 'difficulty', 'state', 'reps', 'lapses', 'last_review', 'elapsed_days'), fieldValue, {
    maxKeys: 8,
  });
  const file = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record(
          {
            version: fc.oneof({ weight: 8, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fieldValue }),
            exercises: fc.oneof(
              { weight: 8, arbitrary: fc.dictionary(fc.constantFrom('1', '4', '9', '16', '0', '-1', 'x', '4.5'), exerciseRecord, { maxKeys: 4 }) },
              { weight: 1, arbitrary: fieldValue },
            ),
            cards: fc.oneof(
              { weight: 8, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), cardRecord, { maxKeys: 3 }) },
              { weight: 1, arbitrary: fieldValue },
            ),
          },
          { requiredKeys: [] },
        )
        .map((data) => JSON.stringify(data)),
    },
    { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );

  it('imports what it can read and refuses the rest with a sentence; every record read back is one a widget can use', () => {
    run(
      fc.property(file, (text) => {
        let imported = true;
        try {
          progress.importJson(text);
        } catch (error) {
          imported = false;
          expectReaderError(error, () => `importJson(${text.slice(0, 200)})`);
        }
        if (imported) {
          const exported = JSON.parse(progress.exportJson());
          for (const n of Object.keys(exported.exercises)) {
            const record = progress.exercise(n);
            for (const [field, ok] of Object.entries(EXERCISE)) {
              if (!ok(record[field])) throw new Error(`importJson(${text.slice(0, 200)}) kept exercise ${n}'s ${field} = ${safeJson(record[field])}`);
            }
          }
          for (const [id, card] of Object.entries(progress.cards())) {
            for (const [field, ok] of Object.entries(CARD)) {
              if (!ok(card?.[field])) throw new Error(`importJson(${text.slice(0, 200)}) kept card ${id}'s ${field} = ${safeJson(card?.[field])}`);
            }
          }
          progress.importJson(progress.exportJson()); // what it exports, it imports again
        }
        cases++;
      }),
      1500,
    );
  });
});

// What a browser may hold under the store's keys, read as the page starts: the store loads over a stand-in
// localStorage each case. Nothing stored is fatal (the store loads, every record it keeps is usable, its backups
// read as text with a reason and a date) and nothing a student wrote is dropped whole: an exercise whose only
// fault is a long answer keeps its attempts and marks, with the answer cut to what a field holds.
describe('the progress store over stored records', () => {
  const KEY = PROGRESS_KEY;
  const fakeStorage = (items) => ({
    getItem: (k) => (k in items ? items[k] : null),
    setItem(k, v) {
      items[k] = String(v);
    },
    removeItem: (k) => delete items[k],
  });
  async function storeOver(items) {
    globalThis.window = { localStorage: fakeStorage(items) };
    vi.resetModules();
    return (await import('../../web/src/progress/store.js')).progress;
  }
  afterAll(() => delete globalThis.window);
  const MAX = MAX_ANSWER_CHARS;
  // answers around the limit: the long-answer generator
  const longAnswer = fc.oneof(
    fc.integer({ min: MAX - 2, max: MAX + 3000 }).map((n) => 'y'.repeat(n)),
    fc.string({ maxLength: 30 }),
  );
  const partId = fc.constantFrom('mean', 'why', 'pre', 'explain', 'gain');
  const wholeRecord = fc.record({
    answers: fc.dictionary(partId, longAnswer, { maxKeys: 3 }),
    attempts: fc.integer({ min: 0, max: 50 }),
    hints: fc.integer({ min: 0, max: 5 }),
    seed: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 2 ** 31 })),
    solved: fc.dictionary(partId, fc.boolean(), { maxKeys: 3 }),
  });
  const junkRecord = fc.dictionary(fc.constantFrom('answers', 'attempts', 'solved', 'seed', 'other'), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });
  const backupEntry = fc.oneof(
    fc.record(
      { text: fc.string({ maxLength: 20 }), reason: fc.string({ maxLength: 10 }), savedAt: fc.constantFrom('2026-11-01T00:00:00.000Z', 'never') },
      { requiredKeys: [] },
    ),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const stored = fc.record({
    whole: fc.dictionary(fc.constantFrom('1', '4', '7', '17', '20'), wholeRecord, { maxKeys: 3 }),
    junk: fc.dictionary(fc.constantFrom('2', '9', '12', 'x'), junkRecord, { maxKeys: 2 }),
    main: fc.constantFrom('object', 'bad json', 'none', 'newer'),
    backups: fc.oneof(
      fc.array(backupEntry, { maxLength: 4 }).map((list) => JSON.stringify(list)),
      fc.string({ maxLength: 20 }),
      fc.constant(undefined),
    ),
  });

  it('loads whatever is stored; every record kept is usable, and a long answer costs only its excess', async () => {
    await fc.assert(
      fc.asyncProperty(stored, async ({ whole, junk, main, backups }) => {
        const items = {};
        const data = { version: main === 'newer' ? 2 : 1, exercises: { ...whole, ...junk }, cards: {} };
        if (main === 'object' || main === 'newer') items[KEY] = JSON.stringify(data);
        if (main === 'bad json') items[KEY] = '{"version": 1, "exercises": {';
        if (backups !== undefined) items[`${KEY}-backup`] = backups;
        const progress = await storeOver(items);
        const backup = progress.backup();
        if (backup !== null && !['text', 'reason', 'savedAt'].every((k) => typeof backup[k] === 'string')) {
          throw new Error(`backup() read ${safeJson(backup)} from ${backups}`);
        }
        if (main === 'object') {
          for (const [n, record] of Object.entries(whole)) {
            const kept = progress.peek(n);
            const expected = Object.fromEntries(Object.entries(record.answers).map(([k, a]) => [k, a.slice(0, MAX)]));
            if (
              !kept ||
              kept.attempts !== record.attempts ||
              JSON.stringify(kept.solved) !== JSON.stringify(record.solved) ||
              JSON.stringify(kept.answers) !== JSON.stringify(expected)
            ) {
              throw new Error(`exercise ${n} stored as ${safeJson(record).slice(0, 300)} came back as ${safeJson(kept).slice(0, 300)}`);
            }
          }
        }
        // the page goes on: an update saves, and what it saved loads again to the same records
        progress.update((s) => {
          progress.exercise(3).attempts++;
          s.exercises[3].answers.mean = 'z'.repeat(MAX);
        });
        const saved = JSON.parse(items[KEY]);
        const again = await storeOver(items);
        if (JSON.stringify(again.peek(3)) !== JSON.stringify(saved.exercises[3]) || again.notices().length) {
          throw new Error(`what was saved (${safeJson(saved).slice(0, 300)}) did not load back whole: ${again.notices().join(' ')}`);
        }
        cases++;
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

// Issue 37: two tabs of the chapter over one storage, their saves, reloads and the `storage` events between them in
// any order. Each tab is a store of its own (openProgress, with a window of its own), driven as the exercise drives it
// (as exercises/record.js and the exercise's Check do); a model applies the same steps one after another.
// Storage as a browser keeps it (one copy both tabs read): whatever the order, the storage ends with exactly what the
// student entered last (each answer's last text, every part solved, every attempt checked), minus what a reset
// cleared, and each tab holds what storage holds. Storage whose other tab hears of a save late (each tab reads its own
// copy until the event comes): no attempt checked and no part solved is ever lost.
describe('two tabs over one storage', () => {
  const KEY = PROGRESS_KEY;
  const mapStorage = (items, onWrite) => ({
    items,
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem(k, v) {
      items.set(k, String(v));
      onWrite(k, String(v));
    },
    removeItem(k) {
      items.delete(k);
      onWrite(k, null);
    },
  });

  // A tab: its window (its storage, its listeners) and the store opened in it.
  function openTab(storage) {
    const listeners = new Set();
    const tab = { storage, listeners, pending: false };
    tab.window = { localStorage: storage, addEventListener: (type, f) => type === 'storage' && listeners.add(f) };
    tab.progress = openProgress(() => tab.window);
    // (exercises/record.js's handle on a stored record, over this tab's store)
    tab.update = (n, change) => tab.progress.update(() => change(repaired(tab.progress.exercise(n))));
    tab.check = (n, token, right) =>
      tab.update(n, (rec) => {
        rec.attempts += 1;
        rec.answers.z = token;
        for (const p of right) rec.solved[p] = true;
        const entry = logEntry({ seed: null, answers: { z: token }, hints: 0, solution: false, right });
        Object.assign(rec, appendAttempt(rec, entry, gradedNumbers(null, n)));
      });
    return tab;
  }

  const tabIndex = fc.constantFrom(0, 1);
  const exercise = fc.constantFrom(2, 3, 4);
  const step = (withResets) =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({ kind: fc.constant('type'), tab: tabIndex, n: exercise, part: fc.constantFrom('a', 'b'), text: fc.string({ maxLength: 3 }) }),
      },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('check'), tab: tabIndex, n: exercise, right: fc.subarray(['a', 'b']) }) },
      { weight: 4, arbitrary: fc.record({ kind: fc.constant('deliver'), tab: tabIndex }) },
      { weight: withResets ? 2 : 0, arbitrary: fc.record({ kind: fc.constant('reload'), tab: tabIndex }) },
      { weight: withResets ? 1 : 0, arbitrary: fc.record({ kind: fc.constant('reset'), tab: tabIndex, n: exercise }) },
      { weight: withResets ? 1 : 0, arbitrary: fc.record({ kind: fc.constant('reset all'), tab: tabIndex }) },
    );

  // Runs the steps on two tabs; lagging: each tab reads its own copy of storage until it hears the other's save.
  // → {stored (what storage ends with, read), model ({n: {answers, solved, tokens}}), tabs}
  function play(steps, { lagging }) {
    const shared = new Map();
    const tabs = [];
    const heard = (from) => tabs.forEach((t, k) => k !== from && (t.pending = true));
    const storageOf = (k) =>
      lagging
        ? mapStorage(new Map(shared), (key, v) => {
            if (v === null) shared.delete(key);
            else shared.set(key, v);
            heard(k);
          })
        : mapStorage(shared, () => heard(k));
    for (const k of [0, 1]) tabs.push(openTab(storageOf(k)));
    const deliver = (t) => {
      if (!t.pending) return;
      t.pending = false;
      if (lagging) for (const [key, v] of shared) t.storage.items.set(key, v);
      for (const f of t.listeners) f({ key: KEY });
    };
    const model = {};
    const of = (n) => (model[n] ??= { answers: {}, solved: new Set(), tokens: [] });
    let token = 0;
    for (const s of steps) {
      const t = tabs[s.tab];
      if (s.kind === 'type') {
        t.update(s.n, (rec) => (rec.answers[s.part] = s.text));
        of(s.n).answers[s.part] = s.text;
      } else if (s.kind === 'check') {
        const tok = `c${token++}`;
        t.check(s.n, tok, s.right);
        of(s.n).answers.z = tok;
        of(s.n).tokens.push(tok);
        s.right.forEach((p) => of(s.n).solved.add(p));
      } else if (s.kind === 'deliver') deliver(t);
      else if (s.kind === 'reload') {
        if (lagging) for (const [key, v] of shared) t.storage.items.set(key, v);
        tabs[s.tab] = openTab(t.storage);
      } else if (s.kind === 'reset') {
        t.progress.resetExercise(s.n);
        delete model[s.n];
      } else if (s.kind === 'reset all') {
        t.progress.resetAll();
        for (const n of Object.keys(model)) delete model[n];
      }
    }
    // every save heard (a tab writes back what only it holds, which the other then hears)
    for (let round = 0; round < 6 && tabs.some((t) => t.pending); round++) tabs.forEach(deliver);
    if (tabs.some((t) => t.pending)) throw new Error('the two tabs kept writing: no end to their storage events');
    const stored = shared.has(KEY) ? JSON.parse(shared.get(KEY)) : { exercises: {} };
    return { stored, model, tabs };
  }

  const sorted = (map) => JSON.stringify(Object.entries(map).sort(([x], [y]) => (x < y ? -1 : 1)));
  const failure = (steps, stored) => `steps ${JSON.stringify(steps)} → stored ${JSON.stringify(stored.exercises).slice(0, 600)}`;

  it('storage as one copy: it ends with everything the student entered last, whatever the order of saves, reloads and events', () => {
    fc.assert(
      fc.property(fc.array(step(true), { minLength: 1, maxLength: 24 }), (steps) => {
        const { stored, model, tabs } = play(steps, { lagging: false });
        for (const n of ['2', '3', '4']) {
          const want = model[n] ?? { answers: {}, solved: new Set(), tokens: [] };
          const got = stored.exercises[n] ?? { answers: {}, solved: {}, log: [] };
          if (sorted(got.answers) !== sorted(want.answers)) {
            throw new Error(`exercise ${n}: answers ${JSON.stringify(got.answers)}, entered last ${JSON.stringify(want.answers)}; ${failure(steps, stored)}`);
          }
          const solved = Object.keys(got.solved)
            .filter((p) => got.solved[p])
            .sort();
          if (JSON.stringify(solved) !== JSON.stringify([...want.solved].sort()))
            throw new Error(`exercise ${n}: solved ${solved}, entered ${[...want.solved]}; ${failure(steps, stored)}`);
          const tokens = got.log.map((e) => e.answers.z);
          if (JSON.stringify(tokens) !== JSON.stringify(want.tokens))
            throw new Error(`exercise ${n}: attempts ${tokens}, checked ${want.tokens}; ${failure(steps, stored)}`);
          // and each tab holds what storage holds
          for (const t of tabs) {
            if (stored.exercises[n] && JSON.stringify(t.progress.peek(n)?.log) !== JSON.stringify(stored.exercises[n].log)) {
              throw new Error(`a tab's exercise ${n} differs from storage's; ${failure(steps, stored)}`);
            }
          }
        }
        cases++;
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('storage each tab hears of late: no attempt checked and no part solved is ever lost', () => {
    fc.assert(
      fc.property(fc.array(step(false), { minLength: 1, maxLength: 24 }), (steps) => {
        const { stored, model } = play(steps, { lagging: true });
        for (const [n, want] of Object.entries(model)) {
          const got = stored.exercises[n] ?? { solved: {}, log: [] };
          const tokens = new Set(got.log.map((e) => e.answers.z));
          const lost = want.tokens.filter((tok) => !tokens.has(tok));
          if (lost.length) throw new Error(`exercise ${n}: attempts ${lost} lost; ${failure(steps, stored)}`);
          const unsolved = [...want.solved].filter((p) => !got.solved[p]);
          if (unsolved.length) throw new Error(`exercise ${n}: solved ${unsolved} lost; ${failure(steps, stored)}`);
        }
        cases++;
      }),
      { seed: SEED, numRuns: 400 },
    );
  });
});

afterAll(() => {
  // not an assertion on time: a count of the cases the properties above ran
  console.log(`fuzz: ${cases} cases, seed ${SEED}`);
});

describe('the suite itself', () => {
  it(`ran at least ${MIN_CASES} cases`, () => {
    expect(cases).toBeGreaterThanOrEqual(MIN_CASES);
  });
});
