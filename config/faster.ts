import type {Config} from '@docusaurus/types';

/**
 * Docusaurus Faster (Rspack, SWC, Lightning CSS), under the key the installed
 * core validates, so that `npm run check:upgrade` gets past config validation
 * on newer versions. Read from each version's lib/server/configValidation.js:
 *
 * - 3.7: `future.experimental_faster` only;
 * - 3.8 and 3.9: still `experimental_faster`; `true` now also turns on
 *   `ssgWorkerThreads`, which requires `future.v4.removeLegacyPostBuildHeadAttribute`
 *   (postBuild without `head`: no plugin here reads it);
 * - 3.10 on: renamed to `future.faster`; the old key is an error.
 */
export function fasterFuture(coreVersion: string): Config['future'] {
  const [major = 0, minor = 0] = coreVersion.split('.').map(Number);
  const atLeast = (m: number): boolean => major > 3 || (major === 3 && minor >= m);
  const v4 = {removeLegacyPostBuildHeadAttribute: true};
  if (atLeast(10)) return {faster: true, v4} as Config['future'];
  if (atLeast(8)) return {experimental_faster: true, v4} as Config['future'];
  return {experimental_faster: true};
}
