/**
 * Wrapped: the theme's "Version: …" badge loads only when the docs version
 * has a badge. This site's one version has none, so no page loads that code.
 */
import React, {lazy, type ReactNode} from 'react';
import {useDocsVersion} from '@docusaurus/plugin-content-docs/client';
import type {Props} from '@theme/DocVersionBadge';

const DocVersionBadge = lazy(() => import('@theme-original/DocVersionBadge'));

export default function DocVersionBadgeWrapper(props: Props): ReactNode {
  return useDocsVersion().badge ? <DocVersionBadge {...props} /> : null;
}
