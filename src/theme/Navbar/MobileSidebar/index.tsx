import React, {type ReactNode} from 'react';
import NavbarMobileSidebar from '@theme-original/Navbar/MobileSidebar';
import type NavbarMobileSidebarType from '@theme/Navbar/MobileSidebar';
import type {WrapperProps} from '@docusaurus/types';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import useIdleAfterHydration from '@site/src/hooks/useIdleAfterHydration';

type Props = WrapperProps<typeof NavbarMobileSidebarType>;

/**
 * The closed mobile menu mounts once the page is idle after hydration (or at
 * once if the reader opens it first), not in the hydration task: on a phone
 * its links, and the blog list it holds, were a long task of their own.
 */
export default function NavbarMobileSidebarWrapper(props: Props): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const idle = useIdleAfterHydration();
  return idle || shown ? <NavbarMobileSidebar {...props} /> : null;
}
