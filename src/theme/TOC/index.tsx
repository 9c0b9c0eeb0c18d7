import React, {type ReactNode} from 'react';
import TOC from '@theme-original/TOC';
import type TOCType from '@theme/TOC';
import type {WrapperProps} from '@docusaurus/types';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

type Props = WrapperProps<typeof TOCType>;

/**
 * Puts the table of contents in a labelled navigation landmark. On blog posts
 * the TOC column sits outside `<main>`, so without it axe reports content
 * outside any landmark (region). `display: contents` keeps the sticky TOC
 * sticky: the wrapper makes no box of its own (a class, not a `style`
 * attribute, which the site's CSP blocks).
 */
export default function TOCWrapper(props: Props): ReactNode {
  return (
    <nav
      aria-label={translate({
        id: 'theme.TOC.label',
        message: '本页目录',
        description: 'The accessible name of the table of contents',
      })}
      className={styles.toc}>
      <TOC {...props} />
    </nav>
  );
}
