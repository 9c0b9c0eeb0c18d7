import React, {type ReactNode} from 'react';
import {useThemeConfig} from '@docusaurus/theme-common';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import AnnouncementBarCloseButton from '@theme/AnnouncementBar/CloseButton';
import AnnouncementBarContent from '@theme/AnnouncementBar/Content';

import {translate} from '@docusaurus/Translate';

import styles from './styles.module.css';

/*
 * Ejected from @docusaurus/theme-classic 3.7.0 for two changes: the bar is a
 * labelled region, not a second `banner` landmark beside the page's own
 * header (axe: landmark-no-duplicate-banner, landmark-unique); and its
 * colours are in styles.module.css, not in a `style` attribute from
 * themeConfig.announcementBar's backgroundColor and textColor, which the
 * site's CSP would block.
 */

export default function AnnouncementBar(): ReactNode {
  const {announcementBar} = useThemeConfig();
  const {isActive, close} = useAnnouncementBar();
  if (!isActive || !announcementBar) {
    return null;
  }
  const {isCloseable} = announcementBar;
  return (
    <div
      className={styles.announcementBar}
      role="region"
      aria-label={translate({
        id: 'theme.AnnouncementBar.label',
        message: '公告',
        description: 'The accessible name of the announcement bar',
      })}>
      {isCloseable && <div className={styles.announcementBarPlaceholder} />}
      <AnnouncementBarContent className={styles.announcementBarContent} />
      {isCloseable && (
        <AnnouncementBarCloseButton onClick={close} className={styles.announcementBarClose} />
      )}
    </div>
  );
}
