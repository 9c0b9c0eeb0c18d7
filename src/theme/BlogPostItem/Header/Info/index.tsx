/**
 * Ejected from @docusaurus/theme-classic 3.7.0 (BlogPostItem/Header/Info).
 * What changed and why: the date and the reading time are written without the
 * Intl API. The theme creates an Intl.DateTimeFormat (and, for the reading
 * time, an Intl.PluralRules) while the page hydrates, and the first Intl
 * object of a page costs a long task on a phone. The text is unchanged:
 * 2025年9月15日 · 阅读需 N 分钟 (Chinese has one plural form).
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import type {Props} from '@theme/BlogPostItem/Header/Info';
import PostDate from '@site/src/components/PostDate';
import styles from './styles.module.css';

function readingTimeLabel(readingTimeFloat: number): string {
  const readingTime = Math.ceil(readingTimeFloat);
  const forms = translate(
    {
      id: 'theme.blog.post.readingTime.plurals',
      description:
        'Pluralized label for "{readingTime} min read". Use as much plural forms (separated by "|") as your language support (see https://www.unicode.org/cldr/cldr-aux/charts/34/supplemental/language_plural_rules.html)',
      message: 'One min read|{readingTime} min read',
    },
    {readingTime},
  ).split('|');
  // zh-Hans has a single form; a two-form message keeps English's one/other.
  return (readingTime === 1 && forms.length > 1 ? forms[0] : forms.at(-1)) ?? '';
}

export default function BlogPostItemHeaderInfo({className}: Props): ReactNode {
  const {metadata} = useBlogPost();
  const {date, readingTime} = metadata;
  return (
    <div className={clsx(styles.container, 'margin-vert--md', className)}>
      <PostDate date={date} />
      {typeof readingTime !== 'undefined' && (
        <>
          {' · '}
          {readingTimeLabel(readingTime)}
        </>
      )}
    </div>
  );
}
