/**
 * The main nginx.conf for an nginx run by a user under a prefix directory
 * (tests and the benchmark): pid, logs and temp files stay in `prefix`, and
 * `http` holds `body` (a server block, or an include of one).
 */
export function prefixedNginxConf(prefix: string, mimeTypes: string, body: string): string {
  return `worker_processes 1;
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
