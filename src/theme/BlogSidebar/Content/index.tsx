/**
 * Wrapped: the blog sidebar lists the newest posts only (`blogSidebarCount`),
 * so it ends with a link to the archive, where every post is. The same list
 * serves the desktop sidebar and the mobile menu.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import Content from '@theme-original/BlogSidebar/Content';
import type ContentType from '@theme/BlogSidebar/Content';
import type {WrapperProps} from '@docusaurus/types';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ContentType>;

/** The blog's archive page (spec §2). */
const ARCHIVE = '/blog/archive';

export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <Content {...props} />
      <Link className={styles.archiveLink} to={ARCHIVE}>
        <Translate
          id="theme.blog.sidebar.archiveLink"
          description="The blog sidebar's link to the archive of every post">
          全部博文（按年归档）
        </Translate>
      </Link>
    </>
  );
}
