/**
 * Choices about the blog that the config and the tests share (the spec's own
 * constants, such as the list page size, are in docusaurus.config.ts and
 * tests/site-spec.ts).
 */

/**
 * The blog sidebar lists this many of the newest posts, then links to the
 * archive: listing every post made each post page grow with the archive.
 */
export const BLOG_SIDEBAR_COUNT = 10;

/**
 * The RSS, Atom and JSON feeds carry the newest posts, each in full, and link
 * to the blog; the archive lists every post. A feed reader polls the feed
 * again and again, so it must not grow with the archive.
 */
export const BLOG_FEED_LIMIT = 20;
