/**
 * Syntax highlighting at build time, with the same Prism, grammars and token
 * colours the theme's CodeBlock uses in the browser. Each token's colours go
 * into CSS variables for both colour modes (`--l`/`--d` and friends, read by
 * the rules of `themeCss`), so a page shows the right colours in either mode
 * before any script runs, and no highlighter ships to the browser.
 */
import {createRequire} from 'node:module';
import {normalizeTokens, Prism, type PrismTheme, type Token} from 'prism-react-renderer';

type Style = Readonly<Record<string, string | number | undefined>>;
type StyleDict = Readonly<Record<string, Style | undefined>>;

/** The token style properties the site's code themes use, and their variables. */
const PROPERTIES = {
  color: {css: 'color', light: '--l', dark: '--d'},
  fontStyle: {css: 'font-style', light: '--ls', dark: '--ds'},
  opacity: {css: 'opacity', light: '--lo', dark: '--do'},
} as const;

type Property = keyof typeof PROPERTIES;

const loadedLanguages = new Set<string>();

/**
 * Adds Prism grammars the way the theme's `prism-include-languages` does in
 * the browser: component files register themselves on `globalThis.Prism`.
 */
export function loadLanguages(languages: readonly string[]): void {
  const require = createRequire(__filename);
  const global = globalThis as {Prism?: unknown};
  const before = global.Prism;
  global.Prism = Prism;
  try {
    for (const language of languages) {
      if (loadedLanguages.has(language)) continue;
      if (language === 'php') require('prismjs/components/prism-markup-templating.js');
      require(`prismjs/components/prism-${language}`);
      loadedLanguages.add(language);
    }
  } finally {
    if (before === undefined) delete global.Prism;
    else global.Prism = before;
  }
}

/** prism-react-renderer's theme dictionary (its `themeToDict`). */
function themeDict(theme: PrismTheme, language: string): StyleDict {
  const dict: Record<string, Style> = {};
  for (const {languages, style, types} of theme.styles) {
    if (languages && !languages.includes(language as never)) continue;
    for (const type of types) dict[type] = {...dict[type], ...style};
  }
  return dict;
}

/** prism-react-renderer's style for one token (its `useGetTokenProps`). */
function tokenStyle(dict: StyleDict, {types, empty}: Token): Style {
  if (types.length === 1 && types[0] === 'plain') return empty ? {display: 'inline-block'} : {};
  return Object.assign(empty ? {display: 'inline-block'} : {}, ...types.map((type) => dict[type]));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A token's style attribute. A colour equal to the block's own (the theme's
 * `plain` colour) is left out: the token inherits it from the block anyway.
 */
function styleAttribute(light: Style, dark: Style, themes: Themes): string {
  const declarations: string[] = [];
  if (light.display ?? dark.display) declarations.push(`display:${light.display ?? dark.display}`);
  const plain = (mode: 'light' | 'dark', name: Property) =>
    name === 'color' ? String(themes[mode].plain.color).toLowerCase() : undefined;
  for (const [name, {light: lightVar, dark: darkVar}] of Object.entries(PROPERTIES)) {
    const [l, d] = [light[name as Property], dark[name as Property]];
    if (l !== undefined && String(l).toLowerCase() !== plain('light', name as Property)) {
      declarations.push(`${lightVar}:${l}`);
    }
    if (d !== undefined && String(d).toLowerCase() !== plain('dark', name as Property)) {
      declarations.push(`${darkVar}:${d}`);
    }
  }
  return declarations.length > 0 ? ` style="${declarations.join(';')}"` : '';
}

export type Themes = Readonly<{light: PrismTheme; dark: PrismTheme}>;

/**
 * The inner HTML of each line of `code`: one `<span class="token …">` per
 * Prism token, as the theme's CodeBlock renders them. Unknown languages give
 * plain text, as in the browser.
 */
export function highlightLines(code: string, language: string, themes: Themes): string[] {
  const grammar = Prism.languages[language];
  const env = {code, grammar, language, tokens: [] as (string | Prism.Token)[]};
  if (grammar) {
    Prism.hooks.run('before-tokenize', env);
    env.tokens = Prism.tokenize(code, grammar);
    Prism.hooks.run('after-tokenize', env);
  }
  const lines = normalizeTokens(grammar ? env.tokens : [code]);
  const light = themeDict(themes.light, language);
  const dark = themeDict(themes.dark, language);
  return lines.map((line) => {
    // The theme's Line component renders an empty last token for a blank line.
    const tokens =
      line.length === 1 && line[0]?.content === '\n' ? [{...line[0], content: ''}] : line;
    return tokens
      .map((token) => {
        const className = ['token', ...token.types].join(' ');
        const style = styleAttribute(tokenStyle(light, token), tokenStyle(dark, token), themes);
        return `<span class="${className}"${style}>${escapeHtml(token.content)}</span>`;
      })
      .join('');
  });
}

/**
 * The stylesheet that goes with `highlightLines`: token colours per colour
 * mode, and the code block's own colours. A variable a token does not set
 * leaves the property unset, so it inherits as it would in the theme. The `!important` on the block's
 * variables beats the inline ones the theme's Container sets for the mode it
 * rendered in (the server always renders light).
 */
export function themeCss({light, dark}: Themes): string {
  const vars = (mode: 'light' | 'dark') =>
    Object.values(PROPERTIES)
      .map((property) => `${property.css}: var(${property[mode]})`)
      .join('; ');
  const block = (theme: PrismTheme) =>
    `--prism-color: ${theme.plain.color} !important; --prism-background-color: ${theme.plain.backgroundColor} !important;`;
  return [
    `.theme-code-block { ${block(light)} }`,
    `[data-theme='dark'] .theme-code-block { ${block(dark)} }`,
    `.theme-code-block .token[style] { ${vars('light')}; }`,
    `[data-theme='dark'] .theme-code-block .token[style] { ${vars('dark')}; }`,
    '',
  ].join('\n');
}
