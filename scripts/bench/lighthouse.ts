/**
 * Lighthouse through its CLI in a child process: its page functions must not
 * pass through tsx's transform, which adds helpers the browser lacks.
 */
import {execFileSync} from 'node:child_process';
import {join} from 'node:path';
import {browserPath, CHROME_FLAGS} from '../lib/serve';
import type {LighthouseFigures} from './types';
import {log, median, ROOT} from './util';

/** `slow`: the mobile preset on a slower phone (CPU_SLOWDOWN_SLOW instead of Lighthouse's 4). */
export type FormFactor = 'mobile' | 'desktop' | 'slow';

/** CPU slowdown of the slow-device runs: what a low-end phone feels on a fast machine. */
export const CPU_SLOWDOWN_SLOW = 8;

type Lhr = {
  categories: Record<string, {score: number | null}>;
  audits: Record<
    string,
    {numericValue?: number; details?: {items?: {group?: string; duration?: number}[]}}
  >;
};

function lighthouseRun(url: string, formFactor: FormFactor): LighthouseFigures {
  const args = [
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=--headless=new ${CHROME_FLAGS.join(' ')}`,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
    ...(formFactor === 'slow' ? [`--throttling.cpuSlowdownMultiplier=${CPU_SLOWDOWN_SLOW}`] : []),
  ];
  const json = execFileSync(join(ROOT, 'node_modules/.bin/lighthouse'), args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {...process.env, CHROME_PATH: browserPath()},
  });
  const lhr = JSON.parse(json) as Lhr;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  const mainThreadByGroup: Record<string, number> = {};
  for (const {group, duration} of lhr.audits['mainthread-work-breakdown']?.details?.items ?? []) {
    if (group) mainThreadByGroup[group] = (mainThreadByGroup[group] ?? 0) + (duration ?? 0);
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    mainThreadMs: audit('mainthread-work-breakdown'),
    mainThreadByGroup,
    bootupMs: audit('bootup-time'),
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is repeated. */
export function lighthouseRunWithRetry(url: string, formFactor: FormFactor): LighthouseFigures {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return lighthouseRun(url, formFactor);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`lighthouse failed on ${url} (${formFactor}), attempt ${attempt}; retrying`);
    }
  }
}

type Scalar = Exclude<keyof LighthouseFigures, 'mainThreadByGroup'>;

/** Median of `runs` runs, figure by figure. */
export function lighthouseFigures(
  url: string,
  formFactor: FormFactor,
  runs: number,
): LighthouseFigures {
  return medianFigures(Array.from({length: runs}, () => lighthouseRunWithRetry(url, formFactor)));
}

/** The median of several runs, figure by figure. */
export function medianFigures(results: LighthouseFigures[]): LighthouseFigures {
  const pick = (key: Scalar) => median(results.map((r) => r[key]));
  const groups = new Set(results.flatMap((r) => Object.keys(r.mainThreadByGroup)));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    mainThreadMs: pick('mainThreadMs'),
    mainThreadByGroup: Object.fromEntries(
      [...groups].map((group) => [
        group,
        median(results.map((r) => r.mainThreadByGroup[group] ?? 0)),
      ]),
    ),
    bootupMs: pick('bootupMs'),
  };
}
