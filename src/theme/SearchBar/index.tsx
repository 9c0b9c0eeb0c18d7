import React, {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type SearchBarType from '@theme/SearchBar';
import type {WrapperProps} from '@docusaurus/types';
import {translate} from '@docusaurus/Translate';

type Props = WrapperProps<typeof SearchBarType>;

/**
 * The offline search box of `@easyops-cn/docusaurus-search-local`, loaded on
 * the reader's first interaction: until then the navbar holds a plain field,
 * so the search code (about 18 KB gzip) and its index cost nothing on page load.
 */
const OriginalSearchBar = lazy(() => import('@theme-original/SearchBar'));

const label = translate({
  id: 'theme.SearchBar.label',
  message: '搜索',
  description: 'The ARIA label and placeholder for search button',
});
const SHORTCUTS = 'Control+K Meta+K /';

/** True when a keystroke belongs to a field the reader is typing in. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

function isShortcut(event: KeyboardEvent): boolean {
  if (event.altKey || event.shiftKey) return false;
  if (event.key.toLowerCase() === 'k') return event.ctrlKey || event.metaKey;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !isTyping(event.target);
}

/** Runs once the lazy search box has mounted. */
function OnMounted({run}: {run: () => void}): null {
  useEffect(run, [run]);
  return null;
}

export default function SearchBarWrapper(props: Props): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(false);
  const [ready, setReady] = useState(false);
  /** Text typed into the stand-in field while the real one was loading. */
  const pending = useRef('');
  const wantsFocus = useRef(false);

  const activate = useCallback((focus: boolean) => {
    wantsFocus.current ||= focus;
    setActive(true);
  }, []);

  // Ctrl/⌘+K and `/` focus the search box, before and after it has loaded.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      const input = container.current?.querySelector<HTMLInputElement>('[data-search-ready]');
      if (input) input.focus();
      else activate(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [activate]);

  const onMounted = useCallback(() => {
    const input = container.current?.querySelector<HTMLInputElement>('input:not([data-stand-in])');
    if (!input) return;
    // The plugin hard-codes an English aria-label.
    input.setAttribute('aria-label', label);
    input.setAttribute('aria-keyshortcuts', SHORTCUTS);
    input.dataset.searchReady = 'true';
    setReady(true);
    if (wantsFocus.current) input.focus();
    const typed = pending.current;
    if (!typed) return;
    // Hand over what was typed once autocomplete.js has taken the field (it
    // marks it as a combobox after the index has loaded): its own input
    // listener then runs the query.
    const handOver = () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, typed);
      input.dispatchEvent(new Event('input', {bubbles: true}));
    };
    if (input.getAttribute('role') === 'combobox') {
      handOver();
      return;
    }
    const observer = new MutationObserver(() => {
      if (input.getAttribute('role') !== 'combobox') return;
      observer.disconnect();
      handOver();
    });
    observer.observe(input, {attributes: true, attributeFilter: ['role']});
  }, []);

  const standIn = (
    <div className="navbar__search">
      <input
        data-stand-in
        type="search"
        className="navbar__search-input"
        placeholder={label}
        aria-label={label}
        aria-keyshortcuts={SHORTCUTS}
        onFocus={() => activate(true)}
        onPointerEnter={() => activate(false)}
        onChange={(event) => {
          pending.current = event.target.value;
        }}
      />
    </div>
  );

  // The stand-in keeps its place (and the reader's focus and text) until the
  // real search box has mounted beside it.
  return (
    <div ref={container} style={{display: 'contents'}}>
      {!ready && standIn}
      {active && (
        <Suspense fallback={null}>
          <OriginalSearchBar {...props} />
          <OnMounted run={onMounted} />
        </Suspense>
      )}
    </div>
  );
}
