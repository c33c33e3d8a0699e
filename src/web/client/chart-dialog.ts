import type UPlot from 'uplot';
import {
  type ChartSpec,
  keyboardCursor,
  label,
  loadUPlot,
  options,
  type UPlotCtor,
} from './chart-options.js';
import { currentZoom, enlarged, isSyncing, SYNC_KEY, setRange, shareZoom } from './chart-sync.js';
import { h } from './dom.js';

/**
 * The chart in a dialog over the page, as wide as the window allows; Escape, the button or a click
 * beside it closes it, and the focus goes back to the button that opened it. The dialog is opened
 * with show() and keeps the focus itself: showModal() makes the rest of the page inert, and on a
 * call with hundreds of charts restyling all of it took longer than a frame.
 */
export async function enlarge(spec: ChartSpec, opener: HTMLElement): Promise<void> {
  const U = await loadUPlot();
  const titleId = `enlarged-${Math.random().toString(36).slice(2)}`;
  const close = h('button', { type: 'button', class: 'dialog-close' }, 'Close');
  const plot = h('div', {
    class: 'plot plot-large',
    tabindex: 0,
    role: 'group',
    'aria-label': `${spec.title}: arrow keys move the cursor`,
  });
  const dialog = h(
    'dialog',
    { class: 'chart-dialog', 'aria-labelledby': titleId, 'aria-modal': 'true' },
    h('div', { class: 'dialog-head' }, h('h2', { id: titleId }, `${spec.title} (${spec.unit})`), close),
    h('p', { class: 'hint' }, spec.describe),
    plot,
  );
  const backdrop = h('div', { class: 'chart-backdrop' });
  document.body.append(backdrop, dialog);
  dialog.show();
  close.focus();
  // The dialog is painted first (a task after the next frame's callbacks runs after its paint),
  // then the chart is drawn into it: the click is answered within a frame.
  requestAnimationFrame(() => setTimeout(() => drawInto(U, spec, dialog, plot, backdrop, opener)));
}

function drawInto(
  U: UPlotCtor,
  spec: ChartSpec,
  dialog: HTMLDialogElement,
  plot: HTMLElement,
  backdrop: HTMLElement,
  opener: HTMLElement,
): void {
  if (!dialog.open) return;
  const close = dialog.querySelector<HTMLButtonElement>('.dialog-close')!;
  const xs = spec.t.map((t) => (t - spec.t0) / 1000);
  const size = () => ({
    width: Math.max(240, Math.floor(plot.clientWidth)),
    height: Math.max(220, Math.min(560, Math.floor(innerHeight * 0.6))),
  });
  const opts = options(U, spec, xs, size());
  opts.cursor!.sync = { key: SYNC_KEY };
  opts.hooks!.setScale = [
    (u, key) => {
      if (key !== 'x') return;
      plot.dataset.xRange = `${u.scales.x!.min} ${u.scales.x!.max}`;
      if (!isSyncing() && enlarged.has(u)) shareZoom(u, spec, null);
    },
  ];
  const u = new U(opts, [xs, ...spec.series.map((s) => s.values)] as UPlot.AlignedData, plot);
  label(u, spec);
  enlarged.add(u);
  const zoom = currentZoom();
  if (zoom) setRange(u, zoom);
  keyboardCursor(u, plot);
  const resize = new ResizeObserver(() => u.setSize(size()));
  resize.observe(plot);
  const done = () => dialog.close();
  close.addEventListener('click', done);
  backdrop.addEventListener('click', done);
  dialog.addEventListener('keydown', (event) => {
    // Escape closes (unless a chart's cursor took it first); Tab goes round the dialog's two stops.
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      done();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      (document.activeElement === close ? plot : close).focus();
    }
  });
  dialog.addEventListener('close', () => {
    resize.disconnect();
    enlarged.delete(u);
    u.destroy();
    dialog.remove();
    backdrop.remove();
    opener.focus();
  });
}
