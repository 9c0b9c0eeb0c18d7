/**
 * Code blocks of the tutorial (`docs/`), with the markers the docs tests read
 * from a block's meta string:
 *
 * - `test`: a test in tests/docs/ runs the block exactly as written;
 * - `notest="原因"`: the block is not run, and the reason says why;
 * - `example`: the title names a file the reader creates, not one of this repository.
 */
import {readdirSync} from 'node:fs';
import {join} from 'node:path';
import {readMarkdown, type CodeBlock} from '../content/markdown';

export type DocBlock = CodeBlock &
  Readonly<{
    page: string;
    title: string | undefined;
    test: boolean;
    notest: string | undefined;
    example: boolean;
  }>;

export const SHELL_LANGUAGES: ReadonlySet<string> = new Set(['bash', 'sh', 'shell', 'console']);

const flag = (info: string, name: string): boolean =>
  new RegExp(`(?:^|\\s)${name}(?:\\s|$)`).test(info.replace(/"[^"]*"/g, '""'));

export function docPages(dir = 'docs'): string[] {
  return readdirSync(dir, {withFileTypes: true})
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return docPages(path);
      return /\.mdx?$/.test(entry.name) ? [path] : [];
    })
    .sort();
}

export function docBlocks(): DocBlock[] {
  return docPages().flatMap((page) =>
    readMarkdown(page).codeBlocks.map((block) => ({
      ...block,
      page,
      title: /title="([^"]*)"/.exec(block.info)?.[1],
      test: flag(block.info, 'test'),
      notest: /notest="([^"]*)"/.exec(block.info)?.[1],
      example: flag(block.info, 'example'),
    })),
  );
}

/** The block a test runs: it must exist and be marked `test`. */
export function testedBlock(page: string, title: string): DocBlock {
  const block = docBlocks().find((b) => b.page === page && b.title === title);
  if (!block) throw new Error(`${page}: no code block titled "${title}"`);
  if (!block.test) throw new Error(`${page}: the block "${title}" is not marked test`);
  return block;
}
