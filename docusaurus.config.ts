import path from 'node:path';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {codeLanguages, darkCodeTheme, lightCodeTheme} from './config/prism';
import ssrTemplate from './config/ssrTemplate';
import {BLOG_FEED_LIMIT, BLOG_SIDEBAR_COUNT} from './config/blog';
import type {Options as BlogOptions} from '@docusaurus/plugin-content-blog';
import {readingTimeMinutes} from './src/plugins/blog/readingTime';
import remarkSeriesBox from './src/plugins/series/remarkSeriesBox';
import codeHighlight, {
  rehypeCodeHighlight,
  type PluginOptions as CodeHighlightOptions,
} from './src/plugins/code-highlight';
import remarkCjkFriendly from 'remark-cjk-friendly';
import remarkCjkFriendlyGfmStrikethrough from 'remark-cjk-friendly-gfm-strikethrough';
import remarkDiagrams, {type Options as DiagramOptions} from './src/plugins/diagrams/remark';
import diagrams, {standaloneDir} from './src/plugins/diagrams';
import routePrefetch from './src/plugins/route-prefetch';
import routeChunkScripts from './src/plugins/route-chunk-scripts';
import lazyRoutes from './src/plugins/lazy-routes';
import articleOnce from './src/plugins/article-once';
import clientConfig from './src/plugins/client-config';
import docsClientChunk from './src/plugins/docs-client-chunk';
import tslibHelpers from './src/plugins/tslib-helpers';
import themeFallback from './src/plugins/theme-fallback';
import shardSearch, {type PluginOptions as ShardSearchOptions} from './src/plugins/shard-search';
import recentPosts, {type PluginOptions as RecentPostsOptions} from './src/plugins/recent-posts';
import socialCards, {
  HOME_CARD,
  socialCardPath,
  type PluginOptions as SocialCardsOptions,
} from './src/plugins/social-cards';
import {installed} from './src/contract';
import llmsTxt, {type PluginOptions as LlmsTxtOptions} from './src/plugins/llms-txt';
import securityHeaders from './src/plugins/security-headers';
import {fasterFuture} from './config/faster';

// Runs in Node.js at build time: no browser APIs here.

const SITE_TITLE = '栈底笔记';
const SITE_TAGLINE = '把协议、存储和网络的底层细节讲清楚';
const SITE_URL = 'https://linshen-dev.github.io';
const BASE_URL = '/';
const SITE_SUMMARY =
  '林深的简体中文技术博客：MCP 协议与服务器注册中心、iSCSI 存储、OpenWrt 无线中继，附本站的写作与部署教程。';
const GITHUB_URL = 'https://github.com/linshen-dev/linshen-dev.github.io';
/** The spec fixes the copyright year; it must not follow the build date. */
const COPYRIGHT_YEAR = 2025;
/** Blog list page size (spec §9). */
const BLOG_POSTS_PER_PAGE = 10;

/** The navbar and footer keep the template's English label (spec §2, chrome). */
const BLOG_NAV_LABEL = 'Blog';
const BLOG_TITLE = '博客';
/** Search hits on docs pages start their path with this. */
const DOCS_TITLE = '文档';

/** Code blocks are highlighted at build time with the site's two code themes. */
const codeHighlightOptions = {
  themes: {light: lightCodeTheme, dark: darkCodeTheme},
  languages: codeLanguages,
  // The theme's default magic comments (themeConfig.prism.magicComments has no
  // effect here: code blocks are parsed at build time, with these).
  magicComments: [
    {
      className: 'theme-code-block-highlighted-line',
      line: 'highlight-next-line',
      block: {start: 'highlight-start', end: 'highlight-end'},
    },
  ],
} satisfies CodeHighlightOptions;
const rehypePlugins = [[rehypeCodeHighlight, codeHighlightOptions]];
/**
 * Emphasis next to Chinese punctuation (`**结论。**然后`) renders as CommonMark
 * leaves it, asterisks and all; remark-cjk-friendly closes it as a Chinese
 * reader expects (and its sibling does the same for `~~`). ```mermaid blocks
 * become SVG diagrams at build time, and images get a full-size link
 * (src/plugins/diagrams).
 */
const diagramOptions = {
  // Docusaurus's generated files folder (DOCUSAURUS_GENERATED_FILES_DIR_NAME moves it: scripts/switched-off-site.ts).
  standaloneDir: standaloneDir(
    path.join(__dirname, process.env.DOCUSAURUS_GENERATED_FILES_DIR_NAME ?? '.docusaurus'),
  ),
  baseUrl: BASE_URL,
} satisfies DiagramOptions;
const remarkPlugins = [
  remarkCjkFriendly,
  remarkCjkFriendlyGfmStrikethrough,
  [remarkDiagrams, diagramOptions],
];

const blogOptions = {
  blogTitle: BLOG_TITLE,
  blogDescription: '林深的技术博客：MCP 协议与服务器注册中心、iSCSI 存储、OpenWrt 无线中继。',
  blogSidebarTitle: '最近博文',
  blogSidebarCount: BLOG_SIDEBAR_COUNT,
  postsPerPage: BLOG_POSTS_PER_PAGE,
  showReadingTime: true,
  // Han characters, Latin words and code lines each at their own rate.
  readingTime: ({content}) => readingTimeMinutes(content),
  // No tags on this site. blog/tags.yml lists none, so any tag in front matter
  // is an inline tag and fails the build (with `tags: false`, 3.7.0 would skip
  // the check and build /blog/tags/<tag>).
  tags: 'tags.yml',
  onInlineTags: 'throw',
  onInlineAuthors: 'throw',
  onUntruncatedBlogPosts: 'throw',
  remarkPlugins,
  rehypePlugins,
  // A post in a series shows the series' parts after its truncate marker.
  beforeDefaultRemarkPlugins: [[remarkSeriesBox, {blogDir: path.join(__dirname, 'blog')}]],
  // 3.7.0 ships every post's raw Markdown (`content`) in the archive
  // page's props, about 120 KB of gzip JS for a list of titles. Nothing
  // after loading needs it: truncation, reading time and feeds are
  // computed before this hook or from the built HTML.
  // `image` is the post's social card (src/plugins/social-cards): theme-classic
  // turns it into absolute og:image, twitter:image and JSON-LD image URLs.
  processBlogPosts: async ({blogPosts}) =>
    blogPosts.map(({metadata, ...post}) => ({
      ...post,
      content: '',
      metadata: {
        ...metadata,
        frontMatter: {...metadata.frontMatter, image: socialCardPath(metadata.permalink, BASE_URL)},
      },
    })),
  feedOptions: {
    type: 'all',
    limit: BLOG_FEED_LIMIT,
    title: `${SITE_TITLE}`,
    // The feeds carry the newest posts only: say where the rest are.
    description: `${SITE_TITLE}：${SITE_TAGLINE}。订阅源只含最新的 ${BLOG_FEED_LIMIT} 篇，全部博文见 ${SITE_URL}${BASE_URL}blog/archive`,
    copyright: `Copyright © ${COPYRIGHT_YEAR} 林深`,
    language: 'zh-Hans',
  },
} satisfies Partial<BlogOptions>;

const config: Config = {
  title: SITE_TITLE,
  tagline: SITE_TAGLINE,
  favicon: 'img/favicon.svg',

  url: SITE_URL,
  baseUrl: BASE_URL,
  // Every route of the spec is written without a trailing slash.
  trailingSlash: false,
  organizationName: 'linshen-dev',
  projectName: 'linshen-dev.github.io',
  // The bundle runs after the first paint: see config/ssrTemplate.ts.
  ssrTemplate,

  // The build is the first test: nothing broken gets through.
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',

  i18n: {
    defaultLocale: 'zh-Hans',
    locales: ['zh-Hans'],
    localeConfigs: {
      'zh-Hans': {label: '简体中文', direction: 'ltr', calendar: 'gregory', htmlLang: 'zh-Hans'},
    },
  },

  markdown: {
    format: 'mdx',
    // GFM footnotes (remark-gfm, mdast-util-to-hast): the list's heading and
    // the back links say it in Chinese, not "Footnotes" / "Back to reference 1".
    remarkRehypeOptions: {
      footnoteLabel: '脚注',
      footnoteBackLabel: (referenceIndex: number, rereferenceIndex: number) =>
        `回到正文中第 ${referenceIndex + 1} 个脚注${rereferenceIndex > 1 ? `的第 ${rereferenceIndex} 处引用` : '的引用'}`,
    },
  },

  future: {
    experimental_router: 'browser',
    // Docusaurus Faster, under the key the installed core takes (config/faster.ts).
    ...fasterFuture(installed().version('@docusaurus/core')),
  },

  plugins: [
    // A CSP <meta> in every page and build/_headers, from one policy. First, and
    // synchronous: its page rewrite is done before route-chunk-scripts rewrites pages.
    securityHeaders,
    // The classic blog, wrapped: see src/plugins/blog/index.ts.
    ['./src/plugins/blog/index.ts', blogOptions],
    [recentPosts, {recentCount: 6} satisfies RecentPostsOptions],
    [codeHighlight, codeHighlightOptions],
    // 1200×630 PNG cards for the home page and every post, drawn after the build.
    [socialCards, {homeTitle: SITE_TAGLINE} satisfies SocialCardsOptions],
    // llms.txt and llms-full.txt at the site root (llmstxt.org).
    [llmsTxt, {summary: SITE_SUMMARY} satisfies LlmsTxtOptions],
    tslibHelpers,
    // Link prefetching in idle time, each chunk once (core does it in the observer callback).
    routePrefetch,
    // Each page's route chunks load beside the bundle (3.7.0 with Faster leaves them out).
    routeChunkScripts,
    // Page routes leave main.js's route table: main.js stays the same size as the blog grows.
    lazyRoutes,
    // A post's or doc's article ships once, as the page's HTML: no script carries or hydrates it.
    articleOnce,
    // The browser's copy of the config leaves out the plugins' options.
    clientConfig,
    // Doc pages load the docs plugin's browser code once.
    docsClientChunk,
    // An ejected component whose imports a newer theme lacks falls back to the theme's own.
    themeFallback,
    // Diagrams' standalone files into the build; the full-size view, loaded on demand.
    diagrams,
    // Site search: a sharded index written after the build, and the /search page.
    [shardSearch, {labels: {blog: BLOG_TITLE, docs: DOCS_TITLE}} satisfies ShardSearchOptions],
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          breadcrumbs: true,
          remarkPlugins,
          rehypePlugins,
        },
        // The blog is registered below as src/plugins/blog (a wrapper with a 3.7.0 fix).
        blog: false,
        pages: {remarkPlugins, rehypePlugins},
        theme: {
          customCss: './src/css/custom.css',
        },
      } satisfies Preset.Options,
    ],
  ],

  themeConfig: {
    // The default description; pages with their own (posts, docs) replace it.
    // Author pages of 3.7.0 set none, which search engines would flag.
    metadata: [
      {name: 'description', content: `${SITE_TITLE}：${SITE_TAGLINE}`},
      // Every card is 1200×630; a post's own alt replaces this one (src/theme/BlogPostPage/Metadata).
      {property: 'og:image:width', content: '1200'},
      {property: 'og:image:height', content: '630'},
      {property: 'og:image:alt', content: `${SITE_TITLE}：${SITE_TAGLINE}`},
    ],
    // Pages without a card of their own (home, lists, docs) share the home card.
    image: HOME_CARD,
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: 'registry-series-2025-09',
      content:
        'MCP Registry 系列八篇已全部发布，<a href="/blog/2025/09/15/introducing-the-registry">从预览版介绍开始读</a>。',
      // No backgroundColor or textColor: the theme would write them into a style
      // attribute, which the CSP blocks. The colours are in
      // src/theme/AnnouncementBar/styles.module.css.
      isCloseable: true,
    },
    docs: {
      versionPersistence: 'localStorage',
    },
    blog: {
      sidebar: {
        groupByYear: true,
      },
    },
    tableOfContents: {
      minHeadingLevel: 2,
      maxHeadingLevel: 3,
    },
    navbar: {
      title: SITE_TITLE,
      hideOnScroll: false,
      logo: {
        alt: `${SITE_TITLE}标志`,
        src: 'img/logo.svg',
        width: 32,
        height: 32,
      },
      items: [
        {to: '/blog', label: BLOG_NAV_LABEL, position: 'left'},
        {href: GITHUB_URL, label: 'GitHub', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'More',
          items: [
            {label: BLOG_NAV_LABEL, to: '/blog'},
            {label: 'GitHub', href: GITHUB_URL},
          ],
        },
      ],
      copyright: `Copyright © ${COPYRIGHT_YEAR} 林深 · 栈底笔记。本站由 Docusaurus 构建。`,
    },
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      // Languages and magic comments are set in codeHighlightOptions above:
      // the theme no longer highlights in the browser. The languages are
      // repeated for the day code-highlight switches itself off (its
      // assumptions.ts) and the theme's CodeBlock highlights again.
      additionalLanguages: [...codeHighlightOptions.languages],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
