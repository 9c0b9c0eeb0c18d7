/**
 * Prints the contract (src/contract): each plugin, template and theme
 * component that reaches past Docusaurus's public API, each of its
 * assumptions, whether it holds for the installed @docusaurus/*, and its
 * switch-offs (how the build goes on without it), or that it has none.
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
  // How the build goes on without it (CONTRACT_BREAK forces each: npm run test:switch-offs).
  for (const switchOff of subject.switchOffs) {
    console.log(`  ↳ switch-off (CONTRACT_BREAK="${switchOff.force}"): ${switchOff.leaves}`);
  }
  if (subject.switchOffs.length === 0) console.log(`  ↳ no switch-off: ${subject.whenBroken}`);
}
const json = args.get('json');
if (json) writeFileSync(json, JSON.stringify(findings, null, 2));
const broken = findings.filter((f) => f.status === 'broken').length;
console.log(`${findings.length} assumptions, ${broken} broken`);
process.exitCode = broken ? 1 : 0;
