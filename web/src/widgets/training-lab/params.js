// The training lab's inputs as a reader types them (and as a link carries them): whole numbers, learning
// rates, the list of configurations. Parsing and limits only: whether a configuration can run at all is
// the kernel's call (train.check), whose message the lab shows beside the configuration.
import { PLACEMENTS } from '../../experiment/choices.js';
import { parseDepth, parsePositive, parseWhole } from '../../experiment/params.js';
import { parseVector } from '../../ui/parse.js';

const MAX_RATES = 12; // a sweep wider than this is a typo, not an experiment

export const parseWarmup = (text) => parseWhole(text, { what: 'Warmup', min: 0 });
export const parseSteps = (text) => parseWhole(text, { what: 'The number of steps', min: 1 });

/** A learning rate: a positive number. */
export const parseRate = (text) => parsePositive(text, { what: 'The learning rate' });

/** Learning rates "3e-4, 1e-3, 3e-3" → sorted, without repeats, each above 0. */
export function parseRates(text) {
  const r = parseVector(text, { max: MAX_RATES });
  if (!r.ok) return r;
  const bad = r.value.find((v) => !(v > 0));
  if (bad !== undefined) return { ok: false, message: `Every learning rate must be above 0 (got ${bad}).` };
  return { ok: true, value: [...new Set(r.value)].sort((a, b) => a - b) };
}

/** A rate as the reader reads it: 0.003 → "3e-3", 0.0005 → "5e-4", 0.0015 → "1.5e-3". */
export function formatRate(rate) {
  const [mantissa, power] = rate.toExponential().split('e');
  return `${Number(Number(mantissa).toPrecision(3))}e${Number(power)}`;
}

const PLACEMENT_KEYS = PLACEMENTS.map((p) => p.key);

/**
 * Configurations as a link writes them: "post-24-0,post-24-50,w1-24-0" (wiring-depth-warmup: a preset's name or a
 * written wiring's key, experiment/written-wirings.js). known: the wirings offered.
 * → {ok, value: [{placement, L, warmup}]} or {ok: false, message}
 * @returns {import('../../experiment/params.js').Parsed<{placement: string, L: number, warmup: number}[]>}
 */
export function parseConfigs(text, { max = 6, known = PLACEMENT_KEYS } = {}) {
  const parts = String(text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) return { ok: false, message: 'The lab needs at least one configuration.' };
  if (parts.length > max) return { ok: false, message: `At most ${max} configurations (got ${parts.length}).` };
  const value = [];
  for (const part of parts) {
    const m = /^([a-z][a-z0-9]*)-(\d+)-(\d+)$/.exec(part);
    if (!m || !known.includes(m[1])) {
      return { ok: false, message: `“${part.slice(0, 24)}” is not a configuration: write wiring-depth-warmup, e.g. post-24-50 (wirings ${known.join(', ')}).` };
    }
    const L = parseDepth(m[2]);
    const warmup = parseWarmup(m[3]);
    if (!L.ok || !warmup.ok) return /** @type {import('../../experiment/params.js').Parsed<never>} */ (L.ok ? warmup : L);
    value.push({ placement: m[1], L: L.value, warmup: warmup.value });
  }
  return { ok: true, value };
}

export const formatConfigs = (configs) => configs.map((c) => `${c.placement}-${c.L}-${c.warmup}`).join(',');
