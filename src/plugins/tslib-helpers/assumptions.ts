/**
 * What tslib-helpers takes for granted about @docusaurus/utils-common (see
 * src/contract/index.ts).
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';
import type {Installed, Subject} from '../../contract';

const UTILS_COMMON = '@docusaurus/utils-common';

/** The tslib helpers @docusaurus/utils-common's CommonJS build calls. */
export function tslibHelpersUsed(pkgs: Installed): string[] {
  const lib = path.join(pkgs.dir(UTILS_COMMON), 'lib');
  const used = new Set<string>();
  for (const file of readdirSync(lib, {recursive: true, encoding: 'utf8'})) {
    if (!file.endsWith('.js')) continue;
    for (const [, helper] of pkgs.read(UTILS_COMMON, `lib/${file}`).matchAll(/tslib_1\.(__\w+)/g)) {
      used.add(helper ?? '');
    }
  }
  return [...used].sort();
}

const tslibHelpers: Subject = {
  name: 'tslib-helpers',
  kind: 'plugin',
  files: ['src/plugins/tslib-helpers/index.ts', 'src/plugins/tslib-helpers/importDefault.ts'],
  whenBroken:
    'switches itself off with a build warning: utils-common gets the whole tslib again (about 3.5 KB gzip more in main.js)',
  switchOffs: [
    {
      force: 'tslib-helpers',
      warns: ['tslib-helpers'],
      leaves: '@docusaurus/utils-common gets the whole tslib',
    },
  ],
  assumptions: [
    {
      id: 'utils-common calls only __importDefault',
      needs:
        '@docusaurus/utils-common lib/*.js: `require("tslib")`, of which only `__importDefault` is called',
      use: 'for that package only, `tslib` resolves to importDefault.ts (one helper)',
      check: (pkgs) => {
        const other = tslibHelpersUsed(pkgs).filter((helper) => helper !== '__importDefault');
        if (other.length > 0) {
          throw new Error(
            `${UTILS_COMMON} now calls tslib's ${other.join(', ')} too; importDefault.ts has only __importDefault`,
          );
        }
      },
    },
  ],
};

export default tslibHelpers;
