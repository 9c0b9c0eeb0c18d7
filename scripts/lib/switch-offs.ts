/**
 * The switch-offs of the contract's subjects (src/contract, `switchOffs`):
 * every way the build goes on without a plugin or an ejected component it
 * finds broken, what forces each (CONTRACT_BREAK), and which `[switched
 * off]` lines a forced build must print. scripts/switched-off-site.ts builds
 * the site down these paths; scripts/switch-offs.ts takes each in turn.
 */
import {
  breakEntries,
  checkSubject,
  installed,
  SWITCHED_OFF,
  type Subject,
  type SwitchOff,
} from '../../src/contract';
import subjects from './contract-subjects';

export type ListedSwitchOff = SwitchOff & Readonly<{subject: string}>;

/** Every switch-off, in the register's order. */
export function listSwitchOffs(all: readonly Subject[] = subjects): ListedSwitchOff[] {
  return all.flatMap((subject) =>
    subject.switchOffs.map((switchOff) => ({...switchOff, subject: subject.name})),
  );
}

/** `*` (every switch-off), a subject that has switch-offs, or one switch-off's `force`. */
export function checkBreak(value: string, all: readonly Subject[] = subjects): string[] {
  const entries = breakEntries(value);
  if (entries.length === 0) throw new Error('CONTRACT_BREAK is empty: name what to switch off');
  const known = listSwitchOffs(all);
  for (const entry of entries) {
    const fits =
      entry === '*' ||
      known.some((switchOff) => switchOff.subject === entry || switchOff.force === entry);
    if (!fits) {
      throw new Error(
        `CONTRACT_BREAK entry "${entry}" forces no switch-off; use * or one of: ${known
          .map((switchOff) => switchOff.force)
          .join(', ')}`,
      );
    }
  }
  return entries;
}

/** The subjects whose `[switched off]` line a build with this CONTRACT_BREAK must print. */
export function expectedWarnings(value: string, all: readonly Subject[] = subjects): string[] {
  const entries = checkBreak(value, all);
  const taken = listSwitchOffs(all).filter((switchOff) =>
    entries.some(
      (entry) => entry === '*' || entry === switchOff.subject || entry === switchOff.force,
    ),
  );
  return [...new Set(taken.flatMap((switchOff) => switchOff.warns))].sort();
}

/** `[WARNING] [switched off] <subject>: <why>. <fallback>` lines of a build's output, by subject. */
export function switchedOffLines(output: string): Map<string, string> {
  const lines = new Map<string, string>();
  const pattern = new RegExp(`\\[${SWITCHED_OFF}\\] ([\\w/.-]+): (.*)`, 'g');
  for (const [, subject, why] of output.matchAll(pattern)) {
    if (subject && !lines.has(subject)) lines.set(subject, (why ?? '').trim());
  }
  return lines;
}

/**
 * What is wrong with a forced build's `[switched off]` lines: a subject that
 * should have switched off and did not, or one that switched off unasked
 * while its assumptions hold on the installed packages (on a newer
 * Docusaurus a really broken one switches off in every build, and is no
 * failure of the path under test).
 */
export function warningProblems(
  value: string,
  output: string,
  siteDir?: string,
  all: readonly Subject[] = subjects,
): string[] {
  const expected = expectedWarnings(value, all);
  const printed = switchedOffLines(output);
  const problems = expected
    .filter((subject) => !printed.has(subject))
    .map((subject) => `${subject} did not switch off (no "[${SWITCHED_OFF}] ${subject}:" line)`);
  const pkgs = installed(siteDir);
  for (const [subject, why] of printed) {
    if (expected.includes(subject)) continue;
    const own = all.find((s) => s.name === subject);
    const brokenHere =
      own !== undefined &&
      checkSubject(own, pkgs).some(
        (f) => f.status === 'broken' && !/^forced by /.test(f.error ?? ''),
      );
    if (!brokenHere) {
      problems.push(
        `${subject} switched off too, unasked (${why}): add it to the switch-off's warns, or keep it on`,
      );
    }
  }
  return problems;
}
