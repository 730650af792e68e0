// Shared by the endpoint tests: start ddb-playground-server on a free loopback port, send raw
// HTTP requests, and stop it the way a person would (SIGTERM), collecting what it printed.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The server under test: the sanitizer build by default (scripts/test), any other with DDB_SERVER.
export const serverBinary =
  process.env.DDB_SERVER ?? path.join(repoRoot, 'build/native-debug/server/ddb-playground-server');

// Dummy credentials: the endpoint checks a signature's shape, never its keys.
export const credentials = { accessKeyId: 'AKIDPLAYGROUND', secretAccessKey: 'playground-secret' };
export const region = 'us-east-1';
// The AWS SDK warns on every client that node 20 will stop being supported; not our concern here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

// A signature of the right shape for raw requests (its value is never checked).
export const signedHeaders = {
  authorization:
    'AWS4-HMAC-SHA256 Credential=AKIDPLAYGROUND/20240101/us-east-1/dynamodb/aws4_request, ' +
    'SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0123456789abcdef',
  'x-amz-date': '20240101T000000Z',
};

// The environment an AWS client runs in for these tests: `home` as its HOME (no ~/.aws), the
// dummy keys, and no instance-metadata look-up. `extra` adds what one client needs.
export function awsClientEnv(home, extra = {}) {
  return {
    PATH: process.env.PATH,
    HOME: home,
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    AWS_DEFAULT_REGION: region,
    AWS_EC2_METADATA_DISABLED: 'true',
    ...extra,
  };
}

export function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'ddb-server-test-'));
}

// Starts the server with extra arguments on a port the OS picks; resolves once it listens.
// Resolves to { url, port, process, output(), stop() }. stop() sends SIGTERM and resolves to
// { code, signal, stdout, stderr } when the process has exited.
export async function startServer(args = []) {
  if (!fs.existsSync(serverBinary)) {
    throw new Error(`${serverBinary} is missing: build it (cmake --preset native-debug && cmake --build --preset native-debug -j1)`);
  }
  const child = spawn(serverBinary, ['--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${stdout}\n${stderr}`)), 20000);
    const check = () => {
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', check);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${stdout}\n${stderr}`));
    });
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => ({ stdout, stderr }),
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const { code, signal: by } = await exited;
      return { code, signal: by, stdout, stderr };
    },
  };
}

// Runs a server that is expected to exit by itself (start-up errors, --help): resolves to
// { code, stdout, stderr }. One still running after 20 s is killed and reports code 'timeout'.
export function runServer(args) {
  return new Promise((resolve) => {
    const child = spawn(serverBinary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, 20000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: timedOut ? 'timeout' : code, stdout, stderr });
    });
  });
}

// One HTTP request on its own connection (no keep-alive: a server stopping must not wait for
// an idle test connection). Resolves to { status, headers, body } with the body as a string.
export function request(url, { method = 'POST', headers = {}, body, chunked = false } = {}) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers, agent: false },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode, headers: res.headers, body: raw.toString('utf8'), raw });
        });
      },
    );
    req.on('error', reject);
    if (body !== undefined) {
      if (chunked) {
        // Without Content-Length node sends the body chunked.
        const buf = Buffer.from(body);
        for (let i = 0; i < buf.length; i += 1 << 20) req.write(buf.subarray(i, i + (1 << 20)));
      } else {
        req.setHeader('content-length', Buffer.byteLength(body));
        req.write(body);
      }
    }
    req.end();
  });
}

// A signed DynamoDB call with raw JSON: resolves to { status, headers, body, json }.
export async function call(url, operation, payload, headers = {}) {
  const r = await request(url, {
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDB_20120810.${operation}`,
      ...signedHeaders,
      ...headers,
    },
    body: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return { ...r, json: r.body ? JSON.parse(r.body) : undefined };
}

// The CRC32 DynamoDB puts in x-amz-crc32 (IEEE 802.3, as zlib and botocore compute it) of
// the body's bytes, as an unsigned decimal. Written out here rather than taken from zlib, so
// that the check does not share code with the server it checks.
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return String((c ^ 0xffffffff) >>> 0);
}

export const booksTable = {
  TableName: 'Books',
  AttributeDefinitions: [
    { AttributeName: 'authorId', AttributeType: 'S' },
    { AttributeName: 'bookId', AttributeType: 'S' },
  ],
  KeySchema: [
    { AttributeName: 'authorId', KeyType: 'HASH' },
    { AttributeName: 'bookId', KeyType: 'RANGE' },
  ],
  BillingMode: 'PAY_PER_REQUEST',
};

// Resolves to the error a promise rejects with (fails if it resolves).
export async function rejection(promise) {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  assert.fail('expected the call to fail');
}
