// Page entry: styles, then the widgets, mounted lazily as they come near the viewport.
import 'katex/dist/katex.min.css';
import './style.css';
import { mountWidgets } from './widgets/mount.js';

document.documentElement.classList.add('js');
mountWidgets(document);
