/**
 * Ejected from @docusaurus/theme-classic 3.7.0 (CodeBlock, marked safe).
 * What changed and why: what the theme's CodeBlock works out in the browser
 * (title, line numbers, highlighted lines from magic comments and `{1,3}`,
 * Prism tokens) is worked out at build time by src/plugins/code-highlight with
 * the theme's own functions, and arrives here as props. That takes Prism and
 * the parsing code out of the pages' JavaScript, and the block no longer
 * re-mounts after hydration to switch token colours: both colour modes are in
 * the stylesheet. The word-wrap and copy buttons look and work as the
 * theme's, but are plain markup given their work by
 * src/lib/enhance-code-block.ts, which also serves blocks inside an article
 * React does not hydrate (src/plugins/article-once): no state, nothing to
 * re-render. The block is a plain `<div>` with the theme's Container
 * classes, not the theme's Container: that one puts the Prism colours in a
 * `style` attribute, which the site's CSP blocks; code-highlight's
 * stylesheet sets them. A `<CodeBlock>` written as JSX (no build-time props)
 * shows its text plain. When code-highlight has switched itself off (a
 * Docusaurus it does not fit, see its assumptions.ts), blocks come marked
 * `themeCodeBlock` and render with the theme's own CodeBlock, loaded on
 * demand.
 */
import React, {isValidElement, lazy, useEffect, useRef, type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {ThemeClassNames} from '@docusaurus/theme-common';
import type {Props as ThemeProps} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import IconCopy from '@theme/Icon/Copy';
import IconSuccess from '@theme/Icon/Success';
import IconWordWrap from '@theme/Icon/WordWrap';
import {escapeText} from '@site/src/lib/escape';
import enhanceCodeBlock from '@site/src/lib/enhance-code-block';
import styles from './styles.module.css';

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

/** The block's lines as HTML, and their classes. */
function linesOf(
  source: string | undefined,
  build: Partial<BuildProps>,
): {lines: string[]; lineClassNames: Record<number, string[]>} {
  if (build.highlighted !== undefined) {
    return {
      lines: build.highlighted.split('\n'),
      lineClassNames: JSON.parse(build.lineClassNames ?? '{}') as Record<number, string[]>,
    };
  }
  const code = (source ?? '').replace(/\n$/, '');
  return {lines: code.split('\n').map(escapeText), lineClassNames: {}};
}

/** The theme's two code block buttons (CodeBlock/WordWrapButton and CopyButton), as markup. */
function Buttons(): ReactNode {
  const wrap = translate({
    id: 'theme.CodeBlock.wordWrapToggle',
    message: 'Toggle word wrap',
    description: 'The title attribute for toggle word wrapping button of code block lines',
  });
  return (
    <div className={styles.buttonGroup}>
      {/* Shown by the stylesheet while the code scrolls or wraps (src/lib/enhance-code-block.ts). */}
      <button
        type="button"
        className={clsx('clean-btn', styles.wordWrapButton)}
        data-code-action="wrap"
        aria-label={wrap}
        aria-pressed="false"
        title={wrap}>
        <IconWordWrap className={styles.wordWrapButtonIcon} aria-hidden="true" />
      </button>
      <button
        type="button"
        className="clean-btn"
        data-code-action="copy"
        aria-label={translate({
          id: 'theme.CodeBlock.copyButtonAriaLabel',
          message: 'Copy code to clipboard',
          description: 'The ARIA label for copy code blocks button',
        })}
        title={translate({
          id: 'theme.CodeBlock.copy',
          message: 'Copy',
          description: 'The copy button label on code blocks',
        })}>
        <span className={styles.copyButtonIcons} aria-hidden="true">
          <IconCopy className={styles.copyButtonIcon} />
          <IconSuccess className={styles.copyButtonSuccessIcon} />
        </span>
      </button>
    </div>
  );
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
  const block = useRef<HTMLDivElement>(null);
  useEffect(() => (block.current ? enhanceCodeBlock(block.current) : undefined), []);
  const {lines, lineClassNames} = linesOf(source, {
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
      ref={block}
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
        <Buttons />
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
