/**
 * What a page load's main thread did, from the Chromium trace Lighthouse
 * records: the same task tree and the same groups as Lighthouse's
 * `mainthread-work-breakdown` audit (its own tracehouse code does the work),
 * plus what the audit does not show: which trace events make up each group,
 * above all "other" (the self time of tasks and events that belong to no named
 * group: the scheduler's `RunTask`, compositor commits, IPC, loader callbacks,
 * ...), in wall time (what Lighthouse counts) and in thread time (what the
 * thread really ran: another process on a busy machine stretches wall time
 * only), the number of tasks, which load phase the time falls in, and the
 * requests the page made.
 *
 * With the extra trace categories of `--detail` (see trace.ts) every task also
 * names where it was posted from (`ThreadControllerImpl::RunTask` carries
 * `src_file`/`src_func`), and "other" is attributed to those posting sites.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {median, ROOT} from './util';

export type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tts?: number;
  pid: number;
  tid: number;
  args?: {
    src_file?: string;
    src_func?: string;
    data?: {
      url?: string;
      resourceType?: string;
      priority?: string;
      requestMethod?: string;
      stackTrace?: {functionName: string; url: string; lineNumber: number; columnNumber: number}[];
    };
  };
};

type TaskNode = {
  event: TraceEvent;
  endEvent?: TraceEvent;
  children: TaskNode[];
  parent?: TaskNode;
  startTime: number;
  endTime: number;
  duration: number;
  selfTime: number;
  group: {id: string};
};

type Tracehouse = {
  MainThreadTasks: {
    getMainThreadTasks(
      events: TraceEvent[],
      frames: {id: string; url: string}[],
      traceEnd: number,
      traceStart?: number,
    ): TaskNode[];
  };
  TraceProcessor: {
    processTrace(trace: {traceEvents: TraceEvent[]}): {
      mainThreadEvents: TraceEvent[];
      frames: {id: string; url: string}[];
      timestamps: {timeOrigin: number; traceEnd: number};
      timeOriginEvt: TraceEvent;
    };
    processNavigation(processed: unknown): {
      timestamps: {firstContentfulPaint: number; load?: number; domContentLoaded?: number};
    };
  };
};

let tracehouse: Promise<Tracehouse> | undefined;

/** Lighthouse's own trace code (an ES module), so the groups are exactly the audit's. */
function loadTracehouse(): Promise<Tracehouse> {
  const dir = join(ROOT, 'node_modules/lighthouse/core/lib/tracehouse');
  tracehouse ??= Promise.all([
    import(pathToFileURL(join(dir, 'main-thread-tasks.js')).href),
    import(pathToFileURL(join(dir, 'trace-processor.js')).href),
  ]).then(([tasks, processor]) => ({
    MainThreadTasks: (tasks as Tracehouse).MainThreadTasks,
    TraceProcessor: (processor as Tracehouse).TraceProcessor,
  }));
  return tracehouse;
}

export type Share = {ms: number; cpuMs: number; count: number};

/** The figures of the Lighthouse report itself, beside the trace's. */
export type AuditFigures = {
  mainThreadMs: number;
  otherMs: number;
  tbtMs: number;
  lcpMs: number;
};

type Lhr = {
  audits: Record<
    string,
    {numericValue?: number; details?: {items?: {group?: string; duration?: number}[]}}
  >;
};

/** Main thread, its "other" group, TBT and LCP as the report gives them. */
export function auditFigures(lhrFile: string): AuditFigures {
  const lhr = JSON.parse(readFileSync(lhrFile, 'utf8')) as Lhr;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  const other = (lhr.audits['mainthread-work-breakdown']?.details?.items ?? [])
    .filter((item) => item.group === 'other')
    .reduce((sum, item) => sum + (item.duration ?? 0), 0);
  return {
    mainThreadMs: audit('mainthread-work-breakdown'),
    otherMs: other,
    tbtMs: audit('total-blocking-time'),
    lcpMs: audit('largest-contentful-paint'),
  };
}

export type TraceSummary = {
  /** From the report, when it was read (auditFigures). */
  audit?: AuditFigures;
  /** Lighthouse's `mainthread-work-breakdown` by group (wall time × the CPU multiplier). */
  groups: Record<string, number>;
  /** The same grouping in thread time × the multiplier. */
  groupsCpu: Record<string, number>;
  totalMs: number;
  totalCpuMs: number;
  /** Top-level main-thread tasks, and how many of them did nothing but the task itself. */
  tasks: number;
  bareTasks: number;
  /**
   * "other" and the rest by phase: before the bundle (main.js) starts, from then on, and
   * (overlapping those) after the load event; wall and thread time.
   */
  phases: Record<string, Share>;
  /** "other" by the kind of top-level task it falls in (see taskKinds). */
  otherByKind: Record<string, Share>;
  /** Top-level tasks by kind (`count`). */
  tasksByKind: Record<string, Share>;
  /** "other" self time by trace event name (`RunTask` is the bare task). */
  other: Record<string, Share>;
  /** Every group's self time by event name, for the tables of the other groups. */
  byName: Record<string, Share & {group: string}>;
  /** "other" by where its task was posted from (only with the detail categories). */
  otherByPoster: Record<string, Share>;
  /** Requests the page made, by Chromium's resource type. */
  requests: Record<string, number>;
  /** The same, by type and the script frames that made them. */
  requestsByInitiator: Record<string, number>;
  /** From navigation: first contentful paint, the load event, the end of the trace (observed ms). */
  timings: Record<'fcp' | 'load' | 'bundle' | 'traceEnd', number>;
};

/** Thread time of a task: the event's own `tdur`, or its begin/end pair's. */
function threadTime(task: TaskNode): number {
  if (task.event.tdur !== undefined) return task.event.tdur;
  const start = task.event.tts;
  const end = task.endEvent?.tts;
  return start !== undefined && end !== undefined ? end - start : 0;
}

const basename = (path: string) => path.split('/').pop() ?? path;

/** Where the task that `task` belongs to was posted from, when the trace says. */
function poster(task: TaskNode | undefined): string | undefined {
  for (let node = task; node; node = node.parent) {
    const args = node.event.args;
    if (args?.src_func) return `${args.src_func} (${basename(args.src_file ?? '?')})`;
  }
  return undefined;
}

function add(map: Record<string, Share>, key: string, ms: number, cpuMs: number): void {
  const share = (map[key] ??= {ms: 0, cpuMs: 0, count: 0});
  share.ms += ms;
  share.cpuMs += cpuMs;
  share.count += 1;
}

const SCRIPT = new Set([
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'FireIdleCallback',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'V8.Execute',
  'v8.evaluateModule',
]);
const FRAME = new Set(['Commit', 'Layerize', 'PrePaint', 'Paint', 'UpdateLayoutTree', 'Layout']);
const NETWORK = /^Resource(SendRequest|ReceiveResponse|ReceivedData|Finish|ChangePriority)$/;

/**
 * What each top-level task was, from what the trace shows inside it: HTML
 * parsing or the navigation's commit, the page's script (any script event), a frame (commit, paint, style or layout
 * without script), HTML parsing, a network event of a request (response,
 * data, finish), other instrumented work, or nothing at all ("bare": the
 * scheduler ran a task whose work no trace event names, such as IPC and
 * loader bookkeeping).
 */
function taskKinds(tasks: TaskNode[], events: TraceEvent[]): Map<TaskNode, string> {
  const top = tasks.filter((t) => !t.parent);
  const names = new Map<TaskNode, Set<string>>(top.map((t) => [t, new Set<string>()]));
  const collect = (node: TaskNode, into: Set<string>) => {
    into.add(node.event.name);
    for (const child of node.children) collect(child, into);
  };
  for (const task of top)
    for (const child of task.children) collect(child, names.get(task) as Set<string>);
  // Instant events (network, among others) are not tasks: find the task around each.
  const starts = top.map((t) => t.event.ts);
  for (const event of events) {
    if (event.ph !== 'I' && event.ph !== 'i' && event.ph !== 'n') continue;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= event.ts) lo = mid;
      else hi = mid - 1;
    }
    const task = top[lo];
    if (!task || task.event.ts > event.ts || task.event.ts + (task.event.dur ?? 0) < event.ts)
      continue;
    names.get(task)?.add(event.name);
  }
  const kinds = new Map<TaskNode, string>();
  for (const [task, inside] of names) {
    const has = (test: (name: string) => boolean) => [...inside].some(test);
    kinds.set(
      task,
      has((n) => n === 'ParseHTML' || n.startsWith('DocumentLoader::'))
        ? 'HTML parse / navigation'
        : has((n) => SCRIPT.has(n))
          ? 'script'
          : has((n) => NETWORK.test(n))
            ? 'network'
            : has((n) => FRAME.has(n) || n.startsWith('AnimationFrame'))
              ? 'frame'
              : inside.size === 0
                ? 'bare'
                : 'other work',
    );
  }
  return kinds;
}

/**
 * Summarises one Lighthouse trace. `multiplier` is what the audit multiplies
 * by: the CPU slowdown under simulated throttling, 1 under devtools throttling.
 */
export async function summariseTrace(traceFile: string, multiplier: number): Promise<TraceSummary> {
  const {MainThreadTasks, TraceProcessor} = await loadTracehouse();
  const trace = JSON.parse(readFileSync(traceFile, 'utf8')) as {traceEvents: TraceEvent[]};
  const processed = TraceProcessor.processTrace(trace);
  const navigation = TraceProcessor.processNavigation(processed);
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  );
  const origin = processed.timestamps.timeOrigin;
  const fcp = (navigation.timestamps.firstContentfulPaint - origin) / 1000;
  const load =
    navigation.timestamps.load === undefined
      ? Infinity
      : (navigation.timestamps.load - origin) / 1000;
  // The bundle starts with the evaluation of main.js; a page without it (the limit) never does.
  const bundleEvent = processed.mainThreadEvents.find(
    (e) => e.name === 'EvaluateScript' && /\/main\.[0-9a-f]+\.js$/.test(e.args?.data?.url ?? ''),
  );
  const bundle = bundleEvent ? (bundleEvent.ts - origin) / 1000 : Infinity;

  // Thread self time: a task's thread time less its children's.
  const cpuSelf = new Map<TaskNode, number>();
  for (const task of tasks) {
    const children = task.children.reduce((sum, child) => sum + threadTime(child), 0);
    cpuSelf.set(task, Math.max(0, threadTime(task) - children) / 1000);
  }
  const kinds = taskKinds(tasks, processed.mainThreadEvents);

  const summary: TraceSummary = {
    groups: {},
    groupsCpu: {},
    totalMs: 0,
    totalCpuMs: 0,
    tasks: 0,
    bareTasks: 0,
    phases: {},
    otherByKind: {},
    tasksByKind: {},
    other: {},
    byName: {},
    otherByPoster: {},
    requests: {},
    requestsByInitiator: {},
    timings: {
      fcp,
      load,
      bundle: Number.isFinite(bundle) ? bundle : 0,
      traceEnd: (processed.timestamps.traceEnd - origin) / 1000,
    },
  };
  for (const task of tasks) {
    const ms = task.selfTime * multiplier;
    const cpuMs = (cpuSelf.get(task) ?? 0) * multiplier;
    const group = task.group.id;
    summary.groups[group] = (summary.groups[group] ?? 0) + ms;
    summary.groupsCpu[group] = (summary.groupsCpu[group] ?? 0) + cpuMs;
    summary.totalMs += ms;
    summary.totalCpuMs += cpuMs;
    let top = task;
    while (top.parent) top = top.parent;
    const kind = kinds.get(top) ?? 'other work';
    if (!task.parent) {
      summary.tasks += 1;
      if (kind === 'bare') summary.bareTasks += 1;
      add(summary.tasksByKind, kind, 0, 0);
    }
    const phase = task.startTime < bundle ? 'before bundle' : 'from bundle';
    const phaseKey = `${group === 'other' ? 'other' : 'rest'} ${phase}`;
    add(summary.phases, phaseKey, ms, cpuMs);
    add(
      summary.phases,
      `${group === 'other' ? 'other' : 'rest'} after load`,
      task.startTime >= load ? ms : 0,
      task.startTime >= load ? cpuMs : 0,
    );
    const entry = (summary.byName[task.event.name] ??= {group, ms: 0, cpuMs: 0, count: 0});
    entry.ms += ms;
    entry.cpuMs += cpuMs;
    entry.count += 1;
    if (group !== 'other') continue;
    add(summary.other, task.event.name, ms, cpuMs);
    add(summary.otherByKind, kind, ms, cpuMs);
    const from = poster(task);
    if (from) add(summary.otherByPoster, from, ms, cpuMs);
  }
  const pid = processed.timeOriginEvt.pid;
  for (const event of trace.traceEvents) {
    if (event.name !== 'ResourceSendRequest' || event.pid !== pid) continue;
    const type = event.args?.data?.resourceType ?? '?';
    summary.requests[type] = (summary.requests[type] ?? 0) + 1;
    // Who asked: the script frames of the request's stack (minified names; name them
    // with a source-map build), or the parser.
    const frames = (event.args?.data?.stackTrace ?? [])
      .filter((frame) => !frame.url.includes('_lighthouse'))
      .slice(0, 3)
      .map(
        (frame) =>
          `${frame.functionName || '(anonymous)'} ${basename(frame.url).replace(/\.[0-9a-f]{8}\.js$/, '.js')}:${frame.lineNumber}:${frame.columnNumber}`,
      );
    const initiator = `${type} ← ${frames.length ? frames.join(' ← ') : 'HTML / browser'}`;
    summary.requestsByInitiator[initiator] = (summary.requestsByInitiator[initiator] ?? 0) + 1;
  }
  return summary;
}

export type Spread = {median: number; min: number; max: number};

const spread = (values: number[]): Spread => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});

export type SummaryMedians = {
  runs: number;
  audit: Record<string, Spread>;
  groups: Record<string, Spread>;
  groupsCpu: Record<string, Spread>;
  totalMs: Spread;
  totalCpuMs: Spread;
  tasks: Spread;
  bareTasks: Spread;
  phases: Record<string, Share>;
  otherByKind: Record<string, Share>;
  tasksByKind: Record<string, Share>;
  /** Medians per key over the runs (a run without the key counts 0). */
  other: Record<string, Share>;
  byName: Record<string, {group: string; ms: number; cpuMs: number; count: number}>;
  otherByPoster: Record<string, Share>;
  requests: Record<string, number>;
  requestsByInitiator: Record<string, number>;
  timings: Record<string, Spread>;
};

function medianShares(
  runs: Record<string, Share & {group?: string}>[],
): Record<string, {ms: number; cpuMs: number; count: number; group: string}> {
  const keys = new Set(runs.flatMap((run) => Object.keys(run)));
  return Object.fromEntries(
    [...keys].map((key) => {
      const of = (pick: (s: Share) => number) =>
        median(runs.map((r) => (r[key] ? pick(r[key]) : 0)));
      const group = runs.find((r) => r[key])?.[key]?.group ?? 'other';
      return [
        key,
        {ms: of((s) => s.ms), cpuMs: of((s) => s.cpuMs), count: of((s) => s.count), group},
      ];
    }),
  );
}

/** Medians (and range) of several runs' summaries, figure by figure. */
export function medianSummary(runs: TraceSummary[]): SummaryMedians {
  const keysOf = (pick: (s: TraceSummary) => Record<string, number>) =>
    new Set(runs.flatMap((run) => Object.keys(pick(run))));
  const spreadOf = (pick: (s: TraceSummary) => Record<string, number>) =>
    Object.fromEntries(
      [...keysOf(pick)].map((key) => [key, spread(runs.map((run) => pick(run)[key] ?? 0))]),
    );
  return {
    runs: runs.length,
    audit: spreadOf((s) => s.audit ?? {}),
    groups: spreadOf((s) => s.groups),
    groupsCpu: spreadOf((s) => s.groupsCpu),
    totalMs: spread(runs.map((s) => s.totalMs)),
    totalCpuMs: spread(runs.map((s) => s.totalCpuMs)),
    tasks: spread(runs.map((s) => s.tasks)),
    bareTasks: spread(runs.map((s) => s.bareTasks)),
    phases: medianShares(runs.map((s) => s.phases)),
    otherByKind: medianShares(runs.map((s) => s.otherByKind)),
    tasksByKind: medianShares(runs.map((s) => s.tasksByKind)),
    timings: spreadOf((s) => s.timings),
    other: medianShares(runs.map((s) => s.other)),
    byName: medianShares(runs.map((s) => s.byName)),
    otherByPoster: medianShares(runs.map((s) => s.otherByPoster)),
    requests: Object.fromEntries(
      [...keysOf((s) => s.requests)].map((key) => [
        key,
        median(runs.map((s) => s.requests[key] ?? 0)),
      ]),
    ),
    requestsByInitiator: Object.fromEntries(
      [...keysOf((s) => s.requestsByInitiator)].map((key) => [
        key,
        median(runs.map((s) => s.requestsByInitiator[key] ?? 0)),
      ]),
    ),
  };
}
