import React, {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

const label = translate({
  id: 'site.scrollableTable.label',
  message: '表格（可左右滚动）',
  description: 'Accessible name of a table wider than the page, which scrolls sideways',
});

/**
 * A Markdown table in a box that scrolls sideways when the table is wider than
 * the page. Only then does the box become a keyboard stop (a labelled region),
 * so readers without a mouse can scroll it too.
 */
export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const update = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={box}
      className={styles.box}
      {...(scrolls ? {tabIndex: 0, role: 'region', 'aria-label': label} : {})}>
      <table {...props} />
    </div>
  );
}
