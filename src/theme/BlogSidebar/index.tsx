/**
 * Ejected from @docusaurus/theme-classic 3.7.0 (BlogSidebar/index, 13 lines).
 * What changed and why: the theme swaps the server-rendered desktop list for
 * the mobile menu's filler once it knows the window is narrow, which on a
 * phone unmounted and mounted both right after hydration. Here the desktop
 * list stays (its stylesheet hides it below 996 px, as in the server HTML),
 * and the filler for the mobile menu is added once the page is idle, or when
 * the reader opens the menu.
 */
import React, {type ReactNode} from 'react';
import {useWindowSize} from '@docusaurus/theme-common';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import BlogSidebarDesktop from '@theme/BlogSidebar/Desktop';
import BlogSidebarMobile from '@theme/BlogSidebar/Mobile';
import type {Props} from '@theme/BlogSidebar';
import useIdleAfterHydration from '@site/src/hooks/useIdleAfterHydration';

export default function BlogSidebar({sidebar}: Props): ReactNode {
  const windowSize = useWindowSize();
  const {shown} = useNavbarMobileSidebar();
  const idle = useIdleAfterHydration();
  if (!sidebar?.items.length) return null;
  return (
    <>
      <BlogSidebarDesktop sidebar={sidebar} />
      {windowSize === 'mobile' && (idle || shown) && <BlogSidebarMobile sidebar={sidebar} />}
    </>
  );
}
