/**
 * The article of a page whose module is a shell (../transform.ts): the
 * element the theme renders the article in, with the server's HTML as
 * `dangerouslySetInnerHTML`. React 19 hydrates such an element without
 * reconciling its children: the server's nodes stay as they are, and no
 * fibre is made for them. The HTML string is the same one the page showed
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

type Props = ArticleProps & {readonly behaviours: readonly Behaviour[]};

function Article({path, behaviours, ...props}: Props): ReactNode {
  const html = articleHtml(path);
  const content = useMemo(() => ({__html: html ?? ''}), [html]);
  const ref = useRef<HTMLDivElement>(null);
  const history = useHistory();
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const undo = behaviours.map((behaviour) => behaviour(root, history));
    return () => undo.forEach((fn) => fn());
  }, [content, history, behaviours]);
  if (html === undefined) throw new Error(`The article of ${path} was not loaded.`);
  return <div {...props} ref={ref} dangerouslySetInnerHTML={content} suppressHydrationWarning />;
}

/**
 * The default export of a shell: a component of its own for each page
 * (ComponentCreator copies the page's named exports onto it), which tells
 * this plugin's BlogPostItem/Content and DocItem/Content to render `Article`
 * with what this article needs in the browser.
 */
export function articleOnce(
  ...behaviours: Behaviour[]
): ComponentType & {readonly Article: ComponentType<ArticleProps>} {
  const Page = (): ReactNode => null;
  const PageArticle = (props: ArticleProps) => <Article {...props} behaviours={behaviours} />;
  return Object.assign(Page, {Article: PageArticle});
}
