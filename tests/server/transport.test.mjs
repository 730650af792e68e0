// The endpoint's connection loop (server/connection_loop.h) on raw sockets: requests that
// arrive in pieces or together, chunked bodies past the limit, bad framing and closing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';

import { signedHeaders, startServer } from './support.mjs';

// The bytes of one signed ListTables request.
function listTables({ body = '{}', extra = '' } = {}) {
  const headers = Object.entries(signedHeaders).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  return (
    'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n' +
    `X-Amz-Target: DynamoDB_20120810.ListTables\r\n${headers}${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

// A raw connection that collects whole answers (status, headers, body by Content-Length).
function connect(port) {
  const socket = net.connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let closed = false;
  const waiters = [];
  const answers = [];
  const parse = () => {
    for (;;) {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) break;
      const head = received.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(head[0].split(' ')[1]);
      const headers = Object.fromEntries(head.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      if (received.length < end + 4 + length) break;
      answers.push({ status, headers, body: received.subarray(end + 4, end + 4 + length).toString('utf8') });
      received = received.subarray(end + 4 + length);
    }
    while (waiters.length && (answers.length >= waiters[0].count || closed)) waiters.shift().resolve();
  };
  socket.on('data', (d) => {
    received = Buffer.concat([received, d]);
    parse();
  });
  socket.on('close', () => {
    closed = true;
    parse();
  });
  socket.on('error', () => {});
  return {
    socket,
    write: (text) => new Promise((resolve) => socket.write(text, resolve)),
    // Resolves once `count` answers came in all told (or the server closed the connection).
    answers: (count) => new Promise((resolve) => {
      waiters.push({ count, resolve: () => resolve(answers.slice()) });
      parse();
    }),
    closed: () => new Promise((resolve) => (closed ? resolve() : socket.once('close', resolve))),
    isClosed: () => closed,
  };
}

describe('the connection loop', () => {
  let server;
  before(async () => {
    server = await startServer(['--max-request-bytes', '1000']);
  });
  after(async () => {
    const stopped = await server.stop();
    assert.equal(stopped.code, 0, stopped.stderr);
  });

  test('requests sent together on one connection are answered in order', async () => {
    const c = connect(server.port);
    await c.write(listTables() + listTables({ body: '{"Limit": 0}' }) + listTables());
    const answers = await c.answers(3);
    assert.deepEqual(answers.map((a) => a.status), [200, 400, 200]);
    assert.equal(answers[0].body, '{"TableNames":[]}');
    assert.deepEqual(JSON.parse(answers[1].body), {
      __type: 'com.amazon.coral.validate#ValidationException',
      message: "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1",
    });
    assert.equal(answers[2].body, '{"TableNames":[]}');
    // Three answers, three request ids.
    assert.equal(new Set(answers.map((a) => a.headers['x-amzn-requestid'])).size, 3);
    c.socket.destroy();
  });

  test('a request that arrives a few bytes at a time is answered once it is whole', async () => {
    const c = connect(server.port);
    const bytes = listTables();
    for (let i = 0; i < bytes.length; i += 7) {
      await c.write(bytes.slice(i, i + 7));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const [answer] = await c.answers(1);
    assert.equal(answer.status, 200);
    assert.equal(answer.body, '{"TableNames":[]}');
    c.socket.destroy();
  });

  test('a chunked body past the limit is answered 413 and the connection stays in step', async () => {
    const c = connect(server.port);
    const headers = Object.entries(signedHeaders).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    const chunks = Array.from({ length: 40 }, () => '32\r\n' + ' '.repeat(50) + '\r\n').join('');  // 2,000 bytes of data
    await c.write(
      'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n' +
      `X-Amz-Target: DynamoDB_20120810.ListTables\r\n${headers}Transfer-Encoding: chunked\r\n\r\n` +
      '1\r\n{\r\n' + chunks + '1;ext=1\r\n}\r\n0\r\nX-Trailer: 1\r\n\r\n' + listTables());
    const answers = await c.answers(2);
    assert.deepEqual(answers.map((a) => a.status), [413, 200]);
    assert.deepEqual(JSON.parse(answers[0].body), {
      __type: 'com.amazon.coral.service#SerializationException',
      Message: 'Request body is larger than this endpoint\'s limit of 1000 bytes',
    });
    assert.equal(answers[1].body, '{"TableNames":[]}');
    assert.equal(c.isClosed(), false);
    c.socket.destroy();
  });

  test('a sized body past the limit with Connection: close is read to its end before the connection closes', async () => {
    const c = connect(server.port);
    const body = '{' + ' '.repeat(5000) + '}';
    await c.write(listTables({ body, extra: 'Connection: close\r\n' }).slice(0, 600));
    const [answer] = await c.answers(1);
    assert.equal(answer.status, 413);
    // The rest of the body is still accepted: the server waits for it, then closes.
    assert.equal(c.isClosed(), false);
    await c.write(listTables({ body, extra: 'Connection: close\r\n' }).slice(600));
    await c.closed();
  });

  test('a header block with bare line feeds is a 400 and the connection closes', async () => {
    const c = connect(server.port);
    await c.write('POST / HTTP/1.1\nHost: localhost\n\n');
    const answers = await c.answers(1);
    assert.equal(answers[0].status, 400);
    await c.closed();
  });

  test('a chunk size that is not hexadecimal is refused and the connection closes', async () => {
    const c = connect(server.port);
    const headers = Object.entries(signedHeaders).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    await c.write(
      'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n' +
      `X-Amz-Target: DynamoDB_20120810.ListTables\r\n${headers}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`);
    const answers = await c.answers(1);
    assert.equal(answers[0].status, 400);
    assert.deepEqual(JSON.parse(answers[0].body), {
      __type: 'com.amazon.coral.service#SerializationException',
      Message: 'The request body could not be read',
    });
    await c.closed();
  });

  test('Connection: close is honoured after the answer', async () => {
    const c = connect(server.port);
    await c.write(listTables({ extra: 'Connection: close\r\n' }));
    const [answer] = await c.answers(1);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.connection, 'close');
    await c.closed();
  });
});

describe('the connection loop against hostile clients', () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    const stopped = await server.stop();
    assert.equal(stopped.code, 0, stopped.stderr);
  });

  test('headers that never end are refused once past 64 KB, and the server keeps serving', async () => {
    const c = connect(server.port);
    await c.write('POST / HTTP/1.1\r\nHost: localhost\r\nX-Padding: ' + 'a'.repeat(70 * 1024));
    const answers = await c.answers(1);
    assert.equal(answers.length, 1);
    assert.equal(answers[0].status, 400);
    await c.closed();
    const ok = connect(server.port);
    await ok.write(listTables());
    const [answer] = await ok.answers(1);
    assert.equal(answer.status, 200);
    ok.socket.destroy();
  });
});
