// @vitest-environment jsdom
// The training lab (Part 3, widgets/training-lab) on the real training kernel in the page's workers: steps stream in
// before a run finishes, a link restores the controls and answers bad values beside their fields, exercise 14's link
// sets it up in place (before and after it has mounted, with Back and Forward), every chart and heat map has its
// data table and the tables agree with each other, the learning-rate cliff, a run that diverges, the char model's
// samples and prompt, and the work budget's question. Every run is tiny: the point is what the lab says. Moved from
// tests/e2e/training-lab.spec.js (docs/testing/moved-figures.md); the default view against PyTorch's numbers is
// tests/web/widgets/training-lab-pytorch.test.js.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getPool } from '../../../web/src/experiment/pool.js';
import { click, field, fill, messageOf } from './harness.js';
import {
  LIGHT,
  addressOf,
  choice,
  choose,
  closePage,
  exerciseWords,
  followLink,
  followLinksAheadOnce,
  inputsLabelled,
  mount,
  openPage,
  param,
  showPage,
  tableColumns,
  textOf,
  until,
  runsOf,
} from './figures-helpers.js';

vi.mock('virtual:exercise-text', async () => ({ default: (await import('./figures-helpers.js')).exerciseTexts() }));
afterAll(closePage);

const LAB = '#training-lab-curves';
/** the chapter at LIGHT, with the lab's params, at the lab's section (as the browser tests open it) */
const labAddress = (/** @type {Record<string, string>} */ params = {}, hash = '#training-lab') => addressOf({ ...LIGHT, ...params }, hash);
const openLab = async (/** @type {Record<string, string>} */ params = {}) => {
  const [lab] = await openPage(labAddress(params), LAB);
  expect(lab.querySelector('.lab-run-button')?.textContent).toBe('Run');
  return lab;
};
/** @type {Element[]} every element the page asked to bring into view */
let broughtIntoView = [];
beforeAll(() => {
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function () {
    broughtIntoView.push(this);
  });
});

const finished = (/** @type {ParentNode} */ widget, /** @type {number} */ count, timeout = 60_000) =>
  until(() => expect(widget.querySelectorAll('.lab-run')).toHaveLength(count), timeout);
const nothingRuns = (/** @type {ParentNode} */ widget) => expect(widget.querySelectorAll('.lab-run, .lab-run-pending')).toHaveLength(0);
const depths = (/** @type {ParentNode} */ widget) => inputsLabelled(widget, 'Depth L').map((i) => i.value);
const configs = (/** @type {ParentNode} */ widget) => widget.querySelectorAll('.lab-config');
/** the checkbox whose label reads `name` */
const checkbox = (/** @type {ParentNode} */ root, /** @type {string} */ name) => {
  const found = [...root.querySelectorAll('label')].filter((l) => textOf(l) === name).map((l) => l.querySelector('input[type="checkbox"]'));
  expect(found, name).toHaveLength(1);
  return /** @type {HTMLInputElement} */ (found[0]);
};

it('steps stream in before a run finishes', async () => {
  // as many seeds as the pool can have workers (4), runs long enough (the kernel's most steps) to stream for minutes
  const lab = await openLab({ 't.configs': 'post-4-0', 't.steps': '10000', 't.seeds': '0-3' });
  click(lab, 'Run');
  // about 1.6 TFLOP: over the work budget, so the lab shows the estimate and starts nothing until asked
  expect(textOf(lab.querySelector('.lab-footer'))).toContain('Nothing has started yet.');
  const lossTable = () => /** @type {HTMLElement} */ (lab.querySelectorAll('figure.lab-chart details.chart-data')[0]);
  expect(lossTable().querySelectorAll('tbody tr')).toHaveLength(0);
  click(lab, 'Compute anyway');
  const state = () => ({ rows: lossTable().querySelectorAll('tbody tr').length, finished: lab.querySelectorAll('.lab-run').length });
  await until(() => expect(state().rows).toBeGreaterThan(0), 30_000);
  const early = state();
  expect(early.finished).toBe(0);
  expect(early.rows).toBeLessThan(10000);
  await until(() => expect(state().rows).toBeGreaterThan(early.rows)); // and keeps coming
  expect(state().finished).toBe(0);
  expect(lab.querySelectorAll('.u-legend')).toHaveLength(3);
  closePage(); // (its runs stop)
}, 120_000);

describe('a link restores the lab', () => {
  it('controls from the URL; a change goes back into the URL, a bad one gets its message and runs nothing', async () => {
    const lab = await openLab({ 't.task': 'char', 't.configs': 'pre-6-10,nores-3-0', 't.lr': '2e-3', 't.steps': '40', 't.seeds': '1, 4' });
    expect(choice(lab, 'Task').value).toBe('char');
    expect(configs(lab)).toHaveLength(2);
    expect(choice(lab, 'Wiring of configuration 1').value).toBe('pre');
    expect(choice(lab, 'Wiring of configuration 2').value).toBe('nores');
    expect(depths(lab)).toEqual(['6', '3']);
    expect(inputsLabelled(lab, 'Warmup steps')[0].value).toBe('10');
    expect(field(lab, 'Learning rate').value).toBe('2e-3');
    const slider = /** @type {HTMLInputElement} */ (lab.querySelector('input[aria-label="Learning rate, logarithmic scale"]'));
    expect(Number(slider.value)).toBeCloseTo(Math.log10(2e-3), 1);
    expect(field(lab, 'Steps').value).toBe('40');
    expect(field(lab, 'Seeds').value).toBe('1, 4');
    const predicted = [...lab.querySelectorAll('.lab-predict li')].map((li) => textOf(li));
    expect(predicted).toHaveLength(2);
    expect(predicted[0]).toMatch(/Pre-LN, L = 6, warmup 10/);
    expect(predicted[1]).toMatch(/no residual, L = 3, no warmup/);

    fill(field(lab, 'Steps'), '60');
    await until(() => expect(param('t.steps')).toBe('60'));
    fill(inputsLabelled(lab, 'Depth L')[1], 'abc');
    expect(textOf(configs(lab)[1].querySelector('.field-message'))).toContain('not a number');
    expect(param('t.configs')).toBe('pre-6-10,nores-3-0');
    click(lab, 'Run');
    expect(textOf(lab.querySelector('.lab-status'))).toContain('cannot be read');
    nothingRuns(lab);
  });

  it('what the kernel refuses (train.check): its message beside the field, or beside the configuration', async () => {
    const lab = await openLab({ 't.steps': '20000', 't.configs': 'post-24-0,pre-1000-0' });
    click(lab, 'Run');
    expect(messageOf(field(lab, 'Steps'))).toContain('steps must be between 1 and');
    fill(field(lab, 'Steps'), '150');
    expect(messageOf(field(lab, 'Steps'))).toBe('');
    click(lab, 'Run');
    const checks = lab.querySelectorAll('.lab-config-message');
    expect(textOf(checks[1])).toContain('memory');
    expect(textOf(checks[0])).toBe('');
    expect(textOf(lab.querySelector('.lab-status'))).toContain('cannot run');
    nothingRuns(lab);
  });

  it('hostile or broken values in a link: a message, never a crash', async () => {
    const lab = await openLab({ 't.lr': '-1', 't.seeds': '5-2', 't.configs': 'sideways-24-0' });
    expect(messageOf(field(lab, 'Learning rate'))).toContain('above 0');
    expect(messageOf(field(lab, 'Seeds'))).toContain('empty');
    expect(textOf(lab.querySelector('.lab-configs-message'))).toContain('sideways');
    expect(configs(lab)).toHaveLength(3); // the default configurations instead
  });

  it('exercise 14’s link sets the lab up in place and hands Run the focus; Back and Forward move between the two', async () => {
    // the reader came in at the top, set the lab up and read on
    const [lab] = await openPage(labAddress({ 't.configs': 'pre-12-0', 't.lr': '1e-3' }, ''), LAB, '#exercise-14');
    await exerciseWords(14);
    const link = /** @type {Element} */ (document.querySelector('#exercise-14 a[href*="#training-lab"]'));
    broughtIntoView = [];
    expect(followLink(link), 'followed in this page, not loaded again').toBe(true);
    expect(configs(lab)).toHaveLength(2);
    expect(depths(lab)).toEqual(['6', '48']);
    expect(field(lab, 'Learning rate').value).toBe('3e-3'); // the link's missing values: the defaults
    expect(document.activeElement).toBe(lab.querySelector('.lab-run-button'));
    // the window opens on the lab, not on Part 3's heading the link names (where the lab is laid out, in a browser,
    // is tests/e2e/part4-glance.spec.js's)
    expect(broughtIntoView).toContain(lab);
    expect(broughtIntoView).not.toContain(document.querySelector('#training-lab'));
    expect(param('t.configs')).toBe('post-6-0,post-48-0');
    expect(location.hash).toBe('#training-lab');

    // the jump is a step in the history, as a link within the page is: Back returns the lab to that entry's URL;
    // Forward sets the link's values again
    history.back();
    await until(() => expect(param('t.configs')).toBe('pre-12-0'));
    expect(location.hash).toBe('');
    await until(() => expect(configs(lab)).toHaveLength(1));
    expect(field(lab, 'Learning rate').value).toBe('1e-3');
    history.forward();
    await until(() => expect(depths(lab)).toEqual(['6', '48']));
    expect(configs(lab)).toHaveLength(2);
    expect(param('t.configs')).toBe('post-6-0,post-48-0');

    // a move that keeps the lab's parameters (a link of the contents, then Back) leaves its fields as the reader left
    // them, a value not yet valid included
    fill(field(lab, 'Steps'), 'abc');
    const contents = document.createElement('nav');
    contents.className = 'toc';
    contents.innerHTML = '<a href="#so">Summary</a>'; // (the page's contents link to its sections so)
    document.body.prepend(contents);
    /** @type {HTMLElement} */ (contents.querySelector('a')).click();
    await until(() => expect(location.hash).toBe('#so'));
    history.back();
    await until(() => expect(location.hash).toBe('#training-lab'));
    expect(field(lab, 'Steps').value).toBe('abc');
    expect(depths(lab)).toEqual(['6', '48']);
    contents.remove();
  });
});

it('before the lab has mounted, exercise 14’s link opens it with its configurations, in the same page', async () => {
  followLinksAheadOnce();
  const [lab] = showPage(labAddress({}, '#exercise-14'), LAB, '#exercise-14');
  await exerciseWords(14);
  expect(lab.dataset.mount).toBeUndefined();
  const link = /** @type {Element} */ (document.querySelector('#exercise-14 a[href*="#training-lab"]'));
  expect(followLink(link), 'followed in this page, not loaded again').toBe(true);
  await mount(LAB);
  expect(configs(lab)).toHaveLength(2);
  expect(depths(lab)[1]).toBe('48');
  expect(param('t.configs')).toBe('post-6-0,post-48-0');
  expect(param('a.L')).toBe(LIGHT['a.L']); // the other figures' parameters stay
});

it("every chart and heat map has its data table, and the tables agree with the kernel's runs", async () => {
  const lab = await openLab({ 't.configs': 'post-3-0,pre-3-5', 't.steps': '12', 't.seeds': '0-1' });
  click(lab, 'Run');
  await finished(lab, 4);
  await until(() => expect(textOf(lab.querySelector('.lab-footer'))).toMatch(/^4 runs/));

  // three step charts (loss, ratio, the stream's sd after the last block), each a described image with its own table
  const charts = [...lab.querySelectorAll('figure.lab-chart')];
  expect(charts).toHaveLength(3);
  for (const chart of charts) {
    expect(chart.querySelector('.chart[role="img"]')?.getAttribute('aria-label')).toMatch(/logarithmic y axis.*data table/);
    expect(chart.querySelector('.chart canvas')).not.toBeNull();
    expect(chart.querySelectorAll('details.chart-data')).toHaveLength(1);
  }
  const loss = await tableColumns(charts[0]);
  const ratio = await tableColumns(charts[1]);
  expect(Object.keys(loss)).toHaveLength(4);
  for (const losses of Object.values(loss)) expect(losses).toHaveLength(12);
  const spread = await tableColumns(charts[2]);
  expect(Object.keys(spread)).toEqual(Object.keys(loss));
  for (const sds of Object.values(spread)) for (const sd of sds) expect(sd).toBeGreaterThan(0);

  // one heat map per configuration (seed 0 first), a table each, one colour legend for both
  const heats = () => [...lab.querySelectorAll('figure.lab-heat')];
  expect(heats()).toHaveLength(2);
  expect(heats()[0].querySelector('canvas')?.getAttribute('aria-label')).toMatch(/3 blocks.*12 of 12 computed/);
  expect(textOf(lab.querySelector('.lab-heat-legend-ticks span'))).toMatch(/^1e/);
  const grads = await tableColumns(heats()[0]);
  expect(Object.keys(grads)).toEqual(['b1', 'b2', 'b3']);
  // the ratio drawn is block 1 over block L of the norms drawn (both the kernel's, per step)
  const post0 = String(Object.keys(ratio).find((id) => id.includes('|post|') && id.endsWith('|0')));
  grads.b1.forEach((g1, k) => expect(ratio[post0][k]).toBeCloseTo(g1 / grads.b3[k], 12));
  // another seed in the heat maps: other values
  choose(choice(lab, 'Seed shown in the heat maps'), '1');
  await until(() => expect(textOf(heats()[0].querySelector('figcaption'))).toMatch(/seed 1$/));
  await until(() => expect(textOf(heats()[0].querySelector('table caption'))).toMatch(/seed 1:/));
  const grads1 = await tableColumns(heats()[0]);
  expect(grads1.b1).not.toEqual(grads.b1);

  // each run's final loss is the mean of its last ten losses in the table
  for (const r of runsOf(lab)) {
    const id = String(Object.keys(loss).find((k) => k.includes(`|${r.placement}|3|${r.warmup}|`) && k.endsWith(`|${r.seed}`)));
    const last = loss[id].slice(-10);
    expect(r.finalLoss).toBeCloseTo(last.reduce((a, b) => a + b, 0) / last.length, 12);
  }
});

it('the learning-rate cliff: the final loss of each run against the rate, with the threshold, and its table', async () => {
  const [cliff] = await openPage(labAddress({ 'tc.L': '2', 'tc.lrs': '1e-3, 1e-2', 'tc.steps': '12' }, '#the-learning-rate-cliff'), '#training-lab-cliff');
  expect(cliff.querySelector('.lab-run-button')?.textContent).toBe('Run');
  expect(checkbox(cliff, 'Post-LN').checked).toBe(true);
  expect(checkbox(cliff, 'Pre-LN').checked).toBe(true);
  click(cliff, 'Run');
  await finished(cliff, 4);
  const runs = runsOf(cliff);
  expect(runs.map((r) => `${r.placement} ${r.lr}`).sort()).toEqual(['post 0.001', 'post 0.01', 'pre 0.001', 'pre 0.01']);
  expect(cliff.querySelector('.chart[role="img"]')?.getAttribute('aria-label')).toMatch(/final loss.*learning rate.*data table/);
  const table = await tableColumns(cliff);
  expect(Object.keys(table).sort()).toEqual(['post-0', 'pre-0']);
  for (const r of runs) {
    const row = r.lr === '0.001' ? 0 : 1;
    expect(table[`${r.placement}-0`][row]).toBe(r.finalLoss);
  }
  expect(textOf(cliff.querySelector('.u-legend'))).toContain('threshold');
});

it('before a run the heat maps’ seed waits, listing the seeds it will have; a run enables it', async () => {
  const lab = await openLab({ 't.configs': 'post-2-0,pre-2-0', 't.steps': '12', 't.seeds': '0' });
  nothingRuns(lab);
  // the heat maps' seed waits for a run, listing the seeds it will have (it was an empty select)
  const heatSeed = choice(lab, 'Seed shown in the heat maps');
  const options = () => [...heatSeed.options].map((o) => textOf(o));
  expect(heatSeed.disabled).toBe(true);
  fill(field(lab, 'Seeds'), '0, 3');
  expect(options()).toEqual(['seed 0', 'seed 3']);
  fill(field(lab, 'Seeds'), '0');
  expect(options()).toEqual(['seed 0']);
  click(lab, 'Run');
  await finished(lab, 2);
  expect(heatSeed.disabled).toBe(false);
});

// Issue 29: a learning rate far past the cliff blows the weights out of float64's range. The run stops at that
// step and the summary says so, where it had failed with "x must contain only finite numbers".
it('a run that blows up says it diverged, and at which step', async () => {
  const lab = await openLab({ 't.configs': 'post-2-0', 't.lr': '1e300', 't.steps': '20', 't.seeds': '0' });
  click(lab, 'Run');
  await finished(lab, 1);
  const run = /** @type {HTMLElement} */ (lab.querySelector('.lab-run'));
  // (the reason is the kernel's: here the weights an update sent past float64's range, refused by the next forward)
  expect(textOf(run)).toMatch(/^seed 0: ✗ diverged at step \d+ \(its weights left float64’s range\)$/);
  expect(run.getAttribute('data-diverged-at')).toMatch(/^\d+$/);
  expect(textOf(lab)).not.toContain('finite numbers');
});

it('the char model, visible: its text, the chance level, samples at step 0, midway and the end, and a prompt of your own', async () => {
  const lab = await openLab({ 't.task': 'char', 't.configs': 'pre-2-0', 't.steps': '40', 't.seeds': '0', 't.lr': '1e-2' });
  const samples = /** @type {HTMLElement} */ (lab.querySelector('.lab-samples'));
  expect(textOf(samples.querySelector('.lab-text summary'))).toBe('The training text (900 characters, V = 28 distinct)');
  expect(textOf(samples.querySelector('.lab-text-body'))).toMatch(/^the quick brown fox jumps over the lazy dog\. the quick/);
  click(lab, 'Run');
  await finished(lab, 1);
  const shown = () => /** @type {HTMLElement[]} */ ([...samples.querySelectorAll('.lab-sample-runs [data-sample]')]);
  await until(() => expect(shown()).toHaveLength(3));
  expect(shown().map((e) => e.dataset.step)).toEqual(['0', '20', '40']);
  // one count for the charts and the samples: updates done (the charts' last loss, taken before the last update, is
  // at 39; the last sample comes after all 40 updates; issue 35 found "after step 40" beside a chart ending at 39)
  expect(shown().map((e) => textOf(e.querySelector('.lab-sample-step')))).toEqual(['before any update:', 'after 20 updates:', 'after 40 updates:']);
  const firstChart = /** @type {HTMLElement} */ (lab.querySelector('.lab-chart'));
  expect(firstChart.querySelector('.u-legend .u-series th')?.textContent ?? '').toMatch(/updates done/);
  const atEnd = String(shown()[2].dataset.sample);
  expect(atEnd).toHaveLength(40);
  expect((firstChart.textContent ?? '') + (firstChart.querySelector('[aria-label]')?.getAttribute('aria-label') ?? '')).toMatch(/chance, ln 28 = 3\.332/);

  // the reader's prompt: the kernel's own prompt after the last step gives the run's last sample again
  const ask = /** @type {HTMLElement} */ (samples.querySelector('.lab-ask'));
  const answer = () => /** @type {HTMLElement | null} */ (ask.querySelector('.lab-ask-out [data-sample]'));
  fill(field(ask, 'After how many updates'), '40');
  click(ask, 'Continue');
  await until(() => expect(answer()?.dataset.sample).toBe(atEnd), 60_000);
  expect(answer()?.dataset.step).toBe('40');
  const bars = [...ask.querySelectorAll('.lab-probs li')];
  expect(bars).toHaveLength(8);
  const ps = bars.map((e) => Number(/** @type {HTMLElement} */ (e).dataset.p));
  expect(ps.every((p, i) => p >= 0 && p <= 1 && (i === 0 || p <= ps[i - 1]))).toBe(true);
  // after step 0 the untrained model, and a prompt it cannot read is answered beside its field
  fill(field(ask, 'After how many updates'), '0');
  click(ask, 'Continue');
  await until(() => expect(answer()?.dataset.sample).toBe(shown()[0].dataset.sample ?? ''), 60_000);
  fill(field(ask, 'Prompt'), 'The Fox');
  click(ask, 'Continue');
  expect(messageOf(field(ask, 'Prompt'))).toBe("The prompt may hold only the text's characters (a to z, space and '.'): 'T' is not one of them.");
  fill(field(ask, 'After how many updates'), '41');
  click(ask, 'Continue');
  expect(messageOf(field(ask, 'After how many updates'))).toBe('The number of updates must be between 0 and 40 (got 41).');
}, 120_000);

it('over the work budget: the question is asked beside Run, and the seeds say they wait for the reader', async () => {
  const lab = await openLab({ 't.steps': '10000', 't.seeds': '0-7' });
  click(lab, 'Run');
  const answer = /** @type {HTMLElement} */ (lab.querySelector('.lab-run-bar + .lab-run-answer'));
  expect(textOf(answer.querySelector('.lab-footer'))).toContain('This would start');
  const compute = [...answer.querySelectorAll('button')].filter((b) => textOf(b) === 'Compute anyway');
  expect(compute).toHaveLength(1);
  expect(compute[0].hidden).toBe(false);
  const pending = lab.querySelectorAll('.lab-summary .lab-run-pending');
  expect(pending).toHaveLength(24);
  expect(textOf(pending[0])).toBe('seed 0: not started: press Compute, beside Run');
  expect(textOf(lab.querySelector('.lab-summary'))).not.toContain('waiting');
  expect(getPool().status(), 'nothing runs').toMatchObject({ running: 0, queued: 0 });
  // (and the status line is down, once the last page's "Done" has had its moment)
  await until(() => expect(/** @type {HTMLElement | null} */ (document.querySelector('.run-status'))?.hidden ?? true).toBe(true));
});
