// The code window: the request the Response panel shows, as the AWS SDK for JavaScript v3, boto3
// and the AWS CLI write it (the endpoint tests run that code for real), for the last request or a
// history entry picked; endpoint and region as the learner sets them; copied as shown.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  clickWidget, openPage, reloadWithSettings, runInBuilder, screenshot, scrollTo, siteAndBrowser, waitForState, widgetRect,
} from './support.mjs';

const site = siteAndBrowser();

describe('code for a request', () => {
  let page;
  let context;
  let errors;
  before(async () => {
    ({ page, context, errors } = await openPage(site.browser, site.server.url, { permissions: ['clipboard-read', 'clipboard-write'] }));
    await clickWidget(page, 'tables.create_sample');
    await waitForState(page, (s) => s.selectedTable === 'Books' && s.itemsListed === 8);
  });
  after(() => context?.close());

  const openCode = async () => {
    await clickWidget(page, 'response.code');
    return waitForState(page, (s) => s.code !== null);
  };
  const closeCode = async () => {
    await clickWidget(page, 'code.close');
    return waitForState(page, (s) => s.code === null);
  };

  test('a Query whose answer goes on: JavaScript with its paging loop, then the CLI against the local endpoint, copied', async () => {
    const query = { TableName: 'Books', KeyConditionExpression: 'authorId = :a', ExpressionAttributeValues: { ':a': { S: 'le-guin' } }, Limit: 1 };
    let s = await runInBuilder(page, 'Query', query);
    assert.equal(s.response.hasNextPage, true);
    s = await openCode();
    assert.equal(s.code.kind, 'JavaScript (SDK v3)');
    assert.equal(s.code.text, [
      'import { DynamoDBClient, QueryCommand } from "@aws-sdk/client-dynamodb";',
      '',
      'const client = new DynamoDBClient({ region: "us-east-1" });',
      '',
      '// Every page: each answer\'s LastEvaluatedKey is where the next one starts.',
      'const input = {',
      '  TableName: "Books",',
      '  KeyConditionExpression: "authorId = :a",',
      '  ExpressionAttributeValues: { ":a": { S: "le-guin" } },',
      '  Limit: 1,',
      '};',
      'do {',
      '  const page = await client.send(new QueryCommand(input));',
      '  for (const item of page.Items) console.dir(item, { depth: null });',
      '  input.ExclusiveStartKey = page.LastEvaluatedKey;',
      '} while (input.ExclusiveStartKey);',
      '',
    ].join('\n'));
    await screenshot(page, 'code-js-1024.png');
    await clickWidget(page, 'code.kind.3');
    s = await waitForState(page, (st) => st.code.kind === 'AWS CLI');
    await clickWidget(page, 'code.local');
    s = await waitForState(page, (st) => st.code.text.includes('--endpoint-url'));
    assert.equal(s.code.text, [
      '# The CLI reads every page itself: each answer\'s LastEvaluatedKey starts the next.',
      'aws dynamodb query \\',
      '    --table-name Books \\',
      '    --key-condition-expression \'authorId = :a\' \\',
      '    --expression-attribute-values \'{":a":{"S":"le-guin"}}\' \\',
      '    --page-size 1 \\',
      '    --endpoint-url http://localhost:8000 \\',
      '    --region us-east-1',
      '',
    ].join('\n'));
    await clickWidget(page, 'code.copy');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), s.code.text);
    await screenshot(page, 'code-cli-1024.png');
    // The window keeps the kind and the endpoint for the next request.
    await closeCode();
  });

  test('a history entry picked: its code, in the kind chosen before', async () => {
    let s = await runInBuilder(page, 'GetItem', { TableName: 'Books', Key: { authorId: { S: 'le-guin' }, title: { S: 'The Dispossessed' } } });
    const query = s.historyCount - 1;  // the Query's entry, before this GetItem's
    await clickWidget(page, `history.entry:${query}`);
    s = await waitForState(page, (st) => st.response?.operation === 'Query');
    s = await openCode();
    assert.equal(s.code.kind, 'AWS CLI');
    assert.ok(s.code.text.includes('aws dynamodb query \\\n    --table-name Books \\\n'), s.code.text);
    assert.ok(s.code.text.includes('--endpoint-url http://localhost:8000'), s.code.text);
    await clickWidget(page, 'code.kind.2');
    s = await waitForState(page, (st) => st.code.kind === 'Python (boto3)');
    assert.ok(s.code.text.includes('    page = client.query(**request)\n'), s.code.text);
    await closeCode();
  });

  test('the history as a script: the tables and items the requests made, reads left out, the sample said', async () => {
    await runInBuilder(page, 'CreateTable', {
      TableName: 'Notes', BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    });
    await runInBuilder(page, 'PutItem', { TableName: 'Notes', Item: { id: { S: 'n1' }, text: { S: "Ender's Game" } } });
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.history_script');
    let s = await waitForState(page, (st) => st.code !== null);
    // The kind and endpoint chosen for a request are that window's; the script has its own.
    assert.equal(s.code.kind, 'JavaScript (SDK v3)');
    assert.match(s.code.text, /^\/\/ The playground's history: 2 requests sent again, in order \(\d reads? left out: they change nothing\)\.\n/);
    assert.ok(s.code.text.includes('await waitUntilTableExists({ client, maxWaitTime: 300 }, { TableName: "Notes" });\n'), s.code.text);
    assert.ok(!s.code.text.includes('QueryCommand'), 'reads are left out');
    // The sample was loaded, not sent as requests: the script cannot make it, and says so.
    assert.equal(s.code.note, 'The history has an undo, a redo, a reset or a load: the script sends the requests as they were sent, and does not repeat those.');
    await clickWidget(page, 'code.kind.3');
    s = await waitForState(page, (st) => st.code.kind === 'AWS CLI');
    assert.ok(s.code.text.includes(`--item '{"id":{"S":"n1"},"text":{"S":"Ender'\\''s Game"}}'`), s.code.text);
    await screenshot(page, 'code-history-1024.png');
    await closeCode();
  });

  test('the tables as CloudFormation, Terraform, a CDK app and CLI commands, without endpoint fields', async () => {
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.tables_code');
    let s = await waitForState(page, (st) => st.code !== null);
    assert.equal(s.code.kind, 'CloudFormation (YAML)');
    assert.ok(s.code.text.startsWith('AWSTemplateFormatVersion: "2010-09-09"\n'), s.code.text);
    assert.ok(s.code.text.includes('  BooksTable:\n    Type: "AWS::DynamoDB::Table"\n'), s.code.text);
    assert.ok(s.code.text.includes('  NotesTable:\n'), s.code.text);
    assert.equal(await widgetRect(page, 'code.endpoint'), null, 'no endpoint for a template');
    await clickWidget(page, 'code.kind.2');
    s = await waitForState(page, (st) => st.code.kind === 'Terraform');
    assert.ok(s.code.text.includes('resource "aws_dynamodb_table" "books" {\n  name         = "Books"\n'), s.code.text);
    await clickWidget(page, 'code.kind.3');
    s = await waitForState(page, (st) => st.code.kind === 'AWS CDK');
    assert.ok(s.code.text.includes('const booksTable = new dynamodb.TableV2(stack, "BooksTable", {\n  tableName: "Books",\n'), s.code.text);
    await screenshot(page, 'code-tables-cdk-1024.png');
    await clickWidget(page, 'code.kind.4');
    s = await waitForState(page, (st) => st.code.kind === 'AWS CLI');
    assert.ok(s.code.text.includes("aws dynamodb create-table --cli-input-json '{\"TableName\":\"Books\","), s.code.text);
    await screenshot(page, 'code-tables-1024.png');
    await closeCode();
  });

  test('at 250 % text in the smallest window the code window fits, its code scrolling inside it', async () => {
    let s = await reloadWithSettings(page, { fontScale: 2.5 });
    s = await waitForState(page, (st) => st.tablesListed === 2);
    // Every panel is small at this size: the table, Run and Code are scrolled to in theirs.
    await scrollTo(page, 'table:Books', 'panel:tables');
    await clickWidget(page, 'table:Books');
    s = await waitForState(page, (st) => st.selectedTable === 'Books' && st.builderFields.table === 'Books');
    const before = s.historyCount;
    await scrollTo(page, 'builder.run', 'panel:builder');
    await clickWidget(page, 'builder.run');
    s = await waitForState(page, (st) => st.historyCount > before && st.response !== null);
    await scrollTo(page, 'response.code', 'panel:response');
    s = await openCode();
    const window = await widgetRect(page, 'code.window');
    assert.ok(window.x >= 0 && window.y >= 0 && window.x + window.w <= 1024 && window.y + window.h <= 640, JSON.stringify(window));
    // Room for several lines of code under the fields (about 40 px a line at this size).
    const text = await widgetRect(page, 'code.text');
    assert.ok(text.h >= 160, `the code has room: ${JSON.stringify(text)}`);
    for (const name of ['code.copy', 'code.close', 'code.local']) {
      const rect = await widgetRect(page, name);
      assert.ok(rect, `${name} is drawn`);
      assert.equal(rect.cut, undefined, `${name}: ${JSON.stringify(rect)}`);
    }
    await screenshot(page, 'code-250.png');
    await closeCode();
    await reloadWithSettings(page, { fontScale: 1 });
  });

  test('no console errors', () => assert.deepEqual(errors, []));
});
