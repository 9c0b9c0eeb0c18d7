/**
 * The contract (src/contract): every assumption a plugin, the page template
 * or a theme component makes about Docusaurus internals holds for the
 * installed @docusaurus/* packages. A failure names the plugin or component
 * and the assumption, and says what changed.
 *
 * CONTRACT_SITE_DIR checks the packages installed for another copy of the
 * site (scripts/check-upgrade.ts runs it in a copy moved to another version).
 */
import assert from 'node:assert/strict';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {after, describe, test} from 'node:test';
import type {LoadContext} from '@docusaurus/types';
import {checkSubject, installed, SITE_DIR, type Installed} from '../../src/contract';
import subjects from '../../scripts/lib/contract-subjects';

const siteDir = path.resolve(process.env.CONTRACT_SITE_DIR ?? SITE_DIR);
const pkgs = installed(siteDir);

describe(`the contract holds for @docusaurus/core ${pkgs.version('@docusaurus/core')}`, () => {
  for (const subject of subjects) {
    test(subject.name, () => {
      const broken = checkSubject(subject, pkgs)
        .filter((finding) => finding.status === 'broken')
        .map((finding) => `${finding.subject} › ${finding.assumption}: ${finding.error}`);
      assert.deepEqual(broken, [], `${subject.name}: ${subject.whenBroken}`);
    });
  }
});

test('every assumptions.ts in the repository is in the register, so no subject goes unchecked', async () => {
  const files = readdirSync(path.join(SITE_DIR, 'src', 'plugins'))
    .map((plugin) => path.join(SITE_DIR, 'src', 'plugins', plugin, 'assumptions.ts'))
    .filter((file) => existsSync(file))
    .concat(path.join(SITE_DIR, 'config', 'ssrTemplate.assumptions.ts'));
  assert.ok(files.length > 1, 'no assumptions.ts found: the check itself is broken');
  for (const file of files) {
    const subject = ((await import(file)) as {default: {name: string}}).default;
    assert.ok(
      subjects.some((registered) => registered === subject || registered.name === subject.name),
      `${path.relative(SITE_DIR, file)} (${subject.name}) is not in scripts/lib/contract-subjects.ts`,
    );
  }
});

test('every assumption says what it needs and what for, and how it is checked', () => {
  const names = new Set<string>();
  for (const subject of subjects) {
    assert.ok(!names.has(subject.name), `${subject.name} is listed twice`);
    names.add(subject.name);
    assert.ok(subject.whenBroken.length > 0 && subject.files.length > 0, subject.name);
    const ids = subject.assumptions.map((a) => a.id);
    assert.equal(new Set(ids).size, ids.length, `${subject.name} repeats an assumption id`);
    for (const assumption of subject.assumptions) {
      const label = `${subject.name} › ${assumption.id}`;
      assert.ok(assumption.needs.length > 10 && assumption.use.length > 10, label);
      assert.ok(assumption.check ?? assumption.checkedBy, `${label}: no check and no test named`);
    }
  }
});

/** Installed packages with one package copied to a temporary folder and edited there. */
describe('a broken assumption is reported, naming the plugin and the assumption', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((dir) => rmSync(dir, {recursive: true, force: true})));
  /** `edit` returns the file's new text, or null to remove the file. */
  function withEdited(pkg: string, file: string, edit: (text: string) => string | null): Installed {
    // Under the site's node_modules, so the copy finds its own dependencies there.
    const cache = path.join(siteDir, 'node_modules', '.cache');
    mkdirSync(cache, {recursive: true});
    const dir = mkdtempSync(path.join(cache, 'contract-'));
    dirs.push(dir);
    const copy = path.join(dir, pkg);
    cpSync(pkgs.dir(pkg), copy, {recursive: true});
    const at = path.join(copy, file);
    const text = edit(readFileSync(at, 'utf8'));
    if (text === null) rmSync(at);
    else writeFileSync(at, text);
    return installed(siteDir, {[pkg]: copy});
  }
  const brokenIn = (packages: Installed): string[] =>
    subjects
      .flatMap((subject) => checkSubject(subject, packages))
      .filter((finding) => finding.status === 'broken')
      .map((finding) => `${finding.subject} › ${finding.assumption}: ${finding.error}`);
  /** What the edit broke: what is broken with it and was not without it. */
  let before: Set<string> | undefined;
  function brokenOf(packages: Installed): string[] {
    before ??= new Set(brokenIn(pkgs));
    return brokenIn(packages).filter((line) => !before?.has(line));
  }

  test('JSX and a `@docusaurus/…` client import in theme-common’s codeBlockUtils.js (as from 3.8) still load', () => {
    const edited = withEdited(
      '@docusaurus/theme-common',
      'lib/utils/codeBlockUtils.js',
      (text) =>
        `import useIsomorphicLayoutEffect from '@docusaurus/useIsomorphicLayoutEffect';\n${text}\n` +
        'export function Provider({children}) { useIsomorphicLayoutEffect(() => {}); return <div>{children}</div>; }\n',
    );
    assert.deepEqual(brokenOf(edited), []);
  });

  test('an import only the bundler resolves in theme-common’s codeBlockUtils.js breaks code-highlight', () => {
    const broken = withEdited(
      '@docusaurus/theme-common',
      'lib/utils/codeBlockUtils.js',
      (text) => `import CodeBlock from '@theme/CodeBlock';\n${text}\nexport {CodeBlock};\n`,
    );
    const [only, ...rest] = brokenOf(broken);
    assert.deepEqual(rest, []);
    assert.match(
      only ?? '',
      /^code-highlight › theme-common codeBlockUtils: .*codeBlockUtils\.js no longer loads in Node \(.*@theme\/CodeBlock/,
    );
  });

  test('createCodeBlockMetadata giving other results than 3.7.0 breaks code-highlight', () => {
    const broken = withEdited(
      '@docusaurus/theme-common',
      'lib/utils/codeBlockUtils.js',
      (text) =>
        `${text}\nexport function createCodeBlockMetadata(params) {\n` +
        '  return {...parseLines(params.code, params), title: params.metastring, lineNumbersStart: undefined};\n}\n',
    );
    const [only, ...rest] = brokenOf(broken);
    assert.deepEqual(rest, []);
    assert.match(
      only ?? '',
      /^code-highlight › theme-common codeBlockUtils: .*createCodeBlockMetadata gives other results than in 3\.7\.0/,
    );
  });

  test('core’s client entry no longer importing ./docusaurus breaks route-prefetch', () => {
    const broken = withEdited('@docusaurus/core', 'lib/client/clientEntry.js', (text) =>
      text.replace("import docusaurus from './docusaurus';", "import docusaurus from './api';"),
    );
    assert.deepEqual(brokenOf(broken), [
      "route-prefetch › clientEntry imports ./docusaurus: @docusaurus/core/lib/client/clientEntry.js no longer imports './docusaurus'",
    ]);
  });

  test('React reconciling the children of a dangerouslySetInnerHTML element breaks article-once', () => {
    const broken = withEdited('react-dom', 'cjs/react-dom-client.production.js', (text) =>
      // The one test that keeps a server element's children: it no longer looks at __html.
      text.replace(
        /(function shouldSetTextContent\(type, props\) \{[^}]*?)null != props\.dangerouslySetInnerHTML\.__html/,
        '$1false',
      ),
    );
    assert.deepEqual(brokenOf(broken), [
      'article-once › React keeps the server HTML of dangerouslySetInnerHTML: react-dom/cjs/react-dom-client.production.js no longer treats an element with dangerouslySetInnerHTML.__html as one without child fibres',
    ]);
  });

  test('ComponentCreator no longer copying a module’s named exports breaks article-once', () => {
    const broken = withEdited(
      '@docusaurus/core',
      'lib/client/exports/ComponentCreator.js',
      (text) => text.replace('chunk[nonDefaultKey] =', 'void chunk, loaded[nonDefaultKey] ='),
    );
    assert.deepEqual(brokenOf(broken), [
      'article-once › ComponentCreator copies named exports: @docusaurus/core/lib/client/exports/ComponentCreator.js no longer copies the other exports onto it',
    ]);
  });

  test('mdx-loader writing its exports after the MDX program breaks article-once', () => {
    const broken = withEdited('@docusaurus/mdx-loader', 'lib/loader.js', (text) =>
      text.replace(
        /const code = `\s*\$\{exportsCode\}\s*\$\{result\.content\}/,
        'const code = `${result.content}\n${exportsCode}',
      ),
    );
    assert.deepEqual(brokenOf(broken), [
      'article-once › mdx-loader output: @docusaurus/mdx-loader/lib/loader.js no longer puts those exports before the MDX program',
    ]);
  });

  test('client code reading a plugin’s options from the site config breaks client-config', () => {
    const broken = withEdited(
      '@docusaurus/theme-classic',
      'lib/theme/Layout/index.js',
      (text) => `${text}\nexport const readsPlugins = (siteConfig) => siteConfig.plugins;\n`,
    );
    const [only, ...rest] = brokenOf(broken);
    assert.deepEqual(rest, []);
    assert.match(
      only ?? '',
      /^client-config › no browser code reads plugin options: index\.js may read /,
    );
  });

  test('a changed original of an ejected component asks to carry it forward', () => {
    const broken = withEdited(
      '@docusaurus/theme-classic',
      'src/theme/BlogArchivePage/index.tsx',
      (text) => text.replace('<Heading as="h3"', '<Heading as="h2"'),
    );
    const [only, ...rest] = brokenOf(broken);
    assert.deepEqual(rest, []);
    assert.match(
      only ?? '',
      /^theme\/BlogArchivePage › upstream BlogArchivePage\/index\.tsx: upstream original changed .*carry forward$/,
    );
  });

  test('a changed original of a component article-once copies switches article-once off', () => {
    const broken = withEdited(
      '@docusaurus/theme-classic',
      'src/theme/DocItem/Content/index.tsx',
      (text) => `${text}\n// 3.x: a change upstream\n`,
    );
    const [only, ...rest] = brokenOf(broken);
    assert.deepEqual(rest, []);
    assert.match(
      only ?? '',
      /^article-once › upstream DocItem\/Content\/index\.tsx: upstream original changed .*carry forward$/,
    );
  });

  test('the theme’s Tabs no longer hiding the panels it does not show breaks article-once', () => {
    const broken = withEdited('@docusaurus/theme-classic', 'lib/theme/Tabs/index.js', (text) =>
      text.replace('hidden: tabItem.props.value !== selectedValue', 'inert: false'),
    );
    assert.deepEqual(brokenOf(broken), [
      'article-once › Tabs markup: @docusaurus/theme-classic/lib/theme/Tabs or TabItem no longer hides every panel but the selected',
    ]);
  });

  test('each TabItem hiding itself when not selected (as from 3.10) keeps article-once', () => {
    const moved = withEdited('@docusaurus/theme-classic', 'lib/theme/Tabs/index.js', (text) =>
      text.replace('hidden: tabItem.props.value !== selectedValue', 'inert: false'),
    );
    const tabItem = path.join(moved.dir('@docusaurus/theme-classic'), 'lib/theme/TabItem/index.js');
    writeFileSync(
      tabItem,
      readFileSync(tabItem, 'utf8').replace(
        '{...{hidden}}>',
        '{...{hidden}}>{null}</div>;\n}\nexport function TabItemOf({isSelected}) {\n  return <div role="tabpanel" hidden={!isSelected}>',
      ),
    );
    assert.deepEqual(brokenOf(moved), []);
  });

  test('core’s protocol test written as RFC 3986’s scheme (as from 3.10) keeps article-once, one that takes a path for a protocol breaks it', () => {
    const file = 'lib/client/exports/isInternalUrl.js';
    const rfc = withEdited('@docusaurus/core', file, (text) =>
      text.replace('/^(?:\\w*:|\\/\\/)/', '/^(?:[A-Za-z][A-Za-z\\d+.-]*:|\\/\\/)/'),
    );
    assert.deepEqual(brokenOf(rfc), []);
    const broken = withEdited('@docusaurus/core', file, (text) =>
      text.replace('/^(?:\\w*:|\\/\\/)/', '/^(?:.*:|\\/\\/)/'),
    );
    assert.deepEqual(brokenOf(broken), [
      'article-once › Link click rules: @docusaurus/core/lib/client/exports/isInternalUrl.js no longer treats a URL with a protocol (or `//`) as external',
    ]);
  });

  test('Link no longer preloading a page on touch breaks article-once', () => {
    const broken = withEdited('@docusaurus/core', 'lib/client/exports/Link.js', (text) =>
      text.replace(' onTouchStart={onInteractionEnter}', ''),
    );
    assert.deepEqual(brokenOf(broken), [
      'article-once › Link click rules: @docusaurus/core/lib/client/exports/Link.js no longer preloads on hover and touch',
    ]);
  });

  test('a theme component a wrapper loads on demand going away breaks the wrapper', () => {
    const broken = withEdited(
      '@docusaurus/theme-classic',
      'lib/theme/DocVersionBadge/index.js',
      () => null,
    );
    assert.deepEqual(brokenOf(broken), [
      'theme/DocVersionBadge › imports: src/theme/DocVersionBadge/index.tsx imports @theme-original/DocVersionBadge, which @docusaurus/theme-classic no longer has',
    ]);
  });

  test('the docs client API no longer exporting useDoc breaks article-once’s DocItem/Content and the DocItem/Footer wrapper', () => {
    const broken = withEdited('@docusaurus/plugin-content-docs', 'lib/client/index.js', (text) =>
      text.replace(/\buseDoc\b/g, 'useDocument'),
    );
    assert.deepEqual(brokenOf(broken).sort(), [
      'article-once › imports: src/plugins/article-once/theme/DocItem/Content/index.tsx imports useDoc from @docusaurus/plugin-content-docs/client, which no longer exports it',
      'theme/DocItem/Footer › imports: src/theme/DocItem/Footer/index.tsx imports useDoc from @docusaurus/plugin-content-docs/client, which no longer exports it',
    ]);
  });

  test('an internal export an ejected component imports going away breaks it', () => {
    const broken = withEdited('@docusaurus/theme-common', 'lib/internal.js', (text) =>
      text.replace(/\buseAnnouncementBar\b/g, 'useAnnouncementBanner'),
    );
    assert.deepEqual(brokenOf(broken), [
      'theme/AnnouncementBar › imports: src/theme/AnnouncementBar/index.tsx imports useAnnouncementBar from @docusaurus/theme-common/internal, which no longer exports it',
    ]);
  });
});

test('theme-fallback points an ejected component whose import is gone at the theme’s original, and says so', async (t) => {
  // A site whose theme-classic has no CodeBlock/Content, whose Element the site's CodeBlock imports.
  const cache = path.join(siteDir, 'node_modules', '.cache');
  mkdirSync(cache, {recursive: true});
  const site = mkdtempSync(path.join(cache, 'contract-site-'));
  t.after(() => rmSync(site, {recursive: true, force: true}));
  const theme = path.join(site, 'node_modules', '@docusaurus', 'theme-classic');
  cpSync(pkgs.dir('@docusaurus/theme-classic'), theme, {recursive: true});
  rmSync(path.join(theme, 'lib', 'theme', 'CodeBlock', 'Content'), {recursive: true});
  const warnings: string[] = [];
  t.mock.method(console, 'warn', (message: string) => warnings.push(message));
  const {default: themeFallback} = await import('../../src/plugins/theme-fallback');
  const plugin = themeFallback({siteDir: site} as LoadContext);
  const configure = plugin.configureWebpack as () => {resolve?: {alias?: object}};
  assert.deepEqual(configure().resolve?.alias, {
    '@theme/CodeBlock': path.join(realpathSync(theme), 'lib', 'theme', 'CodeBlock', 'index.js'),
  });
  assert.equal(warnings.length, 1);
  assert.match(
    warnings[0] ?? '',
    /\[switched off\] theme\/CodeBlock: .*@theme\/CodeBlock\/Content\/Element/,
  );
  // On the installed version it changes nothing.
  assert.deepEqual(
    (themeFallback({siteDir} as LoadContext).configureWebpack as () => object)(),
    {},
  );
});
