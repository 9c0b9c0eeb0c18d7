/**
 * The element a post or doc page renders its article in: `blogPostContainerID`
 * of @docusaurus/utils-common on a post, theme-common's
 * `ThemeClassNames.docs.docMarkdown` on a doc (assumptions.ts checks both).
 */
export const BLOG_POST_CONTAINER_ID = '__blog-post-container';
export const DOC_MARKDOWN_CLASS = 'theme-doc-markdown';
export const ARTICLE_SELECTOR = `#${BLOG_POST_CONTAINER_ID}, .${DOC_MARKDOWN_CLASS}`;
