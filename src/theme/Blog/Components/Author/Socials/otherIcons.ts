/** The theme's social icons other than GitHub, in one chunk that loads on demand (index.tsx). */
import Bluesky from '@theme/Icon/Socials/Bluesky';
import Default from '@theme/Icon/Socials/Default';
import Instagram from '@theme/Icon/Socials/Instagram';
import LinkedIn from '@theme/Icon/Socials/LinkedIn';
import Mastodon from '@theme/Icon/Socials/Mastodon';
import StackOverflow from '@theme/Icon/Socials/StackOverflow';
import Threads from '@theme/Icon/Socials/Threads';
import Twitch from '@theme/Icon/Socials/Twitch';
import Twitter from '@theme/Icon/Socials/Twitter';
import X from '@theme/Icon/Socials/X';
import YouTube from '@theme/Icon/Socials/YouTube';

const icons = {
  bluesky: Bluesky,
  default: Default,
  instagram: Instagram,
  linkedin: LinkedIn,
  mastodon: Mastodon,
  stackoverflow: StackOverflow,
  threads: Threads,
  twitch: Twitch,
  twitter: Twitter,
  x: X,
  youtube: YouTube,
};

export default icons;
