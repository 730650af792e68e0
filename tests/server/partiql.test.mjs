// PartiQL against the local endpoint as real clients send it: the AWS SDK for JavaScript v3
// (ExecuteStatementCommand, the document client's, BatchExecuteStatement, ExecuteTransaction),
// boto3's execute_statement and the AWS CLI's execute-statement, with DynamoDB's answers and errors.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { after, before, test } from 'node:test';

import {
  BatchExecuteStatementCommand,
  CreateTableCommand,
  DynamoDBClient,
  ExecuteStatementCommand,
  ExecuteTransactionCommand,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ExecuteStatementCommand as DocumentExecuteStatement } from '@aws-sdk/lib-dynamodb';

import { awsClientEnv, booksTable, credentials, region, rejection, startServer, tempDir } from './support.mjs';

const awsCli = process.env.AWS_CLI ?? '/usr/bin/aws';
const python = '/usr/bin/python3';
let server;
let client;
let docs;
let home;

before(async () => {
  server = await startServer();
  home = tempDir();
  client = new DynamoDBClient({ endpoint: server.url, region, credentials, maxAttempts: 1 });
  docs = DynamoDBDocumentClient.from(client);
  await client.send(new CreateTableCommand(booksTable));
});

after(async () => {
  client?.destroy();
  const stopped = await server?.stop();
  assert.equal(stopped?.code, 0, stopped?.stderr);
  fs.rmSync(home, { recursive: true, force: true });
});

function run(file, args) {
  return new Promise((resolve) => {
    execFile(file, args, { env: awsClientEnv(home, { AWS_PAGER: '' }), timeout: 120000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (error.code ?? error.signal) : 0, stdout, stderr });
    });
  });
}

test('the SDK: INSERT, SELECT by key as a Query, a duplicate INSERT refused, paging with NextToken', async () => {
  for (const [bookId, title] of [['b1', 'A Wizard of Earthsea'], ['b2', 'The Dispossessed'], ['b3', 'Lavinia']]) {
    const put = await client.send(
      new ExecuteStatementCommand({
        Statement: 'INSERT INTO "Books" VALUE {\'authorId\': ?, \'bookId\': ?, \'title\': ?}',
        Parameters: [{ S: 'ursula' }, { S: bookId }, { S: title }],
      }),
    );
    assert.deepEqual(put.Items, []);
  }
  const duplicate = await rejection(
    client.send(new ExecuteStatementCommand({ Statement: "INSERT INTO Books VALUE {'authorId': 'ursula', 'bookId': 'b1'}" })),
  );
  assert.equal(duplicate.name, 'DuplicateItemException');
  assert.equal(duplicate.message, 'Duplicate primary key exists in table');
  assert.equal(duplicate.$metadata.httpStatusCode, 400);

  const selected = await client.send(
    new ExecuteStatementCommand({
      Statement: 'SELECT title FROM Books WHERE authorId = ? AND bookId > ?',
      Parameters: [{ S: 'ursula' }, { S: 'b1' }],
      ReturnConsumedCapacity: 'TOTAL',
    }),
  );
  assert.deepEqual(selected.Items, [{ title: { S: 'The Dispossessed' } }, { title: { S: 'Lavinia' } }]);
  assert.deepEqual(selected.ConsumedCapacity, { TableName: 'Books', CapacityUnits: 0.5 });

  // Limit 1: a page at a time, carried on by NextToken.
  const titles = [];
  let token;
  do {
    const page = await client.send(
      new ExecuteStatementCommand({ Statement: "SELECT * FROM Books WHERE authorId = 'ursula'", Limit: 1, NextToken: token }),
    );
    titles.push(...page.Items.map((i) => i.title.S));
    token = page.NextToken;
  } while (token);
  assert.deepEqual(titles, ['A Wizard of Earthsea', 'The Dispossessed', 'Lavinia']);

  const malformed = await rejection(client.send(new ExecuteStatementCommand({ Statement: 'SLECT * FROM Books' })));
  assert.equal(malformed.name, 'ValidationException');
  assert.equal(malformed.message, "Statement wasn't well formed, can't be processed: Expected data manipulation");
});

test('the document client: native values in and out', async () => {
  const updated = await docs.send(
    new DocumentExecuteStatement({
      Statement: 'UPDATE Books SET pages = ? SET tags = ? WHERE authorId = ? AND bookId = ? RETURNING ALL NEW *',
      Parameters: [183, new Set(['fantasy', 'classic']), 'ursula', 'b1'],
    }),
  );
  assert.equal(updated.Items[0].pages, 183);
  assert.deepEqual(updated.Items[0].tags, new Set(['fantasy', 'classic']));
  const read = await docs.send(
    new DocumentExecuteStatement({ Statement: 'SELECT pages FROM Books WHERE authorId = ? AND bookId = ?', Parameters: ['ursula', 'b1'] }),
  );
  assert.deepEqual(read.Items, [{ pages: 183 }]);
});

test('the SDK: BatchExecuteStatement answers per statement, ExecuteTransaction all or nothing', async () => {
  const batch = await client.send(
    new BatchExecuteStatementCommand({
      Statements: [
        { Statement: "SELECT title FROM Books WHERE authorId = 'ursula' AND bookId = 'b2'" },
        { Statement: "SELECT title FROM Books WHERE authorId = 'ursula' AND bookId = 'b9'" },
        { Statement: "SELECT title FROM Books WHERE authorId = 'ursula'" },
      ],
    }),
  );
  assert.deepEqual(batch.Responses[0], { TableName: 'Books', Item: { title: { S: 'The Dispossessed' } } });
  assert.deepEqual(batch.Responses[1], { TableName: 'Books' });
  assert.equal(batch.Responses[2].Error.Code, 'ValidationError');

  const cancelled = await rejection(
    client.send(
      new ExecuteTransactionCommand({
        TransactStatements: [
          { Statement: "INSERT INTO Books VALUE {'authorId': 'ursula', 'bookId': 'b4', 'title': 'Tehanu'}" },
          { Statement: "UPDATE Books SET title = 'x' WHERE authorId = 'nobody' AND bookId = 'b1'" },
        ],
      }),
    ),
  );
  assert.equal(cancelled.name, 'TransactionCanceledException');
  assert.deepEqual(cancelled.CancellationReasons, [
    { Code: 'None' },
    { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
  ]);
  const none = await client.send(
    new ExecuteStatementCommand({ Statement: "SELECT * FROM Books WHERE authorId = 'ursula' AND bookId = 'b4'" }),
  );
  assert.deepEqual(none.Items, []);
});

test('boto3 execute_statement and the CLI execute-statement', async () => {
  const script = `
import boto3, sys
db = boto3.client('dynamodb', endpoint_url=sys.argv[1])
r = db.execute_statement(Statement="SELECT title FROM Books WHERE authorId = ? AND bookId = ?",
                         Parameters=[{'S': 'ursula'}, {'S': 'b3'}])
print(r['Items'][0]['title']['S'])
try:
    db.execute_statement(Statement="UPDATE Books SET a = 1 WHERE authorId = 'ursula'")
except db.exceptions.ClientError as e:
    print(e.response['Error']['Code'], e.response['Error']['Message'])
`;
  const py = await run(python, ['-I', '-c', script, server.url]);
  assert.equal(py.code, 0, py.stderr);
  assert.equal(
    py.stdout,
    'Lavinia\nValidationException Where clause does not contain a mandatory equality on all key attributes\n',
  );

  const cli = await run(awsCli, [
    'dynamodb', 'execute-statement', '--endpoint-url', server.url, '--output', 'json',
    '--statement', "SELECT bookId FROM Books WHERE authorId = 'ursula' ORDER BY bookId DESC",
  ]);
  assert.equal(cli.code, 0, cli.stderr);
  assert.deepEqual(JSON.parse(cli.stdout).Items.map((i) => i.bookId.S), ['b3', 'b2', 'b1']);
  const refused = await run(awsCli, [
    'dynamodb', 'execute-statement', '--endpoint-url', server.url, '--output', 'json',
    '--statement', "INSERT INTO Books VALUE {'authorId': 'ursula', 'bookId': 'b1'}",
  ]);
  assert.equal(refused.code, 254);
  assert.match(refused.stderr, /An error occurred \(DuplicateItemException\) when calling the ExecuteStatement operation: Duplicate primary key exists in table/);
});
