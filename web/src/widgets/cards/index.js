// The flash-card deck: the chapter's cloze cards and practice cards, scheduled with FSRS (ts-fsrs). A card
// shows its front; "Show answer" turns it; the reader rates recall (Again, Hard, Good, Easy) and FSRS picks
// the next review. Practice cards draw new numbers from the exercise kernels at every repetition. The
// schedule lives with the reader's progress (progress/store.js).
import { createEmptyCard, fsrs, generatorParameters, Rating } from 'ts-fsrs';
import { loadExercises } from '../../kernels/exercises.js';
import { progress } from '../../progress/store.js';
import { renderLive } from '../../exercises/live-tex.js';
import { solutionValues } from '../../exercises/values.js';
import { element, html, setHtml, trusted } from '../../ui/html.js';
import './style.css';

const RATINGS = [
  [Rating.Again, 'Again'],
  [Rating.Hard, 'Hard'],
  [Rating.Good, 'Good'],
  [Rating.Easy, 'Easy'],
];
const scheduler = fsrs(generatorParameters({ enable_fuzz: false }));

// FSRS cards hold Dates; the stored copy holds ISO strings.
const revive = (c) => ({ ...c, due: new Date(c.due), last_review: c.last_review ? new Date(c.last_review) : undefined });
const store = (c) => ({ ...c, due: c.due.toISOString(), last_review: c.last_review?.toISOString() });

function when(date, now) {
  const minutes = Math.round((date - now) / 60000);
  if (minutes < 1) return 'now';
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `in ${hours} h`;
  const days = Math.round(hours / 24);
  return `in ${days} day${days === 1 ? '' : 's'}`;
}

/** The deck's props ({cloze, practice}): a chunk of their own (the content plugin's virtual:card-props). */
const loadCardProps = () => import('virtual:card-props').then((module) => module.default);

export async function mount(el) {
  const { cloze, practice } = await loadCardProps();
  const exercises = practice.length ? await loadExercises() : null;
  const cards = [...cloze, ...practice];
  el.classList.add('deck');
  setHtml(
    el,
    html`<p class="deck-status" aria-live="polite"></p>
    <div class="deck-card" tabindex="-1"><div class="deck-front"></div><div class="deck-back" hidden></div></div>
    <div class="deck-actions"><button type="button" class="deck-show">Show answer</button></div>
    <div class="deck-rate" hidden role="group" aria-label="How well did you remember?"></div>`,
  );
  const status = el.querySelector('.deck-status');
  const front = el.querySelector('.deck-front');
  const back = el.querySelector('.deck-back');
  const show = el.querySelector('.deck-show');
  const rate = el.querySelector('.deck-rate');
  let current;

  const scheduleOf = (id) => (progress.cards()[id] ? revive(progress.cards()[id]) : createEmptyCard(new Date(0)));

  // a practice card's numbers: a fresh variant of its exercise, solved by the kernels, each answer in its shape
  function practiceValues(card) {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const inputs = exercises.variant(card.exercise, seed);
    return solutionValues(inputs, exercises.solve(card.exercise, inputs));
  }

  function next() {
    const now = new Date();
    const due = cards.filter((c) => scheduleOf(c.id).due <= now).sort((a, b) => scheduleOf(a.id).due - scheduleOf(b.id).due);
    rate.hidden = true;
    back.hidden = true;
    if (!due.length) {
      const upcoming = cards.map((c) => scheduleOf(c.id).due).sort((a, b) => a - b)[0];
      current = null;
      setHtml(front, html`<p>No card is due.</p>`);
      show.hidden = true;
      status.textContent = `All ${cards.length} cards reviewed for now; the next one is due ${when(upcoming, now)}.`;
      return;
    }
    current = due[0];
    // (a card's sides are HTML the build rendered from content/)
    setHtml(front, trusted(current.front));
    setHtml(back, trusted(current.back));
    if (current.exercise) {
      const values = practiceValues(current);
      renderLive(front, values);
      renderLive(back, values);
    }
    show.hidden = false;
    status.textContent = `${due.length} card${due.length === 1 ? '' : 's'} due of ${cards.length}.`;
  }

  // the scheduler's options for a card; a schedule it refuses (the stored ones are repaired as they load,
  // progress/validate.js; this device's clock may still have gone back meanwhile) starts the card afresh
  function optionsOf(id, now) {
    try {
      return scheduler.repeat(scheduleOf(id), now);
    } catch {
      status.textContent = 'This card’s schedule could not be used (has this device’s clock changed?): it starts afresh.';
      return scheduler.repeat(createEmptyCard(now), now);
    }
  }

  show.addEventListener('click', () => {
    if (!current) return; // no card is due: there is nothing to turn over
    back.hidden = false;
    show.hidden = true;
    const now = new Date();
    const options = optionsOf(current.id, now);
    rate.replaceChildren(
      ...RATINGS.map(([rating, label]) => {
        const b = element(html`<button type="button">${label} <span class="deck-next">${when(options[rating].card.due, now)}</span></button>`);
        b.addEventListener('click', () => {
          if (!current) return; // rated already (a second press): nothing is shown to rate
          const card = options[rating].card;
          progress.update((s) => (s.cards[current.id] = store(card)));
          next();
          el.querySelector('.deck-card').focus();
        });
        return b;
      }),
    );
    rate.hidden = false;
    rate.querySelector('button').focus();
  });

  const unsubscribe = progress.subscribe((why) => why === 'state replaced' && next());
  next();
  return {
    destroy() {
      unsubscribe();
      el.replaceChildren();
    },
  };
}
