// The operation builder: every data-plane operation runs from its form; the form and the raw
// JSON tab stay in sync; Ctrl+Enter runs; the response shows Count, ScannedCount, consumed
// capacity and pages; errors come with DynamoDB's exact type and message and a line in plain
// words. All through real clicks and typing on the canvas.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  clickChoice, clickWidget, dragSplitter, exec, openPage, openPagesAt, pressKeys, roomyViewport, screenshot, scrollTo, siteAndBrowser,
  state, stepClockUntil, typeText, waitForState, waitFrames, widgetRect,
} from './support.mjs';

// The builder's form needs room to show its fields together: at 1024x640 the workbench gives it
// one row at a time.
openPagesAt(roomyViewport);

const OPERATIONS = ['PutItem', 'GetItem', 'UpdateItem', 'DeleteItem', 'Query', 'Scan', 'BatchGetItem',
  'BatchWriteItem', 'TransactWriteItems', 'TransactGetItems'];

const site = siteAndBrowser();

async function selectOperation(page, op) {
  await clickWidget(page, 'builder.operation');
  await clickWidget(page, `builder.operation:${op}`);
  return waitForState(page, (s) => s.operation === op);
}

// Clicks a text field, selects all and types `text` (as fast as the keyboard goes).
async function typeInto(page, widget, text) {
  await clickWidget(page, widget);
  await page.keyboard.press('Control+A');
  return typeText(page, text);
}

// Runs what the builder shows and waits for the response to that request.
async function run(page) {
  const before = await state(page);
  await clickWidget(page, 'builder.run');
  return waitForState(page, (s) => s.historyCount > before.historyCount && s.response);
}

async function openWithSample() {
  const opened = await openPage(site.browser, site.server.url);
  await clickWidget(opened.page, 'tables.create_sample');
  await waitForState(opened.page, (s) => s.selectedTable === 'Books' && s.itemsListed === 8);
  return opened;
}

describe('every operation from its form', () => {
  let page;
  let context;
  let errors;
  before(async () => ({ page, context, errors } = await openWithSample()));
  after(() => context?.close());

  for (const op of OPERATIONS) {
    test(`${op} runs from its prefilled form`, async () => {
      await selectOperation(page, op);
      const s = await run(page);
      assert.equal(s.response.operation, op);
      assert.equal(s.response.status, 200, `${op}: ${s.response.errorType}: ${s.response.errorMessage}`);
      assert.equal(typeof s.response.capacityUnits, 'number', 'ReturnConsumedCapacity TOTAL by default');
      assert.equal(JSON.parse(s.response.requestBody).ReturnConsumedCapacity, 'TOTAL');
    });
  }

  test('no console errors', () => assert.deepEqual(errors, []));
});

describe('the form, the JSON tab and the response on the sample table', () => {
  let page;
  let context;
  let errors;
  before(async () => ({ page, context, errors } = await openWithSample()));
  after(() => context?.close());

  test('the key-condition helper, the JSON tab and the form stay in sync', async () => {
    await selectOperation(page, 'Query');
    let s = await typeInto(page, 'builder.query.partition', 'le-guin');
    let request = JSON.parse(s.builderJson);
    assert.equal(request.KeyConditionExpression, '#pk = :pk');
    assert.deepEqual(request.ExpressionAttributeNames, { '#pk': 'authorId' });
    assert.deepEqual(request.ExpressionAttributeValues, { ':pk': { S: 'le-guin' } });

    // The sort-key condition adds its placeholders.
    await clickWidget(page, 'builder.query.sort_op');
    await clickWidget(page, 'builder.query.sort_op:>=');
    s = await typeInto(page, 'builder.query.sort_value', '1969');
    request = JSON.parse(s.builderJson);
    assert.equal(request.KeyConditionExpression, '#pk = :pk AND #sk >= :sk');
    assert.deepEqual(request.ExpressionAttributeNames, { '#pk': 'authorId', '#sk': 'bookId' });
    assert.deepEqual(request.ExpressionAttributeValues, { ':pk': { S: 'le-guin' }, ':sk': { S: '1969' } });
    s = await run(page);
    assert.equal(s.response.count, 2);
    assert.equal(s.response.scannedCount, 2);

    // Typed in the JSON tab: the form follows, FilterExpression and its value included.
    await clickWidget(page, 'builder.tab:json');
    const typed = '{"TableName": "Books", "KeyConditionExpression": "authorId = :a", "FilterExpression": "#y > :y", ' +
      '"ExpressionAttributeNames": {"#y": "year"}, "ExpressionAttributeValues": {":a": {"S": "le-guin"}, ":y": {"N": "1970"}}}';
    s = await typeInto(page, 'builder.json', typed);
    assert.equal(s.builderJson, typed);
    assert.equal(s.builderJsonInvalid, false);
    assert.equal(s.builderFields.filter, '#y > :y');
    assert.equal(s.builderFields.keyCondition, 'authorId = :a');
    assert.deepEqual(s.builderFields.names, { '#y': 'year' });
    assert.deepEqual(s.builderFields.values, { ':a': 'S:le-guin', ':y': 'N:1970' });
    assert.equal(s.builderFields.returnConsumedCapacity, 'NONE', 'what the JSON leaves out is off in the form');

    // Ctrl+Enter from the JSON editor runs exactly that request.
    await pressKeys(page, 'Control+Enter');
    s = await waitForState(page, (st) => st.response?.requestBody === typed);
    assert.equal(s.response.count, 1, 'one of le-guin\'s three books is after 1970');
    assert.equal(s.response.scannedCount, 3, 'the filter does not reduce what is read');

    // Back on the form tab, the form shows the typed request and composes it the same way.
    await clickWidget(page, 'builder.tab:form');
    s = await waitForState(page, (st) => st.builderTab === 'form');
    assert.deepEqual(JSON.parse(s.builderJson), JSON.parse(typed));
    assert.ok(await scrollTo(page, 'builder.filter', 'panel:builder'), 'the filter field is drawn');
    await screenshot(page, 'builder-query.png');
  });

  test('a request in legacy parameters runs, and the response shows it in expressions', async () => {
    await selectOperation(page, 'Query');
    await clickWidget(page, 'builder.tab:json');
    const legacy = '{"TableName": "Books", "KeyConditions": {"authorId": {"ComparisonOperator": "EQ", ' +
      '"AttributeValueList": [{"S": "le-guin"}]}}, "QueryFilter": {"year": {"ComparisonOperator": "GT", ' +
      '"AttributeValueList": [{"N": "1970"}]}}}';
    await typeInto(page, 'builder.json', legacy);
    await pressKeys(page, 'Control+Enter');
    let s = await waitForState(page, (st) => st.response?.requestBody === legacy);
    assert.equal(s.response.status, 200, `${s.response.errorType}: ${s.response.errorMessage}`);
    assert.equal(s.response.count, 1);
    assert.equal(s.response.scannedCount, 3);
    assert.deepEqual(s.response.modern, [
      'KeyConditionExpression  authorId = :v1   (was KeyConditions)',
      'FilterExpression  #n0 > :v0   (was QueryFilter)',
      'ExpressionAttributeNames  #n0 = year']);
    assert.ok(await widgetRect(page, 'response.modern'), 'the equivalent is drawn');
    await screenshot(page, 'response-legacy-query.png');
    // "This is how you would write it today": the builder opens it, and it runs the same.
    await clickWidget(page, 'response.open_modern');
    s = await waitForState(page, (st) => st.builderFields?.keyCondition === 'authorId = :v1');
    assert.equal(s.builderFields.filter, '#n0 > :v0');
    assert.deepEqual(s.builderFields.names, { '#n0': 'year' });
    s = await run(page);
    assert.equal(s.response.count, 1);
    assert.deepEqual(s.response.modern, []);
  });

  test('JSON that does not parse is sent as typed and DynamoDB says why', async () => {
    await clickWidget(page, 'builder.tab:json');
    let s = await typeInto(page, 'builder.json', '{"TableName": "Books",');
    assert.equal(s.builderJson, '{"TableName": "Books",');
    assert.equal(s.builderJsonInvalid, true);
    // Marked as it is typed: where the text stops being JSON, and why.
    assert.equal(s.builderJsonProblem,
      'Line 1, column 23: syntax error while parsing object key - unexpected end of input; expected string literal');
    assert.ok(await widgetRect(page, 'builder.json_problem'), 'the line is drawn under the editor');
    await screenshot(page, 'builder-json-problem.png');
    await pressKeys(page, 'Control+Enter');
    s = await waitForState(page, (st) => st.response?.requestBody === '{"TableName": "Books",');
    assert.equal(s.response.errorType, 'SerializationException');
    assert.ok(s.response.explanation.length > 0);
    await clickWidget(page, 'builder.tab:form');
  });

  test('paging: Limit 1 and Next page walk an item collection one item at a time', async () => {
    await selectOperation(page, 'Query');
    await clickWidget(page, 'builder.tab:json');
    await typeInto(page, 'builder.json', '{"TableName": "Books", "KeyConditionExpression": "authorId = :a", ' +
      '"ExpressionAttributeValues": {":a": {"S": "le-guin"}}}');
    await clickWidget(page, 'builder.tab:form');
    // Limit through the form's own field, below the fold.
    await scrollTo(page, 'builder.limit', 'panel:builder');
    await typeInto(page, 'builder.limit', '1');
    let s = await run(page);
    assert.equal(s.response.errorMessage, null);
    assert.equal(s.response.count, 1);
    assert.equal(s.response.hasNextPage, true);
    const seen = [JSON.parse(s.builderJson).Limit];
    let pages = 1;
    while (s.response.hasNextPage) {
      const before = s.historyCount;
      await clickWidget(page, 'response.next_page');
      s = await waitForState(page, (st) => st.historyCount > before);
      pages += 1;
      assert.ok(JSON.parse(s.response.requestBody).ExclusiveStartKey, 'the next page starts after the last key');
      assert.ok(pages <= 5, 'paging ends');
    }
    // Three items, a page each; the third page still says "more" (DynamoDB cannot know
    // without reading on), the fourth is empty.
    assert.equal(pages, 4);
    assert.equal(s.response.count, 0);
    assert.deepEqual(seen, [1]);
    await scrollTo(page, 'builder.limit', 'panel:builder');
    await typeInto(page, 'builder.limit', '0');
  });

  const errorCases = [
    {
      name: 'a GetItem key without the sort key',
      op: 'GetItem',
      json: '{"TableName": "Books", "Key": {"authorId": {"S": "le-guin"}}}',
      type: 'ValidationException',
      message: 'The provided key element does not match the schema',
      explanation: /exactly the table's key attributes/,
    },
    {
      name: 'a Query without the partition key',
      op: 'Query',
      json: '{"TableName": "Books", "KeyConditionExpression": "bookId = :b", "ExpressionAttributeValues": {":b": {"S": "x"}}}',
      type: 'ValidationException',
      message: 'Query condition missed key schema element: authorId',
      explanation: /must pin the partition key/,
    },
    {
      name: 'an UpdateItem that changes a key attribute',
      op: 'UpdateItem',
      json: '{"TableName": "Books", "Key": {"authorId": {"S": "le-guin"}, "bookId": {"S": "1968-earthsea"}}, ' +
        '"UpdateExpression": "SET authorId = :a", "ExpressionAttributeValues": {":a": {"S": "x"}}}',
      type: 'ValidationException',
      message: 'One or more parameter values were invalid: Cannot update attribute authorId. This attribute is part of the key',
      explanation: /cannot change them/,
    },
    {
      name: 'a conditional put on an item that exists',
      op: 'PutItem',
      json: '{"TableName": "Books", "Item": {"authorId": {"S": "le-guin"}, "bookId": {"S": "1968-earthsea"}}, ' +
        '"ConditionExpression": "attribute_not_exists(authorId)"}',
      type: 'ConditionalCheckFailedException',
      message: 'The conditional request failed',
      explanation: /ConditionExpression was false/,
    },
  ];
  for (const c of errorCases) {
    test(`${c.name}: ${c.type} with DynamoDB's message and plain words`, async () => {
      await selectOperation(page, c.op);
      await clickWidget(page, 'builder.tab:json');
      await typeInto(page, 'builder.json', c.json);
      const s = await run(page);
      assert.equal(s.response.status, 400);
      assert.equal(s.response.errorType, c.type);
      assert.equal(s.response.errorMessage, c.message);
      assert.match(s.response.explanation, c.explanation);
      assert.deepEqual(s.lastError, { type: c.type, message: c.message });
      assert.ok(await widgetRect(page, 'response.explanation'), 'the plain words are drawn');
      await clickWidget(page, 'builder.tab:form');
    });
  }

  test('no console errors', async () => {
    await screenshot(page, 'builder-error.png');
    assert.deepEqual(errors, []);
  });
});

describe('the Query form shows the request Run sends', () => {
  test('after a request comes in whole, and after Read from changes to an index', async () => {
    const { page, context, errors } = await openPage(site.browser, site.server.url);
    try {
      await exec(page, 'CreateTable', {
        TableName: 'Shelf',
        AttributeDefinitions: [{ AttributeName: 'authorId', AttributeType: 'S' }, { AttributeName: 'bookId', AttributeType: 'S' },
          { AttributeName: 'genre', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'authorId', KeyType: 'HASH' }, { AttributeName: 'bookId', KeyType: 'RANGE' }],
        GlobalSecondaryIndexes: [{ IndexName: 'ByGenre', KeySchema: [{ AttributeName: 'genre', KeyType: 'HASH' }],
          Projection: { ProjectionType: 'ALL' } }],
        BillingMode: 'PAY_PER_REQUEST',
      });
      await exec(page, 'PutItem', { TableName: 'Shelf', Item: { authorId: { S: 'octavia' }, bookId: { S: 'kindred' }, genre: { S: 'fantasy' } } });
      await clickWidget(page, 'table:Shelf');
      await waitForState(page, (s) => s.selectedTable === 'Shelf');
      await selectOperation(page, 'Query');
      await typeInto(page, 'builder.query.partition', 'ursula');

      // A whole request comes in (as Show me or the JSON tab bring one): the helper shows it.
      await clickWidget(page, 'builder.tab:json');
      await typeInto(page, 'builder.json', JSON.stringify({
        TableName: 'Shelf', KeyConditionExpression: 'authorId = :a AND bookId BETWEEN :lo AND :hi',
        ExpressionAttributeValues: { ':a': { S: 'octavia' }, ':lo': { S: 'a' }, ':hi': { S: 'm' } },
      }));
      await clickWidget(page, 'builder.tab:form');
      let s = await waitForState(page, (st) => st.builderTab === 'form');
      assert.deepEqual(s.builderFields.helper, { partitionValue: 'octavia', sortOp: 'BETWEEN', sortValue: 'a', sortValue2: 'm' },
        'the helper showed the value typed before the request came in');
      assert.equal(await widgetRect(page, 'builder.query.by_hand'), null);

      // Typing into the helper writes its own condition, and the replaced one's placeholders go.
      s = await typeInto(page, 'builder.query.partition', 'ursula');
      let request = JSON.parse(s.builderJson);
      assert.equal(request.KeyConditionExpression, '#pk = :pk AND #sk BETWEEN :sk AND :sk2');
      assert.deepEqual(request.ExpressionAttributeNames, { '#pk': 'authorId', '#sk': 'bookId' });
      assert.deepEqual(request.ExpressionAttributeValues, { ':pk': { S: 'ursula' }, ':sk': { S: 'a' }, ':sk2': { S: 'm' } });
      s = await run(page);
      assert.equal(s.response.status, 200, `${s.response.errorType}: ${s.response.errorMessage}`);
      assert.equal(s.response.count, 0);

      // Read from the GSI: the condition names the index's key, not the table's.
      await clickChoice(page, 'builder.index:ByGenre', 'builder.index');
      s = await waitForState(page, (st) => st.builderFields.indexName === 'ByGenre');
      request = JSON.parse(s.builderJson);
      assert.equal(request.IndexName, 'ByGenre');
      assert.equal(request.KeyConditionExpression, '#pk = :pk');
      assert.deepEqual(request.ExpressionAttributeNames, { '#pk': 'genre' }, 'it kept mapping #pk to authorId');
      assert.deepEqual(request.ExpressionAttributeValues, { ':pk': { S: '' } }, 'a value typed for authorId is no genre');
      s = await typeInto(page, 'builder.query.partition', 'fantasy');
      await stepClockUntil(page, (st) => !st.backgroundWork);  // the put has reached the GSI
      s = await run(page);
      assert.equal(s.response.status, 200, `${s.response.errorType}: ${s.response.errorMessage}`);
      assert.equal(s.response.count, 1);

      // A condition written by hand is left as written, and the helper says so.
      await clickWidget(page, 'builder.tab:json');
      await typeInto(page, 'builder.json', JSON.stringify({
        TableName: 'Shelf', IndexName: 'ByGenre', KeyConditionExpression: 'genre = :g OR genre = :h',
        ExpressionAttributeValues: { ':g': { S: 'fantasy' }, ':h': { S: 'poetry' } },
      }));
      await clickWidget(page, 'builder.tab:form');
      s = await waitForState(page, (st) => st.builderTab === 'form');
      assert.equal(s.builderFields.helper.partitionValue, '');
      assert.ok(await widgetRect(page, 'builder.query.by_hand'), 'the helper says the condition is written by hand');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('the builder\'s typed key fields', () => {
  test('typing a key value into the field edits the Key JSON', async () => {
    const { page, context } = await openPage(site.browser, site.server.url);
    try {
      await exec(page, 'CreateTable', {
        TableName: 'Scores',
        AttributeDefinitions: [{ AttributeName: 'player', AttributeType: 'S' }, { AttributeName: 'game', AttributeType: 'N' }],
        KeySchema: [{ AttributeName: 'player', KeyType: 'HASH' }, { AttributeName: 'game', KeyType: 'RANGE' }],
        BillingMode: 'PAY_PER_REQUEST',
      });
      await exec(page, 'PutItem', { TableName: 'Scores', Item: { player: { S: 'ada' }, game: { N: '7' }, points: { N: '99' } } });
      await clickWidget(page, 'table:Scores');
      await waitForState(page, (s) => s.selectedTable === 'Scores');
      await selectOperation(page, 'GetItem');
      await clickWidget(page, 'builder.key:partition');
      await page.keyboard.press('Control+A');
      await pressKeys(page, 'Backspace');
      let s = await waitForState(page, (st) => st.builderKeyProblems.length > 0);
      assert.deepEqual(s.builderKeyProblems, ['player is left out (its field is empty): DynamoDB needs every key attribute'],
        'flagged before Run');
      assert.deepEqual(JSON.parse(s.editorText), { game: { N: '7' } }, 'an emptied key field leaves the attribute out');
      await typeInto(page, 'builder.key:partition', 'ada');
      s = await typeInto(page, 'builder.key:sort', 'seven');
      assert.deepEqual(s.builderKeyProblems, ['game is not a number (type N): "seven"']);
      assert.ok(await widgetRect(page, 'builder.key_problem'));
      s = await typeInto(page, 'builder.key:sort', '7');
      assert.deepEqual(s.builderKeyProblems, []);
      assert.deepEqual(JSON.parse(s.editorText), { player: { S: 'ada' }, game: { N: '7' } });
      const done = await run(page);
      assert.equal(done.response.itemsReturned, 1);
      assert.equal(done.response.status, 200);
    } finally {
      await context.close();
    }
  });
});

describe('the builder starts afresh on another table', () => {
  test('nothing typed for one table lingers on another, or on the same name created again', async () => {
    const { page, context, errors } = await openWithSample();
    try {
      await selectOperation(page, 'Query');
      await clickWidget(page, 'builder.tab:json');
      const typed = '{"TableName": "Books", "KeyConditionExpression": "authorId = :a", "ScanIndexForward": false, ' +
        '"ExpressionAttributeValues": {":a": {"S": "le-guin"}}}';
      let s = await typeInto(page, 'builder.json', typed);
      assert.equal(s.builderFields.scanForward, false);
      assert.deepEqual(s.builderFields.values, { ':a': 'S:le-guin' });

      // Another table, with other keys: the Query starts from its schema.
      await exec(page, 'CreateTable', {
        TableName: 'Games', BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'gameId', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'gameId', KeyType: 'HASH' }],
      });
      await clickWidget(page, 'table:Games');
      s = await waitForState(page, (st) => st.builderFields.table === 'Games');
      assert.equal(s.builderFields.scanForward, true, 'ScanIndexForward: false stayed with Books');
      assert.ok(!(':a' in s.builderFields.values), `no :a left over to be "unused": ${JSON.stringify(s.builderFields.values)}`);
      assert.ok(!s.builderFields.keyCondition.includes('authorId'), s.builderFields.keyCondition);
      for (const name of Object.values(s.builderFields.names)) assert.equal(name, 'gameId', 'only Games\' key is named');
      assert.equal(JSON.parse(s.builderJson).TableName, 'Games');
      // PutItem offers an item of this table, not of Books.
      s = await selectOperation(page, 'PutItem');
      const offered = Object.keys(JSON.parse(s.builderJson).Item);
      assert.equal(offered[0], 'gameId');
      assert.ok(!offered.includes('authorId') && !offered.includes('bookId'), offered.join(', '));

      // The same name created again with other keys (as a lesson's setup does).
      await selectOperation(page, 'GetItem');
      await page.evaluate(() => {  // in one go, between two frames, as a lesson's setup runs
        window.playground.exec('DeleteTable', { TableName: 'Games' });
        window.playground.exec('CreateTable', {
          TableName: 'Games', BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [{ AttributeName: 'slot', AttributeType: 'N' }],
          KeySchema: [{ AttributeName: 'slot', KeyType: 'HASH' }],
        });
      });
      s = await waitForState(page, (st) => st.editorText && st.editorText.includes('slot'));
      assert.deepEqual(Object.keys(JSON.parse(s.builderJson).Key), ['slot']);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

// ImGui's editor does not wrap: the page lays its own JSON out for the editor's width in
// characters, and leaves the learner's typing as typed.
describe('the JSON editors fit their width', () => {
  test('1024x640: the composed request fits the JSON tab; a wider window lays it out wider; typed text stays', async () => {
    const { page, context, errors } = await openPage(site.browser, site.server.url, { width: 1024, height: 640 });
    try {
      await clickWidget(page, 'tables.create_sample');
      await waitForState(page, (s) => s.selectedTable === 'Books');
      await selectOperation(page, 'Query');
      await typeInto(page, 'builder.query.partition', 'le-guin');
      await clickWidget(page, 'builder.query.sort_op');
      await clickWidget(page, 'builder.query.sort_op:>=');
      await typeInto(page, 'builder.query.sort_value', '1969');
      await clickWidget(page, 'builder.tab:json');
      let s = await waitForState(page, (st) => st.builderTab === 'json' && st.builderJsonColumns > 0);
      const narrow = s.builderJsonColumns;
      assert.ok(narrow < 64, `the builder at 1024x640 is narrower than the page's 64 columns (${narrow})`);
      // Every line fits, but a member whose value is one string (JSON cannot break a string).
      const oneString = /^\s*("[^"]*": )?"[^"]*",?$/;
      const long = s.builderJson.split('\n').filter((line) => line.length > narrow && !oneString.test(line));
      assert.deepEqual(long, [], `lines wider than ${narrow} characters`);
      const request = JSON.parse(s.builderJson);
      const narrowLines = s.builderJson.split('\n').length;
      assert.deepEqual(request.ExpressionAttributeValues, { ':pk': { S: 'le-guin' }, ':sk': { S: '1969' } });
      await screenshot(page, 'builder-json-1024x640.png');
      // A wider builder (a wider window, its column dragged wider): the same request laid out
      // again, in fewer lines.
      await page.setViewportSize({ width: 1920, height: 1080 });
      await waitFrames(page, 3);
      await dragSplitter(page, 'right', -500, 0);
      s = await waitForState(page, (st) => st.builderJsonColumns >= 70);
      assert.deepEqual(JSON.parse(s.builderJson), request);
      assert.ok(s.builderJson.split('\n').length < narrowLines,
        `${s.builderJson.split('\n').length} lines at ${s.builderJsonColumns} columns, ${narrowLines} at ${narrow}`);
      // Typed text is the learner's: kept exactly, however long its lines.
      const typed = '{"TableName": "Books", "KeyConditionExpression": "authorId = :a", "ExpressionAttributeValues": {":a": {"S": "le-guin"}}}';
      s = await typeInto(page, 'builder.json', typed);
      assert.equal(s.builderJson, typed);
      const wide = s.builderJsonColumns;
      await clickWidget(page, 'builder.tab:json');  // out of the editor: its layout may change now
      await page.setViewportSize({ width: 1024, height: 640 });
      s = await waitForState(page, (st) => st.builderJsonColumns < wide);
      assert.equal(s.builderJson, typed);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
