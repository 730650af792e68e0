// The page in a real (headless) browser: it loads cleanly, its JavaScript hook speaks
// DynamoDB JSON, and its panels follow real mouse and keyboard input at device pixel ratios
// 1 and 2 and across a window resize. Screenshots go to artifacts/e2e/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  clickWidget, exec, openPage, openPagesAt, pressKeys, roomyViewport, screenshot, serveSite, siteAndBrowser,
  siteDir, state, waitForState, widgetRect,
} from './support.mjs';

// The page's canvas and the item form, as the roomier page shows them.
openPagesAt(roomyViewport);

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

const site = siteAndBrowser();

describe('the page at device pixel ratio 1', () => {
  let page;
  let context;
  let errors;
  before(async () => ({ page, context, errors } = await openPage(site.browser, site.server.url)));
  after(() => context?.close());

  test('loads without console errors and draws frames', async () => {
    const s = await waitForState(page, (st) => st.frameCount > 0);
    assert.ok(s.frameCount > 0);
    assert.equal(s.devicePixelRatio, 1);
    assert.equal(s.canvasWidth, 1280);
    assert.equal(s.canvasHeight, 800);
    assert.ok(await page.locator('#loading').isHidden(), 'the loading message is gone');
    // index.html hides the canvas until the first drawn frame shows it (js_show_canvas).
    assert.equal(await page.locator('#canvas').evaluate((c) => getComputedStyle(c).visibility), 'visible');
    assert.ok(await page.locator('#error').isHidden(), 'no error box');
    assert.deepEqual(errors, []);
  });

  test('the module and the fonts are asked for with the page (preloaded), and each is fetched once', async () => {
    // index.html preloads them: their downloads begin with the page's, not once page.js and
    // playground.js have run. A preload the page's own fetch does not match (another mode or
    // credentials) would be fetched twice.
    const fetches = await page.evaluate(() => performance.getEntriesByType('resource')
      .map((e) => ({ file: new URL(e.name).pathname.split('/').slice(-2).join('/'), initiator: e.initiatorType })));
    for (const file of ['/playground.wasm.gz', '/playground.js', 'fonts/ui.ttf', 'fonts/mono.ttf']) {
      const seen = fetches.filter((f) => f.file.endsWith(file));
      assert.deepEqual(seen.map((f) => f.initiator), ['link'], `${file}: ${JSON.stringify(fetches)}`);
    }
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
    // As DynamoDB answers a body it cannot read: the exception's name alone.
    assert.deepEqual(reply.body, { __type: 'com.amazon.coral.service#SerializationException' });
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

  test('switching the operation swaps the untouched example for a Key', async () => {
    await clickWidget(page, 'item_form.operation');
    await clickWidget(page, 'item_form.operation:GetItem');
    const s = await waitForState(page, (st) => st.operation === 'GetItem');
    const key = JSON.parse(s.editorText);
    assert.deepEqual(Object.keys(key).sort(), ['authorId', 'bookId']);
    await clickWidget(page, 'item_form.run');
    const answered = await waitForState(page, (st) => st.frameCount > s.frameCount + 2);
    assert.equal(answered.lastError, null);
    await clickWidget(page, 'item_form.operation');
    await clickWidget(page, 'item_form.operation:PutItem');
    await waitForState(page, (st) => st.operation === 'PutItem' && 'title' in JSON.parse(st.editorText));
  });

  test('Run puts the example item; Ctrl+Enter on a malformed item shows SerializationException', async () => {
    const before = await state(page);
    await clickWidget(page, 'item_form.run');
    await waitForState(page, (s) => s.itemsListed === before.itemsListed + 1);

    await clickWidget(page, 'item_form.body');
    await pressKeys(page, 'Control+A', '{', 'Control+Enter');
    const s = await waitForState(page, (st) => st.lastError !== null);
    assert.equal(s.lastError.type, 'SerializationException');
    assert.equal(s.editorText, '{', 'Ctrl+Enter runs without adding a newline');
    assert.ok(s.editorActive, 'the editor keeps the keyboard after Ctrl+Enter');
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
  before(async () => ({ page, context, errors } = await openPage(site.browser, site.server.url, { deviceScaleFactor: 2 })));
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

describe('the page with clipboard access', () => {
  let page;
  let context;
  let errors;
  before(async () => ({ page, context, errors } = await openPage(site.browser, site.server.url, {
    permissions: ['clipboard-read', 'clipboard-write'],
  })));
  after(() => context?.close());

  test('Ctrl+V pastes an item from the system clipboard into the editor', async () => {
    await createGames(page);
    await selectTable(page, 'Games');
    const item = '{"playerId": {"S": "linus"}, "gameId": {"N": "7"}, "score": {"N": "1"}}';
    await page.evaluate((text) => navigator.clipboard.writeText(text), item);
    await clickWidget(page, 'item_form.body');
    await pressKeys(page, 'Control+A', 'Control+V');
    await waitForState(page, (s) => s.editorText === item);
    await pressKeys(page, 'Control+Enter');
    const s = await waitForState(page, (st) => st.itemsListed === 4);
    assert.equal(s.lastError, null);
    assert.deepEqual(errors, []);
  });

  test('exec takes requests far larger than the 5 MB stack', async () => {
    // A 6 MB attribute: the engine must answer (item too large), not the page crash.
    const big = await page.evaluate(() => {
      const Item = { playerId: { S: 'big' }, gameId: { N: '1' }, blob: { S: 'x'.repeat(6 * 1024 * 1024) } };
      const body = JSON.parse(window.playground.exec('PutItem', { TableName: 'Games', Item }));
      return { status: window.playground.lastStatus(), type: body.__type };
    });
    assert.equal(big.status, 400);
    assert.match(big.type, /#ValidationException$/);
    assert.equal((await state(page)).itemsListed, 4);
  });
});

describe('the page without its module', () => {
  test('shows the error box and rejects playground.ready', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-site-'));
    for (const f of ['index.html', 'page.js']) fs.copyFileSync(path.join(siteDir, f), path.join(dir, f));
    const broken = await serveSite(dir, { requireBuild: false });
    const { page, context } = await openPage(site.browser, broken.url, { waitReady: false });
    try {
      const outcome = await page.evaluate(() => window.playground.ready.then(() => 'ready', (e) => e.message));
      assert.match(outcome, /Could not load playground\.js/);
      assert.ok(await page.locator('#error').isVisible());
      assert.ok(await page.locator('#loading').isHidden());
    } finally {
      await context.close();
      await broken.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
