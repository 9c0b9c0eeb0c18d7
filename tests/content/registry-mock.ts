/**
 * A stand-in for the official registry's read API as of 2025-09-15
 * (registry@63cf08ef, internal/api/handlers/v0/servers.go and
 * internal/database/postgres.go), on 127.0.0.1, for running the posts'
 * scripts without the network: ORDER BY id, `cursor` is the last id seen,
 * `limit` 1–100 (default 30), `next_cursor` whenever a page is full,
 * `updated_since` strictly later, `version=latest`, `search` as a
 * case-insensitive substring of the name.
 */
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';

export const OFFICIAL = 'io.modelcontextprotocol.registry/official';

export type ServerRecord = {
  name: string;
  description: string;
  version: string;
  status?: 'active' | 'deprecated' | 'deleted';
  packages?: Array<Record<string, unknown>>;
  _meta: {
    [OFFICIAL]: {id: string; published_at: string; updated_at: string; is_latest: boolean};
  };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function record(
  index: number,
  name: string,
  version: string,
  fields: Partial<ServerRecord> & {updated?: string; latest?: boolean} = {},
): ServerRecord {
  const {updated = '2025-09-10T00:00:00Z', latest = true, ...rest} = fields;
  const id = `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
  return {
    name,
    description: `Test server ${index}`,
    version,
    packages: [
      {
        registry_type: 'npm',
        registry_base_url: 'https://registry.npmjs.org',
        identifier: `${name.split('/')[1]}-mcp`,
        version,
        transport: {type: 'stdio'},
      },
    ],
    ...rest,
    _meta: {
      [OFFICIAL]: {id, published_at: updated, updated_at: updated, is_latest: latest},
    },
  };
}

export type Mock = {origin: string; records: ServerRecord[]; close(): Promise<void>};

/** `misbehave`: answers 200 for an unknown id (a registry that breaks the API). */
export async function startRegistry(
  records: ServerRecord[],
  {misbehave = false} = {},
): Promise<Mock> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {'content-type': 'application/json'});
      response.end(JSON.stringify(body));
    };
    const idOf = (r: ServerRecord) => r._meta[OFFICIAL].id;
    if (url.pathname === '/v0/servers') {
      const limit = Number(url.searchParams.get('limit') ?? 30);
      const cursor = url.searchParams.get('cursor');
      const since = url.searchParams.get('updated_since');
      const search = url.searchParams.get('search');
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return send(422, {title: 'limit'});
      if (cursor !== null && !UUID.test(cursor)) return send(422, {title: 'cursor'});
      if (since !== null && Number.isNaN(Date.parse(since))) return send(400, {title: 'since'});
      const page = records
        .filter((r) => cursor === null || idOf(r) > cursor)
        .filter(
          (r) => since === null || Date.parse(r._meta[OFFICIAL].updated_at) > Date.parse(since),
        )
        .filter((r) => url.searchParams.get('version') !== 'latest' || r._meta[OFFICIAL].is_latest)
        .filter((r) => search === null || r.name.toLowerCase().includes(search.toLowerCase()))
        .sort((a, b) => idOf(a).localeCompare(idOf(b)))
        .slice(0, limit);
      const last = page.at(-1);
      return send(200, {
        servers: page,
        metadata: {
          count: page.length,
          ...(page.length === limit && last ? {next_cursor: idOf(last)} : {}),
        },
      });
    }
    const detail = /^\/v0\/servers\/([^/]+)$/.exec(url.pathname);
    if (detail) {
      const found = records.find((r) => idOf(r) === detail[1]);
      if (found) return send(200, found);
      return misbehave ? send(200, records[0]) : send(404, {title: 'Not Found', status: 404});
    }
    return send(404, {title: 'Not Found', status: 404});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    records,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
