/**
 * The article of a page whose module is a shell (../transform.ts), or the
 * preview of a post on a list page: the element the theme renders it in,
 * with the server's HTML as `dangerouslySetInnerHTML`. React 19 hydrates
 * such an element without reconciling its children: the server's nodes stay
 * as they are, and no fibre is made for them. The HTML string is the same one the page showed
 * (captured, or fetched), so a render from scratch (a failed hydration)
 * draws the same article. What is interactive in it is given its work by
 * the behaviours the shell lists (./behaviour.ts: links, code blocks,
 * tables, Tabs).
 */
import React, {useEffect, useMemo, useRef, type ComponentType, type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import type {Behaviour} from './behaviour';
import type {ArticleProps} from './marker';
import {articleHtml} from '@site/src/lib/article-store';

type Props = ArticleProps & {
  readonly behaviours: readonly Behaviour[];
  /** Where its HTML is kept: a page's article, or a post's preview. */
  readonly read: (path: string) => string | undefined;
};

function Article({path, behaviours, read, ...props}: Props): ReactNode {
  const html = read(path);
  const content = useMemo(() => ({__html: html ?? ''}), [html]);
  const ref = useRef<HTMLDivElement>(null);
  const history = useHistory();
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const undo = behaviours.map((behaviour) => behaviour(root, history));
    return () => undo.forEach((fn) => fn());
  }, [content, history, behaviours]);
  if (html === undefined) throw new Error(`The server HTML of ${path} was not loaded.`);
  return <div {...props} ref={ref} dangerouslySetInnerHTML={content} suppressHydrationWarning />;
}

type Shell = ComponentType & {readonly Article: ComponentType<ArticleProps>};

/** A shell's default export, reading its HTML with `read` (./previews.ts has the previews'). */
export function shell(read: Props['read'], behaviours: Behaviour[]): Shell {
  const Page = (): ReactNode => null;
  const PageArticle = (props: ArticleProps) => (
    <Article {...props} behaviours={behaviours} read={read} />
  );
  return Object.assign(Page, {Article: PageArticle});
}

/**
 * The default export of a shell: a component of its own for each page
 * (ComponentCreator copies the page's named exports onto it), which tells
 * this plugin's BlogPostItem/Content and DocItem/Content to render `Article`
 * with what this article needs in the browser.
 */
export const articleOnce = (...behaviours: Behaviour[]): Shell => shell(articleHtml, behaviours);
