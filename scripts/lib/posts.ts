/**
 * New blog posts: the scaffold `npm run new:post` writes, and filled-in posts
 * for copies of the site that grow the blog (the `grown` tests, the bench's
 * scale builds). A new post is one file in blog/; nothing else needs to know.
 */
import {existsSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

export type NewPost = Readonly<{date: string; slug: string; title: string}>;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The file name a post of `date` and `slug` gets. */
export const postFileName = ({date, slug}: Pick<NewPost, 'date' | 'slug'>): string =>
  `${date}-${slug}.md`;

/**
 * What is wrong with a new post's date and slug in `blogDir`, or null. The
 * slug is the last part of the URL (/blog/YYYY/MM/DD/slug): lower-case Latin
 * letters, digits and hyphens, no date of its own, and not used by another post.
 */
export function newPostProblem(blogDir: string, {date, slug}: NewPost): string | null {
  // Date.parse accepts 2025-02-30 (as March 2): the date must read back the same.
  const parsed = Date.parse(`${date}T00:00:00Z`);
  if (
    !DATE.test(date) ||
    Number.isNaN(parsed) ||
    new Date(parsed).toISOString().slice(0, 10) !== date
  ) {
    return `日期 "${date}" 不是 YYYY-MM-DD 格式的有效日期`;
  }
  if (!SLUG.test(slug)) return `slug "${slug}" 只能用小写字母、数字和连字符，例如 wifi-mesh-setup`;
  if (/\d{4}-\d{2}-\d{2}/.test(slug)) return `slug "${slug}" 里不能再带日期`;
  const taken = readdirSync(blogDir).find(
    (name) => name.replace(/^\d{4}-\d{2}-\d{2}-/, '').replace(/\.mdx?$/, '') === slug,
  );
  if (taken) return `blog/${taken} 已经用了 slug "${slug}"，换一个`;
  if (existsSync(path.join(blogDir, postFileName({date, slug})))) {
    return `blog/${postFileName({date, slug})} 已经存在`;
  }
  return null;
}

/** The blog's author key (blog/authors.yml). */
const DEFAULT_AUTHOR = 'linshen';

/** The scaffold's stand-in text: the content tests fail while any of it is left. */
export const PLACEHOLDERS = {
  description:
    '用一两句话说明这篇文章讲什么、读完能做到什么（30 到 160 个字，会出现在搜索结果和分享卡片里）。',
  opening:
    '开头一两段：这篇文章要解决什么问题，适合谁读。博客列表和作者页只显示截断标记之前的部分。',
  heading: '用一个说明这一节做什么的标题',
  body: '正文。命令写进带语言的代码块，例如 ```bash，需要时加上 title="文件名"。',
  reference: '[一手资料的名称](https://github.com/OWNER/REPO/blob/COMMIT/PATH)',
} as const;

/** The scaffold: front matter, an opening, the truncate marker and a 参考资料 stub. */
export function scaffoldPost({title}: NewPost, author = DEFAULT_AUTHOR): string {
  return `---
title: ${title}
description: ${PLACEHOLDERS.description}
authors: [${author}]
---

${PLACEHOLDERS.opening}

<!-- truncate -->

## ${PLACEHOLDERS.heading}

${PLACEHOLDERS.body}

## 参考资料

- ${PLACEHOLDERS.reference}
`;
}

/** Writes the scaffold to blog/, refusing a date or slug that is wrong or taken. */
export function writeNewPost(blogDir: string, post: NewPost): string {
  const problem = newPostProblem(blogDir, post);
  if (problem) throw new Error(problem);
  const file = path.join(blogDir, postFileName(post));
  writeFileSync(file, scaffoldPost(post), {flag: 'wx'});
  return file;
}

// ---------------------------------------------------------------------------
// Filled-in posts for copies of the site (never for the real blog).

const SENTENCES = [
  '这一节先说明问题从哪里来，再给出可以直接照着做的命令。',
  '配置写错时，服务通常不会报错，而是悄悄回退到默认值，所以每一步都要验证。',
  '如果链路上有多台设备，先确认每一跳都能互相访问，再排查上层协议。',
  '日志里最有用的往往是第一条报错，后面的大多是连锁反应。',
  '把关键参数写进版本库，比在终端里临时修改可靠得多。',
  '升级之前先在测试环境演练一遍，记下回滚需要的每条命令。',
  '性能问题先看瓶颈在哪里：磁盘、网络还是单线程的计算。',
  '文档里没写的默认值，可以从源码或者帮助输出里确认。',
];

const paragraph = (seed: number): string =>
  Array.from({length: 6}, (_, i) => SENTENCES[(seed + i) % SENTENCES.length]).join('');

/**
 * Two diagrams a phone cannot show as drawn for the desktop: a left-to-right
 * flowchart with long labels and a sequence diagram of four participants
 * (src/plugins/diagrams draws a narrow layout for each).
 */
const diagramSection = (seed: number): string => `## 链路上的各个部分 ${seed}

下面两张图画的是本文的检查顺序：先看网络，再看上层协议。

\`\`\`mermaid title="检查链路 ${seed}：从客户端到网关的排查顺序"
flowchart LR
  A[客户端 ${seed} 发起一次检查] -->|先看网络是否连通| B[交换机端口 eth${seed % 8}]
  B -->|再看链路上的网关| C{网关能否访问}
  C -->|能访问| D[继续检查上层协议和服务]
  C -->|不能访问| E[回到第 1 步重新排查链路]
\`\`\`

\`\`\`mermaid title="检查链路 ${seed}：一次请求经过的设备"
sequenceDiagram
  participant C as 客户端 ${seed}
  participant G as 网关路由器
  participant S as 存储服务器
  participant L as 日志服务
  C->>G: ping -c 3 192.0.2.${seed % 250}
  G->>S: 转发到存储网段的请求
  S-->>C: 响应，带上本次检查的序号 ${seed}
  Note over C,L: 第一条报错最有用，后面的多是连锁反应
  S->>L: 写一条检查记录
\`\`\`
`;

/** A footnote reference and its definition (GFM), after the first step's code block. */
const FOOTNOTE = `
这里的 \`192.0.2.x\` 是文档专用的地址[^doc-addresses]。

[^doc-addresses]: RFC 5737 把 \`192.0.2.0/24\` 留给文档和示例使用，真实网络上不会出现这段地址。
`;

export type FilledPostOptions = Readonly<{
  /** Add a section with two diagrams (the grown site's posts have them). */
  diagrams?: boolean;
  /** Add a GFM footnote to the first step (the grown site's posts have one). */
  footnotes?: boolean;
}>;

/**
 * A standalone post (no series) that passes the content tests: front matter
 * from the scaffold, about 2,000 Han characters in six sections with code
 * blocks (and, if asked, two diagrams), and a 参考资料 section of pinned links.
 */
export function filledPost(
  post: NewPost,
  seed = 0,
  author = DEFAULT_AUTHOR,
  {diagrams = false, footnotes = false}: FilledPostOptions = {},
): string {
  const scaffold = scaffoldPost(post, author);
  const frontMatter = scaffold
    .slice(0, scaffold.indexOf('\n---\n') + 5)
    .replace(
      /^description: .*$/m,
      `description: 生成的测试文章 ${seed}：一篇不属于任何系列的操作笔记，包含中文正文、代码块和参考资料。`,
    );
  const sections = Array.from(
    {length: 6},
    (_, s) => `## 第 ${s + 1} 步：检查链路 ${seed}-${s}

${paragraph(seed + s)}

${paragraph(seed + s + 3)}

\`\`\`bash title="检查 ${s + 1}"
ip addr show dev eth${s}
ping -c 3 192.0.2.${(seed + s) % 250}
\`\`\`
${footnotes && s === 0 ? FOOTNOTE : ''}`,
  ).join('\n');
  return `${frontMatter}
${paragraph(seed)}

<!-- truncate -->

${sections}
${diagrams ? `${diagramSection(seed)}\n` : ''}## 参考资料

- [iproute2 的 ip-address(8)](https://github.com/iproute2/iproute2/blob/v6.1.0/man/man8/ip-address.8.in)
- [RFC 5737：文档用的 IPv4 地址段](https://www.rfc-editor.org/rfc/rfc5737)
`;
}

const shiftDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Posts a blog with posts from `oldest` to `newest` might get next: two of
 * every three after the newest (days apart), one before the oldest; none in
 * a series.
 */
export function laterPosts(newest: string, oldest: string, count: number): NewPost[] {
  return Array.from({length: count}, (_, i) => ({
    date: i % 3 === 2 ? shiftDays(oldest, -60 - i) : shiftDays(newest, 7 + i * 3),
    slug: `grown-${i + 1}`,
    title: `后来写的第 ${i + 1} 篇`,
  }));
}

/** `count` filled posts, two a day from `firstDate` on, written to `blogDir`. */
export function writeFilledPosts(
  blogDir: string,
  count: number,
  firstDate: string,
  author = DEFAULT_AUTHOR,
): void {
  const start = Date.parse(`${firstDate}T00:00:00Z`);
  for (let i = 0; i < count; i += 1) {
    const date = new Date(start + Math.floor(i / 2) * 86_400_000).toISOString().slice(0, 10);
    const post = {date, slug: `generated-${i}`, title: `生成的测试文章 ${i}`};
    writeFileSync(path.join(blogDir, postFileName(post)), filledPost(post, i, author));
  }
}
