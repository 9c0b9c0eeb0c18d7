/**
 * The navbar search field, as every page loads it: the field itself (a
 * combobox, collapsed) and its shortcuts. What searches (SearchBox.tsx: the
 * suggestions list, the index client) loads when the reader comes to the
 * field (pointer, touch, focus, or a shortcut) and drives this same field,
 * so what is typed meanwhile, and the focus, stay where they are.
 */
import React, {useCallback, useEffect, useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import type SearchBoxType from './SearchBox';
import {SHORTCUTS, isShortcut, searchLabel} from './shortcuts';
import styles from './styles.module.css';

let loading: Promise<{default: typeof SearchBoxType}> | undefined;

export default function SearchBar(): ReactNode {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [SearchBox, setSearchBox] = useState<typeof SearchBoxType | null>(null);

  const load = useCallback(() => {
    loading ??= import('./SearchBox');
    loading.then(
      ({default: Component}) => setSearchBox(() => Component),
      () => {
        // Offline: the next visit to the field tries again.
        loading = undefined;
      },
    );
  }, []);

  // Ctrl/⌘+K and `/` focus the field (which loads the search box).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div className={clsx('navbar__search', styles.search)}>
      <input
        ref={input}
        type="search"
        className="navbar__search-input"
        placeholder={searchLabel}
        aria-label={searchLabel}
        aria-keyshortcuts={SHORTCUTS}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={false}
        aria-controls={`${id}-list`}
        autoComplete="off"
        spellCheck={false}
        onFocus={load}
        onPointerEnter={load}
        onTouchStart={load}
      />
      {SearchBox && <SearchBox id={id} input={input} />}
    </div>
  );
}
