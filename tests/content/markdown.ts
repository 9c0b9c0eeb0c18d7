/** Reads Markdown sources the way the content tests need them. */
import {readFileSync} from 'node:fs';
import {load as loadYaml} from 'js-yaml';

export type CodeBlock = Readonly<{
  /** First word of the info string, e.g. `json`; '' when the fence has none. */
  language: string;
  /** The whole info string, e.g. `json title="server.json"`. */
  info: string;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
}>;

export type MarkdownSource = Readonly<{
  path: string;
  frontMatter: Record<string, unknown>;
  body: string;
  codeBlocks: readonly CodeBlock[];
  /** The body with fenced code blocks removed. */
  prose: string;
}>;

const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;

function splitCodeBlocks(body: string): {codeBlocks: CodeBlock[]; prose: string} {
  const codeBlocks: CodeBlock[] = [];
  const prose: string[] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = FENCE.exec(lines[i] ?? '');
    if (!open) {
      prose.push(lines[i] ?? '');
      continue;
    }
    const fence = open[2] ?? '```';
    const info = (open[3] ?? '').trim();
    const code: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j += 1) {
      const line = (lines[j] ?? '').trim();
      if (line.startsWith(fence) && line.replace(/[`~]/g, '') === '') break;
      code.push(lines[j] ?? '');
    }
    codeBlocks.push({
      language: info.split(/\s+/)[0] ?? '',
      info,
      code: code.join('\n'),
      line: i + 1,
    });
    i = j;
  }
  return {codeBlocks, prose: prose.join('\n')};
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;

export function readMarkdown(path: string): MarkdownSource {
  const text = readFileSync(path, 'utf8');
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error(`${path}: no front matter block at the top of the file`);
  const frontMatter = (loadYaml(match[1] ?? '') ?? {}) as Record<string, unknown>;
  const body = text.slice(match[0].length);
  return {path, frontMatter, body, ...splitCodeBlocks(body)};
}

/** Han characters outside code blocks: the length measure the issues use. */
export function hanCount(source: MarkdownSource): number {
  return source.prose.match(/\p{Script=Han}/gu)?.length ?? 0;
}
