import React, {type ReactNode} from 'react';
import {highlightRanges} from '@site/src/plugins/shard-search/client/tokenize';

/** `text` with every occurrence of the query's words wrapped in `<mark>`. */
export default function SearchHighlight({
  text,
  needles,
}: {
  text: string;
  needles: readonly string[];
}): ReactNode {
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of highlightRanges(text, needles)) {
    if (start > at) nodes.push(text.slice(at, start));
    nodes.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return <>{nodes}</>;
}

/** About `length` characters of `text` around its first match, with … where cut. */
export function snippet(text: string, needles: readonly string[], length: number): string {
  const [first] = highlightRanges(text, needles);
  const start = first ? Math.max(0, first[0] - Math.floor(length / 4)) : 0;
  const end = Math.min(text.length, start + length);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
