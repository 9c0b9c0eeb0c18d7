/**
 * The inline code of the built pages, and what the policy makes of it: every
 * `style` attribute, `<style>` element and inline `<script>` is matched
 * against the components allowed to write it (allowlist.ts) and hashed for
 * the CSP; anything no component claims is a stray, which fails the build.
 * Event handler attributes (`onclick=`) have no component: always strays.
 *
 * The pages are read as the browser hashes them: attribute values with
 * character references decoded, the text of scripts and styles as written,
 * line breaks normalised (the HTML standard's input stream). The articles
 * article-once writes to `__articles/` are these pages' own articles, so
 * their inline code is hashed with the pages'.
 */
import {Parser} from 'htmlparser2';
import {INLINE_COMPONENTS, type InlineComponent, type InlineKind} from './allowlist';
import {sha256, type InlineHashes} from './policy';

/** An element of a built page, as the allow-list sees it. */
export type PageElement = {
  readonly tag: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly parent: PageElement | undefined;
  readonly children: PageElement[];
  /** The text of a `<script>` or `<style>`, as written. */
  text: string;
};

/** A page's elements, in document order, each linked to its parent and children. */
export function pageElements(html: string): PageElement[] {
  const all: PageElement[] = [];
  const root: PageElement = {
    tag: '#document',
    attributes: {},
    parent: undefined,
    children: [],
    text: '',
  };
  let open = root;
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        const element: PageElement = {tag, attributes, parent: open, children: [], text: ''};
        open.children.push(element);
        all.push(element);
        open = element;
      },
      ontext(text) {
        if (open.tag === 'script' || open.tag === 'style') open.text += text;
      },
      onclosetag() {
        open = open.parent ?? root;
      },
    },
    {decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true},
  );
  parser.write(html.replace(/\r\n?/g, '\n'));
  parser.end();
  return all;
}

/** What a script's `type` makes of it: JavaScript runs, anything else (JSON-LD) is data. */
function runs(script: PageElement): boolean {
  const type = (script.attributes.type ?? '').trim().toLowerCase();
  return (
    type === '' || type === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/.test(type)
  );
}

/** Inline code no allowed component writes: the page, and the element in words. */
export type Stray = Readonly<{page: string; kind: InlineKind | 'event handler'; element: string}>;

export type InlineReport = Readonly<{
  hashes: InlineHashes;
  strays: readonly Stray[];
  /** How many elements each allowed component wrote, by name. */
  written: ReadonlyMap<string, number>;
}>;

const shorten = (text: string, length: number): string =>
  text.length > length ? `${text.slice(0, length)}…` : text;

/** `div#__docusaurus.main-wrapper`: an element as a CSS selector would name it. */
function selector(element: PageElement): string {
  const id = element.attributes.id ? `#${element.attributes.id}` : '';
  const classes = (element.attributes.class ?? '').split(/\s+/).filter(Boolean).slice(0, 3);
  return `${element.tag}${id}${classes.map((c) => `.${c}`).join('')}`;
}

/** The element's start tag, its ancestors and, for a script or style, its text's start. */
export function describe(element: PageElement): string {
  const attributes = Object.entries(element.attributes)
    .map(([name, value]) => ` ${name}="${shorten(value, 80)}"`)
    .join('');
  const ancestors: string[] = [];
  for (let at = element.parent; at && at.tag !== '#document'; at = at.parent) {
    ancestors.unshift(selector(at));
  }
  const path = ancestors.length > 4 ? ['…', ...ancestors.slice(-4)] : ancestors;
  const text = element.text.trim() ? ` ${JSON.stringify(shorten(element.text.trim(), 60))}` : '';
  return `<${element.tag}${attributes}>${text} in ${path.join(' > ')}`;
}

/**
 * Every inline style and script of the pages, hashed when an allowed
 * component wrote it, a stray otherwise.
 */
export function inlineReport(
  pages: Iterable<Readonly<{file: string; html: string}>>,
  components: readonly InlineComponent[] = INLINE_COMPONENTS,
): InlineReport {
  const hashes = {
    scripts: new Set<string>(),
    styleElements: new Set<string>(),
    styleAttributes: new Set<string>(),
  };
  const strays: Stray[] = [];
  const written = new Map<string, number>();
  const claim = (page: string, kind: InlineKind, element: PageElement, source: string): void => {
    const component = components.find((c) => c.kind === kind && c.matches(element));
    if (!component) {
      strays.push({page, kind, element: describe(element)});
      return;
    }
    written.set(component.name, (written.get(component.name) ?? 0) + 1);
    const into = {
      script: hashes.scripts,
      'style element': hashes.styleElements,
      'style attribute': hashes.styleAttributes,
    }[kind];
    into.add(sha256(source));
    for (const style of component.writesStyles?.(source) ?? [])
      hashes.styleAttributes.add(sha256(style));
  };
  for (const {file, html} of pages) {
    for (const element of pageElements(html)) {
      if (element.tag === 'script' && !('src' in element.attributes) && runs(element)) {
        claim(file, 'script', element, element.text);
      }
      if (element.tag === 'style') claim(file, 'style element', element, element.text);
      const style = element.attributes.style;
      if (style !== undefined) claim(file, 'style attribute', element, style);
      if (Object.keys(element.attributes).some((name) => /^on/.test(name))) {
        strays.push({page: file, kind: 'event handler', element: describe(element)});
      }
    }
  }
  const sorted = (set: Set<string>): string[] => [...set].sort();
  return {
    hashes: {
      scripts: sorted(hashes.scripts),
      styleElements: sorted(hashes.styleElements),
      styleAttributes: sorted(hashes.styleAttributes),
    },
    strays,
    written,
  };
}

/** The strays in words, one a line, for the build's error and `--check`. */
export function straysMessage(strays: readonly Stray[], limit = 20): string {
  const lines = strays
    .slice(0, limit)
    .map(({page, kind, element}) => `  ${page}: ${kind} ${element}`);
  if (strays.length > limit) lines.push(`  … and ${strays.length - limit} more`);
  return (
    `${strays.length} inline styles or scripts that no component in ` +
    'src/plugins/security-headers/allowlist.ts writes; the CSP would block them ' +
    '(move the style to a stylesheet and the script to a file, or name the component there):\n' +
    lines.join('\n')
  );
}
