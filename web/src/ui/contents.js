// The table of contents, reachable from anywhere on the long page, with the section being read marked
// (aria-current="location"). On a wide screen the contents stand in a column beside the text (style.css);
// on a narrower one they stay at the top, and once they are scrolled away a small "Contents" button at the
// window's corner opens the same list over the page (Escape, a click elsewhere or a link closes it).
import { element, html } from './html.js';
const READING_LINE = 0.3; // a section is being read once its heading has passed 30 % of the window's height

export function mountContents(root = document) {
  const nav = root.querySelector('nav.toc');
  const links = [...(nav?.querySelectorAll('a[href^="#"]') ?? [])];
  const headings = links.map((a) => root.getElementById(decodeURIComponent(a.hash.slice(1))));
  if (!links.length || headings.includes(null)) return;

  // the floating copy for narrow screens
  const toggle = element(html`<button type="button" class="toc-toggle" aria-expanded="false" aria-controls="toc-panel" hidden>Contents</button>`);
  const panel = element(html`<div id="toc-panel" class="toc-panel" hidden></div>`);
  panel.append(nav.querySelector('ol').cloneNode(true));
  nav.after(toggle, panel);
  const panelLinks = [...panel.querySelectorAll('a')];

  const open = (yes) => {
    panel.hidden = !yes;
    toggle.setAttribute('aria-expanded', String(yes));
    if (yes) (panel.querySelector('[aria-current]') ?? panelLinks[0]).focus();
  };
  toggle.addEventListener('click', () => open(panel.hidden));
  panel.addEventListener('click', (event) => event.target.closest('a') && open(false));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || panel.hidden) return;
    open(false);
    toggle.focus();
  });
  document.addEventListener('click', (event) => {
    if (!panel.hidden && !panel.contains(event.target) && !toggle.contains(event.target)) open(false);
  });
  // the button only once the contents at the top are out of sight
  new IntersectionObserver(([entry]) => {
    toggle.hidden = entry.isIntersecting;
    if (entry.isIntersecting) open(false);
  }).observe(nav);

  // the section being read: the last whose heading has passed the reading line
  let current = -1;
  const mark = () => {
    const line = window.innerHeight * READING_LINE;
    let index = -1;
    headings.forEach((h, i) => {
      if (h.getBoundingClientRect().top <= line) index = i;
    });
    if (index === current) return;
    current = index;
    for (const list of [links, panelLinks]) {
      list.forEach((a, i) => (i === index ? a.setAttribute('aria-current', 'location') : a.removeAttribute('aria-current')));
    }
    // the side column follows along when it is taller than the window (scrolled itself, never the page)
    if (index >= 0 && nav.scrollHeight > nav.clientHeight) {
      const [link, box] = [links[index].getBoundingClientRect(), nav.getBoundingClientRect()];
      if (link.top < box.top) nav.scrollTop -= box.top - link.top;
      else if (link.bottom > box.bottom) nav.scrollTop += link.bottom - box.bottom;
    }
  };
  let frame;
  const soon = () => (frame ??= requestAnimationFrame(() => ((frame = undefined), mark())));
  window.addEventListener('scroll', soon, { passive: true });
  window.addEventListener('resize', soon);
  // the first mark in the first frame, not now: reading a heading's position while the page's script runs
  // forces the whole chapter's layout, which every widget's placeholder then changes again (twice the work
  // before the first paint)
  soon();
}
