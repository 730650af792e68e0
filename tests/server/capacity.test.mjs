// The capacity model through the AWS SDK for JavaScript v3, with the endpoint started with
// --capacity-model on (wall-clock time): a throttled write comes back as DynamoDB's
// ProvisionedThroughputExceededException with its ThrottlingReasons, after the SDK's own
// retries; BatchWriteItem hands back what was refused; Contributor Insights answers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DescribeContributorInsightsCommand,
  DynamoDBClient,
  ListContributorInsightsCommand,
  PutItemCommand,
  ProvisionedThroughputExceededException,
  UpdateContributorInsightsCommand,
} from '@aws-sdk/client-dynamodb';

import { credentials, region, startServer } from './support.mjs';

let server;
let client;

before(async () => {
  server = await startServer(['--capacity-model', 'on']);
  // The SDK's standard retry mode, three attempts: what an application gets by default.
  client = new DynamoDBClient({ endpoint: server.url, region, credentials, maxAttempts: 3 });
  await client.send(
    new CreateTableCommand({
      TableName: 'Slow',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 },
    }),
  );
});

after(async () => {
  client?.destroy();
  const stopped = await server?.stop();
  assert.equal(stopped?.code, 0, stopped?.stderr);
});

test('a write past the table throughput is throttled with ThrottlingReasons after the SDK retried it', async () => {
  // 20 KB is 20 write units: the table's 1 WCU is in debt for about 19 seconds after it.
  const big = { id: { S: 'big' }, pad: { S: 'x'.repeat(20 * 1024 - 20) } };
  const first = await client.send(new PutItemCommand({ TableName: 'Slow', Item: big, ReturnConsumedCapacity: 'TOTAL' }));
  assert.equal(first.ConsumedCapacity.CapacityUnits, 20);
  await assert.rejects(
    client.send(new PutItemCommand({ TableName: 'Slow', Item: { id: { S: 'next' } } })),
    (error) => {
      assert.ok(error instanceof ProvisionedThroughputExceededException, error.name);
      assert.equal(
        error.message,
        'The level of configured provisioned throughput for the table was exceeded. Consider increasing your ' +
          'provisioning level with the UpdateTable API.',
      );
      assert.deepEqual(error.ThrottlingReasons, [
        { reason: 'TableWriteProvisionedThroughputExceeded', resource: 'arn:aws:dynamodb:us-east-1:000000000000:table/Slow' },
      ]);
      // The SDK treated it as a throttle and retried it twice before giving up.
      assert.equal(error.$metadata.attempts, 3);
      assert.ok(error.$metadata.totalRetryDelay > 0);
      return true;
    },
  );
});

test('BatchWriteItem hands back the writes the model refused as UnprocessedItems', async () => {
  const table = 'Batchy';
  const began = Date.now();
  await client.send(
    new CreateTableCommand({
      TableName: table,
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 3 },
    }),
  );
  const writes = Array.from({ length: 25 }, (_, i) => ({ PutRequest: { Item: { id: { S: `b${i}` } } } }));
  const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: writes } }));
  // The table banks 3 units a second from its creation: three or four writes are served at
  // once (each while the bank holds anything), three more for each second the machine took
  // between the two requests (a loaded one can take seconds); the rest come back, in order.
  const seconds = (Date.now() - began) / 1000;
  const left = out.UnprocessedItems[table] ?? [];  // none left: every write was served
  const served = writes.length - left.length;
  assert.ok(served >= 3 && served <= 4 + Math.ceil(3 * seconds), `${served} served in ${seconds} s`);
  assert.ok(left.length >= 1, `every write served in ${seconds} s`);
  assert.deepEqual(left, writes.slice(served));
});

test('Contributor Insights through the SDK', async () => {
  const updated = await client.send(
    new UpdateContributorInsightsCommand({ TableName: 'Slow', ContributorInsightsAction: 'ENABLE' }),
  );
  assert.equal(updated.ContributorInsightsStatus, 'ENABLING');
  assert.equal(updated.ContributorInsightsMode, 'ACCESSED_AND_THROTTLED_KEYS');
  const described = await client.send(new DescribeContributorInsightsCommand({ TableName: 'Slow' }));
  assert.equal(described.ContributorInsightsStatus, 'ENABLED');
  assert.equal(described.ContributorInsightsRuleList.length, 2);  // no sort key: PKC and PKT
  assert.match(described.ContributorInsightsRuleList[0], /^DynamoDBContributorInsights-PKC-Slow-\d+$/);
  assert.ok(described.LastUpdateDateTime instanceof Date);
  const listed = await client.send(new ListContributorInsightsCommand({}));
  assert.deepEqual(listed.ContributorInsightsSummaries, [
    { TableName: 'Slow', ContributorInsightsStatus: 'ENABLED', ContributorInsightsMode: 'ACCESSED_AND_THROTTLED_KEYS' },
  ]);
});
