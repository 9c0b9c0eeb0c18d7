import {readFileSync} from 'node:fs';
import path from 'node:path';

/** Source file → permalink of every post and doc page: the pages that may have an article file. */
export type Candidates = Record<string, string>;

export const candidatesFile = (generatedFilesDir: string): string =>
  path.join(generatedFilesDir, 'article-once', 'candidates.json');

/** The candidates of the last build (written by the article-once plugin), or none. */
export function readCandidates(generatedFilesDir: string): Candidates {
  try {
    return JSON.parse(readFileSync(candidatesFile(generatedFilesDir), 'utf8')) as Candidates;
  } catch {
    return {};
  }
}

/** A module path as the generated registry writes it (`@site/docs/intro.md`), as a file. */
export const moduleFile = (modulePath: string, siteDir: string): string =>
  modulePath.startsWith('@site/')
    ? path.join(siteDir, modulePath.slice('@site/'.length))
    : modulePath;
