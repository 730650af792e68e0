// The HTTP protocol around the engine: what DynamoDB's front end answers by itself (methods,
// content types, signatures, limits), the headers every answer carries, and that malformed
// requests leave the server serving.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';

import { booksTable, call, crc32, request, signedHeaders, startServer } from './support.mjs';

const notFoundBody = '<UnknownOperationException/>\n';

function assertDynamoHeaders(r) {
  assert.match(r.headers['x-amzn-requestid'], /^[0-9A-Z]{52}$/);
  assert.equal(r.headers['x-amz-crc32'], crc32(r.raw), 'x-amz-crc32 is the CRC32 of the body bytes');
  assert.equal(Number(r.headers['content-length']), r.raw.length);
  assert.ok(!Number.isNaN(Date.parse(r.headers.date)), `Date header: ${r.headers.date}`);
}

function assertError(r, status, type, message, contentType = 'application/x-amz-json-1.0') {
  assert.equal(r.status, status, r.body);
  assert.equal(r.headers['content-type'], contentType);
  assertDynamoHeaders(r);
  const body = JSON.parse(r.body);
  assert.equal(body.__type, type);
  assert.equal(body.message ?? body.Message, message);
}

describe('with default limits', () => {
  let server;
  before(async () => {
    server = await startServer();
    assert.equal((await call(server.url, 'CreateTable', booksTable)).status, 200);
  });
  after(async () => {
    const stopped = await server.stop();
    assert.equal(stopped.code, 0, stopped.stderr);
  });

  // After every malformed request: the server still answers a good one.
  async function assertStillServing() {
    const r = await call(server.url, 'DescribeTable', { TableName: 'Books' });
    assert.equal(r.status, 200, r.body);
    assert.equal(r.json.Table.TableStatus, 'ACTIVE');
  }

  test('GET is DynamoDB\'s health check', async () => {
    const r = await request(server.url + '/', { method: 'GET' });
    assert.equal(r.status, 200);
    assert.equal(r.body, 'healthy: dynamodb.us-east-1.amazonaws.com ');
    assert.equal(r.headers['x-amz-crc32'], '3128867991');
    assertDynamoHeaders(r);
  });

  test('other methods are UnknownOperationException with 404, as DynamoDB answers them', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const r = await request(server.url + '/', { method, body: '{}' });
      assert.equal(r.status, 404, method);
      assert.equal(r.body, notFoundBody);
      assert.equal(r.headers['x-amz-crc32'], '3552371480');
      assertDynamoHeaders(r);
    }
    await assertStillServing();
  });

  test('a body that is not JSON 1.0 (no or another Content-Type) is a 404', async () => {
    const target = { 'x-amz-target': 'DynamoDB_20120810.ListTables', ...signedHeaders };
    for (const headers of [target, { ...target, 'content-type': 'text/plain' }, { ...target, 'content-type': 'application/x-www-form-urlencoded' }]) {
      const r = await request(server.url, { headers, body: '{}' });
      assert.equal(r.status, 404);
      assert.equal(r.body, notFoundBody);
    }
    await assertStillServing();
  });

  test('application/json is spoken too, and answered in kind', async () => {
    for (const contentType of ['application/json', 'application/json; charset=utf-8', 'Application/X-Amz-Json-1.0']) {
      const r = await call(server.url, 'ListTables', {}, { 'content-type': contentType });
      assert.equal(r.status, 200, contentType);
      assert.deepEqual(r.json, { TableNames: ['Books'] });
      assert.equal(r.headers['content-type'], contentType.startsWith('application/json') ? 'application/json' : 'application/x-amz-json-1.0');
      assertDynamoHeaders(r);
    }
  });

  test('answers are never compressed, so x-amz-crc32 always describes the bytes sent', async () => {
    for (const contentType of ['application/json', 'application/x-amz-json-1.0']) {
      const r = await call(server.url, 'DescribeTable', { TableName: 'Books' }, { 'content-type': contentType, 'accept-encoding': 'gzip, deflate, br' });
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-encoding'], undefined);
      assert.equal(r.json.Table.TableName, 'Books');
      assertDynamoHeaders(r);
    }
    const health = await request(server.url + '/', { method: 'GET', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(health.headers['content-encoding'], undefined);
    assert.equal(health.body, 'healthy: dynamodb.us-east-1.amazonaws.com ');
  });

  test('a body that is not JSON is SerializationException and nothing more, as DynamoDB answers it', async () => {
    const r = await call(server.url, 'PutItem', '{"TableName": "Books", "Item": {', { 'content-type': 'application/json' });
    assertError(r, 400, 'com.amazon.coral.service#SerializationException', undefined, 'application/json');
    assert.equal(r.body, '{"__type":"com.amazon.coral.service#SerializationException"}');
    await assertStillServing();
  });

  test('a missing or unknown X-Amz-Target is UnknownOperationException', async () => {
    const missing = await request(server.url, { headers: { 'content-type': 'application/x-amz-json-1.0', ...signedHeaders }, body: '{}' });
    assertError(missing, 400, 'com.amazon.coral.service#UnknownOperationException', "Unknown operation target: ''");
    const unknown = await call(server.url, 'DropEverything', {});
    assertError(unknown, 400, 'com.amazon.coral.service#UnknownOperationException', "Unknown operation: 'DropEverything'");
    const oldApi = await request(server.url, {
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20111205.ListTables', ...signedHeaders },
      body: '{}',
    });
    assertError(oldApi, 400, 'com.amazon.coral.service#UnknownOperationException', "Unknown operation target: 'DynamoDB_20111205.ListTables'");
    // The target is checked before the signature, as DynamoDB does.
    const unsignedUnknown = await request(server.url, {
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.Nope' },
      body: '{}',
    });
    assertError(unsignedUnknown, 400, 'com.amazon.coral.service#UnknownOperationException', "Unknown operation: 'Nope'");
    await assertStillServing();
  });

  test('requests must carry a signature of the right shape; its value is never checked', async () => {
    const base = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables' };
    const unsigned = await request(server.url, { headers: base, body: '{}' });
    assertError(unsigned, 400, 'com.amazon.coral.service#MissingAuthenticationTokenException', 'Request is missing Authentication Token');
    assert.equal(unsigned.headers['x-amz-crc32'], '2088342776');  // byte for byte DynamoDB's answer

    const notV4 = await request(server.url, { headers: { ...base, authorization: 'AWS3 abc' }, body: '{}' });
    assertError(notV4, 400, 'com.amazon.coral.service#MissingAuthenticationTokenException', 'Request is missing Authentication Token');

    const incomplete = await request(server.url, { headers: { ...base, authorization: 'AWS4-' }, body: '{}' });
    assertError(
      incomplete, 400, 'com.amazon.coral.service#IncompleteSignatureException',
      "Authorization header requires 'Credential' parameter. Authorization header requires 'Signature' parameter. " +
        "Authorization header requires 'SignedHeaders' parameter. Authorization header requires existence of either " +
        "a 'X-Amz-Date' or a 'Date' header. Authorization=AWS4-",
    );

    const both = await request(server.url + '/?X-Amz-Algorithm=AWS4-HMAC-SHA256', { headers: { ...base, ...signedHeaders }, body: '{}' });
    assertError(both, 400, 'com.amazon.coral.service#InvalidSignatureException',
      "Found both 'X-Amz-Algorithm' as a query-string param and 'Authorization' as HTTP header.");

    const partialQuery = await request(server.url + '/?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=x', { headers: base, body: '{}' });
    assertError(partialQuery, 400, 'com.amazon.coral.service#IncompleteSignatureException',
      "AWS query-string parameters must include 'X-Amz-Credential'. AWS query-string parameters must include " +
        "'X-Amz-SignedHeaders'. AWS query-string parameters must include 'X-Amz-Date'. Re-examine the query-string parameters.");

    const presigned = await request(
      server.url + '/?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=a%2Fb&X-Amz-Signature=x&X-Amz-SignedHeaders=host&X-Amz-Date=20240101T000000Z',
      { headers: base, body: '{}' });
    assert.equal(presigned.status, 200, presigned.body);

    const anyKeys = await call(server.url, 'ListTables', {}, {
      authorization: 'AWS4-HMAC-SHA256 Credential=WHOEVER/20000101/eu-west-9/dynamodb/aws4_request, SignedHeaders=host, Signature=not-a-signature',
    });
    assert.equal(anyKeys.status, 200, anyKeys.body);
  });

  test('a body over 16 MB is refused with 413, whether sized or chunked', async () => {
    const limit = 16 * 1024 * 1024;
    const padded = (n) => '{"TableName": "Books"' + ' '.repeat(n - 22) + '}';
    assert.equal(padded(limit).length, limit);
    const headers = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.DescribeTable', ...signedHeaders };
    const message = 'Request body is larger than this endpoint\'s limit of 16777216 bytes';
    for (const chunked of [false, true]) {
      const over = await request(server.url, { headers, body: padded(limit + 1), chunked });
      assertError(over, 413, 'com.amazon.coral.service#SerializationException', message);
    }
    const at = await request(server.url, { headers, body: padded(limit) });
    assert.equal(at.status, 200);
    await assertStillServing();
  });

  test('JSON nested past the limit is SerializationException; DynamoDB\'s own 32 levels are the engine\'s', async () => {
    // 33 levels of lists inside an item: within the endpoint's limit, so the engine answers.
    let value = { S: 'bottom' };
    for (let i = 0; i < 33; ++i) value = { L: [value] };
    const deepItem = await call(server.url, 'PutItem', { TableName: 'Books', Item: { authorId: { S: 'a' }, bookId: { S: 'b' }, deep: value } });
    assertError(deepItem, 400, 'com.amazon.coral.validate#ValidationException',
      'Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit');

    for (const depth of [257, 1_000_000]) {
      const body = '{"TableName": "Books", "x": ' + '['.repeat(depth - 1) + ']'.repeat(depth - 1) + '}';
      const r = await call(server.url, 'DescribeTable', body);
      assertError(r, 400, 'com.amazon.coral.service#SerializationException', undefined);
    }
    // Exactly at the limit (brackets inside strings do not count): the engine answers.
    const atLimit = '{"TableName": "Books", "s": "[[[[{{{{", "x": ' + '['.repeat(255) + ']'.repeat(255) + '}';
    assert.equal((await call(server.url, 'DescribeTable', atLimit)).status, 200);
    await assertStillServing();
  });

  test('every answer carries the CRC32 of its exact bytes, UTF-8 included', async () => {
    const item = { authorId: { S: 'Ünïcödé ✓ 漢字' }, bookId: { S: '🙂' }, n: { N: '12.50' } };
    const put = await call(server.url, 'PutItem', { TableName: 'Books', Item: item });
    assert.equal(put.status, 200);
    assert.equal(put.body, '{}');
    assertDynamoHeaders(put);
    const got = await call(server.url, 'GetItem', { TableName: 'Books', Key: { authorId: item.authorId, bookId: item.bookId } });
    assertDynamoHeaders(got);
    assert.deepEqual(got.json, { Item: { ...item, n: { N: '12.5' } } });
    assert.ok(got.raw.length > got.body.length, 'multi-byte characters: more bytes than characters');
  });

  test('a browser may call it: CORS preflight and Access-Control-Allow-Origin', async () => {
    const preflight = await request(server.url + '/', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-amz-target' },
    });
    assert.equal(preflight.status, 200);
    assert.equal(preflight.body, '');
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
    assert.equal(preflight.headers['access-control-allow-methods'], 'POST');
    assert.equal(preflight.headers['access-control-allow-headers'], 'content-type, x-amz-target');
    assert.equal(preflight.headers['access-control-max-age'], '172800');
    const r = await call(server.url, 'ListTables', {}, { origin: 'http://localhost:8080' });
    assert.equal(r.status, 200);
    assert.equal(r.headers['access-control-allow-origin'], '*');
  });

  test('concurrent clients on kept-alive connections lose no update', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const post = (operation, payload) =>
      new Promise((resolve, reject) => {
        const body = JSON.stringify(payload);
        const req = http.request(
          {
            host: '127.0.0.1', port: server.port, method: 'POST', path: '/', agent,
            headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${operation}`, 'content-length': Buffer.byteLength(body), ...signedHeaders },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8').on('data', (d) => (text += d)).on('end', () => resolve({ status: res.statusCode, json: JSON.parse(text), id: res.headers['x-amzn-requestid'] }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const key = { authorId: { S: 'counter' }, bookId: { S: 'c' } };
    const results = await Promise.all([
      ...Array.from({ length: 200 }, (_, i) =>
        post('PutItem', { TableName: 'Books', Item: { authorId: { S: 'many' }, bookId: { S: `k${String(i).padStart(3, '0')}` } } })),
      ...Array.from({ length: 200 }, () =>
        post('UpdateItem', { TableName: 'Books', Key: key, UpdateExpression: 'ADD hits :one', ExpressionAttributeValues: { ':one': { N: '1' } } })),
    ]);
    agent.destroy();
    assert.deepEqual(results.filter((r) => r.status !== 200), []);
    assert.equal(new Set(results.map((r) => r.id)).size, 400, 'request ids are unique');
    const counter = await call(server.url, 'GetItem', { TableName: 'Books', Key: key, ConsistentRead: true });
    assert.deepEqual(counter.json.Item.hits, { N: '200' });
    const many = await call(server.url, 'Query', {
      TableName: 'Books', KeyConditionExpression: 'authorId = :a', ExpressionAttributeValues: { ':a': { S: 'many' } }, Select: 'COUNT',
    });
    assert.equal(many.json.Count, 200);
  });
});

describe('with a small request limit', () => {
  let server;
  before(async () => {
    server = await startServer(['--max-request-bytes', '1000', '--max-json-depth', '8']);
  });
  after(async () => {
    const stopped = await server.stop();
    assert.equal(stopped.code, 0, stopped.stderr);
  });

  test('an oversized body on a kept-alive connection leaves the connection usable', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (body) =>
      new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1', port: server.port, method: 'POST', path: '/', agent,
            headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables', 'content-length': Buffer.byteLength(body), ...signedHeaders },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8').on('data', (d) => (text += d)).on('end', () => resolve({ status: res.statusCode, body: text, reused: req.reusedSocket }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const first = await send('{' + ' '.repeat(1000) + '}');
    assert.equal(first.status, 413);
    assert.deepEqual(JSON.parse(first.body), {
      __type: 'com.amazon.coral.service#SerializationException',
      Message: 'Request body is larger than this endpoint\'s limit of 1000 bytes',
    });
    const second = await send('{}');
    assert.equal(second.status, 200);
    assert.equal(second.body, '{"TableNames":[]}');
    assert.equal(second.reused, true, 'the same connection answered both');
    agent.destroy();
  });

  test('--max-json-depth sets the nesting limit', async () => {
    const r = await call(server.url, 'ListTables', '{"a":[[[[[[[[]]]]]]]]}');
    assertError(r, 400, 'com.amazon.coral.service#SerializationException', undefined);
    assert.equal(r.body, '{"__type":"com.amazon.coral.service#SerializationException"}');
    assert.equal((await call(server.url, 'ListTables', '{"a":[[[[[[[]]]]]]]}')).status, 200);
  });
});
