import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import type {PostSummary} from '@site/src/plugins/recent-posts';
import styles from './styles.module.css';

type Props = {
  posts: readonly PostSummary[];
  /** Numbered list for a series read in order; plain list otherwise. */
  ordered?: boolean;
};

// Same form as the blog's own dates (2025年9月15日); UTC so SSR and browser agree.
const dateFormat = new Intl.DateTimeFormat('zh-Hans', {dateStyle: 'long', timeZone: 'UTC'});

export default function PostList({posts, ordered = false}: Props): ReactNode {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={clsx(styles.list, ordered && styles.ordered)}>
      {posts.map((post) => (
        <li key={post.permalink} className={styles.item}>
          <Link to={post.permalink}>{post.title}</Link>
          <time dateTime={post.date} className={styles.date}>
            {dateFormat.format(new Date(post.date))}
          </time>
        </li>
      ))}
    </List>
  );
}
