/**
 * A before/after comparison in one run: Lighthouse mobile and slow-device
 * figures of a few routes for our build, an earlier build of ours (`--before=`,
 * for example a build of main kept aside), the stock site and the limit,
 * served side by side and measured in interleaved rounds, so that whatever
 * else the machine does weighs on every column alike.
 */
import type {ChildProcess} from 'node:child_process';
import {existsSync} from 'node:fs';
import {nginxServe, stop, waitForServer} from '../lib/serve';
import {lighthouseRunWithRetry, medianFigures, type FormFactor} from './lighthouse';
import {prepareLimit} from './limit';
import {LIMIT, OURS, PORTS, STOCK} from './sites';
import {prepareStock} from './stock';
import {timedBuild} from './build';
import type {LighthouseFigures, RouteType} from './types';
import {log} from './util';

export type CompareColumn = {name: string; origin: string; routes: Record<string, string>};
export type CompareResults = Record<
  string,
  Record<string, Partial<Record<FormFactor, LighthouseFigures>>>
>;

type Served = {column: CompareColumn; server: ChildProcess};

async function serveColumn(
  name: string,
  buildDir: string,
  port: number,
  securityHeaders: boolean,
  routes: Record<string, string>,
): Promise<Served> {
  const origin = `http://127.0.0.1:${port}`;
  const server = nginxServe(buildDir, port, securityHeaders);
  await waitForServer(`${origin}/`);
  return {column: {name, origin, routes}, server};
}

export async function compare(options: {
  before: string | undefined;
  routes: RouteType[];
  formFactors: FormFactor[];
  runs: number;
}): Promise<{columns: string[]; results: CompareResults}> {
  prepareStock();
  if (!existsSync(STOCK.buildDir)) {
    log('stock: build');
    timedBuild(STOCK.dir);
  }
  log(`limit: our build without scripts (${prepareLimit()} HTML files changed)`);
  const served: Served[] = [];
  try {
    if (options.before)
      served.push(await serveColumn('before', options.before, PORTS.before, true, OURS.routes));
    served.push(await serveColumn('ours', OURS.buildDir, PORTS.ours, true, OURS.routes));
    served.push(await serveColumn('stock', STOCK.buildDir, PORTS.stock, false, STOCK.routes));
    served.push(await serveColumn('limit', LIMIT.buildDir, PORTS.limit, true, LIMIT.routes));
    const runs: Record<string, LighthouseFigures[]> = {};
    for (let round = 0; round < options.runs; round += 1) {
      // Each round starts with another column, so none is always first or last.
      const order = served.map((_, i) => served[(i + round) % served.length] as Served);
      for (const type of options.routes) {
        for (const formFactor of options.formFactors) {
          for (const {column} of order) {
            const path = column.routes[type];
            if (!path) continue;
            log(`round ${round + 1}/${options.runs}: ${column.name} ${type} (${formFactor})`);
            const key = `${column.name}|${type}|${formFactor}`;
            (runs[key] ??= []).push(lighthouseRunWithRetry(column.origin + path, formFactor));
          }
        }
      }
    }
    const results: CompareResults = {};
    for (const [key, list] of Object.entries(runs)) {
      const [name = '', type = '', formFactor = 'mobile'] = key.split('|');
      ((results[type] ??= {})[name] ??= {})[formFactor as FormFactor] = medianFigures(list);
    }
    return {columns: served.map((s) => s.column.name), results};
  } finally {
    for (const {server} of served) stop(server);
  }
}

export function formatCompare(
  columns: string[],
  results: CompareResults,
  formFactor: FormFactor,
  runs: number,
): string {
  const heading =
    formFactor === 'slow' ? 'Lighthouse mobile, slow device (8× CPU)' : `Lighthouse ${formFactor}`;
  const lines = [
    `\n${heading}, median of ${runs} interleaved rounds: ${columns.join(' / ')}`,
    `route | perf | TBT ms | main thread ms | scriptEvaluation ms | LCP ms`,
    '--- | --- | --- | --- | --- | ---',
  ];
  for (const [type, byColumn] of Object.entries(results)) {
    const figures = columns.map((name) => byColumn[name]?.[formFactor]);
    const cell = (pick: (f: LighthouseFigures) => number) =>
      figures.map((f) => (f ? String(Math.round(pick(f))) : '–')).join(' / ');
    lines.push(
      [
        type,
        cell((f) => f.performance),
        cell((f) => f.tbtMs),
        cell((f) => f.mainThreadMs),
        cell((f) => f.mainThreadByGroup.scriptEvaluation ?? 0),
        cell((f) => f.lcpMs),
      ].join(' | '),
    );
  }
  return lines.join('\n');
}
