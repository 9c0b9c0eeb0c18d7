/**
 * Syntax highlighting at build time, with the same Prism, grammars and token
 * colours the theme's CodeBlock uses in the browser. Each token's colours for
 * both colour modes go into classes (`l-226e6d d-bd93f9 ds-italic`), whose
 * rules `themeCss` writes from the two themes: a page shows the right colours
 * in either mode before any script runs, no highlighter ships to the browser,
 * and no token needs a `style` attribute, which the site's CSP blocks.
 */
import {createRequire} from 'node:module';
import {normalizeTokens, Prism, type PrismTheme, type Token} from 'prism-react-renderer';
import {escapeText} from '../../lib/escape';

type Style = Readonly<Record<string, string | number | undefined>>;
type StyleDict = Readonly<Record<string, Style | undefined>>;

/**
 * The token style properties the site's code themes use, and the variables
 * each mode's value goes in (set by the token's classes, read by the rules of
 * `themeCss`).
 */
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

/** Marks an empty token, which the theme shows as `display: inline-block`. */
const EMPTY_TOKEN_CLASS = 'token-empty';

/** The class that sets one variable to one value: `l-226e6d`, `ds-italic`, `lo-0_7`. */
function valueClass(variable: string, value: string | number): string {
  const name = String(value)
    .toLowerCase()
    .replace(/^#/, '')
    .replace(/[^a-z0-9]+/g, '_');
  return `${variable.slice(2)}-${name}`;
}

/** A colour equal to the block's own (the theme's `plain` colour) is left out: the token inherits it anyway. */
function isPlain(theme: PrismTheme, name: Property, value: string | number): boolean {
  return (
    name === 'color' && String(value).toLowerCase() === String(theme.plain.color).toLowerCase()
  );
}

/** A token's classes for its style in each mode (the style prism-react-renderer would set inline). */
function tokenClasses(light: Style, dark: Style, themes: Themes): string[] {
  const classes: string[] = [];
  if (light.display ?? dark.display) classes.push(EMPTY_TOKEN_CLASS);
  for (const [name, variables] of Object.entries(PROPERTIES)) {
    for (const mode of ['light', 'dark'] as const) {
      const value = (mode === 'light' ? light : dark)[name as Property];
      if (value !== undefined && !isPlain(themes[mode], name as Property, value)) {
        classes.push(valueClass(variables[mode], value));
      }
    }
  }
  return classes;
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
        const className = [
          'token',
          ...token.types,
          ...tokenClasses(tokenStyle(light, token), tokenStyle(dark, token), themes),
        ].join(' ');
        return `<span class="${className}">${escapeText(token.content)}</span>`;
      })
      .join('');
  });
}

/**
 * The stylesheet that goes with `highlightLines`: the code block's own
 * colours per colour mode, a rule per value the themes give a token property
 * (setting that mode's variable), and the rules that read the variables. A
 * variable a token does not set leaves the property unset, so it inherits as
 * it would in the theme. Throws when two values would share a class.
 */
export function themeCss(themes: Themes): string {
  const {light, dark} = themes;
  const vars = (mode: 'light' | 'dark') =>
    Object.values(PROPERTIES)
      .map((property) => `${property.css}: var(${property[mode]})`)
      .join('; ');
  const block = (theme: PrismTheme) =>
    `--prism-color: ${theme.plain.color}; --prism-background-color: ${theme.plain.backgroundColor};`;
  const values = new Map<string, string>();
  for (const mode of ['light', 'dark'] as const) {
    for (const {style} of themes[mode].styles) {
      for (const [name, variables] of Object.entries(PROPERTIES)) {
        const value = style[name as Property];
        if (value === undefined || isPlain(themes[mode], name as Property, value)) continue;
        const variable = variables[mode];
        const className = valueClass(variable, value);
        const rule = `${variable}: ${value}`;
        if ((values.get(className) ?? rule) !== rule) {
          throw new Error(
            `code-highlight: "${values.get(className)}" and "${rule}" would share the class ${className}`,
          );
        }
        values.set(className, rule);
      }
    }
  }
  return [
    `.theme-code-block { ${block(light)} }`,
    `[data-theme='dark'] .theme-code-block { ${block(dark)} }`,
    `.theme-code-block .${EMPTY_TOKEN_CLASS} { display: inline-block; }`,
    ...[...values]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([className, rule]) => `.theme-code-block .${className} { ${rule}; }`),
    `.theme-code-block .token { ${vars('light')}; }`,
    `[data-theme='dark'] .theme-code-block .token { ${vars('dark')}; }`,
    '',
  ].join('\n');
}
