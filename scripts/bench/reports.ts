/**
 * Dated reports the benches write themselves: bench/reports/<date>-<what>.md,
 * each saying when it ran, on which commit and machine, with which command,
 * and what it measured. The maintainers' documents link these files instead
 * of copying figures (bench/README.md lists them).
 */
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {cpus, loadavg, totalmem} from 'node:os';
import {join, relative} from 'node:path';
import {ROOT, log} from './util';

export const REPORTS = join(ROOT, 'bench/reports');

/** YYYY-MM-DD, in UTC like every time the reports give. */
export const day = (date: Date): string => date.toISOString().slice(0, 10);
const minute = (date: Date): string => date.toISOString().slice(0, 16).replace('T', ' ');

function git(args: string[]): string {
  try {
    return execFileSync('git', args, {cwd: ROOT, encoding: 'utf8'}).trim();
  } catch {
    return '';
  }
}

/** The commit measured, and whether the working tree differed from it. */
export function commitLine(): string {
  const head = git(['rev-parse', '--short=7', 'HEAD']) || 'unknown';
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  return dirty ? `${head}, with uncommitted changes` : head;
}
/** As the run started: what it measured, whatever changes while it runs. */
const COMMIT_AT_START = commitLine();

function osName(): string {
  const release = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
  return /^PRETTY_NAME="?([^"\n]+)"?/m.exec(release)?.[1] ?? process.platform;
}

/** The machine, as a reader comparing two reports needs it. */
export function machineLine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  const gib = (totalmem() / 1024 ** 3).toFixed(1);
  return `${cores.length} CPUs (${model}), ${gib} GiB, ${osName()}, Node.js ${process.version}`;
}

/** The 1-minute load average: on a shared machine, how busy it was. */
export const load = (): string => loadavg()[0]?.toFixed(2) ?? '?';

export type Report = Readonly<{
  /** The file name's tail: `npm-test`, `search`, `bench-full`. */
  what: string;
  title: string;
  startedAt: Date;
  endedAt: Date;
  command: string;
  /** Load average at the start and the end, when the report measured them. */
  load?: readonly [string, string];
  /** Raw results this report was written from or beside. */
  source?: string;
  /** Defaults to the checkout's HEAD as the run started; a report of older results names theirs. */
  commit?: string;
  machine?: string;
  /** Markdown. */
  body: string;
}>;

/** bench/reports/<date>-<what>.md (with -2, -3 … when that day already has one); returns the path. */
export function writeReport(report: Report): string {
  mkdirSync(REPORTS, {recursive: true});
  const stem = `${day(report.startedAt)}-${report.what}`;
  let file = join(REPORTS, `${stem}.md`);
  for (let n = 2; existsSync(file); n += 1) file = join(REPORTS, `${stem}-${n}.md`);
  const lines = [
    `# ${report.title}`,
    '',
    `- Date: ${minute(report.startedAt)} – ${minute(report.endedAt)} UTC`,
    `- Command: \`${report.command}\``,
    `- Commit: ${report.commit ?? COMMIT_AT_START}`,
    `- Machine: ${report.machine ?? machineLine()}`,
    ...(report.load
      ? [`- Load average (1 min): ${report.load[0]} at the start, ${report.load[1]} at the end`]
      : []),
    ...(report.source ? [`- Raw results: \`${report.source}\``] : []),
    '',
    report.body.trim(),
    '',
  ];
  writeFileSync(file, lines.join('\n'));
  log(`wrote ${relative(ROOT, file)}`);
  return file;
}

/** A Markdown table. */
export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Printed output kept as it was printed. */
export const printed = (text: string): string => `\`\`\`text\n${text.trim()}\n\`\`\``;
