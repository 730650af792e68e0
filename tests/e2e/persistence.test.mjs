// Clipboard and persistence: copy goes to the system clipboard; the sandbox and the settings
// survive a reload (localStorage); a corrupted store is reported with a visible message and
// reset, never a crash; "Forget saved state" forgets.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  clickWidget, exec, openPage, reload, screenshot, siteAndBrowser, state, waitForState, widgetRect,
} from './support.mjs';

const site = siteAndBrowser();

// Leaves the page (which saves what it has), writes `value` into its store from a page of the
// same site that is not the playground, and opens the playground again.
async function reopenWithStore(page, key, value) {
  await page.goto(site.server.url + 'fonts-LICENSE.txt');
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, value]);
  await page.goto(site.server.url);
  await page.evaluate(() => window.playground.ready);
  return waitForState(page, (s) => s.frameCount > 2);
}

describe('the saved sandbox', () => {
  let page;
  let context;
  let errors;
  before(async () => ({ page, context, errors } = await openPage(site.browser, site.server.url, {
    permissions: ['clipboard-read', 'clipboard-write'],
  })));
  after(() => context?.close());

  test('tables, items and the selected table survive a reload', async () => {
    await clickWidget(page, 'tables.create_sample');
    await waitForState(page, (s) => s.selectedTable === 'Books');
    await clickWidget(page, 'builder.run');
    await waitForState(page, (s) => s.itemsListed === 9);
    // Saved a second after the last change (or when the page is hidden, as a reload does).
    const s = await reload(page);
    assert.equal(s.tablesListed, 1);
    assert.equal(s.selectedTable, 'Books');
    assert.equal(s.itemsListed, 9);
    assert.equal(s.undoDepth, 0, 'a fresh visit has nothing to undo');
    assert.deepEqual(s.notices, []);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('ddb-playground.sandbox')));
    assert.equal(stored.format, 'dynamodb-keys-playground-snapshot');
    assert.equal(stored.tables[0].Items.length, 9);
  });

  test('Copy puts the response on the system clipboard', async () => {
    await clickWidget(page, 'builder.run');
    await waitForState(page, (s) => s.response?.operation === 'PutItem');
    await clickWidget(page, 'response.copy');
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    assert.deepEqual(copied.ConsumedCapacity, { CapacityUnits: 1, TableName: 'Books' });
  });

  test('a store that is not JSON is reported and reset', async () => {
    const s = await reopenWithStore(page, 'ddb-playground.sandbox', '{"format": "dynamodb-keys-playground-snapsh');
    assert.equal(s.tablesListed, 0, 'the page starts with an empty sandbox');
    assert.equal(s.notices.length, 1);
    assert.match(s.notices[0], /^The saved sandbox could not be loaded \(SerializationException: .+\), so it was reset to empty\.$/);
    assert.ok(await widgetRect(page, 'notice:0'));
    assert.equal(await page.evaluate(() => localStorage.getItem('ddb-playground.sandbox')), null, 'the bad store is gone');
    await screenshot(page, 'persistence-corrupted.png');
    // The page works on: a table made now is kept.
    await exec(page, 'CreateTable', {
      TableName: 'Kept', AttributeDefinitions: [{ AttributeName: 'k', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'k', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST',
    });
    const again = await reload(page);
    assert.equal(again.tablesListed, 1);
    assert.deepEqual(again.notices, []);
  });

  test("a store the engine refuses (an item without its key) is reported with the engine's message", async () => {
    const s = await reopenWithStore(page, 'ddb-playground.sandbox', JSON.stringify({
      format: 'dynamodb-keys-playground-snapshot', version: 1,
      tables: [{ TableName: 'Tab1', AttributeDefinitions: [{ AttributeName: 'k', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'k', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST', Items: [{ other: { S: 'x' } }] }],
    }));
    assert.equal(s.tablesListed, 0);
    assert.match(s.notices[0], /ValidationException: \/tables\/0\/Items\/0: One or more parameter values were invalid: Missing the key k in the item/);
  });

  test('Forget saved state clears the store', async () => {
    await exec(page, 'CreateTable', {
      TableName: 'Gone', AttributeDefinitions: [{ AttributeName: 'k', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'k', KeyType: 'HASH' }], BillingMode: 'PAY_PER_REQUEST',
    });
    await page.waitForFunction(() => (localStorage.getItem('ddb-playground.sandbox') || '').includes('"Gone"'));
    await clickWidget(page, 'menu.sandbox');
    await clickWidget(page, 'menu.forget');
    await new Promise((resolve) => setTimeout(resolve, 1500));  // past the second a save waits for
    assert.equal(await page.evaluate(() => localStorage.getItem('ddb-playground.sandbox')), null);
    assert.equal(await page.evaluate(() => localStorage.getItem('ddb-playground.ui')), null);
    // (The plain-text page used to write the stores has no favicon: its 404 is not the page's.)
    assert.deepEqual(errors.filter((e) => !/status of 404/.test(e)), []);
  });
});
