/**
 * Prints the contract (src/contract): each plugin, template and theme
 * component that reaches past Docusaurus's public API, each of its
 * assumptions, and whether it holds for the installed @docusaurus/*.
 *
 *   tsx scripts/contract.ts [--site=<dir>] [--json=<file>]
 *
 * Exits 1 when one does not hold. `--site` checks the packages installed
 * for another copy of the site; `--json` writes the findings for
 * scripts/check-upgrade.ts.
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {checkSubject, installed, SITE_DIR, type Finding} from '../src/contract';
import subjects from './lib/contract-subjects';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name = '', value = ''] = arg.replace(/^--/, '').split('=');
    return [name, value];
  }),
);
const siteDir = path.resolve(args.get('site') || SITE_DIR);
const pkgs = installed(siteDir);
const findings: Finding[] = subjects.flatMap((subject) => checkSubject(subject, pkgs));

console.log(`@docusaurus/core ${pkgs.version('@docusaurus/core')} in ${siteDir}`);
for (const subject of subjects) {
  const own = findings.filter((f) => f.subject === subject.name);
  const broken = own.filter((f) => f.status === 'broken');
  console.log(`${broken.length ? '✗' : '✓'} ${subject.name} (${subject.kind})`);
  for (const finding of own) {
    const mark = {holds: '  ✓', broken: '  ✗', build: '  ·'}[finding.status];
    const note = finding.status === 'build' ? ' (checked by the build and browser tests)' : '';
    console.log(`${mark} ${finding.assumption}${note}${finding.error ? `: ${finding.error}` : ''}`);
  }
}
const json = args.get('json');
if (json) writeFileSync(json, JSON.stringify(findings, null, 2));
const broken = findings.filter((f) => f.status === 'broken').length;
console.log(`${findings.length} assumptions, ${broken} broken`);
process.exitCode = broken ? 1 : 0;
