// The data view: partitions side by side with their item collections in stored order, a flat
// grid as the alternative, the inspector — and the last request's trace painted on the data,
// so that a learner sees that a filter does not reduce what is read, and that a sort-key
// condition does. Also with the 100,000-item sample.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  clickChoice, clickWidget, exec, openPage, openPagesAt, pressKeys, reload, reloadWithSettings, roomyViewport, screenshot,
  scrollTo, siteAndBrowser, state, stepClock, stepClockUntil, typeText, waitForState, waitFrames, widgetRect,
} from './support.mjs';

// The data view's columns, the inspector and the grid: what the roomier page shows together
// (the smallest page's own data view is checked by the TTL test below, at 1024x640).
openPagesAt(roomyViewport);

const site = siteAndBrowser();

// Types a whole request into the builder's JSON tab and runs it with Ctrl+Enter.
async function runJson(page, operation, request) {
  const text = JSON.stringify(request);
  const s0 = await state(page);
  if (s0.operation !== operation) {
    await clickWidget(page, 'builder.operation');
    await clickWidget(page, `builder.operation:${operation}`);
  }
  if (s0.builderTab !== 'json') await clickWidget(page, 'builder.tab:json');
  await clickWidget(page, 'builder.json');
  await page.keyboard.press('Control+A');
  await typeText(page, text);
  await pressKeys(page, 'Control+Enter');
  return waitForState(page, (s) => s.response?.requestBody === text && s.input.queuedEvents === 0);
}

describe('the trace painted on the sample table', () => {
  let page;
  let context;
  let errors;
  before(async () => {
    ({ page, context, errors } = await openPage(site.browser, site.server.url));
    await clickWidget(page, 'tables.create_sample');
    await waitForState(page, (s) => s.selectedTable === 'Books' && s.itemsListed === 8);
  });
  after(() => context?.close());

  test('a filter does not reduce what is read: 3 read, 1 returned, 2 filtered out', async () => {
    const s = await runJson(page, 'Query', {
      TableName: 'Books',
      KeyConditionExpression: 'authorId = :a',
      FilterExpression: '#y > :y',
      ExpressionAttributeNames: { '#y': 'year' },
      ExpressionAttributeValues: { ':a': { S: 'le-guin' }, ':y': { N: '1970' } },
      ReturnConsumedCapacity: 'TOTAL',
    });
    assert.deepEqual(s.trace, { operation: 'Query', read: 3, returned: 1, filteredOut: 2, written: 0, partitionsVisited: [2] });
    assert.equal(s.response.count, 1);
    assert.equal(s.response.scannedCount, 3);
    assert.ok(await widgetRect(page, 'data.trace_summary'), 'the summary line is drawn');
    for (const key of ['le-guin/1968-earthsea', 'le-guin/1969-left-hand', 'le-guin/1974-dispossessed']) {
      assert.ok(await widgetRect(page, `item:${key}`), `${key} is on screen (its column scrolled to the read)`);
    }
    await screenshot(page, 'data-filter.png');
  });

  test('a sort-key condition does: 1 read, 1 returned', async () => {
    const s = await runJson(page, 'Query', {
      TableName: 'Books',
      KeyConditionExpression: 'authorId = :a AND bookId >= :b',
      ExpressionAttributeValues: { ':a': { S: 'le-guin' }, ':b': { S: '1970' } },
    });
    assert.deepEqual(s.trace, { operation: 'Query', read: 1, returned: 1, filteredOut: 0, written: 0, partitionsVisited: [2] });
    assert.equal(s.response.scannedCount, 1);
    await screenshot(page, 'data-sort-key.png');
  });

  test('a Scan reads every partition and every item', async () => {
    const s = await runJson(page, 'Scan', {
      TableName: 'Books',
      FilterExpression: '#y < :y',
      ExpressionAttributeNames: { '#y': 'year' },
      ExpressionAttributeValues: { ':y': { N: '1980' } },
    });
    assert.equal(s.trace.read, 8);
    assert.equal(s.trace.returned, 4, 'four books are from before 1980');
    assert.equal(s.trace.filteredOut, 4);
    assert.equal(s.traceEntries, 8, 'the trace panel lists each item read');
    assert.deepEqual(s.trace.partitionsVisited, [0, 1, 2, 3], 'a Scan looks in every partition');
  });

  test('a Scan looks in every partition, the empty ones too, and the map says so', async () => {
    for (const [operation, body] of [
      ['CreateTable', { TableName: 'Solo', BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }] }],
      ['PutItem', { TableName: 'Solo', Item: { id: { S: 'only' } } }],
    ]) {
      const r = await page.evaluate(([op, b]) => JSON.parse(window.playground.exec(op, b)), [operation, body]);
      assert.ok(!r.__type, JSON.stringify(r));
    }
    await clickWidget(page, 'table:Solo');
    await waitForState(page, (st) => st.selectedTable === 'Solo');
    const s = await runJson(page, 'Scan', { TableName: 'Solo' });
    assert.equal(s.trace.read, 1);
    assert.deepEqual(s.trace.partitionsVisited, [0, 1, 2, 3], 'one item, and still four partitions looked in');
    await screenshot(page, 'data-scan-empty-partitions.png');
    // So does a Scan of a GSI, in the index's partitions (it showed only those holding entries).
    const indexed = await exec(page, 'CreateTable', {
      TableName: 'Tagged', BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }, { AttributeName: 'tag', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      GlobalSecondaryIndexes: [{ IndexName: 'ByTag', KeySchema: [{ AttributeName: 'tag', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
    });
    assert.equal(indexed.status, 200, JSON.stringify(indexed.body));
    await exec(page, 'PutItem', { TableName: 'Tagged', Item: { id: { S: 'only' }, tag: { S: 'new' } } });
    await stepClock(page, 5000);  // the write reaches the GSI
    await clickWidget(page, 'table:Tagged');
    await waitForState(page, (st) => st.selectedTable === 'Tagged');
    await clickChoice(page, 'data.view:ByTag', 'data.view');
    await waitForState(page, (st) => st.dataIndex === 'ByTag');
    const gsiScan = await runJson(page, 'Scan', { TableName: 'Tagged', IndexName: 'ByTag' });
    assert.equal(gsiScan.trace.read, 1);
    assert.deepEqual(gsiScan.trace.partitionsVisited, [0, 1, 2, 3], 'one index entry, and the four partitions looked in');
    await screenshot(page, 'data-gsi-scan.png');  // the trace names the index's partition and key
    await clickWidget(page, 'table:Books');
    await waitForState(page, (st) => st.selectedTable === 'Books');
  });

  test('time to live: the data view says how expiry works, and a sweep deletes the expired item', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const [operation, body] of [
      ['CreateTable', { TableName: 'Sessions', BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }] }],
      ['PutItem', { TableName: 'Sessions', Item: { id: { S: 'gone' }, expires: { N: String(now - 60) } } }],
      ['PutItem', { TableName: 'Sessions', Item: { id: { S: 'kept' }, expires: { N: String(now + 3600) } } }],
      ['UpdateTimeToLive', { TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'expires', Enabled: true } }],
    ]) {
      const r = await page.evaluate(([op, b]) => JSON.parse(window.playground.exec(op, b)), [operation, body]);
      assert.ok(!r.__type, JSON.stringify(r));
    }
    await clickWidget(page, 'table:Sessions');
    let s = await waitForState(page, (st) => st.selectedTable === 'Sessions' && st.timeToLive);
    assert.match(s.timeToLive, /^Time to live: expires\. A sweep every 10 s deletes items whose expires \(seconds since 1970\) has passed; until then reads still return them\.$/);
    // On the page's clock, within a sweep the expired item is gone, and the line says when.
    s = await stepClockUntil(page, (st) => st.itemsListed === 1 && /Last sweep/.test(st.timeToLive ?? ''));
    assert.match(s.timeToLive, /Last sweep \d\d:\d\d:\d\d deleted 1 item\.$/);
    assert.ok(await widgetRect(page, 'table.time_to_live'));
    assert.ok(await widgetRect(page, 'trace.time_to_live'), 'the trace says the sweep deleted since the last request');
    await screenshot(page, 'data-time-to-live.png');
    await clickWidget(page, 'table:Books');
    await waitForState(page, (st) => st.selectedTable === 'Books');
  });

  test('a click on an item shows its JSON and size; its key loads into the builder', async () => {
    await scrollTo(page, 'item:le-guin/1969-left-hand', 'partition:2');
    await clickWidget(page, 'item:le-guin/1969-left-hand');
    let s = await waitForState(page, (st) => st.inspectedItemBytes > 0);
    // authorId + le-guin + bookId + 1969-left-hand + title + The Left Hand of Darkness + year + 1969.
    assert.equal(s.inspectedItemBytes, 8 + 7 + 6 + 14 + 5 + 25 + 4 + 3);
    await screenshot(page, 'data-inspector.png');
    await clickWidget(page, 'inspector.load:DeleteItem');
    s = await waitForState(page, (st) => st.operation === 'DeleteItem');
    assert.deepEqual(JSON.parse(s.builderJson).Key, { authorId: { S: 'le-guin' }, bookId: { S: '1969-left-hand' } });
  });

  test('the item grid lists the items in Scan order and selects them too', async () => {
    await clickWidget(page, 'data.tab:items');
    await waitForState(page, (st) => st.dataMode === 'items');
    assert.ok(await widgetRect(page, 'grid:butler/1979-kindred'));
    await clickWidget(page, 'grid:butler/1979-kindred');
    await waitForState(page, (st) => st.inspectedItemBytes === 8 + 6 + 6 + 12 + 5 + 7 + 4 + 3);
    await screenshot(page, 'data-grid.png');
    await clickWidget(page, 'data.tab:partitions');
    await waitForState(page, (st) => st.dataMode === 'partitions');
    assert.deepEqual(errors, []);
  });

  test('a write is painted too, and a later write clears the picture', async () => {
    let s = await runJson(page, 'PutItem', {
      TableName: 'Books', Item: { authorId: { S: 'le-guin' }, bookId: { S: '1971-lathe' }, year: { N: '1971' } },
    });
    assert.equal(s.trace.written, 1);
    await page.evaluate(() => window.playground.exec('PutItem', { TableName: 'Books', Item: { authorId: { S: 'x' }, bookId: { S: 'y' } } }));
    s = await waitForState(page, (st) => st.itemsListed === 10);
    assert.equal(s.trace.operation, 'PutItem', 'the console\'s write is the last request and is painted');
  });

  test('a batch write is painted on each table it wrote, with the keys in columns of their own', async () => {
    const s = await runJson(page, 'BatchWriteItem', {
      RequestItems: {
        Books: [{ PutRequest: { Item: { authorId: { S: 'le-guin' }, bookId: { S: '1990-tehanu' }, title: { S: 'Tehanu' } } } }],
        Solo: [{ PutRequest: { Item: { id: { S: 'second' }, note: { S: 'not a key' } } } }],
      },
    });
    // Painted on Books, the table on show (the trace is reported only while it is painted).
    assert.equal(s.trace?.operation, 'BatchWriteItem', JSON.stringify(s.trace));
    assert.equal(s.trace.written, 2, 'both writes are in the trace');
    assert.equal(s.traceEntries, 2);
    await screenshot(page, 'data-batch-write.png');
  });
});

test('at 250 % text on the smallest page, a short data view still names the TTL, and its hover says the rest', async () => {
  const { page, context, errors } = await openPage(site.browser, site.server.url, { width: 1024, height: 640 });
  try {
    await reloadWithSettings(page, { fontScale: 2.5 });
    await waitForState(page, (s) => s.fontScale === 2.5);
    for (const [operation, body] of [
      ['CreateTable', { TableName: 'Sessions', BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }] }],
      ['PutItem', { TableName: 'Sessions', Item: { id: { S: 'kept' }, expires: { N: String(Math.floor(Date.now() / 1000) + 3600) } } }],
      ['UpdateTimeToLive', { TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'expires', Enabled: true } }],
    ]) assert.equal((await exec(page, operation, body)).status, 200);
    await clickWidget(page, 'table:Sessions');
    let s = await waitForState(page, (st) => st.selectedTable === 'Sessions' && st.timeToLive);
    assert.match(s.timeToLive, /^Time to live: expires\. A sweep every 10 s deletes/);
    // A short label after the key schema (beside it, or below when the line is full): the
    // panel keeps its room for the items. All of it inside the panel, none clipped.
    const label = await widgetRect(page, 'table.time_to_live');
    const schema = await widgetRect(page, 'table.key_schema');
    const panel = await widgetRect(page, 'panel:data');
    assert.ok(label && schema && panel, 'the key schema and the TTL label are drawn');
    assert.ok(label.y >= schema.y && label.y <= schema.y + 2 * schema.h, `after the key schema: ${JSON.stringify({ label, schema })}`);
    assert.ok(label.x >= panel.x && label.x + label.w <= panel.x + panel.w, `inside the panel: ${JSON.stringify({ label, panel })}`);
    assert.ok(label.w < 150, `a label, not the sentence: ${label.w} px wide`);
    await page.mouse.move(label.x + label.w / 2, label.y + label.h / 2);
    await waitFrames(page, 40);  // past ImGui's hover delay
    await screenshot(page, 'data-time-to-live-compact.png');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

describe('the data view with 100,000 items', () => {
  test('loads the Orders sample after a traffic run, paints a Query and stays responsive', async () => {
    const { page, context, errors } = await openPage(site.browser, site.server.url);
    try {
      // A scenario first: its traffic leaves the capacity model on, and loading a sample is not
      // traffic (it used to stop at about 3,000 items with ThrottlingException).
      await clickWidget(page, 'capacity.scenario');
      await clickWidget(page, 'capacity.scenario:one-busy-customer');
      await clickWidget(page, 'capacity.start');
      await stepClockUntil(page, (st) => (st.capacity?.throttled ?? 0) > 500);
      await clickWidget(page, 'capacity.start');
      await waitForState(page, (st) => !st.capacity?.running);
      await exec(page, 'DeleteTable', { TableName: 'Orders' });
      await clickWidget(page, 'tables.create_sample');
      await waitForState(page, (st) => st.selectedTable === 'Books');
      await clickWidget(page, 'tables.big_sample');
      let s = await waitForState(page, (st) => !st.loadingSample && (st.itemsListed === 100000 || st.lastError !== null), 120000);
      assert.equal(s.lastError, null);
      assert.equal(s.itemsListed, 100000);
      assert.equal(s.selectedTable, 'Orders');
      assert.equal(s.historyCount, 4, 'the scenario\'s table, its deletion, and each sample one history entry');
      assert.equal(s.undoDepth, 4, 'and one undo step each');
      // Saved to IndexedDB in pieces, and back after a reload with the table the page already
      // had (it used to cost the whole sandbox: localStorage cannot hold 100,000 items).
      s = await waitForState(page, (st) => st.sandboxSaved, 60000);
      assert.deepEqual(s.notices, []);
      s = await reload(page);
      assert.deepEqual(s.notices, []);
      assert.equal(s.tablesListed, 2);
      s = await waitForState(page, (st) => st.selectedTable === 'Orders' && st.itemsListed === 100000);
      // The scenario left the data view on its Capacity tab: the items are on Partitions.
      await clickWidget(page, 'data.tab:partitions');
      await waitForState(page, (st) => st.dataMode === 'partitions');
      s = await runJson(page, 'Query', {
        TableName: 'Orders', KeyConditionExpression: 'customerId = :c',
        ExpressionAttributeValues: { ':c': { S: 'customer-1234' } },
      });
      assert.equal(s.response.scannedCount, 50, JSON.stringify(s.response));
      assert.equal(s.trace?.read, 50, JSON.stringify(s));
      assert.ok(await widgetRect(page, 'item:customer-1234/2024-01-01#001'), 'the column scrolled to the read items');
      await clickWidget(page, 'data.tab:items');
      await waitForState(page, (st) => st.dataMode === 'items');
      await page.mouse.wheel(0, 5000);
      await waitFrames(page, 5);
      await screenshot(page, 'data-100k.png');
      // Find by key: the grid scrolls to the item and selects it, wherever it is.
      await clickWidget(page, 'grid.find');
      await typeText(page, 'customer-1777/2024-03');
      s = await waitForState(page, (st) => st.inspectedItemBytes > 0 && st.input.queuedEvents === 0);
      assert.ok(await widgetRect(page, 'grid:customer-1777/2024-03-01#011'), 'the row found is on screen');
      // And #row jumps to a row (rows are in Scan order: by hash, not by customer).
      await page.keyboard.press('Control+A');
      await typeText(page, '#99999');
      s = await waitForState(page, (st) => st.gridFindRow === 99999 && st.input.queuedEvents === 0);
      assert.ok(await widgetRect(page, 'grid.found'), 'row 99,999 is on screen');
      await screenshot(page, 'data-100k-find.png');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
