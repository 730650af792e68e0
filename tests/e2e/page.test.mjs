// The page in a real (headless) browser: it loads cleanly, its JavaScript hook speaks
// DynamoDB JSON, and its panels follow real mouse and keyboard input at device pixel ratios
// 1 and 2 and across a window resize. Screenshots go to artifacts/e2e/.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  clickWidget, exec, launchBrowser, openPage, pressKeys, screenshot, serveSite, state,
  waitForState, waitFrames, widgetRect,
} from './support.mjs';

const gamesTable = {
  TableName: 'Games',
  AttributeDefinitions: [
    { AttributeName: 'playerId', AttributeType: 'S' },
    { AttributeName: 'gameId', AttributeType: 'N' },
  ],
  KeySchema: [
    { AttributeName: 'playerId', KeyType: 'HASH' },
    { AttributeName: 'gameId', KeyType: 'RANGE' },
  ],
  BillingMode: 'PAY_PER_REQUEST',
};

const gameItems = [
  { playerId: { S: 'ada' }, gameId: { N: '1' }, score: { N: '420' } },
  { playerId: { S: 'ada' }, gameId: { N: '2' }, score: { N: '515' } },
  { playerId: { S: 'grace' }, gameId: { N: '1' }, score: { N: '388' } },
];

// Creates Games with three items through playground.exec, as a test or the console would.
async function createGames(page) {
  const created = await exec(page, 'CreateTable', gamesTable);
  assert.equal(created.status, 200, JSON.stringify(created.body));
  assert.equal(created.body.TableDescription.TableName, 'Games');
  for (const Item of gameItems) {
    const put = await exec(page, 'PutItem', { TableName: 'Games', Item });
    assert.equal(put.status, 200, JSON.stringify(put.body));
  }
}

// Selects a table with a real click on its entry in the Tables panel.
async function selectTable(page, name) {
  await waitForState(page, (s) => s.tablesListed > 0);
  await clickWidget(page, `table:${name}`);
  return waitForState(page, (s) => s.selectedTable === name);
}

let server;
let browser;
before(async () => {
  server = await serveSite();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

describe('the page at device pixel ratio 1', () => {
  let page;
  let context;
  let errors;
  before(async () => ({ page, context, errors } = await openPage(browser, server.url)));
  after(() => context?.close());

  test('loads without console errors and draws frames', async () => {
    const s = await waitForState(page, (st) => st.frameCount > 0);
    assert.ok(s.frameCount > 0);
    assert.equal(s.devicePixelRatio, 1);
    assert.equal(s.canvasWidth, 1280);
    assert.equal(s.canvasHeight, 800);
    assert.ok(await page.locator('#loading').isHidden(), 'the loading message is gone');
    assert.ok(await page.locator('#error').isHidden(), 'no error box');
    assert.deepEqual(errors, []);
  });

  test('exec creates a table and puts three items', async () => {
    await createGames(page);
    const got = await exec(page, 'GetItem', {
      TableName: 'Games', Key: { playerId: { S: 'ada' }, gameId: { N: '2' } },
    });
    assert.equal(got.status, 200);
    assert.deepEqual(got.body.Item.score, { N: '515' });
  });

  test('exec of a malformed body answers SerializationException', async () => {
    const reply = await page.evaluate(() => {
      const body = window.playground.exec('PutItem', '{"TableName": "Games", "Item": ');
      return { status: window.playground.lastStatus(), body: JSON.parse(body) };
    });
    assert.equal(reply.status, 400);
    assert.match(reply.body.__type, /#SerializationException$/);
    // DynamoDB spells it "Message" for serialization errors, "message" for the rest.
    assert.equal(typeof (reply.body.Message ?? reply.body.message), 'string');
  });

  test('a click on the table shows its partitions and items', async () => {
    const s = await selectTable(page, 'Games');
    assert.equal(s.itemsListed, 3);
    assert.ok(s.partitionsShown >= 1);
    assert.ok(await widgetRect(page, 'partition:0'), 'partition columns are drawn');
    await screenshot(page, 'page.png');
  });

  test('the sample table button writes through requests and selects Books', async () => {
    await clickWidget(page, 'tables.create_sample');
    const s = await waitForState(page, (st) => st.selectedTable === 'Books');
    assert.ok(s.itemsListed >= 3);
    assert.equal(s.lastError, null);
  });

  test('Run puts the example item; a malformed item shows SerializationException in red', async () => {
    const before = await state(page);
    await clickWidget(page, 'item_form.run');
    await waitForState(page, (s) => s.itemsListed === before.itemsListed + 1);

    await clickWidget(page, 'item_form.body');
    await pressKeys(page, 'Control+A', '{', 'Control+Enter');
    const s = await waitForState(page, (st) => st.lastError !== null);
    assert.equal(s.lastError.type, 'SerializationException');
    assert.ok(await widgetRect(page, 'item_form.error'), 'the error line is drawn');
    await screenshot(page, 'page-error.png');
  });

  test('follows a window resize', async () => {
    await page.setViewportSize({ width: 900, height: 600 });
    const s = await waitForState(page, (st) => st.canvasWidth === 900 && st.canvasHeight === 600);
    assert.equal(s.selectedTable, 'Books');
    const run = await widgetRect(page, 'item_form.run');
    assert.ok(run && run.x + run.w <= 900 && run.y + run.h <= 600, `Run stays on screen: ${JSON.stringify(run)}`);
    await screenshot(page, 'page-resized.png');
    assert.deepEqual(errors, []);
  });
});

describe('the page at device pixel ratio 2', () => {
  let page;
  let context;
  let errors;
  before(async () => ({ page, context, errors } = await openPage(browser, server.url, { deviceScaleFactor: 2 })));
  after(() => context?.close());

  test('draws at twice the CSS size and still takes clicks in CSS pixels', async () => {
    const first = await waitForState(page, (st) => st.frameCount > 0);
    assert.equal(first.devicePixelRatio, 2);
    assert.equal(first.canvasWidth, 2560);
    assert.equal(first.canvasHeight, 1600);
    await createGames(page);
    const s = await selectTable(page, 'Games');
    assert.equal(s.itemsListed, 3);
    const rect = await widgetRect(page, 'table:Games');
    assert.ok(rect.x + rect.w <= 1280 && rect.y + rect.h <= 800, 'rectangles are in CSS pixels');
    await screenshot(page, 'page-dpr2.png');
    assert.deepEqual(errors, []);
  });
});
