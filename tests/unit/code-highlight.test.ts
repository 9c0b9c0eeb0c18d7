// Build-time highlighting (src/plugins/code-highlight): token colours travel as
// classes whose rules the plugin's stylesheet holds, never as style attributes,
// which the site's CSP blocks.
import {strict as assert} from 'node:assert';
import {test} from 'node:test';
import {highlightLines, loadLanguages, themeCss} from '../../src/plugins/code-highlight/highlight';
import {darkCodeTheme, lightCodeTheme} from '../../config/prism';

const THEMES = {light: lightCodeTheme, dark: darkCodeTheme};

const SAMPLES: Record<string, string> = {
  bash: '# list targets\niscsiadm -m discovery -t st -p "$PORTAL"\n\necho ok',
  ts: "import type {Config} from '@docusaurus/types';\n// a comment\nconst n = 42;",
  json: '{"name": "io.github.x", "version": 1, "ok": true}',
  diff: '- old\n+ new',
};

/** The classes of a line's token spans that are not Prism's token types. */
function valueClasses(html: string): string[] {
  return [...html.matchAll(/class="([^"]*)"/g)]
    .flatMap(([, names]) => (names ?? '').split(' '))
    .filter((name) => /^(l|d|ls|ds|lo|do)-|^token-empty$/.test(name));
}

test('highlighted code carries no style attribute, and every class it uses has a rule', () => {
  loadLanguages(['bash', 'diff']);
  const css = themeCss(THEMES);
  const used = new Set<string>();
  for (const [language, code] of Object.entries(SAMPLES)) {
    const html = highlightLines(code, language, THEMES).join('\n');
    assert.doesNotMatch(html, /\sstyle=/, language);
    for (const name of valueClasses(html)) used.add(name);
  }
  // The samples use colours and italics in both modes, and an empty line.
  for (const prefix of ['l-', 'd-', 'ds-', 'token-empty']) {
    assert.ok(
      [...used].some((name) => name.startsWith(prefix)),
      `a ${prefix} class is used`,
    );
  }
  for (const name of used) assert.ok(css.includes(`.theme-code-block .${name} {`), name);
});

test('a class sets its mode’s variable to the theme’s value; the block’s own colour needs none', () => {
  const css = themeCss(THEMES);
  const html = highlightLines('const n = 42;', 'ts', THEMES).join('');
  const keyword = /<span class="token keyword ([^"]*)">const<\/span>/.exec(html)?.[1] ?? '';
  const keywordStyle = (theme: typeof lightCodeTheme) =>
    theme.styles.filter(({types}) => types.includes('keyword')).at(-1)?.style;
  const light = String(keywordStyle(lightCodeTheme)?.color).toLowerCase();
  const dark = String(keywordStyle(darkCodeTheme)?.color).toLowerCase();
  const classes = keyword.split(' ');
  assert.ok(classes.includes(`l-${light.slice(1)}`), keyword);
  assert.ok(classes.includes(`d-${dark.slice(1)}`), keyword);
  assert.ok(css.includes(`.theme-code-block .l-${light.slice(1)} { --l: ${light}; }`));
  assert.ok(css.includes(`.theme-code-block .d-${dark.slice(1)} { --d: ${dark}; }`));
  // Plain text inherits the block's colour: no class for it.
  assert.match(html, /<span class="token plain"> <\/span>/);
  assert.match(css, /\[data-theme='dark'\] \.theme-code-block \.token \{ color: var\(--d\);/);
});
