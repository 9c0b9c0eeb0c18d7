import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {checkSubject, installed, switchedOff} from '../../contract';
import theme from '../../contract/theme';

const THEME_CLASSIC = '@docusaurus/theme-classic';

/**
 * An ejected theme component (src/contract/theme.ts) whose imports the
 * installed theme no longer provides would fail the build ("Module not
 * found"). For each such component this plugin points `@theme/<name>` back
 * at the installed theme's original, with a warning naming it: the site
 * builds with Docusaurus's own component, without this site's changes, until
 * the copy is carried forward. On 3.7.0 it changes nothing.
 */
export default function themeFallbackPlugin(context: LoadContext): Plugin {
  const pkgs = installed(context.siteDir);
  const alias: Record<string, string> = {};
  for (const subject of theme.filter((s) => s.kind === 'ejected')) {
    const broken = checkSubject(subject, pkgs).find(
      (finding) => finding.status === 'broken' && finding.assumption === 'imports',
    );
    if (!broken) continue;
    const name = subject.name.replace(/^theme\//, '');
    const original = [`lib/theme/${name}/index.js`, `lib/theme/${name}.js`].find((file) =>
      pkgs.has(THEME_CLASSIC, file),
    );
    // No original to fall back to: the build fails and names the file.
    if (!original) continue;
    alias[`@theme/${name}`] = path.join(pkgs.dir(THEME_CLASSIC), original);
    switchedOff(
      subject.name,
      broken.error ?? 'an import is gone',
      `The theme's own ${name} renders instead of src/theme/${name}.`,
      'src/contract/theme.ts',
    );
  }
  return {
    name: 'theme-fallback',
    configureWebpack: () => (Object.keys(alias).length > 0 ? {resolve: {alias}} : {}),
  };
}
