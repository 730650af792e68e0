// Secondary indexes in the data view: a GSI beside its table with its own partitions, a write
// on its way to it (the lag a learner can watch), a sparse index, and a GSI added with
// UpdateTable backfilling. Screenshots in artifacts/e2e/indexes-*.png.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  clickChoice, clickWidget, exec, openPage, openPagesAt, roomyViewport, screenshot, siteAndBrowser, state, stepClock,
  stepClockUntil, waitForState, waitFrames, wheelUntilShown, widgetRect,
} from './support.mjs';

const site = siteAndBrowser();
// What the data view draws is what these tests count (itemsListed, the sparse-index note): at
// 1280x800 all four of an index's partition columns are in view; at 1024x640 the last one
// scrolls aside.
openPagesAt(roomyViewport);

const orders = {
  TableName: 'Orders',
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: [
    { AttributeName: 'customer', AttributeType: 'S' },
    { AttributeName: 'orderNo', AttributeType: 'N' },
    { AttributeName: 'status', AttributeType: 'S' },
    { AttributeName: 'placed', AttributeType: 'S' },
  ],
  KeySchema: [
    { AttributeName: 'customer', KeyType: 'HASH' },
    { AttributeName: 'orderNo', KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: [
    { IndexName: 'ByStatus', KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' } },
  ],
  LocalSecondaryIndexes: [
    {
      IndexName: 'ByPlaced',
      KeySchema: [{ AttributeName: 'customer', KeyType: 'HASH' }, { AttributeName: 'placed', KeyType: 'RANGE' }],
      Projection: { ProjectionType: 'ALL' },
    },
  ],
};

const order = (customer, orderNo, status, placed) => {
  const item = { customer: { S: customer }, orderNo: { N: String(orderNo) }, placed: { S: placed } };
  if (status) item.status = { S: status };
  return { TableName: 'Orders', Item: item };
};

describe('a GSI beside its table', () => {
  let page;
  let context;
  let errors;
  before(async () => {
    ({ page, context, errors } = await openPage(site.browser, site.server.url));
    assert.equal((await exec(page, 'CreateTable', orders)).status, 200);
    for (const [c, n, s, p] of [['ana', 1, 'OPEN', '2026-11-28'], ['ana', 2, 'SHIPPED', '2026-11-30'], ['bo', 1, 'OPEN', '2026-11-29'], ['cy', 1, null, '2026-12-01']])
      assert.equal((await exec(page, 'PutItem', order(c, n, s, p))).status, 200);
    await clickWidget(page, 'table:Orders');
    await waitForState(page, (s) => s.selectedTable === 'Orders');
  });
  after(() => context?.close());

  test('the index has its own partitions, leaves out items without its key, and lags behind a write', async () => {
    await clickChoice(page, 'data.view:ByStatus', 'data.view');
    // The writes above arrive two seconds after they were made, on the page's clock.
    await waitForState(page, (x) => x.dataIndex === 'ByStatus');
    let s = await stepClockUntil(page, (x) => x.indexPending === 0);
    assert.equal(s.partitionsShown, 4);  // its own, hashed on status
    assert.equal(s.itemsListed, 3);  // cy has no status: a sparse index
    assert.ok(await widgetRect(page, 'data.index_sparse'));

    assert.equal((await exec(page, 'PutItem', order('dee', 1, 'OPEN', '2026-12-01'))).status, 200);
    s = await waitForState(page, (x) => x.indexPending === 1);
    assert.equal(s.itemsListed, 3);  // not in the index yet
    await screenshot(page, 'indexes-gsi-lagging.png');
    // A query right now misses it; once it arrives, the query finds it.
    const query = {
      TableName: 'Orders', IndexName: 'ByStatus', KeyConditionExpression: '#s = :s',
      ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': { S: 'OPEN' } },
    };
    assert.equal((await exec(page, 'Query', query)).body.Count, 2);
    await stepClock(page, 2000);
    s = await waitForState(page, (x) => x.indexPending === 0 && x.itemsListed === 4);
    assert.equal((await exec(page, 'Query', query)).body.Count, 3);
    await screenshot(page, 'indexes-gsi-caught-up.png');

    await clickChoice(page, 'data.view:ByPlaced', 'data.view');
    s = await waitForState(page, (x) => x.dataIndex === 'ByPlaced');
    assert.equal(s.itemsListed, 5);  // an LSI is written with the table
    await clickChoice(page, 'data.view:table', 'data.view');
    s = await waitForState(page, (x) => x.dataIndex === '');
    assert.equal(s.itemsListed, 5);
    assert.deepEqual(errors, []);
  });

  test('a GSI added with UpdateTable is CREATING, backfills while the learner watches, then is ACTIVE', async () => {
    // 60 items backfill in three seconds of the page's clock (20 a second): a second's step
    // shows the entries part-way, whatever the machine's pace.
    for (let n = 1; n <= 55; ++n)
      assert.equal((await exec(page, 'PutItem', order(`eve-${n}`, n, 'OPEN', '2026-12-02'))).status, 200);
    const added = await exec(page, 'UpdateTable', {
      TableName: 'Orders',
      AttributeDefinitions: [{ AttributeName: 'placed', AttributeType: 'S' }],
      GlobalSecondaryIndexUpdates: [
        { Create: { IndexName: 'ByDay', KeySchema: [{ AttributeName: 'placed', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } } },
      ],
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.TableDescription.GlobalSecondaryIndexes.find((i) => i.IndexName === 'ByDay').IndexStatus, 'CREATING');
    await clickChoice(page, 'data.view:ByDay', 'data.view');
    await waitForState(page, (x) => x.dataIndex === 'ByDay');
    assert.ok(await widgetRect(page, 'data.index_lifecycle'));
    await screenshot(page, 'indexes-gsi-creating.png');
    const early = await exec(page, 'Scan', { TableName: 'Orders', IndexName: 'ByDay' });
    assert.equal(early.status, 400);
    assert.equal(early.body.message, 'Cannot read from backfilling global secondary index: ByDay');
    // Backfilling: the entries appear a few at a time.
    await stepClock(page, 1000);
    await waitForState(page, (x) => x.itemsListed > 0 && x.itemsListed < 60);
    await screenshot(page, 'indexes-gsi-backfilling.png');
    await stepClockUntil(page, (x) => x.itemsListed === 60);
    const done = await exec(page, 'DescribeTable', { TableName: 'Orders' });
    assert.equal(done.body.Table.TableStatus, 'ACTIVE');
    assert.equal((await exec(page, 'Scan', { TableName: 'Orders', IndexName: 'ByDay' })).body.Count, 60);
    assert.deepEqual(errors, []);
    assert.ok((await state(page)).frameCount > 0);
  });
});

describe('indexes from the UI', () => {
  let page;
  let context;
  let errors;
  before(async () => {
    ({ page, context, errors } = await openPage(site.browser, site.server.url));
  });
  after(() => context?.close());

  test('the designer declares a GSI; a write appears in it after the lag', async () => {
    await clickWidget(page, 'tables.new');
    await waitForState(page, (s) => s.designerPreview?.includes('"TableName": "Music"'));
    await clickWidget(page, 'designer.add_gsi');
    let s = await waitForState(page, (x) => x.designerPreview.includes('GlobalSecondaryIndexes'));
    assert.match(s.designerPreview, /"IndexName": "GSI1"/);
    // A multi-attribute partition key: a second HASH attribute after status.
    await clickWidget(page, 'designer.index0.add_partition_key');
    s = await waitForState(page, (x) => /"AttributeName": "attribute2", "KeyType": "HASH"/.test(x.designerPreview));
    await clickWidget(page, 'designer.add_lsi');
    s = await waitForState(page, (x) => x.designerPreview.includes('LocalSecondaryIndexes'));
    await screenshot(page, 'indexes-designer.png');
    assert.equal(s.designerError, null, s.designerError);
    await wheelUntilShown(page, 'designer.create');  // the window scrolls at 1024x640
    await clickWidget(page, 'designer.create');
    await waitForState(page, (x) => x.selectedTable === 'Music');
    const described = await exec(page, 'DescribeTable', { TableName: 'Music' });
    assert.deepEqual(described.body.Table.GlobalSecondaryIndexes.map((i) => i.IndexName), ['GSI1']);
    assert.deepEqual(described.body.Table.GlobalSecondaryIndexes[0].KeySchema,
      [{ AttributeName: 'status', KeyType: 'HASH' }, { AttributeName: 'attribute2', KeyType: 'HASH' }]);
    assert.deepEqual(described.body.Table.LocalSecondaryIndexes.map((i) => i.IndexName), ['LSI2']);

    const put = await exec(page, 'PutItem', {
      TableName: 'Music',
      Item: { artist: { S: 'Nina' }, songTitle: { S: 'Feeling Good' }, status: { S: 'LIVE' }, attribute2: { S: 'x' }, createdAt: { S: '1965' } },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    await clickChoice(page, 'data.view:GSI1', 'data.view');
    s = await waitForState(page, (x) => x.dataIndex === 'GSI1' && x.indexPending === 1);
    assert.equal(s.itemsListed, 0);
    s = await stepClockUntil(page, (x) => x.indexPending === 0 && x.itemsListed === 1);
    assert.deepEqual(errors, []);
  });

  test('"+ GSI" adds one with UpdateTable and the view follows its backfill; "Delete this GSI" removes it', async () => {
    await clickChoice(page, 'data.add_gsi', 'data.view');
    await waitFrames(page, 3);
    await screenshot(page, 'indexes-add-gsi.png');
    assert.ok(await widgetRect(page, 'add_gsi.name'));
    await clickWidget(page, 'add_gsi.create');
    await waitForState(page, (x) => x.dataIndex === 'ByStatus');
    const creating = await exec(page, 'DescribeTable', { TableName: 'Music' });
    assert.equal(creating.body.Table.TableStatus, 'UPDATING');
    await stepClockUntil(page, (x) => x.itemsListed === 1);
    let described;
    for (let i = 0; i < 50; i++) {
      described = await exec(page, 'DescribeTable', { TableName: 'Music' });
      if (described.body.Table.TableStatus === 'ACTIVE') break;
      await stepClock(page, 100);
    }
    assert.equal(described.body.Table.TableStatus, 'ACTIVE');
    await waitFrames(page, 2);
    await clickWidget(page, 'data.delete_gsi');
    await stepClockUntil(page, (x) => x.dataIndex === '');  // gone: the view goes back to the table
    const gone = await exec(page, 'DescribeTable', { TableName: 'Music' });
    assert.deepEqual(gone.body.Table.GlobalSecondaryIndexes.map((i) => i.IndexName), ['GSI1']);
    assert.deepEqual(errors, []);
  });
});
