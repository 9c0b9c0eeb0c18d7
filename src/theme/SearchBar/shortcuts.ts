import {translate} from '@docusaurus/Translate';

export const SHORTCUTS = 'Control+K Meta+K /';

export const searchLabel = translate({
  id: 'theme.SearchBar.label',
  message: '搜索',
  description: 'The ARIA label and placeholder for search button',
});

/** True when a keystroke belongs to a field the reader is typing in. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** Ctrl/⌘+K anywhere, or `/` outside a field. */
export function isShortcut(event: KeyboardEvent): boolean {
  if (event.altKey || event.shiftKey) return false;
  if (event.key.toLowerCase() === 'k') return event.ctrlKey || event.metaKey;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !isTyping(event.target);
}
