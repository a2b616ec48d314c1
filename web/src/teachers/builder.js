// The teachers' page's assignment form: class code, due date and time (in the teacher's time zone), whether the
// worked solutions stay hidden until then, the exercises; and the link for the students. All of it is kept in the
// page's address, so a bookmark keeps it.
import { MAX_CODE_CHARS, readCode, readDue } from '../progress/assignee.js';
import { assignmentLink, dueFromLocal, dueText, dueToLocal, exercisesInLink, PARAMS, readExercises, readHide } from '../exercises/assignment.js';
import { addressEntry } from '../ui/url-state.js';
import { isolated } from '../text/bidi.js';
import { createField } from '../ui/field.js';
import { element, html } from '../ui/html.js';

const chapterUrl = new URL('./', location.href);
// the form kept in this page's address under the names of the students' link (PARAMS), through the kit's entries
const ADDRESS = {
  code: addressEntry({ name: PARAMS.code }),
  exercises: addressEntry({ name: PARAMS.exercises }),
  due: addressEntry({ name: PARAMS.due }),
  hide: addressEntry({ name: PARAMS.hide }),
};

/** → {get(): {code, exercises, due, hide} | null, onChange(f), code(), hidden(), setHidden(value)} */
export function createBuilder(box, allProps, known) {
  const listeners = [];
  const code = createField({
    label: 'Class code',
    value: ADDRESS.code.textIn() ?? '',
    hint: 'e.g. PHYS 101 autumn',
    maxLength: MAX_CODE_CHARS,
    name: 'class',
  });
  // the address keeps the moment (with its offset); the field shows it in this browser's time zone
  const dueInAddress = ADDRESS.due.textIn() ?? '';
  const due = createField({
    label: 'Due (optional)',
    value: dueToLocal(dueInAddress) || dueInAddress,
    hint: 'a day and a time, in your time zone',
    maxLength: 16,
    name: 'due',
  });
  due.input.type = 'datetime-local';
  const hide = element(
    html`<label class="teachers-hide"><input type="checkbox" name="hide"> Hide the worked solutions and the answer key until the due date</label>`,
  );
  const hideBox = hide.querySelector('input');
  hideBox.checked = ADDRESS.hide.textIn() === 'solutions';
  // the link's exercises that this chapter has; the others are named, not a reason to drop them all
  const linked = exercisesInLink(ADDRESS.exercises.textIn() ?? '', known);
  const chosen = new Set(linked.value);
  let linkNote = linked.dropped.length
    ? `This page’s link lists ${linked.dropped.map((t) => `“${isolated(t)}”`).join(', ')}, not ${linked.dropped.length === 1 ? 'an exercise' : 'exercises'} ` +
      `of this chapter (${known[0]} to ${known.at(-1)}): left out${linked.value.length ? `, ${linked.value.join(', ')} kept` : ''}.`
    : '';
  const picks = element(html`<fieldset class="teachers-exercises"><legend>Exercises</legend>
    <div class="teachers-pick-all"><button type="button" data-pick="all">All</button> <button type="button" data-pick="none">None</button></div>
    <ul>${known.map((n) => html`<li><label><input type="checkbox" value="${n}"> ${n}. ${allProps[n].title}</label></li>`)}</ul>
    <p class="field-message teachers-exercises-message" aria-live="polite"></p></fieldset>`);
  const boxes = [...picks.querySelectorAll('input[type="checkbox"]')];
  for (const b of boxes) b.checked = chosen.has(Number(b.value));
  const out = element(html`<div class="teachers-link"><label for="assign-link">The link for your students</label>
    <div class="teachers-link-row"><input id="assign-link" type="text" readonly>
      <button type="button" class="teachers-copy">Copy</button> <a class="teachers-open" target="_blank" rel="noopener">Open it</a></div>
    <p class="teachers-link-note" aria-live="polite"></p></div>`);
  const form = element(html`<form class="teachers-form" novalidate></form>`);
  form.addEventListener('submit', (e) => e.preventDefault());
  const dueBox = element(html`<div class="teachers-due"></div>`);
  dueBox.append(due.el, hide);
  form.append(code.el, dueBox, picks);
  box.replaceChildren(form, out);

  let current = null;
  function update() {
    const c = readCode(code.input.value);
    const typed = due.input.value.trim();
    const moment = typed ? dueFromLocal(typed) : '';
    const d = moment === null ? { ok: false, message: 'a due date is a day and a time' } : readDue(moment);
    const h = readHide(hideBox.checked ? 'solutions' : '', d);
    const ex = readExercises(
      boxes
        .filter((b) => b.checked)
        .map((b) => b.value)
        .join(','),
      known,
    );
    code.setMessage(c.ok || !code.input.value ? '' : `${c.message}.`);
    // a due date already past when the link is made is said (the students would see it past at once)
    due.setMessage(
      !d.ok
        ? `${d.message}.`
        : !h.ok
          ? `${h.message[0].toUpperCase()}${h.message.slice(1)}.`
          : d.at !== null && d.at < Date.now()
            ? `This due date has passed (${dueText(d.value)}): students would see the assignment as past due.`
            : '',
    );
    picks.querySelector('.teachers-exercises-message').textContent = [linkNote, ex.ok ? '' : 'Choose at least one exercise.'].filter(Boolean).join(' ');
    current = c.ok && d.ok && h.ok && ex.ok ? { code: c.value, exercises: ex.value, due: d.value, ...(h.value && { hide: true }) } : null;
    ADDRESS.code.write(code.input.value.trim(), '');
    ADDRESS.exercises.write(ex.ok ? ex.value.join(',') : '', '');
    ADDRESS.due.write(d.ok ? d.value : typed, '');
    ADDRESS.hide.write(hideBox.checked ? 'solutions' : '', '');
    const link = out.querySelector('#assign-link');
    const open = out.querySelector('.teachers-open');
    const note = out.querySelector('.teachers-link-note');
    if (current) {
      link.value = assignmentLink(chapterUrl, current);
      open.href = link.value;
      open.removeAttribute('aria-disabled');
      note.textContent =
        `${current.exercises.length} ${current.exercises.length === 1 ? 'exercise' : 'exercises'}` +
        (current.due ? `, due ${dueText(current.due)}` : ', no due date') +
        (current.hide ? ', worked solutions hidden until then.' : '.');
    } else {
      link.value = '';
      open.removeAttribute('href');
      open.setAttribute('aria-disabled', 'true');
      note.textContent = !c.ok ? 'Give the class a code to make the link.' : 'The link appears once the form can be used.';
    }
    for (const f of listeners) f();
  }
  // the link's note stands until the teacher chooses exercises themselves
  picks.addEventListener('change', () => (linkNote = ''), { capture: true });
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  picks.querySelector('[data-pick="all"]').addEventListener('click', () => {
    linkNote = '';
    boxes.forEach((b) => (b.checked = true));
    update();
  });
  picks.querySelector('[data-pick="none"]').addEventListener('click', () => {
    linkNote = '';
    boxes.forEach((b) => (b.checked = false));
    update();
  });
  out.querySelector('.teachers-copy').addEventListener('click', async () => {
    const note = out.querySelector('.teachers-link-note');
    if (!current) return;
    try {
      await navigator.clipboard.writeText(out.querySelector('#assign-link').value);
      note.textContent = 'Copied.';
    } catch {
      out.querySelector('#assign-link').select();
      note.textContent = 'This browser would not copy it: the link is selected, copy it with Ctrl+C (⌘C).';
    }
  });
  update();
  return {
    get: () => current,
    onChange: (f) => listeners.push(f),
    /** The class code as it reads, or null (also while the rest of the form is not ready). */
    code: () => {
      const c = readCode(code.input.value);
      return c.ok ? c.value : null;
    },
    hidden: () => hideBox.checked,
    /** Ticks or unticks "Hide the worked solutions", as a click does (the address and the link follow). */
    setHidden(value) {
      if (hideBox.checked === value) return;
      hideBox.checked = value;
      update();
    },
  };
}
