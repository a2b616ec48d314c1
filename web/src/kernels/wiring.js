// Typed wrappers around the wiring descriptions (wasm/bindings/bind_wiring.cpp): the presets, a written wiring
// read and described, and what its formulas give each block. A wiring travels as its text form: a preset's
// name ("post") or the JSON of a written one ('{"from":"post","alpha":"2"}').
import { loadKernels } from './loader.js';

/**
 * @typedef {object} WiringView  every key of a wiring's description, formulas as their text
 * @property {string} text      its text form
 * @property {string} from      the preset it starts from
 * @property {string[]} changes the keys it changes there, in the description's order
 * @property {string} same      a preset that is the same wiring, value for value ('' if none)
 * @property {'ln'|'rms'} norm
 * @property {boolean} in
 * @property {boolean} out
 * @property {boolean} after
 * @property {boolean} residual
 * @property {boolean} final
 * @property {string} alpha
 * @property {string} scale_in
 * @property {string} scale_out
 * @property {'none'|'block'|'sublayer'|'channel'} gate
 * @property {string} gate0
 * @property {string} beta
 * @property {string} first_post
 */

export async function loadWiring() {
  const K = await loadKernels();
  return {
    /** @returns {{name: string, label: string, wiring: WiringView}[]} every preset, in the chapter's order */
    presets: () => K.wiringPresets(),

    /** @returns {WiringView} a wiring's text form read; throws an Error with the reader's message if it cannot be */
    /** @type {(text: string) => WiringView} */
    describe: (text) => K.describeWiring(text),

    /**
     * Several wirings read and described: a JSON list of objects ('[{"from": "post"}, {"alpha": "2"}]'), or one wiring
     * as describe reads it. The command line's --wiring; throws the reader's message (inside a list, naming the wiring).
     * @type {(text: string) => WiringView[]}
     */
    describeList: (text) => K.describeWirings(text),

    /**
     * What a wiring's formulas give each block of a stack of L blocks (after the checks a run makes; throws their
     * message): {alpha, scaleIn, scaleOut, beta: Float64Array(L), gate0 (gated wirings only), postBlocks}.
     * @type {(text: string, L: number) => {alpha: Float64Array, scaleIn: Float64Array, scaleOut: Float64Array, beta: Float64Array,
     *   gate0?: Float64Array, postBlocks: number}}
     */
    constants: (text, L) => K.wiringConstants(text, L),
  };
}
