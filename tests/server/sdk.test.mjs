// The AWS SDK for JavaScript v3 against the local endpoint: the document client's everyday
// calls, with DynamoDB's answers and errors as the SDK surfaces them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';

import { booksTable, credentials, region, rejection, startServer } from './support.mjs';

let server;
let client;
let docs;

before(async () => {
  server = await startServer();
  // maxAttempts 1: a wrong answer (a bad checksum, a 5xx) must fail the test, not be retried away.
  client = new DynamoDBClient({ endpoint: server.url, region, credentials, maxAttempts: 1 });
  docs = DynamoDBDocumentClient.from(client);
  const created = await client.send(new CreateTableCommand(booksTable));
  assert.equal(created.TableDescription.TableName, 'Books');
  assert.equal(created.TableDescription.TableStatus, 'CREATING');
});

after(async () => {
  client?.destroy();  // closes the kept-alive sockets so the server can stop at once
  const stopped = await server?.stop();
  assert.equal(stopped?.code, 0, stopped?.stderr);
});

const putNew = (item) =>
  docs.send(
    new PutCommand({
      TableName: 'Books',
      Item: item,
      ConditionExpression: 'attribute_not_exists(#pk)',
      ExpressionAttributeNames: { '#pk': 'authorId' },
    }),
  );

test('a conditional put creates an item once; the same key again is ConditionalCheckFailedException', async () => {
  const first = await putNew({ authorId: 'ursula', bookId: 'b2', title: 'The Dispossessed', year: 1974 });
  assert.equal(first.$metadata.httpStatusCode, 200);
  assert.equal(first.$metadata.attempts, 1);
  assert.equal(first.Attributes, undefined);

  const again = await rejection(putNew({ authorId: 'ursula', bookId: 'b2', title: 'Another' }));
  assert.equal(again.name, 'ConditionalCheckFailedException');
  assert.equal(again.message, 'The conditional request failed');
  assert.equal(again.$metadata.httpStatusCode, 400);
  assert.match(again.$metadata.requestId, /^[0-9A-Z]{52}$/);

  // Another book of the same author is another key: it succeeds.
  const other = await putNew({ authorId: 'ursula', bookId: 'b1', title: 'A Wizard of Earthsea', year: 1968 });
  assert.equal(other.$metadata.httpStatusCode, 200);

  // The failed put changed nothing.
  const got = await docs.send(new GetCommand({ TableName: 'Books', Key: { authorId: 'ursula', bookId: 'b2' }, ConsistentRead: true }));
  assert.deepEqual(got.Item, { authorId: 'ursula', bookId: 'b2', title: 'The Dispossessed', year: 1974 });
});

test('GetItem with ConsistentRead returns the item as stored, and nothing for a missing key', async () => {
  await putNew({ authorId: 'octavia', bookId: 'k1', title: 'Kindred', tags: new Set(['time', 'slavery']), ratings: [5, 4] });
  const got = await docs.send(
    new GetCommand({
      TableName: 'Books',
      Key: { authorId: 'octavia', bookId: 'k1' },
      ConsistentRead: true,
      ReturnConsumedCapacity: 'TOTAL',
    }),
  );
  assert.deepEqual(got.Item, { authorId: 'octavia', bookId: 'k1', title: 'Kindred', tags: new Set(['time', 'slavery']), ratings: [5, 4] });
  // A strongly consistent read of an item under 4 KB is one read unit.
  assert.deepEqual(got.ConsumedCapacity, { TableName: 'Books', CapacityUnits: 1 });

  const missing = await docs.send(new GetCommand({ TableName: 'Books', Key: { authorId: 'octavia', bookId: 'nope' }, ConsistentRead: true }));
  assert.equal(missing.Item, undefined);
  assert.equal(missing.$metadata.httpStatusCode, 200);
});

test('Query on the partition key returns the books in bookId order, page by page', async () => {
  for (const bookId of ['b10', 'b3', 'a9']) await putNew({ authorId: 'ursula', bookId });
  const query = (extra = {}) =>
    docs.send(
      new QueryCommand({
        TableName: 'Books',
        KeyConditionExpression: '#pk = :author',
        ExpressionAttributeNames: { '#pk': 'authorId' },
        ExpressionAttributeValues: { ':author': 'ursula' },
        ...extra,
      }),
    );

  // Sort keys of type S order by their bytes: "b10" comes before "b2".
  const all = await query();
  assert.deepEqual(all.Items.map((b) => b.bookId), ['a9', 'b1', 'b10', 'b2', 'b3']);
  assert.equal(all.Count, 5);
  assert.equal(all.ScannedCount, 5);
  assert.equal(all.LastEvaluatedKey, undefined);

  const pages = [];
  let start;
  do {
    const page = await query({ Limit: 2, ExclusiveStartKey: start });
    pages.push({ ids: page.Items.map((b) => b.bookId), last: page.LastEvaluatedKey });
    start = page.LastEvaluatedKey;
  } while (start);
  assert.deepEqual(pages, [
    { ids: ['a9', 'b1'], last: { authorId: 'ursula', bookId: 'b1' } },
    { ids: ['b10', 'b2'], last: { authorId: 'ursula', bookId: 'b2' } },
    { ids: ['b3'], last: undefined },
  ]);

  const backwards = await query({ ScanIndexForward: false, Limit: 2 });
  assert.deepEqual(backwards.Items.map((b) => b.bookId), ['b3', 'b2']);
});

test('UpdateItem may not change a key attribute', async () => {
  const error = await rejection(
    docs.send(
      new UpdateCommand({
        TableName: 'Books',
        Key: { authorId: 'ursula', bookId: 'b1' },
        UpdateExpression: 'SET bookId = :new',
        ExpressionAttributeValues: { ':new': 'b1-renamed' },
      }),
    ),
  );
  assert.equal(error.name, 'ValidationException');
  assert.equal(
    error.message,
    'One or more parameter values were invalid: Cannot update attribute bookId. This attribute is part of the key',
  );
  assert.equal(error.$metadata.httpStatusCode, 400);
});

test('a transaction moves an item to a new key, all or nothing', async () => {
  const from = { authorId: 'ursula', bookId: 'b3' };
  const to = { authorId: 'ursula', bookId: 'b3-moved' };
  await docs.send(new UpdateCommand({ TableName: 'Books', Key: from, UpdateExpression: 'SET title = :t', ExpressionAttributeValues: { ':t': 'The Lathe of Heaven' } }));
  const move = (target) =>
    docs.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: 'Books', Key: from, ConditionExpression: 'attribute_exists(#pk)', ExpressionAttributeNames: { '#pk': 'authorId' } } },
          {
            Put: {
              TableName: 'Books',
              Item: { ...target, title: 'The Lathe of Heaven' },
              ConditionExpression: 'attribute_not_exists(#pk)',
              ExpressionAttributeNames: { '#pk': 'authorId' },
            },
          },
        ],
      }),
    );

  // Onto a key that is taken: cancelled, with a reason per action, and nothing changes.
  const cancelled = await rejection(move({ authorId: 'ursula', bookId: 'b1' }));
  assert.equal(cancelled.name, 'TransactionCanceledException');
  assert.equal(cancelled.message, 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]');
  assert.deepEqual(cancelled.CancellationReasons, [
    { Code: 'None' },
    { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
  ]);
  const stillThere = await docs.send(new GetCommand({ TableName: 'Books', Key: from, ConsistentRead: true }));
  assert.equal(stillThere.Item?.title, 'The Lathe of Heaven');

  // Onto a free key: the old key is gone and the new one holds the item.
  const moved = await move(to);
  assert.equal(moved.$metadata.httpStatusCode, 200);
  const old = await docs.send(new GetCommand({ TableName: 'Books', Key: from, ConsistentRead: true }));
  assert.equal(old.Item, undefined);
  const now = await docs.send(new GetCommand({ TableName: 'Books', Key: to, ConsistentRead: true }));
  assert.deepEqual(now.Item, { ...to, title: 'The Lathe of Heaven' });
});
