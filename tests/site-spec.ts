/**
 * What the product spec fixes about the site's content: the routes of §2 and
 * the 20 posts with their dates. Browser tests and content tests both read it.
 */

export type PostSpec = Readonly<{date: string; slug: string; registry: boolean}>;

const post = (date: string, slug: string, registry = false): PostSpec => ({date, slug, registry});

export const POSTS: readonly PostSpec[] = [
  post('2025-02-19', 'mcp-spec-2024-11-05'),
  post('2025-02-24', 'wifi-repeater-relayd'),
  post('2025-02-27', 'iscsi-basics'),
  post('2025-03-06', 'iscsi-target-targetcli'),
  post('2025-03-13', 'iscsi-initiator-iscsiadm'),
  post('2025-03-27', 'mcp-spec-2025-03-26'),
  post('2025-04-03', 'wifi-repeater-wds'),
  post('2025-04-10', 'iscsi-chap-multipath'),
  post('2025-04-17', 'mcp-streamable-http'),
  post('2025-04-24', 'mcp-authorization'),
  post('2025-06-19', 'mcp-spec-2025-06-18'),
  post('2025-06-26', 'mcp-spec-versions-compared'),
  post('2025-09-15', 'introducing-the-registry', true),
  post('2025-09-15', 'commands', true),
  post('2025-09-15', 'publish-server', true),
  post('2025-09-15', 'generic-server-json', true),
  post('2025-09-15', 'generic-registry-api', true),
  post('2025-09-15', 'official-registry-api', true),
  post('2025-09-15', 'use-rest-api', true),
  post('2025-09-15', 'moderation-guidelines', true),
];

/** Spec §2: posts per month of 2025. */
export const POSTS_PER_MONTH: Readonly<Record<string, number>> = {
  '02': 3,
  '03': 3,
  '04': 4,
  '06': 2,
  '09': 8,
};

export const postPath = ({date, slug}: PostSpec): string =>
  `/blog/${date.replaceAll('-', '/')}/${slug}`;

export const AUTHOR_KEY = 'linshen';
export const BLOG_PAGE_SIZE = 10;

export const DOCS_BASICS = [
  'create-a-page',
  'create-a-document',
  'create-a-blog-post',
  'markdown-features',
  'deploy-your-site',
  'congratulations',
] as const;
export const DOCS_EXTRAS = ['manage-docs-versions', 'translate-your-site'] as const;

/** Every docs route in sidebar (and paginator) order. */
export const DOCS_ROUTES: readonly string[] = [
  '/docs/intro',
  '/docs/category/tutorial---basics',
  ...DOCS_BASICS.map((id) => `/docs/tutorial-basics/${id}`),
  '/docs/category/tutorial---extras',
  ...DOCS_EXTRAS.map((id) => `/docs/tutorial-extras/${id}`),
];

/** Every route of spec §2. */
export const SPEC_ROUTES: readonly string[] = [
  '/',
  '/blog',
  '/blog/page/2',
  '/blog/archive',
  '/blog/authors',
  `/blog/authors/${AUTHOR_KEY}`,
  ...POSTS.map(postPath),
  '/markdown-page',
  ...DOCS_ROUTES,
];

export const SITE_TITLE = '栈底笔记';
/** Spec §9. */
export const DESKTOP_BREAKPOINT = 996;
export const COPYRIGHT_YEAR = '2025';

export function postBySlug(slug: string): PostSpec {
  const found = POSTS.find((p) => p.slug === slug);
  if (!found) throw new Error(`No post with slug "${slug}" in the spec.`);
  return found;
}
