// Secondary indexes through the AWS SDK for JavaScript v3: add a GSI to a table with
// UpdateTable, wait for it with the SDK's waiter, query it, read what it cost, delete it.
// The server is started with --index-build-ms, so the index really is CREATING for a while
// and the waiter really waits.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  QueryCommand,
  UpdateTableCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';

import { credentials, region, startServer } from './support.mjs';

let server;
let client;

before(async () => {
  server = await startServer(['--index-build-ms', '1500']);
  client = new DynamoDBClient({ endpoint: server.url, region, credentials, maxAttempts: 1 });
  await client.send(
    new CreateTableCommand({
      TableName: 'Orders',
      AttributeDefinitions: [
        { AttributeName: 'customer', AttributeType: 'S' },
        { AttributeName: 'orderNo', AttributeType: 'N' },
      ],
      KeySchema: [
        { AttributeName: 'customer', KeyType: 'HASH' },
        { AttributeName: 'orderNo', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  for (const [customer, orderNo, status] of [
    ['ana', 1, 'OPEN'],
    ['ana', 2, 'SHIPPED'],
    ['bo', 1, 'OPEN'],
    ['cy', 1, undefined],
  ]) {
    const Item = { customer: { S: customer }, orderNo: { N: String(orderNo) } };
    if (status) Item.status = { S: status };
    await client.send(new PutItemCommand({ TableName: 'Orders', Item }));
  }
});

after(async () => {
  client?.destroy();
  const stopped = await server?.stop();
  assert.equal(stopped?.code, 0, stopped?.stderr);
});

const byStatus = (status) =>
  client.send(
    new QueryCommand({
      TableName: 'Orders',
      IndexName: 'ByStatus',
      KeyConditionExpression: '#s = :s',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': { S: status } },
      ReturnConsumedCapacity: 'INDEXES',
    }),
  );

test('UpdateTable adds a GSI; the waiter waits for ACTIVE; the GSI answers queries; Delete removes it', async () => {
  const started = Date.now();
  const added = await client.send(
    new UpdateTableCommand({
      TableName: 'Orders',
      AttributeDefinitions: [{ AttributeName: 'status', AttributeType: 'S' }],
      GlobalSecondaryIndexUpdates: [
        {
          Create: {
            IndexName: 'ByStatus',
            KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }],
            Projection: { ProjectionType: 'ALL' },
          },
        },
      ],
    }),
  );
  assert.equal(added.TableDescription.TableStatus, 'UPDATING');
  const index = added.TableDescription.GlobalSecondaryIndexes.find((i) => i.IndexName === 'ByStatus');
  assert.equal(index.IndexStatus, 'CREATING');
  assert.equal(index.Backfilling, false);
  assert.match(index.IndexArn, /:table\/Orders\/index\/ByStatus$/);

  // Before it is built it cannot be read.
  const early = await byStatus('OPEN').catch((e) => e);
  assert.equal(early.name, 'ValidationException');
  assert.equal(early.message, 'Cannot read from backfilling global secondary index: ByStatus');

  const waited = await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1, maxDelay: 1 }, { TableName: 'Orders' });
  assert.equal(waited.state, 'SUCCESS');
  assert.ok(Date.now() - started >= 1500, 'the waiter returned before the index was built');
  const described = await client.send(new DescribeTableCommand({ TableName: 'Orders' }));
  assert.equal(described.Table.TableStatus, 'ACTIVE');
  const active = described.Table.GlobalSecondaryIndexes[0];
  assert.equal(active.IndexStatus, 'ACTIVE');
  assert.equal(active.ItemCount, 3);  // cy has no status: the index is sparse

  const open = await byStatus('OPEN');
  assert.deepEqual(
    open.Items.map((i) => `${i.customer.S}/${i.orderNo.N}`).sort(),
    ['ana/1', 'bo/1'],
  );
  assert.deepEqual(open.ConsumedCapacity, {
    TableName: 'Orders',
    CapacityUnits: 0.5,
    Table: { CapacityUnits: 0 },
    GlobalSecondaryIndexes: { ByStatus: { CapacityUnits: 0.5 } },
  });
  const consistent = await client
    .send(
      new QueryCommand({
        TableName: 'Orders',
        IndexName: 'ByStatus',
        ConsistentRead: true,
        KeyConditionExpression: '#s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': { S: 'OPEN' } },
      }),
    )
    .catch((e) => e);
  assert.equal(consistent.name, 'ValidationException');
  assert.equal(consistent.message, 'Consistent reads are not supported on global secondary indexes');

  // A write now pays the index too.
  const put = await client.send(
    new PutItemCommand({
      TableName: 'Orders',
      Item: { customer: { S: 'dee' }, orderNo: { N: '1' }, status: { S: 'OPEN' } },
      ReturnConsumedCapacity: 'INDEXES',
    }),
  );
  assert.deepEqual(put.ConsumedCapacity, {
    TableName: 'Orders',
    CapacityUnits: 2,
    Table: { CapacityUnits: 1 },
    GlobalSecondaryIndexes: { ByStatus: { CapacityUnits: 1 } },
  });

  const deleted = await client.send(
    new UpdateTableCommand({ TableName: 'Orders', GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'ByStatus' } }] }),
  );
  assert.equal(deleted.TableDescription.GlobalSecondaryIndexes[0].IndexStatus, 'DELETING');
  await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1, maxDelay: 1 }, { TableName: 'Orders' });
  const gone = await client.send(new DescribeTableCommand({ TableName: 'Orders' }));
  assert.equal(gone.Table.GlobalSecondaryIndexes, undefined);
  assert.deepEqual(
    gone.Table.AttributeDefinitions.map((d) => d.AttributeName),
    ['customer', 'orderNo'],
  );
  const after = await byStatus('OPEN').catch((e) => e);
  assert.equal(after.name, 'ValidationException');
  assert.equal(after.message, 'The table does not have the specified index: ByStatus');
});

test('a multi-attribute GSI key through the SDK: declared, described and queried attribute by attribute', async () => {
  await client.send(
    new CreateTableCommand({
      TableName: 'Matches',
      AttributeDefinitions: ['matchId', 'tournamentId', 'region', 'round'].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
      KeySchema: [{ AttributeName: 'matchId', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
      GlobalSecondaryIndexes: [
        {
          IndexName: 'ByMatch',
          KeySchema: [
            { AttributeName: 'tournamentId', KeyType: 'HASH' },
            { AttributeName: 'region', KeyType: 'HASH' },
            { AttributeName: 'round', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        },
      ],
    }),
  );
  for (const [id, region, round] of [['m1', 'NA', 'SEMIFINALS'], ['m2', 'NA', 'FINALS'], ['m3', 'EU', 'FINALS']])
    await client.send(new PutItemCommand({
      TableName: 'Matches',
      Item: { matchId: { S: id }, tournamentId: { S: 'W24' }, region: { S: region }, round: { S: round } },
    }));
  const described = await client.send(new DescribeTableCommand({ TableName: 'Matches' }));
  assert.deepEqual(described.Table.GlobalSecondaryIndexes[0].KeySchema.map((k) => `${k.AttributeName}:${k.KeyType}`),
    ['tournamentId:HASH', 'region:HASH', 'round:RANGE']);
  const na = await client.send(new QueryCommand({
    TableName: 'Matches', IndexName: 'ByMatch',
    KeyConditionExpression: 'tournamentId = :t AND #r = :r',
    ExpressionAttributeNames: { '#r': 'region' },
    ExpressionAttributeValues: { ':t': { S: 'W24' }, ':r': { S: 'NA' } },
  }));
  assert.deepEqual(na.Items.map((i) => i.matchId.S), ['m2', 'm1']);  // by round: FINALS, SEMIFINALS
  const missing = await client.send(new QueryCommand({
    TableName: 'Matches', IndexName: 'ByMatch',
    KeyConditionExpression: 'tournamentId = :t',
    ExpressionAttributeValues: { ':t': { S: 'W24' } },
  })).catch((e) => e);
  assert.equal(missing.name, 'ValidationException');
  assert.match(missing.message, /^Query condition missed key schema element: region/);
});
