/**
 * The components that may put inline code into the built pages (a `style`
 * attribute, a `<style>` element, an inline `<script>`), each named, with how
 * to recognise the element it writes: its tag, classes and ancestors, never
 * its text's hash. The build (inline.ts) hashes what these write into the CSP
 * and fails, naming the page and the element, on inline code from anything
 * else. So the policy follows what an upgraded Docusaurus renders (3.10's
 * Collapsible writes no style, its theme an `<svg>` of icons with one) and
 * never allows inline code wholesale.
 *
 * Found in the 3.7.0 build and in @docusaurus/core, theme-common and
 * theme-classic 3.7.0 and 3.10.2 (`style={`, the `style` props
 * prism-react-renderer hands out, `injectHtmlTags`, `<script>`). Not listed,
 * because they never reach the server's HTML: core's Loading and Error
 * fallbacks and the mobile navbar (rendered in the browser only, where React
 * sets a `style` prop through the CSSOM, which the CSP does not govern); the
 * navbar and footer logos' `style`, written only from a `logo.style` the
 * config does not set.
 */
import type {PageElement} from './inline';

export type InlineKind = 'style attribute' | 'style element' | 'script';

export type InlineComponent = Readonly<{
  /** The component, as its package names it. */
  name: string;
  /** Where it comes from: package and file, or the site's own file. */
  source: string;
  kind: InlineKind;
  /** Whether the element (with its inline code) is one this component writes. */
  matches: (element: PageElement) => boolean;
  /**
   * `style` attribute values the script writes with `innerHTML`, read from
   * its text: the browser checks them against the policy when it parses them.
   */
  writesStyles?: (script: string) => string[];
}>;

function hasClass(element: PageElement | undefined, name: string): boolean {
  return (element?.attributes.class ?? '').split(/\s+/).includes(name);
}

/** A CSS module's class (`announcementBar_mb4j`), as the tests match it. */
function hasModuleClass(element: PageElement | undefined, name: string): boolean {
  return (element?.attributes.class ?? '').split(/\s+/).some((c) => c.startsWith(`${name}_`));
}

/** The element or its nearest ancestor that fits. */
function closest(
  element: PageElement | undefined,
  fits: (candidate: PageElement) => boolean,
): PageElement | undefined {
  for (let at = element; at; at = at.parent) if (fits(at)) return at;
  return undefined;
}

const isScript = (element: PageElement): boolean => element.tag === 'script';

/**
 * The theme's CodeBlock container: Prism's colours as variables in its
 * `style`. The site's CodeBlock (src/theme/CodeBlock) renders the same
 * classes without that style, so only blocks code-highlight left to the
 * theme match (when it has switched itself off).
 */
/**
 * The root of a code block the theme's CodeBlock rendered: a `div` for a
 * string of code, the `<pre>` itself for code that arrives as elements (a
 * `<code>` with markup inside, which the theme's MDXCode hands to CodeBlock).
 */
function themeCodeBlock(element: PageElement): boolean {
  return (
    (element.tag === 'div' || element.tag === 'pre') &&
    hasClass(element, 'theme-code-block') &&
    (element.attributes.style ?? '').includes('--prism-')
  );
}

export const INLINE_COMPONENTS: readonly InlineComponent[] = [
  {
    name: 'Collapsible',
    source:
      '@docusaurus/theme-common lib/components/Collapsible, in the theme-classic components that use it',
    kind: 'style attribute',
    // Its state until hydration (3.7 writes it, 3.10 does not): a doc sidebar
    // category's list (DocSidebarItem/Category) or a mobile navbar dropdown's
    // (NavbarItem/DropdownNavbarItem), the mobile table of contents
    // (TOCCollapsible), the body of a <details> (Details).
    matches: (element) =>
      (element.tag === 'ul' &&
        hasClass(element, 'menu__list') &&
        element.parent?.tag === 'li' &&
        hasClass(element.parent, 'menu__list-item')) ||
      (element.tag === 'div' && hasClass(element.parent, 'theme-doc-toc-mobile')) ||
      (element.tag === 'div' && element.parent?.tag === 'details'),
  },
  {
    name: 'CodeBlock',
    source:
      "@docusaurus/theme-classic lib/theme/CodeBlock (Container, Content, Line) with prism-react-renderer's Highlight, for blocks code-highlight leaves to it",
    kind: 'style attribute',
    // The container's Prism variables; the colours of the <pre>, its <code>
    // (line numbering in 3.10), each line and each token.
    matches: (element) => {
      if (themeCodeBlock(element)) return true;
      if (!closest(element.parent, themeCodeBlock)) return false;
      return (
        (element.tag === 'pre' && hasClass(element, 'prism-code')) ||
        element.tag === 'code' ||
        hasClass(element, 'token-line') ||
        hasClass(element, 'token')
      );
    },
  },
  {
    name: 'SVG sprites',
    source: '@docusaurus/theme-classic lib/index.js injectHtmlTags (3.10 and later)',
    kind: 'style attribute',
    // A hidden <svg> in <body> holding only the <defs> of the theme's icons.
    matches: (element) =>
      element.tag === 'svg' &&
      element.parent?.tag === 'body' &&
      element.children.length > 0 &&
      element.children.every(
        (defs) =>
          defs.tag === 'defs' &&
          defs.children.every(
            (symbol) => symbol.tag === 'symbol' && /^theme-svg-/.test(symbol.attributes.id ?? ''),
          ),
      ),
  },
  {
    name: 'AnnouncementBar',
    source:
      "@docusaurus/theme-classic lib/theme/AnnouncementBar, when theme-fallback renders it in place of the site's",
    kind: 'style attribute',
    // The configured colours, on the bar itself.
    matches: (element) =>
      element.tag === 'div' &&
      element.attributes.role === 'banner' &&
      hasModuleClass(element, 'announcementBar'),
  },
  {
    name: 'Icon/Socials',
    source:
      "@docusaurus/theme-classic lib/theme/Icon/Socials/*, in Blog/Components/Author/Socials when theme-fallback renders it in place of the site's",
    kind: 'style attribute',
    // An icon's light and dark fill, as variables.
    matches: (element) =>
      element.tag === 'svg' &&
      element.parent?.tag === 'a' &&
      hasModuleClass(element.parent.parent, 'authorSocials'),
  },
  {
    name: 'colour mode script',
    source: '@docusaurus/theme-classic lib/index.js injectHtmlTags (lib/inlineScripts.js)',
    kind: 'script',
    // In <body>, before the app: sets data-theme (and the announcement bar's
    // state) before the first paint.
    matches: (element) =>
      isScript(element) &&
      element.parent?.tag === 'body' &&
      Object.keys(element.attributes).length === 0 &&
      element.text.includes('data-theme'),
  },
  {
    name: 'BaseUrlIssueBanner',
    source: '@docusaurus/core lib/client/BaseUrlIssueBanner',
    kind: 'script',
    // The home page's script (react-helmet's data-rh) that shows the banner if
    // the bundle never ran, inserting it, with its style attributes, by innerHTML.
    matches: (element) =>
      isScript(element) &&
      'data-rh' in element.attributes &&
      element.text.includes('__docusaurus-base-url-issue-banner'),
    writesStyles: (script) =>
      [...script.matchAll(/\sstyle="([^"\\]*)"/g)].map(([, value]) => value ?? ''),
  },
  {
    name: 'boot script',
    source: 'config/ssrTemplate.ts, the site’s page template',
    kind: 'script',
    // At the end of <body>: loads the bundles its data-bundle names.
    matches: (element) =>
      isScript(element) && element.parent?.tag === 'body' && 'data-bundle' in element.attributes,
  },
];
