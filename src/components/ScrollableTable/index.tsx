import React, {useEffect, useRef, type ComponentProps, type ReactNode} from 'react';
import enhanceTable, {TABLE_BOX_ATTRIBUTE} from '@site/src/lib/enhance-table';
import styles from './styles.module.css';

/**
 * A Markdown table in a box that scrolls sideways when the table is wider
 * than the page; src/lib/enhance-table.ts makes the box a keyboard stop only
 * then.
 */
export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => (box.current ? enhanceTable(box.current) : undefined), []);
  return (
    <div ref={box} className={styles.box} {...{[TABLE_BOX_ATTRIBUTE]: ''}}>
      <table {...props} />
    </div>
  );
}
