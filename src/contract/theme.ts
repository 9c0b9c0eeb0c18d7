/**
 * The theme components this site ejected from @docusaurus/theme-classic
 * 3.7.0 into src/theme, and the ones it wraps or overrides there (see
 * src/contract/index.ts). A plugin that ships a copy of a theme component
 * itself (src/plugins/article-once/theme) lists it in its own
 * assumptions.ts, with `upstreamAssumption` and `importsAssumption` below.
 *
 * An ejected component is a copy: Docusaurus keeps changing its original and
 * nothing tells us. Each entry records the sha256 of the 3.7.0 original(s)
 * in theme-classic's `src/theme/` and the short list of what the copy
 * changes. When an upgrade changes an original, the contract test says
 * "upstream original changed: carry forward": diff the new original against
 * 3.7.0's, apply that to the copy, keep the changes listed here, and record
 * the new hash. Every component also has its imports checked: each
 * `@theme/…` and `@theme-original/…` it imports (statically or on demand)
 * still exists, and each name it imports from theme-common (public or
 * `/internal`), utils-common or the blog and docs plugins' client APIs is
 * still exported.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {checkSubject, SITE_DIR, type Assumption, type Installed, type Subject} from '.';

const THEME_CLASSIC = '@docusaurus/theme-classic';

/** Package entry files whose named exports the components import. */
const ENTRIES: Record<string, readonly [string, string]> = {
  '@docusaurus/theme-common': ['@docusaurus/theme-common', 'lib/index.js'],
  '@docusaurus/theme-common/internal': ['@docusaurus/theme-common', 'lib/internal.js'],
  '@docusaurus/utils-common': ['@docusaurus/utils-common', 'lib/index.js'],
  '@docusaurus/plugin-content-blog/client': [
    '@docusaurus/plugin-content-blog',
    'lib/client/index.js',
  ],
  '@docusaurus/plugin-content-docs/client': [
    '@docusaurus/plugin-content-docs',
    'lib/client/index.js',
  ],
};

type Upstream = Readonly<{file: string; sha256: string}>;

type Component = Readonly<{
  name: string;
  kind: 'ejected' | 'wrapped';
  /** Files of this repository, relative to src/theme. */
  files: readonly string[];
  /** The 3.7.0 originals, relative to theme-classic's src/theme. */
  upstream: readonly Upstream[];
  /** What the copy changes, and why (kept short: the file's comment has the detail). */
  changes: readonly string[];
  /** Other subjects that switch off when theme-fallback renders the theme's original instead. */
  fallbackAlsoOff?: readonly string[];
}>;

const COMPONENTS: readonly Component[] = [
  {
    name: 'CodeBlock',
    kind: 'ejected',
    files: ['CodeBlock/index.tsx', 'CodeBlock/styles.module.css'],
    upstream: [
      {
        file: 'CodeBlock/index.tsx',
        sha256: '02872fb480f9cfba3bf6fb26683dfc2a7b4b8d43a2f56f7f72911482028d8a2b',
      },
      {
        file: 'CodeBlock/Content/String.tsx',
        sha256: '5fbaea95285faf08fbe43fbd4bcb5a711d0f19e94d6012c320f12265fc20515b',
      },
      {
        file: 'CodeBlock/Content/styles.module.css',
        sha256: 'c8650cb014a4be15343876acfef79ae791b9da675efb75b0acb2a1cbb967f002',
      },
      {
        file: 'CodeBlock/CopyButton/index.tsx',
        sha256: '7a8d13458c0b96e1c24e32b306d11462629417880995e909f97605e9690f92b4',
      },
      {
        file: 'CodeBlock/CopyButton/styles.module.css',
        sha256: 'd368d88d9fcda7ab6ff7eca54a19bae379f39020a62899cce8869db962160dc0',
      },
      {
        file: 'CodeBlock/WordWrapButton/index.tsx',
        sha256: '96b65cc9c4991b5013c767ffd60c405b2cd4e20869d23e4e6f120df7348de560',
      },
      {
        file: 'CodeBlock/WordWrapButton/styles.module.css',
        sha256: '5bf442e81321d6ff68bb98c92e10dec252141194e4d84064784bfcf5e86c1225',
      },
      {
        file: 'CodeBlock/Container/index.tsx',
        sha256: '2ece6830dbb5b8d6ef57d88086d6e1ab14671923c06b9d80d12b45bedff7be60',
      },
      {
        file: 'CodeBlock/Container/styles.module.css',
        sha256: '16d8fa7b71e6c0f6d7c0bed5bcdb62dbc8ed72a4967d23db1c4a311611b3e254',
      },
    ],
    changes: [
      'renders the token HTML code-highlight made at build time (no Prism, no parsing in the browser)',
      'the copy and word-wrap buttons are the theme’s markup and styles, given their work by src/lib/enhance-code-block.ts (also used inside articles React does not hydrate): no state, no re-render',
      'blocks marked themeCodeBlock (code-highlight switched off) go to the theme’s CodeBlock, loaded on demand',
      'a plain div with the Container’s classes instead of the Container, whose inline Prism colours the CSP blocks',
    ],
    // The assumption “the site’s CodeBlock” of each: code-highlight's lines are props only the
    // site's reads; the theme's markup has no buttons for article-once's client/codeBlocks.ts.
    fallbackAlsoOff: ['code-highlight', 'article-once'],
  },
  {
    name: 'BlogSidebar',
    kind: 'ejected',
    files: ['BlogSidebar/index.tsx'],
    upstream: [
      {
        file: 'BlogSidebar/index.tsx',
        sha256: '1ff8f1a76db1433a9d7ec4a15eb0ced2c2438a7f858ede30c8dab81ea23dcd16',
      },
    ],
    changes: [
      'the desktop list stays on narrow screens (CSS hides it); the mobile menu’s list mounts in idle time',
    ],
  },
  {
    name: 'BlogArchivePage',
    kind: 'ejected',
    files: ['BlogArchivePage/index.tsx'],
    upstream: [
      {
        file: 'BlogArchivePage/index.tsx',
        sha256: '42fb9f651c21b4f6a6161bb8ee6726ab3a4e3c35779bf278039c4e79c67758d1',
      },
    ],
    changes: ['year headings h2 (not h3)', 'list keys are permalinks', 'dates without Intl'],
  },
  {
    name: 'BlogListPage',
    kind: 'ejected',
    files: ['BlogListPage/index.tsx'],
    upstream: [
      {
        file: 'BlogListPage/index.tsx',
        sha256: 'dc4183edec9cf341f1bfa80091acf04b99fc3f23e2c3aff71dd9096416c3445e',
      },
    ],
    changes: ['adds an h1 (blog title and description)'],
  },
  {
    name: 'AnnouncementBar',
    kind: 'ejected',
    files: ['AnnouncementBar/index.tsx', 'AnnouncementBar/styles.module.css'],
    upstream: [
      {
        file: 'AnnouncementBar/index.tsx',
        sha256: 'd3ccec5c7919d8f442aedb1f7124dda814eff1000dab48479f35b896cc30106c',
      },
      {
        file: 'AnnouncementBar/styles.module.css',
        sha256: 'caf6d3e8e258302f23455679af9bef151c228038aee4a86dfcc143480a2a0bda',
      },
    ],
    changes: [
      'a labelled region instead of a second banner landmark',
      'colours from its stylesheet, not an inline style from the config (the CSP blocks it)',
    ],
  },
  {
    name: 'BlogPostItem/Header/Info',
    kind: 'ejected',
    files: ['BlogPostItem/Header/Info/index.tsx', 'BlogPostItem/Header/Info/styles.module.css'],
    upstream: [
      {
        file: 'BlogPostItem/Header/Info/index.tsx',
        sha256: '19633d867631820f6577188ec802cb1ac05bfac3855ad1e87b929b0c06450bc3',
      },
      {
        file: 'BlogPostItem/Header/Info/styles.module.css',
        sha256: '394cbb8db1f6c784f5d5de3632d2d7932d2772e322d33c8153672e4060a43c1a',
      },
    ],
    changes: ['date and reading time written without Intl.DateTimeFormat / Intl.PluralRules'],
  },
  {
    name: 'Blog/Components/Author/Socials',
    kind: 'ejected',
    files: [
      'Blog/Components/Author/Socials/index.tsx',
      'Blog/Components/Author/Socials/otherIcons.ts',
      'Blog/Components/Author/Socials/styles.module.css',
    ],
    upstream: [
      {
        file: 'Blog/Components/Author/Socials/index.tsx',
        sha256: '89aef7b9cc4a3a00a35d9c956ca2b1a1a7230f29815845967e3d760646cfc5ed',
      },
      {
        file: 'Blog/Components/Author/Socials/styles.module.css',
        sha256: 'bf02f5e4c95612c3b1bf566479a3496d426546d97cd1ed3741ec1120395e6e1a',
      },
      {
        // Its path is the one styles.module.css draws (svgo, one decimal).
        file: 'Icon/Socials/GitHub/index.tsx',
        sha256: 'c4d45c7b3387401055d7e2d0ac0126739d5e680ac0f2cfa650eae18a42b95d8c',
      },
    ],
    changes: [
      'GitHub’s mark is drawn by its stylesheet with the theme’s own path, the other platforms’ icons load on demand from one chunk',
      'the icons’ inline colour variables (blocked by the CSP) set by its stylesheet instead',
    ],
  },
  {
    name: 'BlogPostPage/StructuredData',
    kind: 'ejected',
    files: [
      'BlogPostPage/StructuredData/index.tsx',
      'BlogPostPage/StructuredData/usePostingJsonLd.ts',
      'BlogPostPage/StructuredData/usePostingJsonLd.browser.ts',
    ],
    upstream: [
      {
        file: 'BlogPostPage/StructuredData/index.tsx',
        sha256: '7c7aea581fa23852618d2e54e28a400cc914e065be90598c96f8ca1e2c1cd27e',
      },
    ],
    changes: [
      'author image in the JSON-LD made absolute',
      'the browser takes the JSON-LD the server computed (src/plugins/lazy-routes) instead of computing it',
    ],
  },
  {
    name: 'BlogListPage/StructuredData',
    kind: 'ejected',
    files: [
      'BlogListPage/StructuredData/index.tsx',
      'BlogListPage/StructuredData/useBlogJsonLd.ts',
      'BlogListPage/StructuredData/useBlogJsonLd.browser.ts',
    ],
    upstream: [
      {
        file: 'BlogListPage/StructuredData/index.tsx',
        sha256: 'cd19a12c6bdd9d4e59a6c84f5e1b9d695c1aa3445fd5b26f1bc809b7f4c03e42',
      },
    ],
    changes: [
      'author images in the JSON-LD made absolute',
      'the browser takes the JSON-LD the server computed (src/plugins/lazy-routes) instead of computing it',
    ],
    // article-once's “what a list reads of a preview”: the theme's own reads the previews' front matter, which their shells leave out.
    fallbackAlsoOff: ['article-once'],
  },
  {
    name: 'NavbarItem/ComponentTypes',
    kind: 'ejected',
    files: ['NavbarItem/ComponentTypes.tsx'],
    upstream: [
      {
        file: 'NavbarItem/ComponentTypes.tsx',
        sha256: 'bca91aa806923bd6c308c26db8f0dd8ab1c73944f732c381afcd870881c150f5',
      },
    ],
    changes: [
      'a full copy of the map of navbar item types: the types this navbar does not use load on demand (a new type upstream must be added here)',
    ],
  },
  // Wrapped: the original renders inside; only the imports are checked.
  {
    name: 'Navbar/MobileSidebar',
    kind: 'wrapped',
    files: ['Navbar/MobileSidebar/index.tsx'],
    upstream: [],
    changes: ['mounts in idle time (reads useNavbarMobileSidebar from theme-common/internal)'],
  },
  {
    name: 'BlogSidebar/Content',
    kind: 'wrapped',
    files: ['BlogSidebar/Content/index.tsx'],
    upstream: [],
    changes: ['newest posts only, plus a link to the archive'],
  },
  {
    name: 'BlogPostPage/Metadata',
    kind: 'wrapped',
    files: ['BlogPostPage/Metadata/index.tsx'],
    upstream: [],
    changes: ['og:image:alt for the post’s card'],
  },
  {
    name: 'TOC',
    kind: 'wrapped',
    files: ['TOC/index.tsx', 'TOC/styles.module.css'],
    upstream: [],
    changes: ['inside a labelled nav'],
  },
  {
    name: 'MDXComponents',
    kind: 'wrapped',
    files: ['MDXComponents.tsx'],
    upstream: [],
    changes: ['tables in a scrollable, focusable box'],
  },
  {
    name: 'ContentVisibility',
    kind: 'wrapped',
    files: ['ContentVisibility/index.tsx'],
    upstream: [],
    changes: ['the draft and unlisted banners load on demand, only on a page that shows one'],
  },
  {
    name: 'BlogPostItem/Footer',
    kind: 'wrapped',
    files: ['BlogPostItem/Footer/index.tsx'],
    upstream: [],
    changes: [
      'a list page’s “read more” footer rendered as the theme does; the theme’s footer (tags, edit link, last update) loads on demand, only for a post that has one of those',
    ],
  },
  {
    name: 'DocItem/Footer',
    kind: 'wrapped',
    files: ['DocItem/Footer/index.tsx'],
    upstream: [],
    changes: [
      'the theme’s doc footer (tags, edit link, last update) loads on demand, only for a doc that has one of those',
    ],
  },
  {
    name: 'DocVersionBanner',
    kind: 'wrapped',
    files: ['DocVersionBanner/index.tsx'],
    upstream: [],
    changes: ['the theme’s version banner loads on demand, only when the version has one'],
  },
  {
    name: 'DocVersionBadge',
    kind: 'wrapped',
    files: ['DocVersionBadge/index.tsx'],
    upstream: [],
    changes: ['the theme’s version badge loads on demand, only when the version has one'],
  },
];

const THEME_DIR = path.join(SITE_DIR, 'src', 'theme');

/** A theme component name is in the installed theme (lib/theme/<name>.js or <name>/index.js). */
function themeHas(pkgs: Installed, name: string): boolean {
  return (
    pkgs.has(THEME_CLASSIC, `lib/theme/${name}.js`) ||
    pkgs.has(THEME_CLASSIC, `lib/theme/${name}/index.js`)
  );
}

/** The components this site defines itself (src/theme/<name>). */
function siteHas(name: string): boolean {
  return ['.tsx', '.ts', '/index.tsx', '/index.ts'].some((end) =>
    existsSync(path.join(THEME_DIR, `${name}${end}`)),
  );
}

/** What a file imports, statically (with the names, when it names them) or on demand. */
function importsOf(source: string): {from: string; what?: string}[] {
  const found: {from: string; what?: string}[] = [];
  for (const [, what = '', from] of source.matchAll(
    /import\s+(?:type\s+)?([^'"]*?)\s*(?:from\s+)?['"]([^'"]+)['"]/g,
  )) {
    // `import type {…}` is gone after compiling: nothing to provide.
    if (from && !/^import\s+type/.test(what)) found.push({from, what});
  }
  for (const [, from] of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    if (from) found.push({from});
  }
  return found;
}

/** Each import of these files (paths in this repository) the installed packages must still provide. */
function checkImports(pkgs: Installed, files: readonly string[]): void {
  for (const file of files.filter((f) => /\.tsx?$/.test(f))) {
    const source = readFileSync(path.join(SITE_DIR, file), 'utf8');
    for (const {from, what} of importsOf(source)) {
      const theme = /^@theme(-original)?\/(.+)$/.exec(from);
      if (theme?.[2]) {
        const name = theme[2];
        if (themeHas(pkgs, name) || (!theme[1] && siteHas(name))) continue;
        throw new Error(`${file} imports ${from}, which ${THEME_CLASSIC} no longer has`);
      }
      const entry = ENTRIES[from];
      if (!entry || what === undefined) continue;
      const text = pkgs.read(entry[0], entry[1]);
      const names = /\{([^}]*)\}/.exec(what)?.[1] ?? '';
      for (const raw of names.split(',')) {
        const name = raw
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name && !new RegExp(`\\b${name}\\b`).test(text)) {
          throw new Error(`${file} imports ${name} from ${from}, which no longer exports it`);
        }
      }
    }
  }
}

/**
 * A copied component's original (`file` in theme-classic's src/theme) is
 * still the 3.7.0 one: `changes` says what the copy changes.
 */
export function upstreamAssumption(
  file: string,
  sha256: string,
  changes: readonly string[],
): Assumption {
  return {
    id: `upstream ${file}`,
    needs: `${THEME_CLASSIC} src/theme/${file} as in 3.7.0 (sha256 ${sha256.slice(0, 8)}…)`,
    use: `copied; changes: ${changes.join('; ')}`,
    check: (pkgs) => {
      if (!pkgs.has(THEME_CLASSIC, `src/theme/${file}`)) {
        throw new Error(`upstream original removed (${THEME_CLASSIC}/src/theme/${file})`);
      }
      const hash = pkgs.sha256(THEME_CLASSIC, `src/theme/${file}`);
      if (hash !== sha256) {
        throw new Error(
          `upstream original changed (src/theme/${file}, sha256 ${hash.slice(0, 8)}…): carry forward`,
        );
      }
    },
  };
}

/** Every import of a component's files (paths in this repository) is still there. */
export function importsAssumption(
  files: readonly string[],
  changes: readonly string[],
): Assumption {
  return {
    id: 'imports',
    needs:
      'each @theme/…, @theme-original/… and theme-common / utils-common / blog and docs client name it imports',
    use: changes.join('; '),
    check: (pkgs) => checkImports(pkgs, files),
  };
}

function subjectOf(component: Component): Subject {
  const files = component.files.map((file) => `src/theme/${file}`);
  return {
    name: `theme/${component.name}`,
    kind: component.kind,
    files,
    whenBroken:
      component.kind === 'ejected'
        ? 'a broken import: src/plugins/theme-fallback points @theme/' +
          component.name +
          ' at the theme’s original, with a build warning; a changed original: the copy keeps rendering as it was'
        : 'cannot switch itself off (it renders the theme’s original inside): a broken import fails the build',
    // theme-fallback reads the imports assumption only: a changed original is the contract test's to report.
    switchOffs:
      component.kind === 'ejected'
        ? [
            {
              force: `theme/${component.name} › imports`,
              warns: [`theme/${component.name}`, ...(component.fallbackAlsoOff ?? [])],
              leaves: `the theme’s own ${component.name} renders instead of src/theme/${component.name}${(component.fallbackAlsoOff ?? []).map((other) => `; ${other} switches off too`).join('')}`,
            },
          ]
        : [],
    assumptions: [
      ...component.upstream.map(({file, sha256}) =>
        upstreamAssumption(file, sha256, component.changes),
      ),
      importsAssumption(files, component.changes),
    ],
  };
}

const ejected: readonly Subject[] = COMPONENTS.map(subjectOf);

/**
 * Why theme-fallback puts the theme's own `name` (`CodeBlock`) in place of
 * the site's (its imports assumption is broken, or forced so), or undefined
 * while the site's renders. Plugins that depend on the site's copy read it.
 */
export function themeFallback(name: string, pkgs: Installed): string | undefined {
  const subject = ejected.find((candidate) => candidate.name === `theme/${name}`);
  if (!subject) return `no theme/${name} subject`;
  return checkSubject(subject, pkgs).find(
    (finding) => finding.status === 'broken' && finding.assumption === 'imports',
  )?.error;
}

export default ejected;
