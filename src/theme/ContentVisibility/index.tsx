/**
 * Wrapped: the theme's draft and unlisted banners (they bring the whole
 * Admonition component with them) load only on a page that shows one. Every
 * other post and doc page renders nothing here and loads none of it.
 */
import React, {lazy, type ReactNode} from 'react';
import type {Props} from '@theme/ContentVisibility';

const ContentVisibility = lazy(() => import('@theme-original/ContentVisibility'));

export default function ContentVisibilityWrapper(props: Props): ReactNode {
  const {unlisted, frontMatter} = props.metadata;
  // The theme's own test (it reads front matter too, for dev mode).
  if (!unlisted && !frontMatter.unlisted && !frontMatter.draft) return null;
  return <ContentVisibility {...props} />;
}
