/**
 * Forcing a switch-off (src/contract `CONTRACT_BREAK`): a forced subject or
 * check is reported broken by the same functions the plugins call, so a
 * build takes the path a real break takes; the register of switch-offs
 * (scripts/lib/switch-offs.ts) says what each forces and which `[switched
 * off]` lines a forced build must print. The builds themselves are checked by
 * tests/switch-offs (npm test, npm run test:switch-offs).
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, test} from 'node:test';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {Root} from 'hast';
import {
  breakEntries,
  checkSubject,
  CONTRACT_BREAK,
  firstBroken,
  forcedBreak,
  installed,
  type Subject,
} from '../../src/contract';
import {routeChunkScriptsActive} from '../../src/lib/build-files';
import lazyRoutesPlugin from '../../src/plugins/lazy-routes';
import routeChunkScriptsPlugin from '../../src/plugins/route-chunk-scripts';
import subjects from '../../scripts/lib/contract-subjects';
import {
  checkBreak,
  expectedWarnings,
  listSwitchOffs,
  warningProblems,
} from '../../scripts/lib/switch-offs';

const before = process.env.CONTRACT_BREAK;
afterEach(() => {
  if (before === undefined) delete process.env.CONTRACT_BREAK;
  else process.env.CONTRACT_BREAK = before;
});

const subject = (name: string, check?: () => void): Subject => ({
  name,
  kind: 'plugin',
  files: [`src/plugins/${name}/`],
  whenBroken: 'switches itself off',
  switchOffs: [{force: name, warns: [name], leaves: 'the theme’s own'}],
  assumptions: [
    {id: 'one', needs: 'a file', use: 'read', check: check ?? (() => undefined)},
    {id: 'two', needs: 'a file', use: 'read', check: () => undefined},
  ],
});

test('CONTRACT_BREAK names subjects, one check (`›` or `>`), or every subject (`*`)', () => {
  assert.equal(CONTRACT_BREAK, 'CONTRACT_BREAK');
  assert.deepEqual(breakEntries(' lazy-routes , code-highlight>x ,, a ›  b '), [
    'lazy-routes',
    'code-highlight › x',
    'a › b',
  ]);
  delete process.env.CONTRACT_BREAK;
  assert.equal(forcedBreak('lazy-routes', 'generated files'), undefined);
  process.env.CONTRACT_BREAK = 'lazy-routes';
  assert.match(forcedBreak('lazy-routes', 'generated files') ?? '', /^forced by CONTRACT_BREAK/);
  assert.equal(forcedBreak('route-chunk-scripts', 'generated files'), undefined);
  process.env.CONTRACT_BREAK = 'lazy-routes > generated files';
  assert.ok(forcedBreak('lazy-routes', 'generated files'));
  assert.equal(forcedBreak('lazy-routes', 'core preload'), undefined);
  process.env.CONTRACT_BREAK = '*';
  assert.ok(forcedBreak('theme/CodeBlock', 'imports'));
});

test('a forced assumption is broken for checkSubject and firstBroken, as a failed check is', () => {
  const plugin = subject('some-plugin');
  delete process.env.CONTRACT_BREAK;
  assert.equal(firstBroken(plugin), undefined);
  process.env.CONTRACT_BREAK = 'some-plugin › two';
  assert.deepEqual(
    checkSubject(plugin, installed()).map((f) => f.status),
    ['holds', 'broken'],
  );
  assert.equal(firstBroken(plugin), 'two: forced by CONTRACT_BREAK=some-plugin › two');
  process.env.CONTRACT_BREAK = 'some-plugin';
  assert.match(firstBroken(plugin) ?? '', /^one: forced by/);
});

test('code-highlight forced off takes the path of a theme file that does not load: every block goes to the theme’s CodeBlock', async () => {
  // A process of its own (node --test runs each file in one): codeBlockUtils() is decided once.
  process.env.CONTRACT_BREAK = 'code-highlight › theme-common codeBlockUtils';
  const {codeBlockUtils} = await import('../../src/plugins/code-highlight/codeBlockUtils');
  const {default: rehypeCodeHighlight} = await import('../../src/plugins/code-highlight/rehype');
  const {lightCodeTheme, darkCodeTheme, codeLanguages} = await import('../../config/prism');
  assert.deepEqual(codeBlockUtils(), {
    error: 'forced by CONTRACT_BREAK=code-highlight › theme-common codeBlockUtils',
  });
  const tree: Root = {
    type: 'root',
    children: [
      {
        type: 'element',
        tagName: 'pre',
        properties: {},
        children: [
          {
            type: 'element',
            tagName: 'code',
            properties: {className: ['language-bash']},
            children: [{type: 'text', value: 'ls\n'}],
          },
        ],
      },
    ],
  };
  rehypeCodeHighlight({
    themes: {light: lightCodeTheme, dark: darkCodeTheme},
    languages: codeLanguages,
    magicComments: [],
  })(tree);
  const [pre] = tree.children;
  const code = pre?.type === 'element' ? pre.children[0] : undefined;
  assert.equal(code?.type === 'element' && code.properties.themeCodeBlock, true);
});

test('every subject says how the build goes on without it, or that it cannot', () => {
  for (const s of subjects) {
    for (const switchOff of s.switchOffs) {
      assert.ok(
        switchOff.force === s.name || switchOff.force.startsWith(`${s.name} › `),
        `${s.name}: ${switchOff.force} forces another subject`,
      );
      assert.ok(switchOff.warns.includes(s.name), `${s.name}: its own [switched off] line`);
      assert.ok(switchOff.leaves.length > 10, `${s.name}: what it leaves`);
    }
    if (s.switchOffs.length === 0) {
      assert.match(s.whenBroken, /cannot switch itself off/, `${s.name}: ${s.whenBroken}`);
    }
    // theme-fallback serves every ejected component, and only those.
    assert.equal(s.switchOffs.length > 0 || s.kind !== 'ejected', true, s.name);
  }
  const forces = listSwitchOffs().map((s) => s.force);
  assert.equal(new Set(forces).size, forces.length, 'each switch-off has a force of its own');
  // Today's: the plugins that guard themselves, the two generated-file paths, each ejected component.
  const plugins = new Set(listSwitchOffs().map((s) => s.subject));
  for (const name of [
    'lazy-routes',
    'article-once',
    'client-config',
    'route-prefetch',
    'route-chunk-scripts',
    'tslib-helpers',
    'code-highlight',
    'theme/CodeBlock',
  ]) {
    assert.ok(plugins.has(name), name);
  }
  for (const name of ['security-headers', 'blog', 'diagrams', 'config/ssrTemplate']) {
    assert.ok(!plugins.has(name), name);
  }
});

test('a forced build must print the [switched off] lines its switch-offs name, and no other', () => {
  const all = [subject('a'), subject('b', () => undefined)];
  assert.deepEqual(expectedWarnings('*', all), ['a', 'b']);
  assert.deepEqual(expectedWarnings('a', all), ['a']);
  assert.throws(() => checkBreak('c', all), /"c" forces no switch-off; use \* or one of: a, b/);
  assert.throws(() => checkBreak(' , ', all), /empty/);
  const line = (name: string) => `[WARNING] [switched off] ${name}: one: forced. Fallback.`;
  assert.deepEqual(warningProblems('a', line('a'), undefined, all), []);
  assert.deepEqual(warningProblems('a', '', undefined, all), [
    'a did not switch off (no "[switched off] a:" line)',
  ]);
  assert.match(
    warningProblems('a', `${line('a')}\n${line('b')}`, undefined, all)[0] ?? '',
    /^b switched off too, unasked/,
  );
  // A subject broken for real on the installed packages switches off in every build.
  const broken = [
    subject('a'),
    subject('b', () => {
      throw new Error('gone');
    }),
  ];
  assert.deepEqual(warningProblems('a', `${line('a')}\n${line('b')}`, undefined, broken), []);
});

/** The `[switched off]` warnings `work` prints. */
function warnings(work: () => void): string[] {
  const printed: string[] = [];
  const warn = console.warn;
  console.warn = (message: string) => void printed.push(message);
  try {
    work();
  } finally {
    console.warn = warn;
  }
  return printed.filter((line) => line.includes('[switched off]'));
}

test('lazy-routes switches off when route-chunk-scripts is off: a lazy route’s page needs the data-route it writes', (t) => {
  const generatedFilesDir = mkdtempSync(path.join(tmpdir(), 'switch-offs-'));
  t.after(() => rmSync(generatedFilesDir, {recursive: true, force: true}));
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  t.after(() => {
    process.env.NODE_ENV = environment;
  });
  const context = {
    generatedFilesDir,
    siteDir: path.join(__dirname, '..', '..'),
    siteConfig: {baseUrl: '/'},
    baseUrl: '/',
  } as unknown as LoadContext;
  const utils = {currentBundler: {instance: {}}} as Parameters<
    NonNullable<Plugin['configureWebpack']>
  >[2];
  /** Makes both plugins, as a build does, and runs their client configureWebpack in config order. */
  const build = (): string[] =>
    warnings(() => {
      const chunkScripts = routeChunkScriptsPlugin(context);
      const lazy = lazyRoutesPlugin(context);
      chunkScripts.configureWebpack?.({entry: 'main.js'}, false, utils, undefined as never);
      lazy.configureWebpack?.({entry: 'main.js'}, false, utils, undefined as never);
    });

  // Its generated files do not read (here: not there): route-chunk-scripts is off, so is lazy-routes.
  const missing = build();
  assert.match(missing[0] ?? '', /route-chunk-scripts: generated files: ENOENT/);
  assert.match(missing[1] ?? '', /lazy-routes: route-chunk-scripts is off/);
  assert.equal(routeChunkScriptsActive(generatedFilesDir), false);

  // Forced off: the same.
  process.env.CONTRACT_BREAK = 'route-chunk-scripts';
  const forced = build();
  assert.match(forced[0] ?? '', /route-chunk-scripts: generated routes\.js: forced by/);
  assert.match(forced[1] ?? '', /lazy-routes: route-chunk-scripts is off/);
  delete process.env.CONTRACT_BREAK;

  // On: route-chunk-scripts says so, and lazy-routes goes on to read the generated files itself.
  writeFileSync(
    path.join(generatedFilesDir, 'routes.js'),
    "import ComponentCreator from '@docusaurus/ComponentCreator';\nexport default [{path: '/', component: ComponentCreator('/', 'abc'), exact: true}];\n",
  );
  writeFileSync(path.join(generatedFilesDir, 'routesChunkNames.json'), '{}');
  const on = build();
  assert.equal(routeChunkScriptsActive(generatedFilesDir), true);
  // (no registry.js here: it switches off for that, after route-chunk-scripts's check)
  assert.equal(on.length, 1);
  assert.match(on[0] ?? '', /lazy-routes: generated files: .*registry\.js/);
});
