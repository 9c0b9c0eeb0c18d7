import {GENERATED, type Header} from './policy';

/** The nginx snippet deploy/nginx.conf includes in every location. */
export function nginxSnippet(headers: readonly Header[]): string {
  return [
    `# ${GENERATED}`,
    ...headers.map(([name, value]) => `add_header ${name} "${value}" always;`),
    '',
  ].join('\n');
}
