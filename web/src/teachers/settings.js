// How the teachers' page marks the files: extensions (a name and a new due date and time, one a line), whether
// attempts after a student's due date count, each exercise's points, the penalty for a worked solution seen before
// the first right answer, and a roster of names and IDs for the gradebook. All but the roster (names and IDs stay
// in this browser, never in an address) are kept in the page's address. All of them, and whether the worked
// solutions are hidden, are kept in this browser for the class code (kept.js), and come back with it: the page
// says so, and offers to forget them; what the address carries wins over what was kept. Under the extensions, each
// extended student's own link (extension-links.js).
import { PARAMS, readExtensions } from '../exercises/assignment.js';
import { nameKey } from '../progress/assignee.js';
import { isolated } from '../text/bidi.js';
import { addressEntry } from '../ui/url-state.js';
import { element, html } from '../ui/html.js';
import { readPenalty, readPoints, readRoster } from './report.js';
import { createExtensionLinks } from './extension-links.js';
import { DEFAULTS, forget, isDefault, keep, keptFor } from './kept.js';

// each kept in the address through the kit's entry (ui/url-state.js), as the chapter's controls are
const ADDRESS = {
  extensions: addressEntry({ name: 'ext' }),
  late: addressEntry({ name: 'late' }),
  points: addressEntry({ name: 'pts' }),
  penalty: addressEntry({ name: 'pen' }),
};

/**
 * builder: the assignment form's ({get()}), for the extended students' own links.
 * → {get(assignment): {extensions, lateCounts, points, penalty, roster}, onChange(f), update() (the assignment changed)}
 */
export function createSettings(box, builder) {
  const listeners = [];
  const el = element(html`<details class="teachers-settings" open><summary>Marking: extensions, late work, points, roster</summary>
    <div class="teachers-settings-grid">
      <div class="teachers-setting"><label for="set-ext">Extensions, one a line: a name = a new due date and time, in your time zone</label>
        <textarea id="set-ext" rows="3" spellcheck="false" placeholder="Ada Lovelace = 2026-12-22 18:00" aria-describedby="set-ext-msg"></textarea>
        <p class="field-message" id="set-ext-msg" aria-live="polite"></p></div>
      <fieldset class="teachers-setting"><legend>Attempts after a student’s due date</legend>
        <label><input type="radio" name="late" value="count" checked> count, marked late</label>
        <label><input type="radio" name="late" value="no"> do not count (marked late)</label></fieldset>
      <div class="teachers-setting"><label for="set-points">Points per exercise (each is worth 1 unless listed)</label>
        <input id="set-points" type="text" spellcheck="false" placeholder="4: 2, 11: 0.5" aria-describedby="set-points-msg">
        <p class="field-message" id="set-points-msg" aria-live="polite"></p></div>
      <div class="teachers-setting"><label for="set-penalty">Penalty when the worked solution was seen before the first right answer (% of the points)</label>
        <input id="set-penalty" type="text" inputmode="decimal" spellcheck="false" value="0" aria-describedby="set-penalty-msg">
        <p class="field-message" id="set-penalty-msg" aria-live="polite"></p></div>
      <div class="teachers-setting teachers-roster"><label for="set-roster">Roster (optional): one student a line, a name and an ID, pasted from a spreadsheet or typed
        (“Ada Lovelace, 123456”). It gives the gradebook its IDs and lists the students with no file; it stays in this browser.</label>
        <textarea id="set-roster" rows="3" spellcheck="false" aria-describedby="set-roster-msg"></textarea>
        <p class="field-message" id="set-roster-msg" aria-live="polite"></p></div>
    </div>
    <p class="teachers-kept"><span class="teachers-kept-text" aria-live="polite"></span>
      <button type="button" class="teachers-forget" hidden>Forget this class’s settings</button></p></details>`);
  box.append(el);
  const $ = (s) => el.querySelector(s);
  const links = createExtensionLinks($('#set-ext').parentElement);
  const drawLinks = () => links.draw(builder.get(), readExtensions($('#set-ext').value).value);
  $('#set-ext').value = ADDRESS.extensions.textIn() ?? '';
  $('#set-points').value = ADDRESS.points.textIn() ?? '';
  $('#set-penalty').value = ADDRESS.penalty.textIn() ?? '0';
  if (ADDRESS.late.textIn() === 'no') el.querySelector('input[name="late"][value="no"]').checked = true;

  const say = (id, problems) => {
    $(id).textContent = problems.length ? `${problems.join('; ')}.` : '';
    const input = $(`[aria-describedby="${id.slice(1)}"]`);
    if (problems.length) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };

  /** The settings for an assignment ({exercises}): what reads, each field's problems said beside it. */
  function get(assignment) {
    const extensions = readExtensions($('#set-ext').value);
    const points = readPoints($('#set-points').value, assignment.exercises);
    const penalty = readPenalty($('#set-penalty').value);
    const roster = readRoster($('#set-roster').value);
    say('#set-ext-msg', extensions.problems);
    say('#set-points-msg', points.problems);
    say('#set-penalty-msg', penalty.ok ? [] : [penalty.message]);
    say('#set-roster-msg', roster.problems);
    return {
      extensions: extensions.value,
      lateCounts: el.querySelector('input[name="late"]:checked').value === 'count',
      points: points.value,
      penalty: penalty.ok ? penalty.value : 0,
      roster: roster.value,
    };
  }

  // ---- kept in this browser, per class code ----
  const params = new URLSearchParams(location.search);
  const inAddress = { ext: params.has('ext'), pts: params.has('pts'), pen: params.has('pen'), late: params.has('late'), hide: params.has(PARAMS.hide) };
  let kept = null; // the class whose settings the fields hold: its key
  let refused = false;
  let said = ''; // a line said once (forgotten), until the next change
  const fields = () => ({
    ext: $('#set-ext').value,
    pts: $('#set-points').value,
    late: /** @type {'count' | 'no'} */ (el.querySelector('input[name="late"]:checked').value),
    pen: $('#set-penalty').value,
    roster: $('#set-roster').value,
    hide: builder.hidden(),
  });
  function fill(values, skip = {}) {
    if (!skip.ext) $('#set-ext').value = values.ext;
    if (!skip.pts) $('#set-points').value = values.pts;
    if (!skip.pen) $('#set-penalty').value = values.pen;
    if (!skip.late) el.querySelector(`input[name="late"][value="${values.late}"]`).checked = true;
    $('#set-roster').value = values.roster;
    if (!skip.hide) builder.setHidden(values.hide);
  }
  function sayKept() {
    const code = builder.code();
    const has = code !== null && keptFor(code) !== null;
    $('.teachers-forget').hidden = !has;
    $('.teachers-kept-text').textContent =
      said ||
      (refused
        ? 'This browser refused to keep these settings: they last until the page is closed.'
        : code === null
          ? 'Once the class has a code, this browser keeps these settings for it (the roster too), and the page opens with them next time. Nothing leaves this browser.'
          : has
            ? `This browser keeps these settings for class “${isolated(code)}” (the roster too, and whether the solutions are hidden), and the page opens with them next time. Nothing leaves this browser.`
            : `This browser keeps these settings for class “${isolated(code)}” once you change one. Nothing leaves this browser.`);
  }
  // the fields into the browser, for the class (a class with nothing kept keeps nothing until a setting differs)
  function save() {
    const code = builder.code();
    if (code === null || nameKey(code) !== kept) return;
    const now = fields();
    if (keptFor(code) === null && isDefault(now)) return;
    refused = !keep(code, now);
  }
  // another class's code: its kept settings into the fields (at the start, those the address carries stay)
  function restore({ first = false } = {}) {
    const code = builder.code();
    const k = code === null ? null : nameKey(code);
    if (k === kept) return false;
    kept = k;
    const values = code === null ? null : keptFor(code);
    if (values) fill(values, first ? inAddress : {});
    return values !== null;
  }

  const written = () => {
    ADDRESS.extensions.write($('#set-ext').value.trim(), '');
    ADDRESS.points.write($('#set-points').value.trim(), '');
    ADDRESS.penalty.write($('#set-penalty').value.trim(), '0');
    ADDRESS.late.write(el.querySelector('input[name="late"]:checked').value, 'count');
    drawLinks();
    for (const f of listeners) f();
  };
  const changed = () => {
    said = '';
    save();
    written();
    sayKept();
  };
  el.addEventListener('input', changed);
  el.addEventListener('change', changed);
  $('.teachers-forget').addEventListener('click', () => {
    const code = builder.code();
    if (code === null) return;
    refused = !forget(code);
    fill(DEFAULTS);
    said = `Forgotten: this browser keeps no settings for class “${isolated(code)}”, and the fields are back at their defaults.`;
    written();
    sayKept();
    $('#set-ext').focus();
  });
  window.addEventListener('pagehide', save);
  // the assignment changed: another class's settings, or whether its solutions are hidden, kept
  function update() {
    if (restore()) {
      said = '';
      written();
    } else save();
    drawLinks();
    sayKept();
  }
  if (restore({ first: true })) written();
  drawLinks();
  sayKept();
  return { get, onChange: (f) => listeners.push(f), update };
}
