/**
 * The full-size view of a diagram or an image: a modal <dialog> over the
 * page (named by the figure's caption, focus kept inside by the browser)
 * where the drawing can be panned (drag, scroll, arrow keys) and zoomed
 * (pinch, Ctrl + wheel, the + and − buttons and keys). It opens at a scale
 * where the drawing's smallest text is 13 px and never goes below it.
 * Esc, the close button and the browser's back button close it; focus
 * returns to the link that opened it. Tab keeps to the view's controls.
 *
 * Loaded on the first click on a full-size link (client/index.ts), as its
 * own chunk. Its styles are set here through the CSSOM (which the
 * Content-Security-Policy allows): Docusaurus merges every stylesheet into
 * the one each page loads, and the view's should load only with it.
 */

/** Marks the history entry a view adds, so that back closes the view. */
const KEY = 'figureView';
const TITLE = 'figure-view-title';
/** The smallest text in the view, in CSS px. */
const MIN_TEXT = 13;
const STEP = 1.25;
const MAX_ZOOM = 4;
const BG = 'var(--ifm-background-color)';

let dialog: HTMLDialogElement | undefined;
/** The open view's zoom: 1 is the drawing's natural size. */
let zoom = 1;
/** Settles once a history.back() asked for on closing has happened. */
let leaving: Promise<void> | undefined;

const hasKey = (): boolean => Boolean((history.state as Record<string, unknown> | null)?.[KEY]);

// Back from the view's history entry (same URL, so no route change) closes it.
addEventListener('popstate', () => {
  if (dialog && !hasKey()) dialog.close();
});

type Source = SVGSVGElement | HTMLImageElement;

/** The dialog: a bar with the title and the zoom and close buttons, and the pane the drawing moves in. */
function frame(name: string): HTMLDialogElement {
  const view = document.createElement('dialog');
  view.setAttribute('aria-labelledby', TITLE);
  view.innerHTML =
    `<div><h2 id="${TITLE}"></h2>` +
    `<button type="button" data-zoom="${1 / STEP}" aria-label="缩小">−</button>` +
    `<button type="button" data-zoom="${STEP}" aria-label="放大">+</button>` +
    '<button type="button" aria-label="关闭">×</button></div>' +
    '<div class="figure-view__pane" tabindex="0"></div>';
  const bar = view.firstElementChild as HTMLElement;
  const title = bar.firstElementChild as HTMLElement;
  view.style.cssText = `width:100%;max-width:none;height:100%;max-height:none;margin:0;padding:0;border:0;display:flex;flex-direction:column;background:${BG};color:var(--ifm-font-color-base)`;
  bar.style.cssText = `display:flex;gap:.5rem;align-items:center;padding:.5rem 1rem;border-bottom:1px solid var(--ifm-color-emphasis-300)`;
  title.style.cssText = 'flex:1;margin:0;font-size:1rem';
  view.querySelectorAll('button').forEach((button) => {
    button.style.cssText = `min-width:2.75rem;min-height:2.75rem;border:1px solid var(--ifm-color-emphasis-600);border-radius:var(--ifm-global-radius);background:${BG};color:inherit;font-size:1.25rem;cursor:pointer`;
  });
  (view.lastElementChild as HTMLElement).style.cssText =
    'position:relative;display:flex;flex:1;overflow:auto;overscroll-behavior:contain;touch-action:none;cursor:grab';
  title.textContent = name;
  return view;
}

/** Zooms to `next` about (x, y), a point of the pane that stays where it is. */
type ZoomTo = (next: number, x: number, y: number) => void;

/**
 * A copy of the page's drawing in the pane, at the zoom where its smallest
 * text is MIN_TEXT px; the zoom never goes below that, nor past MAX_ZOOM times it.
 */
function zoomable(pane: HTMLElement, source: Source): ZoomTo {
  const copy = source.cloneNode(true) as Source;
  let width: number;
  let height: number;
  let min = 1;
  if (copy instanceof HTMLImageElement) {
    copy.removeAttribute('loading');
    width = (source as HTMLImageElement).naturalWidth || copy.width;
    height = (source as HTMLImageElement).naturalHeight || copy.height;
  } else {
    // The page keeps its drawing: the copy's ids (markers) get a prefix of their own.
    copy.querySelectorAll('[id]').forEach((el) => {
      el.id = `v${el.id}`;
    });
    copy.querySelectorAll('[marker-end]').forEach((el) => {
      el.setAttribute('marker-end', (el.getAttribute('marker-end') ?? '').replace('#', '#v'));
    });
    copy.setAttribute('aria-labelledby', TITLE);
    width = Number(copy.getAttribute('width'));
    height = Number(copy.getAttribute('height'));
    const sizes = Array.from(copy.querySelectorAll('text'), (t) =>
      Number(t.getAttribute('font-size')),
    );
    min = Math.max(1, MIN_TEXT / Math.min(...sizes));
  }
  // Sized by zoomTo; an HTML box, so that offsetLeft and offsetTop apply.
  const box = document.createElement('div');
  box.style.cssText = 'flex:none;margin:auto';
  copy.style.cssText =
    'display:block;width:100%;max-width:none;height:100%;font-family:var(--ifm-font-family-base)';
  box.append(copy);
  pane.append(box);
  zoom = min;
  return (next, x, y) => {
    const left = (pane.scrollLeft + x - box.offsetLeft) / zoom;
    const top = (pane.scrollTop + y - box.offsetTop) / zoom;
    zoom = Math.min(min * MAX_ZOOM, Math.max(min, next));
    box.style.width = `${width * zoom}px`;
    box.style.height = `${height * zoom}px`;
    pane.scrollLeft = left * zoom + box.offsetLeft - x;
    pane.scrollTop = top * zoom + box.offsetTop - y;
  };
}

/** Drag to pan with one pointer, pinch to zoom with two, Ctrl + wheel to zoom. */
function panAndPinch(pane: HTMLElement, zoomTo: ZoomTo): void {
  const pointers = new Map<number, {x: number; y: number}>();
  let pinch: {distance: number; zoom: number} | undefined;
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  pane.onpointerdown = (event) => {
    pane.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, {x: event.clientX, y: event.clientY});
    pinch = pointers.size === 2 ? {distance: spread(), zoom} : undefined;
  };
  pane.onpointermove = (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    if (pointers.size === 1) pane.scrollBy(last.x - event.clientX, last.y - event.clientY);
    last.x = event.clientX;
    last.y = event.clientY;
    const [a, b] = [...pointers.values()];
    if (pinch && a && b) {
      const at = pane.getBoundingClientRect();
      zoomTo(
        (pinch.zoom * spread()) / pinch.distance,
        (a.x + b.x) / 2 - at.left,
        (a.y + b.y) / 2 - at.top,
      );
    }
  };
  pane.onpointerup = pane.onpointercancel = (event) => {
    pointers.delete(event.pointerId);
    pinch = undefined;
  };
  pane.addEventListener(
    'wheel',
    (event) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      const at = pane.getBoundingClientRect();
      zoomTo(
        zoom * (event.deltaY < 0 ? STEP : 1 / STEP),
        event.clientX - at.left,
        event.clientY - at.top,
      );
    },
    {passive: false},
  );
}

/** The + and − keys and buttons zoom about the pane's centre, Tab goes round the view, × closes it. */
function controls(view: HTMLDialogElement, pane: HTMLElement, zoomTo: ZoomTo): void {
  const zoomBy = (factor: number) =>
    zoomTo(zoom * factor, pane.clientWidth / 2, pane.clientHeight / 2);
  view.onkeydown = (event) => {
    if (event.key === '+' || event.key === '=') zoomBy(STEP);
    else if (event.key === '-') zoomBy(1 / STEP);
    else if (event.key === 'Tab') {
      // Round and round inside the view, not out to the browser's own controls.
      const stops = [...Array.from(view.querySelectorAll('button')), pane];
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const next = stops[(at + (event.shiftKey ? -1 : 1) + stops.length) % stops.length];
      event.preventDefault();
      next?.focus();
    }
  };
  view.onclick = (event) => {
    const button = (event.target as Element).closest('button');
    if (!button) return;
    if (button.dataset.zoom) zoomBy(Number(button.dataset.zoom));
    else view.close();
  };
}

export async function open(control: HTMLAnchorElement): Promise<void> {
  // Opened again right after closing: first let the old entry go.
  await leaving;
  if (dialog) return;
  const figure = control.closest('figure');
  const image = control.previousElementSibling;
  const source = figure?.querySelector('svg') ?? (image instanceof HTMLImageElement ? image : null);
  if (!source) {
    location.assign(control.href);
    return;
  }
  const view = frame(
    figure?.querySelector('figcaption')?.textContent ?? (source as HTMLImageElement).alt,
  );
  const pane = view.lastElementChild as HTMLElement;
  dialog = view;
  const zoomTo = zoomable(pane, source);
  panAndPinch(pane, zoomTo);
  controls(view, pane, zoomTo);
  view.onclose = () => {
    view.remove();
    dialog = undefined;
    control.focus();
    // Closed by Esc or the button: leave the view's history entry too.
    if (hasKey()) {
      leaving = new Promise((resolve) =>
        addEventListener('popstate', () => resolve(), {once: true}),
      );
      history.back();
    }
  };
  document.body.append(view);
  view.showModal();
  history.pushState({...(history.state as object | null), [KEY]: true}, '');
  zoomTo(zoom, 0, 0);
  pane.focus();
}
