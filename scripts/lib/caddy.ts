/** Where Caddy is: Debian and Ubuntu (apt), Homebrew (Apple silicon, Intel), or on the PATH. */
import {existsSync} from 'node:fs';
import {delimiter, join} from 'node:path';

export const CADDY_BINARIES = [
  '/usr/bin/caddy',
  '/opt/homebrew/bin/caddy',
  '/usr/local/bin/caddy',
] as const;

/** The first Caddy installed (pure: the file test and PATH come in). */
export function findCaddy(
  exists: (path: string) => boolean,
  path = process.env.PATH ?? '',
): string | undefined {
  const onPath = path
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, 'caddy'));
  return [...CADDY_BINARIES, ...onPath].find((file) => exists(file));
}

/** This machine's Caddy, or an error that says how to get one. */
export function caddyBinary(): string {
  const found = findCaddy(existsSync);
  if (!found) {
    throw new Error(
      `caddy not found at ${CADDY_BINARIES.join(', ')} or on the PATH: run \`npm run test:system\` to see how to install it.`,
    );
  }
  return found;
}
