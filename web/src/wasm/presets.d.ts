// The type of web/src/wasm/presets.js, written by scripts/emit-presets.mjs at each wasm build (this declaration is
// committed, so `npm run lint` checks the page's types on a fresh clone before any wasm build).
import type { WiringView } from '../kernels/wiring.js';

/** every preset wiring, in the chapter's order (wasm/src/wiring.cpp kPresetTexts) */
declare const PRESETS: { name: string; label: string; wiring: WiringView }[];
export default PRESETS;
/** the measures of a block's gradient, as the kernel names them (stack.hpp kMeasures) */
export const MEASURE_NAMES: string[];
/** the largest seed a link or a stored record may hold, 2^53 (wasm/bindings/convert.hpp kLargestSeed) */
export const LARGEST_SEED: number;
