/** Build time and memory: `docusaurus build` under GNU time, cold and warm. */
import {execFileSync} from 'node:child_process';
import {mkdirSync, readFileSync, rmSync} from 'node:fs';
import {join} from 'node:path';
import type {BuildFigures} from './types';
import {TMP} from './util';

/** One `docusaurus build` under GNU time: wall seconds and peak RSS. */
export function timedBuild(dir: string): {seconds: number; peakRssMiB: number} {
  mkdirSync(TMP, {recursive: true});
  const report = join(TMP, 'time.txt');
  const started = performance.now();
  try {
    execFileSync('/usr/bin/time', ['-v', '-o', report, 'npx', 'docusaurus', 'build'], {
      cwd: dir,
      stdio: 'ignore',
    });
  } catch (error) {
    throw new Error(`docusaurus build failed in ${dir}`, {cause: error});
  }
  const seconds = (performance.now() - started) / 1000;
  const kib = /Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(report, 'utf8'))?.[1];
  return {seconds, peakRssMiB: Number(kib ?? 0) / 1024};
}

/** A build with no build output, no generated files, no caches. */
export function coldBuild(dir: string): {seconds: number; peakRssMiB: number} {
  for (const path of ['build', '.docusaurus', 'node_modules/.cache']) {
    rmSync(join(dir, path), {recursive: true, force: true});
  }
  return timedBuild(dir);
}

/** Cold, then warm: straight after. */
export function buildFigures(dir: string): BuildFigures {
  const cold = coldBuild(dir);
  const warm = timedBuild(dir);
  return {
    coldSeconds: cold.seconds,
    warmSeconds: warm.seconds,
    coldPeakRssMiB: cold.peakRssMiB,
    warmPeakRssMiB: warm.peakRssMiB,
  };
}
