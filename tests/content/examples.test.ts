/**
 * Issue 16: the posts' examples that can run without the real system do run,
 * exactly as written, and give what the post says: every shell block parses;
 * the PKCE, Ed25519 key and signature steps run with OpenSSL and are checked
 * with Node's crypto; the registry scripts and jq filters run against a
 * local stand-in for the registry API (tests/content/registry-mock.ts).
 */
import {strict as assert} from 'node:assert';
import {execFile, spawnSync} from 'node:child_process';
import {createHash, createPrivateKey, createPublicKey, verify} from 'node:crypto';
import {mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, describe, test} from 'node:test';
import {readMarkdown, type CodeBlock} from './markdown';
import {OFFICIAL, record, startRegistry, type ServerRecord} from './registry-mock';

const BLOG = 'blog';
const PRODUCTION = 'https://registry.modelcontextprotocol.io';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, {recursive: true, force: true});
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'zhandi-examples-'));
  dirs.push(dir);
  return dir;
}

function block(post: string, title: string): CodeBlock {
  const found = readMarkdown(`${BLOG}/${post}`).codeBlocks.find((b) =>
    b.info.includes(`title="${title}"`),
  );
  if (!found) throw new Error(`${post}: no code block titled "${title}"`);
  return found;
}

type Run = {status: number; stdout: string; stderr: string};

/** bash, asynchronously: the mock registry answers from this same process. */
function bash(script: string, cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', script],
      {cwd, env: {...process.env, ...env}, maxBuffer: 16 * 1024 * 1024},
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({status, stdout, stderr});
      },
    );
  });
}

const base64url = (bytes: Buffer): string => bytes.toString('base64url');

test('every shell block in every post parses (bash -n)', () => {
  let checked = 0;
  for (const file of readdirSync(BLOG).filter((name) => name.endsWith('.md'))) {
    for (const code of readMarkdown(`${BLOG}/${file}`).codeBlocks) {
      if (!['bash', 'sh', 'shell'].includes(code.language)) continue;
      const result = spawnSync('bash', ['-n'], {input: code.code, encoding: 'utf8'});
      assert.equal(result.status, 0, `${file}:${code.line}: ${result.stderr}`);
      checked += 1;
    }
  }
  assert.ok(checked > 50, `${checked} shell blocks`);
});

describe('mcp-authorization: PKCE with OpenSSL', () => {
  const post = '2025-04-24-mcp-authorization.md';

  test('the verifier is 43–128 unreserved characters and the challenge is its S256', async () => {
    const {code} = block(post, '生成 code_verifier 与 code_challenge');
    const run = await bash(code, tempDir());
    assert.equal(run.status, 0, run.stderr);
    const [verifier = '', challenge = ''] = run.stdout.trim().split('\n');
    assert.match(verifier, /^[A-Za-z0-9\-._~]{43,128}$/);
    assert.equal(challenge, base64url(createHash('sha256').update(verifier).digest()));
  });

  test('the sample check prints the challenge the post says it should', async () => {
    const {code} = block(post, '用样例核对 S256 计算');
    const expected = /应当输出：(\S+)/.exec(code)?.[1];
    const verifier = /printf '%s' '([^']+)'/.exec(code)?.[1] ?? '';
    const run = await bash(code, tempDir());
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.trim(), expected);
    assert.equal(expected, base64url(createHash('sha256').update(verifier).digest()));
  });
});

describe('registry commands and official API: Ed25519 key, DNS record and signature', () => {
  const dir = tempDir();

  test('the key steps print a TXT record with the public key and a 64-hex-digit seed', async () => {
    const {code} = block('2025-09-15-commands.md', '准备 Ed25519 密钥');
    const run = await bash(`${code}\nprintf 'SEED=%s\\n' "$SEED"`, dir);
    assert.equal(run.status, 0, run.stderr);
    const key = createPrivateKey(readFileSync(join(dir, 'mcp-key.pem')));
    const jwk = key.export({format: 'jwk'});
    const publicKey = Buffer.from(jwk.x ?? '', 'base64url');
    assert.match(
      run.stdout,
      new RegExp(
        `^v=MCPv1; k=ed25519; p=${publicKey.toString('base64').replace(/[+/]/g, '\\$&')}$`,
        'm',
      ),
    );
    assert.equal(
      /^SEED=(.*)$/m.exec(run.stdout)?.[1],
      Buffer.from(jwk.d ?? '', 'base64url').toString('hex'),
    );
  });

  test('the signing steps give 128 hex digits that verify over the timestamp', async () => {
    const {code} = block('2025-09-15-official-registry-api.md', '用 OpenSSL 签名并换取令牌');
    // Everything before the request to the registry, which needs the network.
    const offline = code.slice(0, code.indexOf('TOKEN='));
    assert.match(offline, /SIG=/);
    const run = await bash(`${offline}\nprintf 'TS=%s\\nSIG=%s\\n' "$TS" "$SIG"`, dir);
    assert.equal(run.status, 0, run.stderr);
    const ts = /^TS=(.*)$/m.exec(run.stdout)?.[1] ?? '';
    const sig = /^SIG=(.*)$/m.exec(run.stdout)?.[1] ?? '';
    assert.match(ts, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.match(sig, /^[0-9a-f]{128}$/);
    const publicKey = createPublicKey(createPrivateKey(readFileSync(join(dir, 'mcp-key.pem'))));
    assert.ok(verify(null, Buffer.from(ts), publicKey, Buffer.from(sig, 'hex')));
    assert.ok(!verify(null, Buffer.from(`${ts} `), publicKey, Buffer.from(sig, 'hex')));
  });
});

/** Points a block's requests at the stand-in instead of the production registry. */
const local = (code: string, origin: string): string => code.replaceAll(PRODUCTION, origin);

function catalogue(count: number): ServerRecord[] {
  return Array.from({length: count}, (_, i) =>
    record(i + 1, `io.github.test-${i % 7}/server-${i}`, '1.0.0'),
  );
}

describe('generic registry API: check-registry.sh', () => {
  const {code} = block('2025-09-15-generic-registry-api.md', 'check-registry.sh');

  test('passes against a registry that follows the API', async () => {
    const mock = await startRegistry(catalogue(5));
    try {
      const dir = tempDir();
      writeFileSync(join(dir, 'check-registry.sh'), code);
      const run = await bash(`bash check-registry.sh ${mock.origin}`, dir);
      assert.equal(run.status, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /all checks passed/);
    } finally {
      await mock.close();
    }
  });

  test('fails against one that answers 200 for an unknown id', async () => {
    const mock = await startRegistry(catalogue(5), {misbehave: true});
    try {
      const dir = tempDir();
      writeFileSync(join(dir, 'check-registry.sh'), code);
      const run = await bash(`bash check-registry.sh ${mock.origin}`, dir);
      assert.notEqual(run.status, 0);
      assert.match(run.stdout, /expected 404, got 200/);
    } finally {
      await mock.close();
    }
  });
});

describe('use-rest-api: sync.sh against the stand-in', () => {
  const post = '2025-09-15-use-rest-api.md';

  test('a full sync, then an incremental one that picks up a new version', async () => {
    const records = catalogue(230);
    const mock = await startRegistry(records);
    try {
      const dir = tempDir();
      writeFileSync(join(dir, 'sync.sh'), block(post, 'sync.sh').code);
      const env = {REGISTRY: mock.origin};
      const full = await bash('bash sync.sh ./mcp-mirror', dir, env);
      assert.equal(full.status, 0, full.stdout + full.stderr);
      assert.match(full.stdout, /full sync/);
      assert.match(full.stdout, /pages=3 fetched=230 stored=230 active_latest=230/);

      // A new version: the old one is demoted, both now updated.
      const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      const old = records[0];
      assert.ok(old);
      old._meta[OFFICIAL].is_latest = false;
      old._meta[OFFICIAL].updated_at = now;
      records.push(record(1000, old.name, '1.1.0', {updated: now}));
      const incremental = await bash('bash sync.sh ./mcp-mirror', dir, env);
      assert.equal(incremental.status, 0, incremental.stdout + incremental.stderr);
      assert.match(incremental.stdout, /incremental sync, updated_since=/);
      assert.match(incremental.stdout, /stored=231 active_latest=230/);

      // The post's npm listing over the active, latest view.
      const listing = await bash(block(post, '列出 npm 包及其版本').code, dir);
      assert.equal(listing.status, 0, listing.stderr);
      assert.match(listing.stdout, new RegExp(`^${old.name}\\tserver-0-mcp@1\\.1\\.0$`, 'm'));
      assert.equal(listing.stdout.trim().split('\n').length, 230);
    } finally {
      await mock.close();
    }
  });

  test('a failed run leaves the data and the watermark as they were', async () => {
    const mock = await startRegistry(catalogue(3));
    const dir = tempDir();
    writeFileSync(join(dir, 'sync.sh'), block(post, 'sync.sh').code);
    // Closed whatever the first run gives: a server left open keeps the test run from ending.
    const first = await bash('bash sync.sh ./mcp-mirror', dir, {REGISTRY: mock.origin}).finally(
      () => mock.close(),
    );
    assert.equal(first.status, 0, first.stderr);
    const before = readFileSync(join(dir, 'mcp-mirror/state.json'), 'utf8');
    const down = await bash('bash sync.sh ./mcp-mirror', dir, {REGISTRY: mock.origin});
    assert.notEqual(down.status, 0);
    assert.equal(readFileSync(join(dir, 'mcp-mirror/state.json'), 'utf8'), before);
  });

  test('the first-page look prints count, next cursor and first name', async () => {
    const mock = await startRegistry(catalogue(120));
    try {
      const run = await bash(local(block(post, '手工看一眼第一页').code, mock.origin), tempDir());
      assert.equal(run.status, 0, run.stderr);
      const page = JSON.parse(run.stdout) as {count: number; next: string; first: string};
      assert.equal(page.count, 100);
      assert.match(page.next, /^[0-9a-f-]{36}$/);
      assert.equal(page.first, 'io.github.test-0/server-0');
    } finally {
      await mock.close();
    }
  });
});

describe('moderation and official API: jq filters over a page', () => {
  test('the non-active filter prints the post’s deleted example as the post shows', async () => {
    const post = '2025-09-15-moderation-guidelines.md';
    const source = readMarkdown(`${BLOG}/${post}`);
    const deleted = source.codeBlocks
      .filter((b) => b.language === 'json')
      .map((b) => JSON.parse(b.code) as ServerRecord)
      .find((r) => r.status === 'deleted');
    assert.ok(deleted, 'the post shows a deleted entry');
    const mock = await startRegistry([...catalogue(4), deleted]);
    try {
      const run = await bash(
        local(block(post, '列出一页数据中所有非 active 的条目').code, mock.origin),
        tempDir(),
      );
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout.trim(), `${deleted.name}\t${deleted.version}\tdeleted`);
      assert.ok(block(post, '可能的输出').code.includes(run.stdout.trim()));
    } finally {
      await mock.close();
    }
  });

  test('the combined filter lists name and version of the latest matches', async () => {
    const records = [
      record(1, 'io.github.a/weather', '1.0.0', {latest: false, updated: '2025-09-05T00:00:00Z'}),
      record(2, 'io.github.a/weather', '1.1.0', {updated: '2025-09-06T00:00:00Z'}),
      record(3, 'io.github.b/weather-old', '0.1.0', {updated: '2025-08-01T00:00:00Z'}),
      record(4, 'io.github.c/notes', '2.0.0', {updated: '2025-09-07T00:00:00Z'}),
    ];
    const mock = await startRegistry(records);
    try {
      const code = block('2025-09-15-official-registry-api.md', '组合过滤').code;
      const run = await bash(local(code, mock.origin), tempDir());
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout.trim(), 'io.github.a/weather\t1.1.0');
    } finally {
      await mock.close();
    }
  });
});
