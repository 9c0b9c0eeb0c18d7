import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import PostDate from '@site/src/components/PostDate';
import type {PostSummary} from '@site/src/plugins/recent-posts/client';
import styles from './styles.module.css';

type Props = {
  posts: readonly PostSummary[];
  /** Numbered list for a series read in order; plain list otherwise. */
  ordered?: boolean;
};

export default function PostList({posts, ordered = false}: Props): ReactNode {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={clsx(styles.list, ordered && styles.ordered)}>
      {posts.map((post) => (
        <li key={post.permalink} className={styles.item}>
          <Link to={post.permalink}>{post.title}</Link>
          <PostDate date={post.date} className={styles.date} />
        </li>
      ))}
    </List>
  );
}
