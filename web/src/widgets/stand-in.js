// The keyboard's stand-in for a figure that has not mounted: a button at the start of each placeholder. Tab
// reaches it in reading order; focusing it mounts the figure at once, and a Tab pressed meanwhile waits for the
// controls, which then take the focus (the first one, or the last when coming back with Shift+Tab).
import { element, html } from '../ui/html.js';

const FOCUSABLE = 'button, input, select, textarea, summary, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * A button at the start of the placeholder, for the keyboard: it mounts the figure when it gets the focus
 * and hands the focus on to the figure's controls. Removed when the figure has mounted.
 */
export function addStandIn(el, mountNow) {
  const title = el.querySelector('h2, h3, h4')?.textContent.trim();
  const wake = element(html`<button type="button" class="widget-wake">${title ? `Open “${title}”` : 'Open this figure’s controls'}</button>`);
  let backwards = false;
  let handOn = false; // a Tab was pressed while the figure mounted: the controls take the focus
  const finish = async () => {
    await mountNow();
    const hadFocus = document.activeElement === wake;
    wake.remove();
    if (!hadFocus && !handOn) return;
    const targets = [...el.querySelectorAll(FOCUSABLE)].filter((t) => !t.disabled && t.getClientRects().length);
    const target = (backwards ? targets.at(-1) : targets[0]) ?? el.querySelector('.widget-error');
    target?.focus();
  };
  wake.addEventListener('focus', (event) => {
    // coming back from below (Shift+Tab): the figure's last control, not its first
    backwards = !!event.relatedTarget && !!(el.compareDocumentPosition(event.relatedTarget) & Node.DOCUMENT_POSITION_FOLLOWING);
    finish();
  });
  wake.addEventListener('click', finish);
  wake.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' || event.shiftKey) return;
    event.preventDefault(); // wait for the controls this button stands for
    handOn = true;
  });
  el.prepend(wake);
}
