import React, {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

/** Column headings that name the box: enough to tell two tables on a page apart. */
const MAX_NAME_LENGTH = 60;

function tableLabel(columns: string): string {
  return translate(
    {
      id: 'site.scrollableTable.label',
      message: '表格（可左右滚动）：{columns}',
      description:
        'Accessible name of a table wider than the page, which scrolls sideways; {columns} lists its column headings',
    },
    {columns},
  );
}

/**
 * A Markdown table in a box that scrolls sideways when the table is wider than
 * the page. Only then does the box become a keyboard stop (a labelled region,
 * named after the table's columns so that two such tables on a page differ),
 * and readers without a mouse can scroll it too.
 */
export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const [label, setLabel] = useState<string | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const columns = Array.from(element.querySelectorAll('thead th'), (th) =>
      (th.textContent ?? '').trim(),
    )
      .filter(Boolean)
      .join('、')
      .slice(0, MAX_NAME_LENGTH);
    const update = () =>
      setLabel(element.scrollWidth > element.clientWidth + 1 ? tableLabel(columns) : null);
    // The first call comes after the browser's own layout: none is forced at hydration.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={box}
      className={styles.box}
      {...(label ? {tabIndex: 0, role: 'region', 'aria-label': label} : {})}>
      <table {...props} />
    </div>
  );
}
