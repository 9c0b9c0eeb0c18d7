/**
 * Ejected from @docusaurus/theme-classic 3.7.0 (CodeBlock, marked safe).
 * What changed and why: code is highlighted at build time
 * (src/plugins/code-highlight), so this renders the `highlighted` lines it is
 * given instead of running Prism in the browser. That takes Prism out of every
 * page's JavaScript, and the block no longer re-mounts after hydration to
 * switch token colours: both colour modes are in the stylesheet. Title, line
 * highlighting (magic comments and `{1,3}`), line numbers, word wrap and the
 * copy button work as in the theme.
 */
import React, {isValidElement, type ReactNode} from 'react';
import clsx from 'clsx';
import {useThemeConfig} from '@docusaurus/theme-common';
import {
  containsLineNumbers,
  parseCodeBlockTitle,
  parseLanguage,
  parseLines,
  useCodeWordWrap,
} from '@docusaurus/theme-common/internal';
import type {Props as ThemeProps} from '@theme/CodeBlock';
import Container from '@theme/CodeBlock/Container';
import ElementContent from '@theme/CodeBlock/Content/Element';
import CopyButton from '@theme/CodeBlock/CopyButton';
import WordWrapButton from '@theme/CodeBlock/WordWrapButton';
import styles from './styles.module.css';

type Props = ThemeProps & {
  /**
   * Token HTML of each source line, joined by newlines (rehype plugin). A
   * fenced block carries this instead of its text.
   */
  readonly highlighted?: string;
};

/** Plain strings are copyable and highlightable; anything else renders as is. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The source text of build-time token HTML (which escapes only `&`, `<`, `>`),
 * ending in a newline as a fenced block's text does.
 */
function sourceOf(highlighted: string): string {
  const text = highlighted
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return `${text}\n`;
}

/**
 * The highlighted HTML of each line of `code`. `code` is the source without
 * the magic-comment lines `parseLines` removed, so source lines are matched
 * to it in order; without build-time HTML, lines are plain text.
 */
function lineHtml(source: string, code: string, highlighted: string | undefined): string[] {
  const codeLines = code.split('\n');
  const sourceLines = source.replace(/\n$/, '').split('\n');
  const htmlLines = highlighted?.split('\n');
  if (!htmlLines || htmlLines.length !== sourceLines.length) return codeLines.map(escapeHtml);
  const result: string[] = [];
  for (let i = 0; i < sourceLines.length && result.length < codeLines.length; i += 1) {
    if (sourceLines[i] === codeLines[result.length]) result.push(htmlLines[i] ?? '');
  }
  return result.length === codeLines.length ? result : codeLines.map(escapeHtml);
}

function CodeBlockString({
  children: source,
  className: blockClassName = '',
  metastring,
  title: titleProp,
  showLineNumbers: showLineNumbersProp,
  language: languageProp,
  highlighted,
}: Omit<Props, 'children'> & {children: string}): ReactNode {
  const {
    prism: {defaultLanguage, magicComments},
  } = useThemeConfig();
  const language = (
    languageProp ??
    parseLanguage(blockClassName) ??
    defaultLanguage
  )?.toLowerCase();
  const {codeBlockRef, isEnabled, isCodeScrollable, toggle} = useCodeWordWrap();
  const title = parseCodeBlockTitle(metastring) || titleProp;
  const {lineClassNames, code} = parseLines(source, {metastring, language, magicComments});
  const showLineNumbers = showLineNumbersProp ?? containsLineNumbers(metastring);
  const linesHtml = lineHtml(source, code, highlighted)
    .map((html, i) => {
      const className = clsx('token-line', lineClassNames[i], showLineNumbers && styles.codeLine);
      return showLineNumbers
        ? `<span class="${className}"><span class="${styles.codeLineNumber}"></span>` +
            `<span class="${styles.codeLineContent}">${html}</span><br></span>`
        : `<span class="${className}">${html}<br></span>`;
    })
    .join('');
  return (
    <Container
      as="div"
      className={clsx(
        blockClassName,
        language && !blockClassName.includes(`language-${language}`) && `language-${language}`,
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
          {(isEnabled || isCodeScrollable) && (
            <WordWrapButton
              className={styles.codeButton}
              onClick={() => toggle()}
              isEnabled={isEnabled}
            />
          )}
          <CopyButton className={styles.codeButton} code={code} />
        </div>
      </div>
    </Container>
  );
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children =
    props.highlighted === undefined
      ? maybeStringifyChildren(rawChildren)
      : sourceOf(props.highlighted);
  return typeof children === 'string' ? (
    <CodeBlockString {...props}>{children}</CodeBlockString>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
