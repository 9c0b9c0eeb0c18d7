/**
 * The main nginx.conf for an nginx run by a user under a prefix directory
 * (tests and the benchmark): pid, logs and temp files stay in `prefix`, and
 * `http` holds `body` (a server block, or an include of one).
 */
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {userInfo} from 'node:os';

/** Who starts nginx: its workers read the files it serves. */
export type NginxStarter = Readonly<{uid: number; user: string; group: string}>;

/** This process's user and primary group. */
export function currentStarter(): NginxStarter {
  const {uid, username} = userInfo();
  const group = execFileSync('id', ['-gn'], {encoding: 'utf8'}).trim();
  return {uid, user: username, group};
}

/**
 * An nginx started by root runs its workers as `nobody` unless told otherwise,
 * and `nobody` cannot read a build inside a 0700 home directory (a clone under
 * /root): every page would be a 403. Started by root, the workers run as the
 * starter; started by anyone else they already do, and nginx ignores `user`
 * with a warning, so it is left out.
 */
export function userDirective(starter: NginxStarter): string {
  return starter.uid === 0 ? `user ${starter.user} ${starter.group};\n` : '';
}

export function prefixedNginxConf(
  prefix: string,
  mimeTypes: string,
  body: string,
  starter: NginxStarter = currentStarter(),
): string {
  return `${userDirective(starter)}worker_processes 1;
error_log ${prefix}/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 256; }
http {
  include ${mimeTypes};
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
${body}
}
`;
}

/** Where Debian and Ubuntu (apt) and Homebrew (Apple silicon, Intel) put nginx and its mime.types. */
export const NGINX_INSTALLS = [
  {binary: '/usr/sbin/nginx', mimeTypes: '/etc/nginx/mime.types'},
  {binary: '/opt/homebrew/bin/nginx', mimeTypes: '/opt/homebrew/etc/nginx/mime.types'},
  {binary: '/usr/local/bin/nginx', mimeTypes: '/usr/local/etc/nginx/mime.types'},
] as const;

export type NginxInstall = (typeof NGINX_INSTALLS)[number];

/** The first nginx installed with its mime.types (pure: the file test comes in). */
export function findNginx(exists: (path: string) => boolean): NginxInstall | undefined {
  return NGINX_INSTALLS.find((install) => exists(install.binary) && exists(install.mimeTypes));
}

/** This machine's nginx, or an error that says how to get one. */
export function nginxInstall(): NginxInstall {
  const found = findNginx(existsSync);
  if (!found) {
    throw new Error(
      `nginx not found at ${NGINX_INSTALLS.map((i) => i.binary).join(', ')}: run \`npm run test:system\` to see how to install it.`,
    );
  }
  return found;
}
