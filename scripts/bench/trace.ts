/**
 * What the main thread does while a post loads, ours against stock Docusaurus
 * 3.7.0 rendering the same post and against the limit (our page with its
 * scripts removed): Lighthouse mobile runs in interleaved rounds, each keeping
 * its Chromium trace, summarised with Lighthouse's own task grouping
 * (traceSummary.ts). Prints, per post, the main-thread groups (wall and thread
 * time), the events that make up "other", and the requests, as medians with
 * their range; writes bench/tmp/results-trace.json and keeps the traces in
 * bench/tmp/trace/.
 *
 *   npm run bench -- --only=trace [--runs=5] [--paths=/blog/2025/09/15/commands,...]
 *       [--dir=<build dir>]            the build of ours (default build/); the limit is made from it
 *       [--site=name=<build dir>]...   more builds of ours (a prototype, main kept aside)
 *       [--sites=ours,stock,limit]     which of the standard columns to measure
 *       [--detail]                     extra trace categories: every task names where it
 *                                      was posted from (slower pages; for attribution only)
 *       [--method=devtools]            real 4× CPU throttling instead of Lighthouse's simulation
 *       [--slowdown=8]                 the CPU slowdown (default 4, Lighthouse mobile; 8 is the
 *                                      bench's slow device)
 *       [--from=<dir>]                 no new runs: the summary of the traces kept in <dir>
 *                                      (bench/tmp/trace after a run; --columns=a,b orders them)
 *
 * Served by nginx with the production config on TRACE_PORT (default PORTS.trace in sites.ts) and
 * the ports after it, one per column.
 */
import {execFileSync, type ChildProcess} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, rmSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {browserPath, CHROME_FLAGS, nginxServe, stop, waitForServer} from '../lib/serve';
import {prepareLimit} from './limit';
import {LIMIT, OURS} from './sites';
import {prepareStockWithPosts} from './stockPosts';
import {
  auditFigures,
  medianSummary,
  summariseTrace,
  type SummaryMedians,
  type TraceSummary,
} from './traceSummary';
import {log, ROOT, TMP} from './util';

/** The longest post, and the post the budgets and the issue's like-for-like use. */
export const TRACE_PATHS = ['/blog/2025/09/15/commands', '/blog/2025/09/15/publish-server'];

/** Categories that make every task name where it was posted from, and name IPC and loader work. */
const DETAIL_CATEGORIES = [
  'toplevel',
  'toplevel.flow',
  'mojom',
  'blink',
  'blink.resource',
  'renderer.scheduler',
  'ipc',
];

/** Lighthouse mobile's CPU slowdown; `--slowdown=` sets another (8: the slow device). */
const CPU_SLOWDOWN = 4;

export type TraceColumn = {name: string; buildDir: string; securityHeaders: boolean};

export type TraceOptions = {
  columns: TraceColumn[];
  paths: string[];
  runs: number;
  detail: boolean;
  method: 'simulate' | 'devtools';
  port: number;
  /** CPU slowdown (Lighthouse's `throttling.cpuSlowdownMultiplier`). */
  slowdown?: number;
};

export type TraceResults = Record<string, Record<string, SummaryMedians>>;

/** One Lighthouse mobile run that keeps its trace; returns the trace's path. */
function lighthouseTrace(url: string, out: string, options: TraceOptions): string {
  const args = [
    url,
    '--output=json',
    `--output-path=${out}.json`,
    '--save-assets',
    '--quiet',
    '--only-categories=performance',
    `--chrome-flags=--headless=new ${CHROME_FLAGS.join(' ')}`,
    `--throttling-method=${options.method}`,
    ...(options.slowdown && options.slowdown !== CPU_SLOWDOWN
      ? [`--throttling.cpuSlowdownMultiplier=${options.slowdown}`]
      : []),
    ...(options.detail ? [`--additional-trace-categories=${DETAIL_CATEGORIES.join(',')}`] : []),
  ];
  for (let attempt = 1; ; attempt += 1) {
    try {
      execFileSync(join(ROOT, 'node_modules/.bin/lighthouse'), args, {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {...process.env, CHROME_PATH: browserPath()},
      });
      return `${out}-0.trace.json`;
    } catch (error) {
      // Lighthouse now and then fails to record a trace (NO_NAVSTART).
      if (attempt >= 3) throw error;
      log(`lighthouse failed on ${url}, attempt ${attempt}; retrying`);
    }
  }
}

export async function traceRun(options: TraceOptions): Promise<TraceResults> {
  const dir = join(TMP, 'trace');
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  const servers: ChildProcess[] = [];
  const origins = new Map<string, string>();
  const summaries: Record<string, Record<string, TraceSummary[]>> = {};
  const multiplier = options.method === 'simulate' ? (options.slowdown ?? CPU_SLOWDOWN) : 1;
  try {
    for (const [index, column] of options.columns.entries()) {
      const port = options.port + index;
      servers.push(nginxServe(column.buildDir, port, column.securityHeaders));
      origins.set(column.name, `http://127.0.0.1:${port}`);
      await waitForServer(`http://127.0.0.1:${port}/`);
    }
    for (let round = 0; round < options.runs; round += 1) {
      // Each round starts with another column, so none is always first or last.
      const order = options.columns.map(
        (_, i) => options.columns[(i + round) % options.columns.length] as TraceColumn,
      );
      for (const path of options.paths) {
        for (const column of order) {
          log(`round ${round + 1}/${options.runs}: ${column.name} ${path}`);
          const slug = path.split('/').filter(Boolean).pop() ?? 'root';
          const out = join(dir, `${column.name}-${slug}-${round + 1}`);
          const trace = lighthouseTrace(origins.get(column.name) + path, out, options);
          const summary = await summariseTrace(trace, multiplier);
          summary.audit = auditFigures(`${out}.json`);
          ((summaries[path] ??= {})[column.name] ??= []).push(summary);
        }
      }
    }
  } finally {
    for (const server of servers) stop(server);
  }
  return medians(summaries);
}

function medians(summaries: Record<string, Record<string, TraceSummary[]>>): TraceResults {
  const results: TraceResults = {};
  for (const [path, byColumn] of Object.entries(summaries)) {
    results[path] = {};
    for (const [name, runs] of Object.entries(byColumn))
      (results[path] as Record<string, SummaryMedians>)[name] = medianSummary(runs);
  }
  return results;
}

/**
 * The summary of traces kept from an earlier run (`<column>-<post>-<round>-0.trace.json` and
 * the report beside it, as traceRun writes them), without running Lighthouse again.
 * Returns the columns in the order their files sort, and the number of rounds.
 */
export async function summariseKept(
  dir: string,
  paths: string[],
  method: TraceOptions['method'],
  slowdown: number = CPU_SLOWDOWN,
): Promise<{columns: string[]; runs: number; results: TraceResults}> {
  const summaries: Record<string, Record<string, TraceSummary[]>> = {};
  const columns: string[] = [];
  let runs = 0;
  for (const file of readdirSync(dir).sort()) {
    for (const path of paths) {
      const slug = path.split('/').filter(Boolean).pop() ?? 'root';
      const match = new RegExp(`^(.+)-${slug}-(\\d+)-0\\.trace\\.json$`).exec(file);
      if (!match) continue;
      const [, column = '', round = '0'] = match;
      if (!columns.includes(column)) columns.push(column);
      runs = Math.max(runs, Number(round));
      const summary = await summariseTrace(join(dir, file), method === 'simulate' ? slowdown : 1);
      const report = join(dir, file.replace(/-0\.trace\.json$/, '.json'));
      if (existsSync(report)) summary.audit = auditFigures(report);
      ((summaries[path] ??= {})[column] ??= []).push(summary);
    }
  }
  if (!columns.length) throw new Error(`${dir}: no traces of ${paths.join(', ')}`);
  return {columns, runs, results: medians(summaries)};
}

const GROUP_ORDER = [
  'other',
  'scriptEvaluation',
  'styleLayout',
  'paintCompositeRender',
  'parseHTML',
  'scriptParseCompile',
  'garbageCollection',
];

const ms = (value: number) => String(Math.round(value));
const range = (s: {median: number; min: number; max: number} | undefined) =>
  s ? `${ms(s.median)} (${ms(s.min)}–${ms(s.max)})` : '0';

/** Markdown tables: groups, the biggest parts of "other", requests. */
export function formatTrace(
  results: TraceResults,
  columns: string[],
  options: {runs: number; detail: boolean; method: string; slowdown?: number; top?: number},
): string {
  const top = options.top ?? 15;
  const lines: string[] = [];
  const x = options.slowdown ?? CPU_SLOWDOWN;
  const how =
    options.method === 'simulate'
      ? `Lighthouse mobile (simulated ${x}× CPU: observed time × ${x})`
      : `Lighthouse mobile, devtools throttling (real ${x}× CPU)`;
  for (const [path, byColumn] of Object.entries(results)) {
    const cols = columns.filter((c) => byColumn[c]);
    const of = (c: string) => byColumn[c] as SummaryMedians;
    lines.push(
      `\n### ${path}: ${how}, median (min–max) of ${options.runs} interleaved runs${options.detail ? ', detail categories' : ''}\n`,
      `| main thread, ms | ${cols.join(' | ')} |`,
      `| --- | ${cols.map(() => '---').join(' | ')} |`,
      ...(
        [
          ['mainThreadMs', 'Lighthouse report: main thread'],
          ['otherMs', 'Lighthouse report: "other"'],
          ['tbtMs', 'Lighthouse report: TBT'],
          ['lcpMs', 'Lighthouse report: LCP'],
        ] as const
      ).map(
        ([key, title]) =>
          `| ${title} | ${cols.map((c) => range(of(c).audit?.[key])).join(' | ')} |`,
      ),
      `| total (wall) | ${cols.map((c) => range(of(c).totalMs)).join(' | ')} |`,
      `| total (thread time) | ${cols.map((c) => range(of(c).totalCpuMs)).join(' | ')} |`,
    );
    for (const group of GROUP_ORDER) {
      lines.push(
        `| ${group} (wall) | ${cols.map((c) => range(of(c).groups[group])).join(' | ')} |`,
      );
    }
    lines.push(
      `| other (thread time) | ${cols.map((c) => range(of(c).groupsCpu.other)).join(' | ')} |`,
      ...[
        'other before bundle',
        'other from bundle',
        'other after load',
        'rest before bundle',
        'rest from bundle',
      ].map(
        (phase) =>
          `| ${phase} (wall / thread) | ${cols
            .map((c) => {
              const p = of(c).phases[phase];
              return p ? `${ms(p.ms)} / ${ms(p.cpuMs)}` : '0';
            })
            .join(' | ')} |`,
      ),
      `| FCP / load / bundle start / trace end, observed ms | ${cols.map((c) => ['fcp', 'load', 'bundle', 'traceEnd'].map((k) => ms(of(c).timings[k]?.median ?? 0)).join(' / ')).join(' | ')} |`,
      `| top-level tasks (bare) | ${cols.map((c) => `${ms(of(c).tasks.median)} (${ms(of(c).bareTasks.median)})`).join(' | ')} |`,
    );
    const table = (
      title: string,
      pick: (s: SummaryMedians) => Record<string, {ms: number; cpuMs: number; count: number}>,
    ) => {
      const keys = new Set(cols.flatMap((c) => Object.keys(pick(of(c)))));
      const weight = (key: string) => Math.max(...cols.map((c) => pick(of(c))[key]?.ms ?? 0));
      const rows = [...keys].sort((a, b) => weight(b) - weight(a)).slice(0, top);
      if (!rows.length) return;
      lines.push(
        `\n${title}: self ms wall / thread, count (medians)\n`,
        `| event | ${cols.join(' | ')} |`,
        `| --- | ${cols.map(() => '---').join(' | ')} |`,
      );
      for (const key of rows) {
        const cells = cols.map((c) => {
          const s = pick(of(c))[key];
          return s ? `${ms(s.ms)} / ${ms(s.cpuMs)}, ${ms(s.count)}` : '–';
        });
        lines.push(`| ${key.replaceAll('|', '\\|')} | ${cells.join(' | ')} |`);
      }
    };
    table('"other" by the kind of task it falls in', (s) => s.otherByKind);
    lines.push(
      `\nTop-level tasks by kind (medians): ${cols
        .map(
          (c) =>
            `${c}: ${Object.entries(of(c).tasksByKind)
              .sort((a, b) => b[1].count - a[1].count)
              .map(([k, v]) => `${k} ${ms(v.count)}`)
              .join(', ')}`,
        )
        .join('; ')}`,
    );
    table('"other" by trace event', (s) => s.other);
    if (options.detail) table('"other" by where its task was posted from', (s) => s.otherByPoster);
    table('Every group by trace event', (s) =>
      Object.fromEntries(
        Object.entries(s.byName)
          .filter(([, v]) => v.group !== 'other')
          .map(([k, v]) => [`${k} [${v.group}]`, v]),
      ),
    );
    const types = new Set(cols.flatMap((c) => Object.keys(of(c).requests)));
    lines.push(
      `\nRequests by resource type (medians)\n`,
      `| type | ${cols.join(' | ')} |`,
      `| --- | ${cols.map(() => '---').join(' | ')} |`,
    );
    for (const type of [...types].sort())
      lines.push(`| ${type} | ${cols.map((c) => ms(of(c).requests[type] ?? 0)).join(' | ')} |`);
    const initiators = new Set(cols.flatMap((c) => Object.keys(of(c).requestsByInitiator)));
    lines.push(
      `\nRequests by who made them (medians; minified frames, file:line:column from 0)\n`,
      `| type ← initiator | ${cols.join(' | ')} |`,
      `| --- | ${cols.map(() => '---').join(' | ')} |`,
    );
    for (const key of [...initiators].sort())
      lines.push(
        `| ${key.replaceAll('|', '\\|')} | ${cols.map((c) => ms(of(c).requestsByInitiator[key] ?? 0)).join(' | ')} |`,
      );
  }
  return lines.join('\n');
}

/** The columns: ours, stock rendering our posts, the limit, and any `--site=name=dir`. */
export function traceColumns(
  standard: string[],
  extra: string[],
  oursDir: string = OURS.buildDir,
): TraceColumn[] {
  const columns: TraceColumn[] = [];
  for (const name of standard) {
    if (name === 'ours') columns.push({name, buildDir: oursDir, securityHeaders: true});
    else if (name === 'stock')
      columns.push({name, buildDir: prepareStockWithPosts(), securityHeaders: false});
    else if (name === 'limit') {
      log(`limit: our build without scripts (${prepareLimit(oursDir)} HTML files changed)`);
      columns.push({name, buildDir: LIMIT.buildDir, securityHeaders: true});
    } else throw new Error(`--sites: unknown column "${name}" (ours, stock, limit)`);
  }
  for (const spec of extra) {
    const [name, dir] = spec.split('=');
    if (!name || !dir) throw new Error(`--site=${spec}: write --site=<name>=<build dir>`);
    const buildDir = resolve(ROOT, dir);
    if (!existsSync(join(buildDir, 'index.html')))
      throw new Error(`--site=${spec}: ${buildDir} holds no built site`);
    // Our header's script hashes are of our build: another build keeps its own <meta> CSP.
    columns.push({name, buildDir, securityHeaders: false});
  }
  return columns;
}
