/**
 * Ejected from @docusaurus/theme-classic 3.7.0 (Blog/Components/Author/Socials).
 * What changed and why: the stock component imports all twelve platform icons,
 * about 4 KB gzip of SVG paths on every blog page, for an author who links one
 * or two. Here GitHub (the platform this blog's author uses) is drawn by the
 * stylesheet with the theme's own mark (styles.module.css), so no script
 * carries it; the others load on demand, all from one chunk
 * (otherIcons.ts): they render the same when used, and hydration waits for
 * their chunk. (No <Suspense> around them: React 19
 * streams a Suspense boundary's HTML out of place behind an inline script,
 * which the CSP and readers without JavaScript would not get.) The icons get
 * `style={undefined}`: GitHub, Instagram, Threads and X set their fill colours
 * as variables in a `style` attribute, which the site's CSP blocks, and spread
 * their props after it; styles.module.css sets the variables instead.
 */
import type {ComponentType, ReactNode} from 'react';
import React, {lazy} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import type {Props} from '@theme/Blog/Components/Author/Socials';

import styles from './styles.module.css';

type SocialIcon = ComponentType<{className: string; style?: undefined}>;

type SocialPlatformConfig = {Icon: SocialIcon; label: string};

/** GitHub's mark, drawn by the stylesheet (the link's title names it). */
function GitHub({className}: {className: string}): ReactNode {
  return <span className={clsx(className, styles.githubIcon)} />;
}

/** Another platform's icon, from the one chunk that holds them all (otherIcons.ts). */
const other = (name: keyof typeof import('./otherIcons').default): SocialIcon =>
  lazy(() => import('./otherIcons').then((icons) => ({default: icons.default[name]})));

const SocialPlatformConfigs: Record<string, SocialPlatformConfig> = {
  twitter: {Icon: other('twitter'), label: 'Twitter'},
  github: {Icon: GitHub, label: 'GitHub'},
  stackoverflow: {Icon: other('stackoverflow'), label: 'Stack Overflow'},
  linkedin: {Icon: other('linkedin'), label: 'LinkedIn'},
  x: {Icon: other('x'), label: 'X'},
  bluesky: {Icon: other('bluesky'), label: 'Bluesky'},
  instagram: {Icon: other('instagram'), label: 'Instagram'},
  threads: {Icon: other('threads'), label: 'Threads'},
  mastodon: {Icon: other('mastodon'), label: 'Mastodon'},
  youtube: {Icon: other('youtube'), label: 'YouTube'},
  twitch: {Icon: other('twitch'), label: 'Twitch'},
};

const DefaultSocialIcon = other('default');

function getSocialPlatformConfig(platformKey: string): SocialPlatformConfig {
  return (
    SocialPlatformConfigs[platformKey] ?? {
      Icon: DefaultSocialIcon,
      label: platformKey,
    }
  );
}

function SocialLink({platform, link}: {platform: string; link: string}) {
  const {Icon, label} = getSocialPlatformConfig(platform);
  return (
    <Link className={styles.authorSocialLink} href={link} title={label}>
      <Icon className={clsx(styles.authorSocialLink)} style={undefined} />
    </Link>
  );
}

export default function BlogAuthorSocials({author}: {author: Props['author']}): ReactNode {
  const entries = Object.entries(author.socials ?? {});
  return (
    <div className={styles.authorSocials}>
      {entries.map(([platform, linkUrl]) => {
        return <SocialLink key={platform} platform={platform} link={linkUrl} />;
      })}
    </div>
  );
}
