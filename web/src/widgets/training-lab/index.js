// Part 3's training lab: deep stacks trained in the reader's tab by the training kernel (train.js), on the
// page's worker pool. Two views of one widget: the live curves of chosen configurations (props.view
// 'curves', the default) and the learning-rate cliff ('cliff'). Both compute only when the reader presses
// Run; their controls are on the page, and reachable, before anything computes.
import { createLiveRuns } from '../../experiment/live-runs.js';
import { loadTrain } from '../../kernels/train.js';
import { mountCliff } from './cliff.js';
import { mountCurves } from './curves.js';

export async function mount(el, props) {
  let view;
  const [train, live] = await Promise.all([
    loadTrain(),
    createLiveRuns({ el, render: () => view?.render(), restart: () => view?.restart(), what: 'curves', kind: 'train' }),
  ]);
  // the lab's footer is not an article figure's: those finish by themselves, the lab only when Run is pressed
  live.footer.className = 'exp-note lab-footer';
  view = (props.view === 'cliff' ? mountCliff : mountCurves)(el, props, { train, live });
  return {
    destroy() {
      live.destroy();
      view.destroy();
      el.replaceChildren();
    },
  };
}
