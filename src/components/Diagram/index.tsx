import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

/** A stable class for selectors outside this component (the search index skips the drawing). */
export const DIAGRAM_CLASS = 'diagram';

type Props = {
  /** The caption, also the drawing's accessible name. */
  title: string;
  /** The drawing's natural width in px. */
  width: string;
  /** Inline SVG drawn at build time (src/plugins/diagrams). */
  svg: string;
};

/**
 * A diagram drawn at build time: the SVG arrives in the HTML, its colours come
 * from the site's CSS variables (so it follows the colour mode), and at its
 * natural size it scrolls sideways when the page is narrower. Only then is
 * the box a keyboard stop, as with wide tables.
 */
export default function Diagram({title, width, svg}: Props): ReactNode {
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

  const label = translate(
    {
      id: 'site.diagram.scrollLabel',
      message: '{title}（图，可左右滚动）',
      description: 'Accessible name of a diagram wider than the page, which scrolls sideways',
    },
    {title},
  );
  return (
    <figure className={clsx(DIAGRAM_CLASS, styles.diagram)}>
      <div
        ref={box}
        className={styles.drawing}
        style={{'--diagram-width': `${width}px`} as React.CSSProperties}
        {...(scrolls ? {tabIndex: 0, role: 'region', 'aria-label': label} : {})}
        dangerouslySetInnerHTML={{__html: svg}}
      />
      <figcaption className={styles.caption}>{title}</figcaption>
    </figure>
  );
}
