import {isValidElement, type ComponentProps, type ComponentType, type ReactNode} from 'react';

/**
 * The attribute a list page's preview element carries its post's path in
 * (../theme/BlogPostItem/Content writes it): the build (../extract.ts) and
 * the browser (./previews.ts) find previews by it.
 */
export const PREVIEW_ATTRIBUTE = 'data-preview';

/** What BlogPostItem/Content and DocItem/Content (../theme) give an article. */
export type ArticleProps = ComponentProps<'div'> & {readonly path: string};

/** The default export of a page module whose article is the server's HTML (../transform.ts). */
type ArticlePage = ComponentType & {readonly Article: ComponentType<ArticleProps>};

/** The component that renders the article of `children` (a page module's element), if it has one. */
export function articleOf(children: ReactNode): ComponentType<ArticleProps> | undefined {
  if (!isValidElement(children) || typeof children.type !== 'function') return undefined;
  return (children.type as Partial<ArticlePage>).Article;
}
