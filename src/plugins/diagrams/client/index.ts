/**
 * On every page, one delegated listener: a plain click on a figure's
 * full-size link (`a[data-view]`, written by the remark plugin) opens the
 * view in place instead of following the link. The view is its own chunk,
 * loaded on that first click; nothing else runs before the reader asks.
 * It listens in the capture phase, ahead of any React handler on the link.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

if (ExecutionEnvironment.canUseDOM) {
  document.addEventListener(
    'click',
    (event) => {
      const control = (event.target as Element | null)?.closest?.('a[data-view]');
      if (
        !(control instanceof HTMLAnchorElement) ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      ) {
        return;
      }
      event.preventDefault();
      import('./view').then(
        ({open}) => open(control),
        // Offline, or a new deployment without the old chunk: follow the link.
        () => window.location.assign(control.href),
      );
    },
    true,
  );
}
