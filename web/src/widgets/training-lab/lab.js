// What the lab's two views share: the frame (controls, Run, status, results), the runs of a configuration,
// their labels, the kernel's check of every configuration before anything starts, and links elsewhere in
// the chapter that open the lab with a configuration ("?t.configs=…#training-lab") without reloading.
import { TASKS } from '../../experiment/choices.js';
import { followInPlaceLinks } from '../../experiment/in-place-links.js';
import { wiringOfText } from '../../experiment/written-wirings.js';
import { linkNote } from '../../ui/controls.js';
import { shadesOf } from '../../ui/wiring-colours.js';
import { fragment, html } from '../../ui/html.js';
import { formatRate } from './params.js';
import './style.css';

// a configuration's wiring: a preset's name or a written wiring's text form (what the kernel runs)
const placementLabel = (text) => wiringOfText(text)?.label ?? text;
const taskLabel = (key) => TASKS.find((t) => t.key === key)?.label ?? key;

/** "Post-LN, L = 24, warmup 50" (and the rate when the view varies it) */
/** @param {{placement: string, L?: number, warmup?: number, lr?: number}} config */
function configLabel({ placement, L, warmup, lr }, { withRate = false } = {}) {
  const parts = [placementLabel(placement), `L = ${L}`, warmup ? `warmup ${warmup}` : 'no warmup'];
  if (withRate) parts.push(`lr ${formatRate(lr)}`);
  return parts.join(', ');
}

/** A run's id: every option the lab varies (the pool's key covers every option; this names it in the view). */
const runId = (o) => [o.task, o.placement, o.L, o.warmup, o.lr, o.steps, o.seed].join('|');

/**
 * One group per configuration: {key, label, colour, shade, config, runs: [{id, seed, options}]}; options are
 * complete (the kernel's defaults under the lab's choices). A configuration takes its wiring's colour; a second
 * one of the same wiring a shade of it (wiring-colours.js), so a colour always says which wiring ran.
 * @param {any} defaults  the kernel's TrainConfig defaults
 * @param {any[]} configs  what each configuration sets over them
 * @param {{task: string, lr?: number, steps: number, seeds: number[]}} shared  what every configuration shares (lr
 *   unless each configuration sets its own, as the cliff's do)
 * @param {{withRate?: boolean}} [options]
 */
export function groupRuns(defaults, configs, { task, lr, steps, seeds }, { withRate = false } = {}) {
  const groups = configs.map((c) => {
    const base = { ...defaults, task, lr, steps, ...c };
    const runs = seeds.map((seed) => {
      const options = { ...base, seed };
      return { id: runId(options), seed, options };
    });
    return { key: runId({ ...base, seed: '' }), label: configLabel(base, { withRate }), colour: wiringOfText(base.placement)?.colour, config: base, runs };
  });
  // (the cliff's groups are one wiring at several rates, drawn as one line per wiring: no shades there)
  const shades = withRate ? groups.map(() => 0) : shadesOf(groups.map((g) => g.colour));
  return groups.map((g, k) => ({ ...g, shade: shades[k] }));
}

/**
 * The kernel's verdict on the lab's shared fields, each value alone on the kernel's defaults ([control,
 * partial options], a control may come more than once): the first message goes beside its field.
 * → true if every one can run
 */
export function checkFields(train, fields) {
  const messages = new Map(fields.map(([control]) => [control, '']));
  for (const [control, partial] of fields) {
    try {
      train.check({ ...train.defaults, ...partial });
    } catch (error) {
      messages.set(control, messages.get(control) || error.message);
    }
  }
  for (const [control, message] of messages) control.setMessage(message);
  return [...messages.values()].every((m) => !m);
}

/** The kernel's verdict on each group before anything starts: message(k, text) shows it. → true if all can run */
export function checkGroups(train, groups, message) {
  let ok = true;
  groups.forEach((g, k) => {
    try {
      train.check(g.runs[0].options);
      message(k, '');
    } catch (error) {
      message(k, `This configuration cannot run: ${error.message}`);
      ok = false;
    }
  });
  return ok;
}

/**
 * After each new step or result: the status line (runs finished, the first failure) and the summary table
 * of groups, its caption stating the kernel's threshold for the task. `per` names a group ("configuration").
 */
export function showProgress({ train, live, status, summary, groups, task, steps, per }) {
  const outcome = (id) => live.results.get(id);
  const all = groups.flatMap((g) => g.runs);
  const finished = all.filter((r) => outcome(r.id)).length;
  const failed = all.filter((r) => live.failed.has(r.id));
  status.textContent = `${finished} of ${all.length} runs finished` + (failed.length ? `; ${failed.length} failed: ${live.failed.get(failed[0].id)}` : '.');
  summary.update({
    groups,
    outcome,
    progress: (id) => live.progress.get(id),
    waitingFor: live.waitingFor,
    finalWindow: train.finalWindow,
    caption:
      `Trained or not, per ${per} (${taskLabel(task)}, ${steps} steps). A run has trained when the mean of its last ` +
      `${train.finalWindow} losses is below ${train.threshold(task)}, the kernel's threshold for this task.`,
  });
  return outcome;
}

/** The lab's frame in el, in reading order (the runs' footer from live under Run). → {controls, run (button), status, results} */
export function labFrame(el, live) {
  el.classList.add('training-lab');
  // the runs' footer (an estimate over the budget and its Compute anyway, a cancel) right under Run, where the
  // reader pressed it
  el.append(
    fragment(html`<div class="lab-controls"></div>
    <div class="lab-run-bar"><button type="button" class="lab-run-button">Run</button><p class="chart-status lab-status" aria-live="polite"></p></div>
    <div class="lab-run-answer"></div><div class="lab-results"></div>`),
  );
  el.querySelector('.lab-run-answer').append(live.footer, live.compute);
  const $ = (selector) => el.querySelector(selector);
  return { controls: $('.lab-controls'), run: $('.lab-run-button'), status: $('.lab-status'), results: $('.lab-results') };
}

/**
 * Wires a view to its Run button and to the chapter's links, and says under its controls what a link carries that
 * it does not use (linkNote). → the view index.js drives: {render, restart, destroy}
 */
export function labView({ frame, run, draw, prefix, section = 'training-lab', controls, owned }) {
  frame.run.addEventListener('click', run);
  const note = linkNote({ prefix: `${prefix}.`, controls });
  frame.controls.prepend(note.el);
  // the chapter's links to the lab with a configuration (experiment/in-place-links.js)
  const stopLinks = followInPlaceLinks({
    prefix: `${prefix}.`,
    anchor: () => section,
    apply: (params) => {
      controls.forEach((c) => c.setText(c.textFrom(params)));
      note.update(params);
    },
    focus: () => frame.run,
  });
  return {
    render: draw,
    restart: run,
    destroy() {
      stopLinks();
      for (const c of controls) c.destroy?.();
      for (const part of owned) part.destroy();
    },
  };
}
