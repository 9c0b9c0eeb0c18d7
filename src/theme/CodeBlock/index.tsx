/**
 * Ejected from @docusaurus/theme-classic 3.7.0 (CodeBlock, marked safe).
 * What changed and why: what the theme's CodeBlock works out in the browser
 * (title, line numbers, highlighted lines from magic comments and `{1,3}`,
 * Prism tokens) is worked out at build time by src/plugins/code-highlight with
 * the theme's own functions, and arrives here as props. That takes Prism and
 * the parsing code out of the pages' JavaScript, and the block no longer
 * re-mounts after hydration to switch token colours: both colour modes are in
 * the stylesheet. Word wrap and the copy button work as in the theme (the
 * word-wrap state is useWordWrap.ts, which costs less at hydration). The
 * block is a plain `<div>` with the theme's Container classes, not the
 * theme's Container: that one puts the Prism colours in a `style` attribute,
 * which the site's CSP blocks; code-highlight's stylesheet sets them. A
 * `<CodeBlock>` written as JSX (no build-time props) shows its text plain.
 * When code-highlight has switched itself off (a Docusaurus it does not fit,
 * see its assumptions.ts), blocks come marked `themeCodeBlock` and render
 * with the theme's own CodeBlock, loaded on demand.
 */
import React, {isValidElement, lazy, type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import type {Props as ThemeProps} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import CopyButton from '@theme/CodeBlock/CopyButton';
import WordWrapButton from '@theme/CodeBlock/WordWrapButton';
import styles from './styles.module.css';
import useWordWrap from './useWordWrap';

/** What the rehype plugin gives a fenced block in place of its text. */
type BuildProps = {
  /** Token HTML of each line, joined by newlines. */
  readonly highlighted: string;
  /** JSON of the classes of each highlighted line, by line index. */
  readonly lineClassNames: string;
};

type Props = ThemeProps & Partial<BuildProps> & {readonly themeCodeBlock?: boolean};

/** The theme's CodeBlock, for blocks code-highlight left to it (in a chunk of its own). */
const ThemeCodeBlock = lazy(() => import('@theme-original/CodeBlock'));

/** Plain strings are copyable; anything else renders as is. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The text of build-time token HTML (which escapes only `&`, `<`, `>`). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The block's lines as HTML, their classes, and the code the copy button copies. */
function linesOf(
  source: string | undefined,
  build: Partial<BuildProps>,
): {lines: string[]; lineClassNames: Record<number, string[]>; code: string} {
  if (build.highlighted !== undefined) {
    return {
      lines: build.highlighted.split('\n'),
      lineClassNames: JSON.parse(build.lineClassNames ?? '{}') as Record<number, string[]>,
      code: textOf(build.highlighted),
    };
  }
  const code = (source ?? '').replace(/\n$/, '');
  return {lines: code.split('\n').map(escapeHtml), lineClassNames: {}, code};
}

function CodeBlockString({
  children: source,
  className: blockClassName = '',
  title,
  showLineNumbers,
  language: languageProp,
  highlighted,
  lineClassNames: lineClassNamesJson,
}: Omit<Props, 'children'> & {children?: string}): ReactNode {
  const language =
    languageProp?.toLowerCase() ??
    /(?:^|\s)language-(\S+)/.exec(blockClassName)?.[1]?.toLowerCase();
  const {codeBlockRef, isEnabled, toggle} = useWordWrap();
  const {lines, lineClassNames, code} = linesOf(source, {
    highlighted,
    lineClassNames: lineClassNamesJson,
  });
  const linesHtml = lines
    .map((html, i) => {
      const className = clsx('token-line', lineClassNames[i], showLineNumbers && styles.codeLine);
      return showLineNumbers
        ? `<span class="${className}"><span class="${styles.codeLineNumber}"></span>` +
            `<span class="${styles.codeLineContent}">${html}</span><br></span>`
        : `<span class="${className}">${html}<br></span>`;
    })
    .join('');
  return (
    <div
      className={clsx(
        blockClassName,
        language && !blockClassName.includes(`language-${language}`) && `language-${language}`,
        styles.codeBlockContainer,
        ThemeClassNames.common.codeBlock,
      )}>
      {title && <div className={styles.codeBlockTitle}>{title}</div>}
      <div className={styles.codeBlockContent}>
        <pre
          // Focusable, so a keyboard can scroll a long line.
          tabIndex={0}
          ref={codeBlockRef}
          className={clsx(
            `prism-code language-${language ?? 'text'}`,
            styles.codeBlock,
            'thin-scrollbar',
          )}>
          <code
            className={clsx(
              styles.codeBlockLines,
              showLineNumbers && styles.codeBlockLinesWithNumbering,
            )}
            // One string for all lines: the lines are not React nodes to diff.
            dangerouslySetInnerHTML={{__html: linesHtml}}
          />
        </pre>
        <div className={styles.buttonGroup}>
          {/* Shown by the stylesheet while the code scrolls or wraps (useWordWrap). */}
          <WordWrapButton
            className={styles.wordWrapButton}
            onClick={() => toggle()}
            isEnabled={isEnabled}
          />
          <CopyButton code={code} />
        </div>
      </div>
    </div>
  );
}

export default function CodeBlock({
  children: rawChildren,
  themeCodeBlock,
  ...props
}: Props): ReactNode {
  if (themeCodeBlock) return <ThemeCodeBlock {...props}>{rawChildren}</ThemeCodeBlock>;
  if (props.highlighted !== undefined) return <CodeBlockString {...props} />;
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <CodeBlockString {...props}>{children}</CodeBlockString>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
