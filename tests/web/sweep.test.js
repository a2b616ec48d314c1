// npm run sweep: the command line over the same wasm module. Good arguments print one JSON line per run and
// the medians last; bad ones print the usage and exit with code 2.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { flagOf } from '../../scripts/lib/flags.mjs';
import { loadStack } from '../../web/src/kernels/stack.js';
import { PLACEMENTS } from '../../web/src/experiment/choices.js';

// the names as the kernel's presets give them (one list: nothing here types them again)
const names = PLACEMENTS.map((p) => p.key).join(', ');

const script = fileURLToPath(new URL('../../scripts/sweep.mjs', import.meta.url));
const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('sweep command line', () => {
  it('takes every field of the kernel’s StackConfig as a flag, spelled from its defaults (as npm run train does)', async () => {
    const { defaults } = await loadStack();
    const r = run('--help');
    expect(r.status).toBe(0);
    const fields = Object.keys(defaults).filter((k) => k !== 'seed' && k !== 'placement');
    expect(fields.length).toBeGreaterThanOrEqual(9);
    for (const key of fields) expect(r.stdout, key).toMatch(new RegExp(`\\[${flagOf(key)}[ \\]]`));
  });

  it('prints a JSON line per run and the medians last', () => {
    const r = run('--placement', 'post,pre', '--L', '3', '--seeds', '0-2', '--d', '8', '--heads', '2', '--B', '2', '--T', '3');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const runs = lines.slice(0, -1);
    expect(runs).toHaveLength(6);
    for (const line of runs) {
      expect(line.grad).toHaveLength(3);
      expect(line.sd).toHaveLength(3);
      expect(line.config).toMatchObject({ d: 8, heads: 2, B: 2, T: 3, ffnMult: 4, scale: 1, causal: false, activation: 'relu' });
      expect(line.ratio).toBeCloseTo(line.grad[0] / line.grad[2], 12);
      expect(line.growth.factor).toBeCloseTo(line.sd[2] / line.sd[0], 12);
    }
    // every field of the kernel's result reaches the line (StackResult's for_each_field), lists as lists
    for (const key of ['gradNormWeights', 'gradNormNoLn', 'inputGradNorm']) expect(runs[0][key], key).toHaveLength(3);
    const { medians } = lines.at(-1);
    expect(medians.map((m) => [m.placement, m.L, m.seeds])).toEqual([
      ['post', 3, [0, 1, 2]],
      ['pre', 3, [0, 1, 2]],
    ]);
    const post = runs
      .filter((l) => l.placement === 'post')
      .map((l) => l.ratio)
      .sort((a, b) => a - b);
    expect(medians[0].ratio).toBe(post[1]);
  });

  it('reads seeds and whole numbers as the page’s fields do (one parser: web/src/experiment/params.js)', () => {
    // the page's fields take "2 – 3" (an en dash, spaces) and "1e0"; the command line had taken neither
    const r = run('--placement', 'pre', '--L', '1e0', '--seeds', '2 – 3', '--d', '8', '--heads', '2', '--B', '2', '--T', '3');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim().split('\n').at(-1)).medians[0]).toMatchObject({ L: 1, seeds: [2, 3] });
  });

  it('takes Part 4’s wirings by their names, with the same lines', () => {
    const r = run('--placement', 'deepnorm,rezero', '--L', '4', '--seeds', '0-1', '--d', '8', '--heads', '2', '--B', '2', '--T', '3');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(
      lines
        .slice(0, -1)
        .map((l) => l.placement)
        .sort(),
    ).toEqual(['deepnorm', 'deepnorm', 'rezero', 'rezero']);
    for (const line of lines.slice(0, -1)) expect(line.grad).toHaveLength(4);
    // ReZero's stream passes every block untouched at initialisation: the same sd after every block
    const rezero = lines.find((l) => l.placement === 'rezero');
    expect(rezero.growth.factor).toBe(1);
    expect(lines.at(-1).medians.map((m) => m.placement)).toEqual(['deepnorm', 'rezero']);
  });

  // Issue 37: --L 2,2,2 ran one run three times, silently
  it('runs a value a list names twice once, and says so', () => {
    const r = run('--placement', 'post,pre,post', '--L', '2,3,2,2', '--seeds', '1,0,1', '--d', '8', '--heads', '2', '--B', '2', '--T', '3');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.slice(0, -1)).toHaveLength(2 * 2 * 2);
    expect(lines.at(-1).medians.map((m) => [m.placement, m.L, m.seeds])).toEqual([
      ['post', 2, [0, 1]],
      ['post', 3, [0, 1]],
      ['pre', 2, [0, 1]],
      ['pre', 3, [0, 1]],
    ]);
    expect(r.stderr.trim().split('\n')).toEqual([
      'sweep: --placement post,pre,post names post more than once: each runs once (--placement post,pre).',
      'sweep: --L 2,3,2,2 names 2 more than once: each runs once (--L 2,3).',
      'sweep: --seeds 1,0,1 names 1 more than once: each runs once (--seeds 1,0).',
    ]);
  });

  it('runs a wiring named twice (as a preset and written the same, or written twice in other words) once, and says so', () => {
    const r = run(
      '--placement',
      'post',
      '--wiring',
      '[{"from": "post"}, {"from": "pre", "alpha": "2"}, {"alpha": "2", "from": "pre"}]',
      '--L',
      '2',
      '--seeds',
      '0',
      '--d',
      '8',
      '--heads',
      '2',
      '--B',
      '2',
      '--T',
      '3',
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').slice(0, -1)).toHaveLength(2);
    expect(r.stderr.trim()).toBe('sweep: the wirings name post, {"from":"pre","alpha":"2"} more than once: each runs once.');
  });

  it.each([
    [[], /--placement \(or --wiring\), --L and --seeds are required/],
    [['--placement', 'middle', '--L', '3', '--seeds', '0'], `“middle” is not a wiring (${names})`],
    [['--wiring', '{"from": "post", "alhpa": 2}', '--L', '3', '--seeds', '0'], /a wiring has no key "alhpa"/],
    [['--wiring', '{"from": "post", "beta": "1-L"}', '--L', '3', '--seeds', '0'], /beta "1-L" must be above 0/],
    [['--wiring', 'post', '--L', '3', '--seeds', '0'], /--wiring needs a wiring as JSON/],
    [['--wiring', '[]', '--L', '3', '--seeds', '0'], /--wiring needs a JSON object, or a JSON list of them/],
    // issue 37: a flag given twice had kept its last value
    [['--placement', 'pre', '--L', '2', '--L', '3', '--seeds', '0'], /--L is given twice: give it once/],
    [['--placement', 'pre', '--L', '2', '--seeds', '0', '--act', 'gelu', '--activation', 'relu'], /--act and --activation are the same flag: give it once/],
    [['--placement', 'pre', '--L', '2', '--seeds', '0', '--causal', '--causal'], /--causal is given twice: give it once/],
    [['--wiring', '{"from": "post"}', '--wiring', '{"from": "pre"}', '--L', '2', '--seeds', '0'], /--wiring is given twice: give it once/],
    [['--placement', 'pre', '--L', 'x', '--seeds', '0'], /--L needs a whole number/],
    [['--placement', 'pre', '--L', '3', '--seeds', '0', '--bogus'], /unknown argument "--bogus"/],
    [['--placement', 'pre', '--L', '10000', '--seeds', '0'], /depth L must be between 1 and 1024/],
    [['--placement', 'pre', '--L', '3', '--seeds', '0', '--heads', '5'], /heads must divide d/],
    // issue 29: a range past what can run is refused up front (30 million seeds had run out of memory:
    // docs/measurements.md, "A seed range past what can run is refused up front"), and a seed past 2^32 − 1 would
    // repeat a smaller seed's run
    [['--placement', 'pre', '--L', '3', '--seeds', '0', '--scale', ''], /--scale needs a number \(got ""\)/],
    [['--placement', 'pre', '--L', '3', '--seeds', '0', '--scale', '0x40'], /--scale needs a number \(got "0x40"\)/],
    [['--placement', 'pre', '--L', '3', '--seeds', '0-30000000'], /--seeds 0-30000000: At most 10000 seeds \(that range has 30000001\)/],
    [['--placement', 'pre', '--L', '3', '--seeds', '4294967296'], /--seeds 4294967296: Seeds must be between 0 and 4294967295 \(got 4294967296\)/],
  ])('%j → usage, exit code 2', (args, message) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/usage: npm run sweep/);
  });
});
