/**
 * Long tasks of one page load on a phone, named: a Chromium trace of the page
 * at a mobile viewport with the CPU slowed down, cut into the main thread's
 * top-level tasks; every task over 50 ms is listed with the time it started
 * (from navigation), where it sits relative to the bundle and hydration, and
 * what ran inside it (trace events by self time, and the JS functions that the
 * sampling profiler saw most, named through the build's source maps when the
 * served build has them: the bench's source-map build does).
 *
 *   npm run bench -- --only=longtasks [--slowdown=4,8] [--runs=3] [--path=/blog/...] [--dir=build]
 */
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {chromium} from '@playwright/test';
import {browserPath, CHROME_FLAGS, withNginx} from '../lib/serve';
import {median} from './util';

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event: what another process on the machine does not stretch. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      type?: string;
      frame?: string;
      cpuProfile?: {
        nodes?: {id: number; callFrame: CallFrame; parent?: number}[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
};
type CallFrame = {functionName: string; url: string; lineNumber: number; columnNumber: number};

export type LongTask = {
  startMs: number;
  durationMs: number;
  /** The task's thread (CPU) time. */
  cpuMs: number;
  /** Where the task sits: before the bundle, during hydration, or after. */
  phase: 'before bundle' | 'bundle to hydration' | 'after hydration';
  /** Trace events inside the task by self time, largest first. */
  events: [string, number][];
  /** JS functions by sampled self time, largest first. */
  functions: [string, number][];
};

export type LongTaskProfile = {
  slowdown: number;
  runs: number;
  /** Medians over the runs. */
  count: number;
  over50Ms: number;
  totalMs: number;
  bundleStartMs: number;
  hydratedMs: number;
  /** Main-thread CPU time of all tasks from the bundle's start. */
  cpuAfterBundleMs: number;
  /** The tasks of the run whose total is the median. */
  tasks: LongTask[];
};

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'toplevel',
  'v8',
];

/** Source maps of the served build, for naming minified frames. */
class SourceMaps {
  private readonly cache = new Map<string, Mapping | null>();
  constructor(private readonly buildDir: string) {}

  name(frame: CallFrame): string {
    const file = frame.url.replace(/^https?:\/\/[^/]+\//, '');
    const short = file.split('/').pop() ?? file;
    const map = this.load(file);
    const at = map?.lookup(frame.lineNumber, frame.columnNumber);
    if (!at) return `${frame.functionName || '(anonymous)'} ${short}:${frame.lineNumber + 1}`;
    const source = at.source.replace(/^webpack:\/\/\/?/, '').replace(/^.*node_modules\//, '');
    return `${at.name ?? frame.functionName ?? '(anonymous)'} ${source}:${at.line + 1}`;
  }

  private load(file: string): Mapping | null {
    if (!this.cache.has(file)) {
      const path = join(this.buildDir, `${file}.map`);
      this.cache.set(file, existsSync(path) ? new Mapping(readFileSync(path, 'utf8')) : null);
    }
    return this.cache.get(file) ?? null;
  }
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((char, index) => [char, index]));

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = B64_VALUE.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

type Segment = {column: number; source: number; line: number; name: number | null};

/** The innermost named mapping at or before a generated position. */
class Mapping {
  private readonly lines: Segment[][];
  private readonly sources: string[];
  private readonly names: string[];
  constructor(json: string) {
    const map = JSON.parse(json) as {mappings: string; sources: string[]; names: string[]};
    this.sources = map.sources;
    this.names = map.names;
    let source = 0;
    let line = 0;
    let name = 0;
    this.lines = map.mappings.split(';').map((text) => {
      let column = 0;
      return text
        .split(',')
        .filter(Boolean)
        .map((segment) => {
          const [dc = 0, ds, dl, , dn] = decodeVlq(segment);
          column += dc;
          if (ds !== undefined) source += ds;
          if (dl !== undefined) line += dl;
          if (dn !== undefined) name += dn;
          return {column, source, line, name: dn === undefined ? null : name};
        });
    });
  }

  lookup(line: number, column: number): {source: string; line: number; name?: string} | null {
    const segments = this.lines[line] ?? [];
    let best: Segment | undefined;
    for (const segment of segments) {
      if (segment.column > column) break;
      best = segment;
    }
    if (!best) return null;
    return {
      source: this.sources[best.source] ?? '?',
      line: best.line,
      ...(best.name === null ? {} : {name: this.names[best.name]}),
    };
  }
}

/** What a trace event is called in the summary. */
function label(event: TraceEvent): string {
  const data = event.args?.data;
  const short = (url?: string) =>
    url
      ?.split('/')
      .pop()
      ?.replace(/\.[0-9a-f]{8}\.js$/, '.js');
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
      return `${event.name} ${short(data?.url) ?? '(inline)'}`;
    case 'FunctionCall':
      return `FunctionCall ${short(data?.url) ?? ''}`.trim();
    case 'EventDispatch':
      return `EventDispatch ${data?.type ?? ''}`;
    default:
      return event.name;
  }
}

function analyse(
  trace: TraceEvent[],
  maps: SourceMaps,
): Omit<LongTaskProfile, 'slowdown' | 'runs'> {
  const threadName = trace.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.ph === 'M',
  );
  // The page's renderer is the one that evaluated the bundle.
  const mainEval = trace.find(
    (e) => e.name === 'EvaluateScript' && /\/main\.[0-9a-f]+\.js$/.test(e.args?.data?.url ?? ''),
  );
  if (!threadName || !mainEval) throw new Error('no main-thread bundle evaluation in the trace');
  const onMain = (e: TraceEvent) => e.pid === mainEval.pid && e.tid === mainEval.tid;
  const main = trace.filter(onMain);
  const navigation = trace.find(
    (e) =>
      e.name === 'navigationStart' && e.pid === mainEval.pid && e.args?.data?.url !== 'about:blank',
  );
  const hydrated = trace.find(
    (e) => e.name === 'hydrated' && e.cat.includes('user_timing') && e.pid === mainEval.pid,
  );
  const t0 = navigation?.ts ?? main[0]?.ts ?? 0;
  const bundleStart = mainEval.ts;
  const hydratedTs = hydrated?.ts ?? Infinity;

  // CPU samples on the main thread, with their times.
  const nodes = new Map<number, CallFrame>();
  const samples: {ts: number; node: number}[] = [];
  let sampleTs = 0;
  for (const e of trace) {
    if (e.name === 'Profile' && e.pid === mainEval.pid) sampleTs = 0;
    if (e.name !== 'ProfileChunk' || e.pid !== mainEval.pid) continue;
    const profile = e.args?.data?.cpuProfile;
    for (const node of profile?.nodes ?? []) nodes.set(node.id, node.callFrame);
    const deltas = e.args?.data?.timeDeltas ?? [];
    (profile?.samples ?? []).forEach((node, i) => {
      sampleTs += deltas[i] ?? 0;
      samples.push({ts: sampleTs, node});
    });
  }
  // Profile chunk times are on the trace clock once the Profile event's startTime is added.
  const profileStart = trace.find((e) => e.name === 'Profile' && e.pid === mainEval.pid) as
    (TraceEvent & {args?: {data?: {startTime?: number}}}) | undefined;
  const offset = (profileStart?.args?.data as {startTime?: number} | undefined)?.startTime ?? 0;

  const isTask = (e: TraceEvent) =>
    e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const allTasks = main.filter(isTask).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Top-level tasks only: the scheduler nests one RunTask in another.
  const topLevel: TraceEvent[] = [];
  for (const task of allTasks) {
    const last = topLevel.at(-1);
    if (last && task.ts < last.ts + (last.dur ?? 0)) continue;
    topLevel.push(task);
  }
  const tasks = topLevel.filter((e) => (e.dur ?? 0) > 50_000 && e.ts + (e.dur ?? 0) > t0);
  const longTasks: LongTask[] = tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = main.filter(
      (e) => e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e !== task,
    );
    // Self time: an event's duration less that of events nested directly in it.
    const self = new Map<string, number>();
    const sorted = [...inside].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const stack: TraceEvent[] = [];
    const childTime = new Map<TraceEvent, number>();
    for (const e of sorted) {
      while (
        stack.length &&
        (stack.at(-1) as TraceEvent).ts + ((stack.at(-1) as TraceEvent).dur ?? 0) <= e.ts
      )
        stack.pop();
      const parent = stack.at(-1);
      if (parent) childTime.set(parent, (childTime.get(parent) ?? 0) + (e.dur ?? 0));
      stack.push(e);
    }
    for (const e of sorted) {
      const time = (e.dur ?? 0) - (childTime.get(e) ?? 0);
      const key = label(e);
      if (['RunTask', 'ThreadControllerImpl::RunTask'].includes(e.name)) continue;
      self.set(key, (self.get(key) ?? 0) + time);
    }
    const functions = new Map<string, number>();
    let previous = 0;
    for (const sample of samples) {
      const ts = sample.ts + offset;
      const gap = previous ? ts - previous : 0;
      previous = ts;
      if (ts < task.ts || ts > end) continue;
      const frame = nodes.get(sample.node);
      if (!frame || !frame.url) continue;
      const name = maps.name(frame);
      functions.set(name, (functions.get(name) ?? 0) + gap);
    }
    const top = (map: Map<string, number>, n: number): [string, number][] =>
      [...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => [k, Math.round(v / 100) / 10]);
    return {
      startMs: Math.round((task.ts - t0) / 1000),
      durationMs: Math.round((task.dur ?? 0) / 1000),
      cpuMs: Math.round((task.tdur ?? 0) / 1000),
      phase:
        end < bundleStart
          ? 'before bundle'
          : task.ts < hydratedTs
            ? 'bundle to hydration'
            : 'after hydration',
      events: top(self, 6),
      functions: top(functions, 6),
    };
  });
  const afterBundle = longTasks.filter((t) => t.phase !== 'before bundle');
  return {
    count: afterBundle.length,
    over50Ms: afterBundle.reduce((sum, t) => sum + t.durationMs - 50, 0),
    totalMs: afterBundle.reduce((sum, t) => sum + t.durationMs, 0),
    bundleStartMs: Math.round((bundleStart - t0) / 1000),
    hydratedMs: Number.isFinite(hydratedTs) ? Math.round((hydratedTs - t0) / 1000) : -1,
    cpuAfterBundleMs: Math.round(
      topLevel
        .filter((task) => task.ts + (task.dur ?? 0) >= bundleStart)
        .reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000,
    ),
    tasks: longTasks,
  };
}

/** Marks hydration in the trace: the attribute Docusaurus sets once the page has hydrated. */
const MARK_HYDRATION = `new MutationObserver((records, observer) => {
  if (document.documentElement.dataset.hasHydrated) {
    performance.mark('hydrated');
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-has-hydrated']});`;

async function profileOnce(url: string, slowdown: number, maps: SourceMaps) {
  const browser = await chromium.launch({executablePath: browserPath(), args: CHROME_FLAGS});
  try {
    const context = await browser.newContext({
      viewport: {width: 412, height: 823},
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript(MARK_HYDRATION);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: slowdown});
    await browser.startTracing(page, {categories: CATEGORIES});
    await page.goto(url, {waitUntil: 'load'});
    // Nothing is evaluated in the page until the trace ends: Playwright's own
    // injected script would show up as a long task. The load is over by then.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(4000 * Math.max(1, slowdown / 4));
    const buffer = await browser.stopTracing();
    if (process.env.LONGTASKS_TRACE) writeFileSync(process.env.LONGTASKS_TRACE, buffer);
    const trace = (JSON.parse(buffer.toString('utf8')) as {traceEvents: TraceEvent[]}).traceEvents;
    return analyse(trace, maps);
  } finally {
    await browser.close();
  }
}

export async function longTaskProfile(
  buildDir: string,
  port: number,
  path: string,
  slowdown: number,
  runs: number,
): Promise<LongTaskProfile> {
  const maps = new SourceMaps(buildDir);
  return withNginx(buildDir, port, true, async (origin) => {
    const results = [];
    for (let i = 0; i < runs; i += 1)
      results.push(await profileOnce(origin + path, slowdown, maps));
    const totals = results.map((r) => r.totalMs);
    const mid = median(totals);
    const representative = results.find((r) => r.totalMs === mid) ?? results[0];
    if (!representative) throw new Error('no runs');
    return {
      slowdown,
      runs,
      count: median(results.map((r) => r.count)),
      over50Ms: median(results.map((r) => r.over50Ms)),
      totalMs: mid,
      bundleStartMs: median(results.map((r) => r.bundleStartMs)),
      hydratedMs: median(results.map((r) => r.hydratedMs)),
      cpuAfterBundleMs: median(results.map((r) => r.cpuAfterBundleMs)),
      tasks: representative.tasks,
    };
  });
}

export function formatLongTasks(label: string, profile: LongTaskProfile): string {
  const lines = [
    `${label} at ${profile.slowdown}× CPU (median of ${profile.runs}): ${profile.count} long tasks after the bundle starts, ` +
      `${profile.over50Ms} ms over 50 ms, ${profile.totalMs} ms in long tasks; bundle starts at ${profile.bundleStartMs} ms, hydrated at ${profile.hydratedMs} ms; ` +
      `main-thread CPU from the bundle's start ${profile.cpuAfterBundleMs} ms`,
  ];
  for (const task of profile.tasks) {
    lines.push(
      `  ${task.startMs} ms +${task.durationMs} ms (CPU ${task.cpuMs} ms)  [${task.phase}]`,
    );
    lines.push(`    events: ${task.events.map(([k, v]) => `${k} ${v}`).join('; ')}`);
    if (task.functions.length)
      lines.push(`    js: ${task.functions.map(([k, v]) => `${k} ${v}`).join('; ')}`);
  }
  return lines.join('\n');
}
