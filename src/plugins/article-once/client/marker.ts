import {isValidElement, type ComponentProps, type ComponentType, type ReactNode} from 'react';

/** What BlogPostItem/Content and DocItem/Content (../theme) give an article. */
export type ArticleProps = ComponentProps<'div'> & {readonly path: string};

/** The default export of a page module whose article is the server's HTML (../transform.ts). */
type ArticlePage = ComponentType & {readonly Article: ComponentType<ArticleProps>};

/** The component that renders the article of `children` (a page module's element), if it has one. */
export function articleOf(children: ReactNode): ComponentType<ArticleProps> | undefined {
  if (!isValidElement(children) || typeof children.type !== 'function') return undefined;
  return (children.type as Partial<ArticlePage>).Article;
}
