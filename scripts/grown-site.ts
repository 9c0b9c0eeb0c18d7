/**
 * The site as it will be once the owner has kept writing: a copy of this
 * checkout in .grown/ with standalone posts added (no series, each with two
 * diagrams and a footnote), some newer than every post and some older, built and served on
 * 127.0.0.1. The `grown`
 * Playwright project runs the blog's tests on it, so a test that counts
 * today's posts fails there.
 *
 *   tsx scripts/grown-site.ts [--posts=3] [--port=4175] [--dir=.grown] [--reuse]
 *
 * With `--port`, serves the build (docusaurus serve) until stopped; with
 * `--reuse`, serves the copy already built in `--dir` (such as a bench copy
 * with 1,000 posts) without copying or building.
 */
import {execFileSync, spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {readBlog} from '../tests/blog';
import {copySite, ROOT} from './lib/copy-site';
import {filledPost, laterPosts, postFileName} from './lib/posts';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key = '', value = ''] = arg.replace(/^--/, '').split('=');
    return [key, value];
  }),
);
const count = Number(args.get('posts') ?? 3);
const dir = path.resolve(ROOT, args.get('dir') ?? '.grown');

if (!args.has('reuse')) grow();

function grow(): void {
  copySite(dir);
  const {posts} = readBlog(ROOT);
  laterPosts(posts[0]?.date ?? '2025-01-01', posts.at(-1)?.date ?? '2025-01-01', count).forEach(
    (post, i) =>
      writeFileSync(
        path.join(dir, 'blog', postFileName(post)),
        filledPost(post, i, undefined, {diagrams: true, footnotes: true}),
      ),
  );
  process.stderr.write(`[grown-site] ${posts.length} + ${count} posts in ${dir}; building…\n`);
  execFileSync('npx', ['docusaurus', 'build'], {cwd: dir, stdio: ['ignore', 'ignore', 'inherit']});
}

const port = args.get('port');
if (port) {
  const server = spawn(
    'npx',
    ['docusaurus', 'serve', '--host', '127.0.0.1', '--port', port, '--no-open'],
    {cwd: dir, stdio: 'inherit'},
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}
