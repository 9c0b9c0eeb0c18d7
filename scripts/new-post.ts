/**
 * Starts a new blog post: blog/YYYY-MM-DD-slug.md with front matter, the
 * author, an opening, the truncate marker and a 参考资料 stub.
 *
 *   npm run new:post -- <slug> "<标题>" [YYYY-MM-DD]
 *
 * The date defaults to today. A slug that another post uses, or a file that
 * exists, is refused: nothing is written.
 */
import path from 'node:path';
import {writeNewPost} from './lib/posts';

const [slug, title, date = new Date().toISOString().slice(0, 10)] = process.argv.slice(2);
if (!slug || !title) {
  process.stderr.write('用法：npm run new:post -- <slug> "<标题>" [YYYY-MM-DD]\n');
  process.exit(2);
}
try {
  const file = writeNewPost(path.resolve('blog'), {date, slug, title});
  process.stdout.write(`已创建 ${path.relative(process.cwd(), file)}\n`);
} catch (error) {
  process.stderr.write(`没有创建文章：${(error as Error).message}\n`);
  process.exit(1);
}
