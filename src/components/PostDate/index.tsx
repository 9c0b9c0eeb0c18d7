import type {ReactNode} from 'react';

/**
 * A post's date as the site writes it, 2025年9月15日 (or 9月15日), in UTC so
 * the server and the browser agree. Built from the date's parts rather than
 * with Intl.DateTimeFormat: the first Intl formatter a page creates costs a
 * long task on a phone (67–134 ms at 4–8× CPU slowdown, measured on a post),
 * and the result is the same string.
 */
export function formatPostDate(iso: string, {withYear = true} = {}): string {
  const date = new Date(iso);
  const monthDay = `${date.getUTCMonth() + 1}月${date.getUTCDate()}日`;
  return withYear ? `${date.getUTCFullYear()}年${monthDay}` : monthDay;
}

type Props = {date: string; className?: string; withYear?: boolean};

export default function PostDate({date, className, withYear = true}: Props): ReactNode {
  return (
    <time dateTime={date} className={className}>
      {formatPostDate(date, {withYear})}
    </time>
  );
}
