/**
 * `test` with the blog of the site under test (tests/blog.ts): the checkout's
 * own, or for the `grown` project the copy with posts added
 * (scripts/grown-site.ts), named by the project's `metadata.siteDir`.
 */
import {test as base} from '@playwright/test';
import {readBlog, type Blog} from '../blog';

export const test = base.extend<object, {blog: Blog}>({
  blog: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const siteDir = workerInfo.project.metadata.siteDir as string | undefined;
      await use(readBlog(siteDir));
    },
    {scope: 'worker'},
  ],
});

export {expect} from '@playwright/test';
