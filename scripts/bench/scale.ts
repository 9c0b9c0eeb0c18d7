/**
 * Scale: this site with hundreds of generated posts added, built once each,
 * and the first-load JS of one (real) post page in that build.
 */
import {cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {withNginx} from '../lib/serve';
import {timedBuild} from './build';
import {OURS, PORTS} from './sites';
import type {ScalePoint} from './types';
import {ROOT, TMP} from './util';
import {pageWeights} from './weight';

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

function generatedPost(index: number): {name: string; text: string} {
  const date = new Date(Date.UTC(2020, 0, 1) + Math.floor(index / 2) * 86_400_000);
  const day = date.toISOString().slice(0, 10);
  const paragraph = (seed: number) =>
    Array.from({length: 6}, (_, i) => SENTENCES[(seed + i) % SENTENCES.length]).join('');
  const sections = Array.from(
    {length: 6},
    (_, s) => `## 第 ${s + 1} 部分：验证步骤 ${index}-${s}

${paragraph(index + s)}

${paragraph(index + s + 3)}

\`\`\`bash title="示例 ${s + 1}"
ip addr show dev eth${s}
ping -c 3 192.0.2.${(index + s) % 250}
\`\`\`
`,
  ).join('\n');
  return {
    name: `${day}-generated-${index}.md`,
    text: `---
title: 生成的测试文章 ${index}
description: 用于构建规模测试的生成文章，包含中文正文和代码块，编号 ${index}。
authors: [linshen]
---

${paragraph(index)}

<!-- truncate -->

${sections}`,
  };
}

/**
 * A copy of this site with `posts` generated posts added to the real ones, in
 * bench/tmp/`name`; `sidebarCount` replaces the blog sidebar's 'ALL' when given.
 */
export function scaleSite(posts: number, sidebarCount?: number, name = `scale-${posts}`): string {
  const dir = join(TMP, name);
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  for (const entry of [
    'blog',
    'docs',
    'src',
    'static',
    'i18n',
    'config',
    'docusaurus.config.ts',
    'sidebars.ts',
    'package.json',
    'tsconfig.json',
  ]) {
    cpSync(join(ROOT, entry), join(dir, entry), {recursive: true});
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  for (let i = 0; i < posts; i += 1) {
    const {name, text} = generatedPost(i);
    writeFileSync(join(dir, 'blog', name), text);
  }
  if (sidebarCount !== undefined) {
    const configPath = join(dir, 'docusaurus.config.ts');
    const config = readFileSync(configPath, 'utf8');
    const changed = config.replace("blogSidebarCount: 'ALL'", `blogSidebarCount: ${sidebarCount}`);
    if (changed === config) throw new Error(`no blogSidebarCount: 'ALL' in ${configPath}`);
    writeFileSync(configPath, changed);
  }
  return dir;
}

/**
 * Builds the site with `posts` extra posts. With `weighPost`, serves the build
 * as ours is served (nginx, without the CSP: its hashes are for our build) and
 * weighs our post route in it, so the figure sits beside ours.weight.post.
 */
export async function scaleBuild(
  posts: number,
  {sidebarCount, weighPost = false}: {sidebarCount?: number; weighPost?: boolean} = {},
): Promise<ScalePoint> {
  const dir = scaleSite(posts, sidebarCount);
  try {
    const {seconds, peakRssMiB} = timedBuild(dir);
    const postJs = weighPost
      ? await withNginx(join(dir, 'build'), PORTS.scale, false, async (origin) => {
          const weight = await pageWeights({dir, routes: OURS.routes}, origin, ['post']);
          return weight.post?.js ?? null;
        })
      : null;
    return {posts, seconds, peakRssMiB, postJs};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

export const msPerPost = (from: ScalePoint, to: ScalePoint): number =>
  ((to.seconds - from.seconds) * 1000) / (to.posts - from.posts);
