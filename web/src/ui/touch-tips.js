// What a mouse gets by hovering, a finger gets by tapping: a figure's element that carries a tooltip (an SVG
// <title>, such as a heat map cell's "(2, 3) = −0.35", or a title attribute, such as a failed cell's error)
// shows it in a small box beside the tap, until the next tap or scroll.
import { element, html } from './html.js';
let tip;

function tooltipOf(target) {
  for (let el = target; el && !el.matches?.('.widget'); el = el.parentElement ?? el.parentNode) {
    if (el.nodeType !== 1) continue;
    const own = [...el.children].find((c) => c.tagName.toLowerCase() === 'title');
    if (own?.textContent.trim()) return own.textContent.trim();
    if (el.getAttribute('title')?.trim()) return el.getAttribute('title').trim();
  }
  return '';
}

function hide() {
  tip?.remove();
  tip = undefined;
}

export function watchTouchTips(root = document) {
  root.addEventListener('click', (event) => {
    hide();
    if (!(event.target instanceof Element) || !event.target.closest('.widget')) return;
    const text = tooltipOf(event.target);
    if (!text) return;
    tip = element(html`<div class="touch-tip" role="status">${text}</div>`);
    document.body.append(tip);
    // beside the tap, inside the window
    const { width, height } = tip.getBoundingClientRect();
    const x = Math.min(Math.max(8, event.clientX - width / 2), window.innerWidth - width - 8);
    const y = event.clientY - height - 12 >= 8 ? event.clientY - height - 12 : event.clientY + 16;
    tip.style.left = `${x}px`;
    tip.style.top = `${y}px`;
  });
  window.addEventListener('scroll', hide, { passive: true });
}
