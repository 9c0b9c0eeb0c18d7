/**
 * Wrapped: the theme's banner for an unreleased or unmaintained docs version
 * (with its links to the latest version) loads only when the version has a
 * banner. This site's one version has none, so no page loads that code.
 */
import React, {lazy, type ReactNode} from 'react';
import {useDocsVersion} from '@docusaurus/plugin-content-docs/client';
import type {Props} from '@theme/DocVersionBanner';

const DocVersionBanner = lazy(() => import('@theme-original/DocVersionBanner'));

export default function DocVersionBannerWrapper(props: Props): ReactNode {
  return useDocsVersion().banner ? <DocVersionBanner {...props} /> : null;
}
