// The AWS CLI (Debian's awscli, botocore underneath) against the local endpoint with
// --endpoint-url: the table life cycle and item calls, output read back as JSON.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { after, before, test } from 'node:test';

import { awsClientEnv, startServer, tempDir } from './support.mjs';

// Debian's CLI; another one (a pip install earlier on PATH) only with AWS_CLI.
const awsCli = process.env.AWS_CLI ?? '/usr/bin/aws';
let server;
let home;

before(async () => {
  assert.ok(fs.existsSync(awsCli), `${awsCli} is missing: scripts/setup installs Debian's awscli`);
  server = await startServer();
  home = tempDir();
});

after(async () => {
  const stopped = await server?.stop();
  assert.equal(stopped?.code, 0, stopped?.stderr);
  fs.rmSync(home, { recursive: true, force: true });
});

// Runs `aws dynamodb <args> --endpoint-url ...` in a clean environment (no ~/.aws, dummy keys,
// no pager). Resolves to { code, stdout, stderr, json }.
function aws(...args) {
  const env = awsClientEnv(home, { AWS_PAGER: '' });
  return new Promise((resolve) => {
    execFile(awsCli, ['dynamodb', ...args, '--endpoint-url', server.url, '--output', 'json'], { env }, (error, stdout, stderr) => {
      let json;
      try {
        json = stdout.trim() ? JSON.parse(stdout) : undefined;
      } catch {
        json = undefined;
      }
      resolve({ code: error ? error.code : 0, stdout, stderr, json });
    });
  });
}

function ok(result) {
  assert.equal(result.code, 0, result.stderr);
  return result.json;
}

test('create-table, put-item, get-item, query, describe-table and delete-table', async () => {
  const created = ok(
    await aws(
      'create-table', '--table-name', 'Books',
      '--attribute-definitions', 'AttributeName=authorId,AttributeType=S', 'AttributeName=bookId,AttributeType=S',
      '--key-schema', 'AttributeName=authorId,KeyType=HASH', 'AttributeName=bookId,KeyType=RANGE',
      '--billing-mode', 'PAY_PER_REQUEST',
    ),
  );
  assert.equal(created.TableDescription.TableName, 'Books');
  assert.equal(created.TableDescription.TableStatus, 'CREATING');
  assert.equal(created.TableDescription.TableArn, 'arn:aws:dynamodb:us-east-1:000000000000:table/Books');
  assert.deepEqual(created.TableDescription.BillingModeSummary.BillingMode, 'PAY_PER_REQUEST');

  for (const [bookId, title] of [['b2', 'The Dispossessed'], ['b1', 'A Wizard of Earthsea'], ['b10', 'Lavinia']]) {
    const put = await aws('put-item', '--table-name', 'Books', '--item',
      JSON.stringify({ authorId: { S: 'ursula' }, bookId: { S: bookId }, title: { S: title } }));
    assert.equal(put.code, 0, put.stderr);
    assert.equal(put.stdout, '');  // PutItem without ReturnValues answers {}
  }

  const got = ok(await aws('get-item', '--table-name', 'Books', '--consistent-read', '--key',
    JSON.stringify({ authorId: { S: 'ursula' }, bookId: { S: 'b2' } })));
  assert.deepEqual(got, { Item: { authorId: { S: 'ursula' }, bookId: { S: 'b2' }, title: { S: 'The Dispossessed' } } });

  const queried = ok(await aws('query', '--table-name', 'Books',
    '--key-condition-expression', 'authorId = :a',
    '--expression-attribute-values', JSON.stringify({ ':a': { S: 'ursula' } }),
    '--projection-expression', 'bookId'));
  assert.deepEqual(queried.Items, [{ bookId: { S: 'b1' } }, { bookId: { S: 'b10' } }, { bookId: { S: 'b2' } }]);
  assert.equal(queried.Count, 3);
  assert.equal(queried.ScannedCount, 3);

  const described = ok(await aws('describe-table', '--table-name', 'Books'));
  assert.equal(described.Table.TableStatus, 'ACTIVE');
  assert.equal(described.Table.ItemCount, 3);
  assert.deepEqual(described.Table.KeySchema, [
    { AttributeName: 'authorId', KeyType: 'HASH' },
    { AttributeName: 'bookId', KeyType: 'RANGE' },
  ]);

  const deleted = ok(await aws('delete-table', '--table-name', 'Books'));
  assert.equal(deleted.TableDescription.TableStatus, 'DELETING');
  assert.equal(deleted.TableDescription.ItemCount, 3);

  const gone = await aws('describe-table', '--table-name', 'Books');
  assert.equal(gone.code, 254);
  assert.equal(
    gone.stderr.trim(),
    'An error occurred (ResourceNotFoundException) when calling the DescribeTable operation: ' +
      'Requested resource not found: Table: Books not found',
  );
});

test('a failed condition is reported by the CLI with its exception name', async () => {
  ok(await aws('create-table', '--table-name', 'Keys',
    '--attribute-definitions', 'AttributeName=id,AttributeType=S',
    '--key-schema', 'AttributeName=id,KeyType=HASH', '--billing-mode', 'PAY_PER_REQUEST'));
  const item = JSON.stringify({ id: { S: 'k' } });
  assert.equal((await aws('put-item', '--table-name', 'Keys', '--item', item)).code, 0);
  const again = await aws('put-item', '--table-name', 'Keys', '--item', item, '--condition-expression', 'attribute_not_exists(id)');
  assert.equal(again.code, 254);
  assert.equal(
    again.stderr.trim(),
    'An error occurred (ConditionalCheckFailedException) when calling the PutItem operation: The conditional request failed',
  );
});

test('botocore finds every answer\'s x-amz-crc32 correct (a wrong one makes it retry)', async () => {
  // botocore retries an answer whose CRC32 differs and logs why; with --debug that shows.
  const listed = await aws('list-tables', '--debug');
  assert.equal(listed.code, 0, listed.stderr);
  assert.deepEqual(JSON.parse(listed.stdout), { TableNames: ['Keys'] });
  assert.match(listed.stderr, /x-amz-crc32/);
  assert.doesNotMatch(listed.stderr, /crc32 checksum does not match/);
  assert.doesNotMatch(listed.stderr, /Retry needed/);
});

test('update-table adds a GSI, wait table-exists sees it built, query --index-name reads it, and it is deleted', async () => {
  ok(await aws('create-table', '--table-name', 'Orders',
    '--attribute-definitions', 'AttributeName=customer,AttributeType=S', 'AttributeName=orderNo,AttributeType=N',
    '--key-schema', 'AttributeName=customer,KeyType=HASH', 'AttributeName=orderNo,KeyType=RANGE',
    '--billing-mode', 'PAY_PER_REQUEST'));
  for (const [customer, orderNo, status] of [['ana', '1', 'OPEN'], ['bo', '2', 'OPEN'], ['cy', '3', 'SHIPPED']])
    ok(await aws('put-item', '--table-name', 'Orders', '--item',
      JSON.stringify({ customer: { S: customer }, orderNo: { N: orderNo }, status: { S: status } })));

  const added = ok(await aws('update-table', '--table-name', 'Orders',
    '--attribute-definitions', 'AttributeName=status,AttributeType=S',
    '--global-secondary-index-updates', JSON.stringify([{
      Create: { IndexName: 'ByStatus', KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' } },
    }])));
  assert.equal(added.TableDescription.TableStatus, 'UPDATING');
  assert.equal(added.TableDescription.GlobalSecondaryIndexes[0].IndexStatus, 'CREATING');

  assert.equal((await aws('wait', 'table-exists', '--table-name', 'Orders')).code, 0);
  const described = ok(await aws('describe-table', '--table-name', 'Orders'));
  assert.equal(described.Table.GlobalSecondaryIndexes[0].IndexStatus, 'ACTIVE');
  assert.equal(described.Table.GlobalSecondaryIndexes[0].ItemCount, 3);

  const open = ok(await aws('query', '--table-name', 'Orders', '--index-name', 'ByStatus',
    '--key-condition-expression', '#s = :s',
    '--expression-attribute-names', JSON.stringify({ '#s': 'status' }),
    '--expression-attribute-values', JSON.stringify({ ':s': { S: 'OPEN' } })));
  assert.equal(open.Count, 2);
  assert.deepEqual(Object.keys(open.Items[0]).sort(), ['customer', 'orderNo', 'status']);

  const removed = ok(await aws('update-table', '--table-name', 'Orders',
    '--global-secondary-index-updates', JSON.stringify([{ Delete: { IndexName: 'ByStatus' } }])));
  assert.equal(removed.TableDescription.GlobalSecondaryIndexes[0].IndexStatus, 'DELETING');
  assert.equal((await aws('wait', 'table-exists', '--table-name', 'Orders')).code, 0);
  const gone = ok(await aws('describe-table', '--table-name', 'Orders'));
  assert.equal(gone.Table.GlobalSecondaryIndexes, undefined);
});

test('update-contributor-insights, describe-contributor-insights and list-contributor-insights', async () => {
  ok(
    await aws(
      'create-table', '--table-name', 'Insights',
      '--attribute-definitions', 'AttributeName=id,AttributeType=S',
      '--key-schema', 'AttributeName=id,KeyType=HASH',
      '--billing-mode', 'PAY_PER_REQUEST',
    ),
  );
  // Debian's CLI predates ContributorInsightsMode (its model drops the member): the default mode.
  const updated = ok(
    await aws('update-contributor-insights', '--table-name', 'Insights', '--contributor-insights-action', 'ENABLE'),
  );
  assert.equal(updated.TableName, 'Insights');
  assert.equal(updated.ContributorInsightsStatus, 'ENABLING');
  const described = ok(await aws('describe-contributor-insights', '--table-name', 'Insights'));
  assert.equal(described.ContributorInsightsStatus, 'ENABLED');
  assert.deepEqual(described.ContributorInsightsRuleList.map((r) => r.split('-')[1]), ['PKC', 'PKT']);
  const listed = ok(await aws('list-contributor-insights', '--table-name', 'Insights'));
  assert.equal(listed.ContributorInsightsSummaries.length, 1);
  assert.equal(listed.ContributorInsightsSummaries[0].TableName, 'Insights');
  assert.equal(listed.ContributorInsightsSummaries[0].ContributorInsightsStatus, 'ENABLED');
  const missing = await aws('describe-contributor-insights', '--table-name', 'Nope');
  assert.equal(missing.code, 254);
  assert.match(missing.stderr, /ResourceNotFoundException.*Requested resource not found/);
});

test('the CLI\'s legacy flags: put-item --expected, query --key-conditions --query-filter, update-item --attribute-updates', async () => {
  ok(await aws('create-table', '--table-name', 'Shelf',
    '--attribute-definitions', 'AttributeName=authorId,AttributeType=S', 'AttributeName=bookId,AttributeType=S',
    '--key-schema', 'AttributeName=authorId,KeyType=HASH', 'AttributeName=bookId,KeyType=RANGE',
    '--billing-mode', 'PAY_PER_REQUEST'));
  // Exists false on the key: the insert-only put of the days before ConditionExpression.
  const insertOnly = JSON.stringify({ authorId: { Exists: false } });
  for (const [bookId, year] of [['b1', '1968'], ['b2', '1974'], ['c1', '1988']]) {
    const put = await aws('put-item', '--table-name', 'Shelf', '--expected', insertOnly,
      '--item', JSON.stringify({ authorId: { S: 'ursula' }, bookId: { S: bookId }, year: { N: year } }));
    assert.equal(put.code, 0, put.stderr);
    assert.equal(put.stdout, '');
  }
  const again = await aws('put-item', '--table-name', 'Shelf', '--expected', insertOnly,
    '--item', JSON.stringify({ authorId: { S: 'ursula' }, bookId: { S: 'b1' } }));
  assert.equal(again.code, 254);
  assert.equal(
    again.stderr.trim(),
    'An error occurred (ConditionalCheckFailedException) when calling the PutItem operation: The conditional request failed',
  );

  // EQ on the partition key and BEGINS_WITH on the sort key, backwards; the filter runs after
  // the read, so ScannedCount counts both "b" books.
  const queried = ok(await aws('query', '--table-name', 'Shelf', '--no-scan-index-forward',
    '--key-conditions', JSON.stringify({
      authorId: { ComparisonOperator: 'EQ', AttributeValueList: [{ S: 'ursula' }] },
      bookId: { ComparisonOperator: 'BEGINS_WITH', AttributeValueList: [{ S: 'b' }] },
    }),
    '--query-filter', JSON.stringify({ year: { ComparisonOperator: 'GT', AttributeValueList: [{ N: '1970' }] } }),
    '--attributes-to-get', 'bookId', 'year'));
  assert.deepEqual(queried.Items, [{ bookId: { S: 'b2' }, year: { N: '1974' } }]);
  assert.equal(queried.Count, 1);
  assert.equal(queried.ScannedCount, 2);

  // ADD to a missing number starts from 0; Expected with a ComparisonOperator guards it.
  const updated = ok(await aws('update-item', '--table-name', 'Shelf',
    '--key', JSON.stringify({ authorId: { S: 'ursula' }, bookId: { S: 'c1' } }),
    '--attribute-updates', JSON.stringify({ reads: { Action: 'ADD', Value: { N: '3' } } }),
    '--expected', JSON.stringify({ year: { ComparisonOperator: 'LT', AttributeValueList: [{ N: '2000' }] } }),
    '--return-values', 'UPDATED_NEW'));
  assert.deepEqual(updated, { Attributes: { reads: { N: '3' } } });

  // Legacy and expression parameters do not mix, in DynamoDB's words.
  const mixed = await aws('update-item', '--table-name', 'Shelf',
    '--key', JSON.stringify({ authorId: { S: 'ursula' }, bookId: { S: 'c1' } }),
    '--attribute-updates', JSON.stringify({ reads: { Action: 'ADD', Value: { N: '1' } } }),
    '--condition-expression', 'attribute_exists(bookId)');
  assert.equal(mixed.code, 254);
  assert.equal(
    mixed.stderr.trim(),
    'An error occurred (ValidationException) when calling the UpdateItem operation: ' +
      'Can not use both expression and non-expression parameters in the same request: ' +
      'Non-expression parameters: {AttributeUpdates} Expression parameters: {ConditionExpression}',
  );
});
