/** The stock site: create-docusaurus@3.7.0 classic TypeScript, generated into bench/tmp/stock. */
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {STOCK} from './sites';
import {log, run, TMP} from './util';

/** A stock classic TypeScript site with the same locale, Faster and webpack pin as ours. */
export function prepareStock(): void {
  if (existsSync(join(STOCK.dir, 'node_modules/@docusaurus/faster'))) return;
  rmSync(STOCK.dir, {recursive: true, force: true});
  mkdirSync(TMP, {recursive: true});
  log('stock: create-docusaurus@3.7.0 classic --typescript');
  run(
    'npx',
    ['-y', 'create-docusaurus@3.7.0', 'stock', 'classic', '--typescript', '--skip-install'],
    TMP,
  );
  const pkgPath = join(STOCK.dir, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
    dependencies: Record<string, string>;
    overrides?: Record<string, string>;
  };
  pkg.dependencies['@docusaurus/faster'] = '3.7.0';
  pkg.overrides = {webpack: '~5.105.0'};
  writeFileSync(pkgPath, JSON.stringify(pkg, null, 2));
  const configPath = join(STOCK.dir, 'docusaurus.config.ts');
  const config = readFileSync(configPath, 'utf8')
    .replace("defaultLocale: 'en'", "defaultLocale: 'zh-Hans'")
    .replace("locales: ['en']", "locales: ['zh-Hans']")
    .replace("baseUrl: '/',", "baseUrl: '/',\n  future: {experimental_faster: true},");
  if (!config.includes('experimental_faster'))
    throw new Error('could not configure the stock site');
  writeFileSync(configPath, config);
  log('stock: npm install');
  run('npm', ['install', '--no-audit', '--no-fund'], STOCK.dir);
}
