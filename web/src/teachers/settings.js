// How the teachers' page marks the files: extensions (a name and a new due date and time, one a line), whether
// attempts after a student's due date count, each exercise's points, the penalty for a worked solution seen before
// the first right answer, and a roster of names and IDs for the gradebook. All but the roster (names and IDs stay
// on this page, never in an address) are kept in the page's address. Under the extensions, each extended student's
// own link (extension-links.js).
import { readExtensions } from '../exercises/assignment.js';
import { addressEntry } from '../ui/url-state.js';
import { element, html } from '../ui/html.js';
import { readPenalty, readPoints, readRoster } from './report.js';
import { createExtensionLinks } from './extension-links.js';

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
        (“Ada Lovelace, 123456”). It gives the gradebook its IDs and lists the students with no file; it stays on this page.</label>
        <textarea id="set-roster" rows="3" spellcheck="false" aria-describedby="set-roster-msg"></textarea>
        <p class="field-message" id="set-roster-msg" aria-live="polite"></p></div>
    </div></details>`);
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

  const changed = () => {
    ADDRESS.extensions.write($('#set-ext').value.trim(), '');
    ADDRESS.points.write($('#set-points').value.trim(), '');
    ADDRESS.penalty.write($('#set-penalty').value.trim(), '0');
    ADDRESS.late.write(el.querySelector('input[name="late"]:checked').value, 'count');
    drawLinks();
    for (const f of listeners) f();
  };
  el.addEventListener('input', changed);
  el.addEventListener('change', changed);
  drawLinks();
  return { get, onChange: (f) => listeners.push(f), update: drawLinks };
}
